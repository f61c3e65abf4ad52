"""Writing canonical Foundry JSONL and CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from datasetkit.convert.entry import convert
from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.formats import WriteOptions
from tests.conftest import CORPUS


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Durability is the io module's to test; here it only slows the many small writes."""
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


FOUNDRY = CORPUS / "foundry"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.corpus
def test_canonical_bytes_and_normalized_messages(tmp_path: Path) -> None:
    src = FOUNDRY / "azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl"
    out = tmp_path / "out.jsonl"
    convert([str(src)], str(out))
    data = out.read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf") and b"\r" not in data and data.endswith(b"\n")
    assert data.count(b"\n") == 3
    row = _rows(out)[1]
    assert row["messages"][1]["content"][0]["arguments"] == {"location": "Paris"}
    assert row["messages"][2]["content"] == [
        {"type": "tool_result", "tool_result": '{"temperature": 18, "condition": "sunny"}'}
    ]
    assert "°" in data.decode("utf-8")  # UTF-8, not \u escapes


@pytest.mark.corpus
def test_nested_tool_calls_flattened_and_tools_kept(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    convert([str(FOUNDRY / "azure-sdk-for-python__sample_synthetic_conversations.jsonl")], str(out))
    row = _rows(out)[0]
    assert row["messages"][3]["content"][0]["name"] == "get_orders"
    assert "tool_call" not in row["messages"][3]["content"][0]
    assert row["tools"][0]["name"]  # the thread dump's key is kept


def test_openai_nested_tool_definitions_are_flattened(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    nested = {
        "type": "function",
        "function": {"name": "f", "description": "d", "parameters": {"type": "object"}},
    }
    src.write_text(json.dumps({"query": "q", "response": "r", "tool_definitions": [nested]}) + "\n")
    out = tmp_path / "out.jsonl"
    convert([str(src)], str(out))
    assert _rows(out)[0]["tool_definitions"] == [
        {"type": "function", "name": "f", "description": "d", "parameters": {"type": "object"}}
    ]


def test_styles(tmp_path: Path) -> None:
    ds = Dataset(
        cases=[
            Case(turns=[Turn(prompt="hi", expected_response="hello")]),
            Case(
                kind="conversation",
                turns=[Turn(prompt="a", response="b"), Turn(prompt="c", expected_response="d")],
            ),
        ]
    )
    auto = tmp_path / "auto.jsonl"
    write_dataset(ds, auto)
    rows = _rows(auto)
    assert rows[0] == {"query": "hi", "ground_truth": "hello"}
    assert [m["role"] for m in rows[1]["messages"]] == ["user", "assistant", "user", "assistant"]
    assert rows[1]["ground_truth"] == "d"
    msgs = tmp_path / "messages.jsonl"
    write_dataset(ds, msgs, options=WriteOptions(extra={"jsonl_style": "messages"}))
    assert "messages" in _rows(msgs)[0]
    qr = tmp_path / "qr.jsonl"
    write_dataset(ds, qr, options=WriteOptions(extra={"jsonl_style": "query-response"}))
    second = _rows(qr)[1]
    assert [m["role"] for m in second["query"]] == ["user", "assistant", "user"]
    assert second["response"][0]["content"][0]["text"] == "d"
    with pytest.raises(DatasetkitError, match="jsonl-style"):
        write_dataset(
            ds, tmp_path / "x.jsonl", options=WriteOptions(extra={"jsonl_style": "tables"})
        )


def test_bom_is_refused_for_jsonl_and_written_for_csv(tmp_path: Path) -> None:
    ds = Dataset(cases=[Case(turns=[Turn(prompt="q", response="r")])])
    with pytest.raises(DatasetkitError, match="byte order mark"):
        write_dataset(ds, tmp_path / "x.jsonl", options=WriteOptions(extra={"bom": True}))
    out = tmp_path / "x.csv"
    write_dataset(ds, out, to="foundry-csv", options=WriteOptions(extra={"bom": True}))
    assert out.read_bytes() == b"\xef\xbb\xbfquery,response\nq,r\n"


@pytest.mark.corpus
def test_csv_is_string_columns_and_refuses_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    result = convert([str(FOUNDRY / "contoso-chat__data.jsonl")], str(out), target="foundry-csv")
    assert result.paths == [out]
    header = next(csv.reader(io.StringIO(out.read_text())))
    # The prompt is named as the built-in evaluators map it; a list column is JSON text.
    assert header == ["query", "customerId", "chat_history", "intent"]
    (lost,) = result.loss
    assert lost.code == "foundry-csv.loss.column.chat_history" and lost.data["count"] == 12
    conv = convert(
        [str(FOUNDRY / "azure-ai-docs__conversations.jsonl")],
        str(tmp_path / "c.csv"),
        target="foundry-csv",
    )
    assert conv.paths == []  # every case is a multi-turn conversation: nothing fits a row
    assert any(
        f.code == "foundry-csv.loss.conversation" and f.data["count"] == 3 for f in conv.loss
    )


@pytest.mark.corpus
def test_csv_quoting_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "q.csv"
    convert(
        [str(FOUNDRY / "azure-sdk-for-python__test_csv_quotes.csv")], str(out), target="foundry-csv"
    )
    assert out.read_text() == 'response,ground_truth\ntest,test\nquoted,quoted\nstart,"""end"\n'


def test_m365_fields_ride_in_the_datasetkit_column(tmp_path: Path) -> None:
    case = Case(
        kind="conversation",
        name="Thread",
        tags=["hr"],
        extensions={"com.contoso.owner": "me"},
        turns=[
            Turn(prompt="p1", expected_response="e1", evaluators={"Relevance": {"threshold": 4}}),
            Turn(prompt="p2", expected_response="e2"),
        ],
    )
    ds = Dataset(schema_version="1.11.0", default_evaluators={"Coherence": {}}, cases=[case])
    out = tmp_path / "t.jsonl"
    write_dataset(ds, out)
    row = _rows(out)[0]
    box = row["datasetkit"]
    assert box["case"]["name"] == "Thread" and box["dataset"]["schema_version"] == "1.11.0"
    assert box["turns"][0]["evaluators"] == {"Relevance": {"threshold": 4}}
    assert box["foundry"] == {"assistant_expected": [0, 1]}
    back = read_dataset(str(out)).dataset
    assert back.schema_version == "1.11.0" and back.default_evaluators == {"Coherence": {}}
    got = back.cases[0]
    assert got.name == "Thread" and got.tags == ["hr"]
    # The row's own layout facts stay beside the native extensions until the next write.
    assert got.extensions["com.contoso.owner"] == "me"
    assert got.extensions["datasetkit"]["foundry"]["assistant_expected"] == [0, 1]
    assert [(t.prompt, t.expected_response, t.response) for t in got.turns] == [
        ("p1", "e1", None),
        ("p2", "e2", None),
    ]
    assert got.turns[0].evaluators == {"Relevance": {"threshold": 4}}


def test_nothing_written_when_output_fails_validation(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("keep me\n")
    bad = Dataset(cases=[Case(turns=[Turn(prompt="q")], tool_definitions=[{"name": "f"}])])
    result = write_dataset(bad, out)
    assert result.paths == [] and any(
        f.code == "foundry.tool-definitions.parameters" for f in result.findings
    )
    assert out.read_text() == "keep me\n"


def test_long_seed_descriptions_need_truncate(tmp_path: Path) -> None:
    from datasetkit.core.model import Seed

    ds = Dataset(cases=[Case(kind="seed", id="s1", seed=Seed(description="x" * 3000))])
    refused = write_dataset(ds, tmp_path / "a.jsonl")
    assert refused.paths == [] and any(
        f.code == "foundry.seed.description-length" for f in refused.findings
    )
    cut = write_dataset(ds, tmp_path / "b.jsonl", options=WriteOptions(extra={"truncate": True}))
    assert cut.paths and [f.code for f in cut.findings] == ["foundry.loss.description-truncated"]
    assert len(_rows(tmp_path / "b.jsonl")[0]["test_case_description"]) == 2500


@pytest.mark.parametrize(
    ("row", "canonical"),
    [
        ({"input": "Hi?", "ideal": "Hello."}, {"query": "Hi?", "ground_truth": "Hello."}),
        (
            {"question": "Hi?", "answer": "Hey.", "truth": "Hello."},
            {"query": "Hi?", "response": "Hey.", "ground_truth": "Hello."},
        ),
    ],
)
def test_rows_get_the_names_the_built_in_evaluators_map(
    tmp_path: Path, row: dict, canonical: dict
) -> None:
    import datasetkit

    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(row) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    convert([str(src)], str(out), target="foundry")
    (written,) = _rows(out)
    assert {k: v for k, v in written.items() if k != "datasetkit"} == canonical
    report = datasetkit.validate(str(out))
    assert not report.files[0].findings, [f.message for f in report.files[0].findings]
    # --keep-names writes the input's own names back.
    kept = tmp_path / "kept.jsonl"
    keep = WriteOptions(extra={"keep_names": True})
    convert([str(src)], str(kept), target="foundry", write_options=keep)
    (again,) = _rows(kept)
    # Names the Foundry reader reads for a role come back (Evals' input and ideal are
    # another format's keys: the Foundry writer has none of its own for them).
    if "question" in row:
        assert again == row
