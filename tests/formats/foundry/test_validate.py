"""Per-line checks with line numbers: the quirks the SDK fails on without saying where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.convert.readwrite import read_dataset
from datasetkit.core.findings import Severity
from datasetkit.formats import InputFile
from datasetkit.formats.foundry import FoundryCSV, FoundryJSONL
from tests.conftest import CORPUS


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Durability is the io module's to test; here it only slows the many small writes."""
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


def _check(tmp_path: Path, data: bytes | str, name: str = "d.jsonl"):
    p = tmp_path / name
    p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return read_dataset(str(p))


def _by_code(result, code: str):
    return [f for f in result.findings if f.code == code]


OK = json.dumps({"query": "q", "response": "r"})


def test_invalid_json_line_is_located_and_other_rows_survive(tmp_path: Path) -> None:
    r = _check(tmp_path, f'{OK}\n{{"query": "q", "response": "r",}}\n{OK}\n')
    (f,) = _by_code(r, "foundry.jsonl.syntax")
    assert f.severity == Severity.ERROR and f.location.line == 2 and f.location.column
    assert len(r.dataset.cases) == 2
    assert r.dataset.cases[1].source.line == 3


def test_non_object_line(tmp_path: Path) -> None:
    r = _check(tmp_path, f"{OK}\n[1, 2]\n")
    (f,) = _by_code(r, "foundry.jsonl.not-object")
    assert f.location.line == 2 and "array" in f.message


def test_bom_is_an_error_but_the_rows_are_read(tmp_path: Path) -> None:
    r = _check(tmp_path, b"\xef\xbb\xbf" + OK.encode() + b"\n")
    (f,) = _by_code(r, "foundry.bom")
    assert f.location.line == 1 and "Expected object or value" in f.message
    assert r.dataset.cases[0].turns[0].prompt == "q"


def test_non_utf8_line_is_located(tmp_path: Path) -> None:
    r = _check(tmp_path, OK.encode() + b'\n{"query": "caf\xe9", "response": "r"}\n')
    (f,) = _by_code(r, "foundry.encoding")
    assert (f.location.line, f.location.column) == (2, 15)
    assert r.dataset.cases[1].turns[0].prompt == "café"  # read as Windows-1252


@pytest.mark.corpus
def test_raw_newlines_inside_a_string(tmp_path: Path) -> None:
    r = read_dataset(str(CORPUS / "foundry" / "azureai-samples__ungrounded_attr_data.jsonl"))
    (f,) = _by_code(r, "foundry.jsonl.multiline-record")
    assert f.location.line == 2 and "lines 2-320" in f.message
    assert r.dataset.cases[1].turns[0].context.startswith("WEBVTT\n\n00:00:00.003")
    assert not _by_code(r, "foundry.jsonl.syntax")


def test_raw_tab_inside_a_string(tmp_path: Path) -> None:
    r = _check(tmp_path, '{"query": "a\tb", "response": "r"}\n')
    (f,) = _by_code(r, "foundry.jsonl.control-character")
    assert f.location.line == 1
    assert r.dataset.cases[0].turns[0].prompt == "a\tb"


@pytest.mark.corpus
def test_json_array_saved_as_jsonl() -> None:
    r = read_dataset(str(CORPUS / "foundry" / "azureai-samples__Azure_OpenAI_Graders-data.jsonl"))
    (f,) = _by_code(r, "foundry.jsonl.json-array")
    assert f.location.line == 1 and "datasetkit convert" in f.hint
    assert len(r.dataset.cases) == 5
    # Records of an array are located to their own lines.
    assert [c.source.line for c in r.dataset.cases][:2] == [2, 7]
    assert r.locate("/1/response").line == 10


def test_blank_lines_warn(tmp_path: Path) -> None:
    r = _check(tmp_path, f"\n{OK}\n\n{OK}\n\n")
    assert [f.location.line for f in _by_code(r, "foundry.jsonl.blank-line")] == [1, 3, 5]
    assert all(f.severity == Severity.WARNING for f in _by_code(r, "foundry.jsonl.blank-line"))


def test_empty_file(tmp_path: Path) -> None:
    assert _by_code(_check(tmp_path, ""), "foundry.empty")


def test_ragged_and_short_csv_rows(tmp_path: Path) -> None:
    text = 'query,response\nq1,r1\nq2,r2,oops\n"q3\nwith newline",r3\nq4\n'
    r = _check(tmp_path, text, "d.csv")
    (ragged,) = _by_code(r, "foundry.csv.ragged")
    assert (ragged.location.line, ragged.location.row) == (3, 3)
    (short,) = _by_code(r, "foundry.csv.short-row")
    # The quoted newline makes row 4 two lines long; row 5 starts on line 6.
    assert (short.location.line, short.location.row) == (6, 5)
    assert r.dataset.cases[2].turns[0].prompt == "q3\nwith newline"


def test_semicolon_csv(tmp_path: Path) -> None:
    r = _check(tmp_path, "query;response\na;b\n", "d.csv")
    assert _by_code(r, "foundry.csv.delimiter")


def test_row_over_2_mb(tmp_path: Path) -> None:
    big = json.dumps({"query": "q", "response": "r", "context": "x" * (2 * 1024 * 1024)})
    r = _check(tmp_path, f"{OK}\n{big}\n")
    (f,) = _by_code(r, "foundry.row.too-large")
    assert f.location.line == 2


def test_more_than_100000_rows(tmp_path: Path) -> None:
    p = tmp_path / "many.jsonl"
    p.write_text((OK + "\n") * 100_001)
    findings = FoundryJSONL().check(InputFile(str(p)))
    (f,) = [f for f in findings if f.code == "foundry.rows.too-many"]
    assert f.location.line == 100_001


def _row_codes(tmp_path: Path, row: dict) -> dict[str, str]:
    r = _check(tmp_path, json.dumps(row) + "\n")
    return {f.code: f.location.pointer for f in r.findings}


def test_message_rules_of_the_sdk_validator(tmp_path: Path) -> None:
    call = {"type": "tool_call", "tool_call_id": "c1", "name": "f", "arguments": {}}
    cases = [
        (
            {
                "messages": [
                    {"role": "user", "content": "hi"},
                    {"role": "assistant", "content": [{"type": "input_text", "text": "x"}]},
                ]
            },
            "foundry.message.item-type",
            "/0/messages/1/content/0/type",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": [{"type": "output_text", "text": "x"}]},
                    {"role": "assistant", "content": "a"},
                ]
            },
            "foundry.message.item-type",
            "/0/messages/0/content/0/type",
        ),
        (
            {"messages": [{"role": "user", "content": ""}, {"role": "assistant", "content": "a"}]},
            "foundry.message.content-empty",
            "/0/messages/0/content",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": "q"},
                    {"role": "assistant", "content": [{**call, "arguments": "{}"}]},
                    {
                        "role": "tool",
                        "tool_call_id": "c1",
                        "content": [{"type": "tool_result", "tool_result": 1}],
                    },
                    {"role": "assistant", "content": "a"},
                ]
            },
            "foundry.message.arguments-not-object",
            "/0/messages/1/content/0/arguments",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": "q"},
                    {"role": "assistant", "content": [call]},
                    {
                        "role": "tool",
                        "tool_call_id": "c9",
                        "content": [{"type": "tool_result", "tool_result": 1}],
                    },
                    {"role": "assistant", "content": "a"},
                ]
            },
            "foundry.message.unmatched-tool-call-id",
            "/0/messages/2/tool_call_id",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": "q"},
                    {"role": "assistant", "content": [call]},
                    {"role": "tool", "tool_call_id": "c1", "content": [{"type": "tool_result"}]},
                    {"role": "assistant", "content": "a"},
                ]
            },
            "foundry.message.tool-result-missing",
            "/0/messages/2/content/0",
        ),
        (
            {"messages": [{"role": "user", "content": "q"}, {"role": "system", "content": "s"}]},
            "foundry.messages.no-assistant",
            "/0/messages",
        ),
        (
            {"messages": [{"role": "assistant", "content": "a"}]},
            "foundry.messages.no-user",
            "/0/messages",
        ),
        (
            {"messages": [{"role": "robot", "content": "a"}]},
            "foundry.message.role-unknown",
            "/0/messages/0/role",
        ),
        ({"messages": [{"role": "user"}]}, "foundry.message.content-missing", "/0/messages/0"),
        (
            {"messages": [{"role": "user", "content": "q"}], "query": "q"},
            "foundry.row.mixed",
            "/0/messages",
        ),
        ({"query": "", "response": "r"}, "foundry.query.empty", "/0/query"),
        (
            {
                "query": "q",
                "tool_definitions": [
                    {"type": "function", "function": {"name": "f", "parameters": {}}}
                ],
            },
            "foundry.tool-definitions.nested",
            "/0/tool_definitions/0",
        ),
        (
            {"query": "q", "tool_definitions": [{"name": "f"}]},
            "foundry.tool-definitions.parameters",
            "/0/tool_definitions/0",
        ),
        (
            {
                "messages": [
                    {"role": "user", "content": "q"},
                    {"role": "assistant", "content": [{**call, "name": "g"}]},
                ],
                "tool_definitions": [{"name": "f", "parameters": {}}],
            },
            "foundry.tool.undefined",
            "/0/messages/1/content/0",
        ),
        (
            {"test_case_description": "x" * 2501},
            "foundry.seed.description-length",
            "/0/test_case_description",
        ),
        (
            {"test_case_description": "d", "desired_num_turns": "three"},
            "foundry.seed.turns",
            "/0/desired_num_turns",
        ),
    ]
    for row, code, pointer in cases:
        found = _row_codes(tmp_path, row)
        assert found.get(code) == pointer, (code, found)


def test_target_input_without_assistant_is_only_a_warning(tmp_path: Path) -> None:
    r = _check(tmp_path, json.dumps({"messages": [{"role": "user", "content": "q"}]}) + "\n")
    (f,) = _by_code(r, "foundry.messages.no-assistant")
    assert f.severity == Severity.WARNING


def test_builtin_tools_need_no_definition(tmp_path: Path) -> None:
    call = {"type": "tool_call", "tool_call_id": "c1", "name": "file_search", "arguments": {}}
    row = {
        "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": [call]}],
        "tool_definitions": [],
    }
    assert "foundry.tool.undefined" not in _row_codes(tmp_path, row)


def test_findings_of_one_code_are_capped(tmp_path: Path) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text("nope\n" * 500)
    findings = FoundryJSONL().check(InputFile(str(p)))
    syntax = [f for f in findings if f.code == "foundry.jsonl.syntax"]
    assert len([f for f in syntax if f.severity == Severity.ERROR]) == 100
    assert any(f.severity == Severity.INFO and "400 more" in f.message for f in syntax)


@pytest.mark.corpus
def test_clean_corpus_files_have_no_errors() -> None:
    for name in (
        "azure-ai-docs__conversations.jsonl",
        "azure-sdk-for-python__sample_data_multiturn_conversations.jsonl",
        "azureai-samples__evaluation_data.jsonl",
    ):
        findings = FoundryJSONL().check(InputFile(str(CORPUS / "foundry" / name)))
        assert [f for f in findings if f.severity == Severity.ERROR] == [], name
    assert (
        FoundryCSV().check(
            InputFile(str(CORPUS / "foundry" / "azure-sdk-for-python__sample_data_evaluation.csv"))
        )
        == []
    )
