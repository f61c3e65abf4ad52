"""``datasetkit convert`` and ``datasetkit formats`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CORPUS, FIXTURES

FOUNDRY = CORPUS / "foundry"
# The project's own Foundry CSV (query, response; three rows).
QR_CSV = FIXTURES / "cli" / "qr.csv"
M365 = CORPUS / "m365"


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


def test_formats_lists_every_name(cli) -> None:
    result = cli("formats")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()[1:]]
    for name in (
        "m365",
        "foundry",
        "foundry-csv",
        "copilot-studio",
        "copilot-studio-conversation",
        "sheet",
    ):
        assert name in names
    rows = {r["name"]: r for r in json.loads(cli("formats", "--json").stdout)}
    assert rows["sheet"]["write"] is False and rows["foundry"]["streamed"] is True


def test_m365_to_foundry_and_back(cli, tmp_path: Path) -> None:
    src = FIXTURES / "cli" / "threads.json"  # a single-turn item and a thread
    out = tmp_path / "out.jsonl"
    result = cli("convert", str(src), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert "wrote" in result.stderr and "(foundry)" in result.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all("messages" in r or "query" in r for r in rows)
    back = tmp_path / "back.json"
    assert cli("convert", str(out), "-o", str(back)).exit_code == 0
    assert json.loads(back.read_text()) == json.loads(src.read_text())


def test_refuses_to_overwrite_without_force(cli, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("mine\n")
    result = cli("convert", str(QR_CSV), "-o", str(out))
    assert (
        result.exit_code == 2 and "already exists" in result.stderr and "--force" in result.stderr
    )
    assert out.read_text() == "mine\n"
    assert cli("convert", str(QR_CSV), "-o", str(out), "--force").exit_code == 0
    assert json.loads(out.read_text().splitlines()[0]) == {
        "query": "How many vacation days do new staff get?",
        "response": "25 days a year.",
    }


@pytest.mark.corpus
def test_loss_report_and_strict(cli, tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    src = str(FOUNDRY / "contoso-chat__data.jsonl")
    result = cli("convert", src, "-o", str(out), "--to", "foundry-csv")
    assert result.exit_code == 0
    lost = [line for line in result.stderr.splitlines() if line.startswith("datasetkit: lost:")]
    assert lost == [
        "datasetkit: lost: the type of column 'chat_history' (a list or object) not written for "
        "12 cases: its content was written as JSON text, since CSV cells hold strings (fix: "
        "write JSONL instead (--to foundry), which holds every field)"
    ]
    strict = tmp_path / "strict.csv"
    result = cli("convert", src, "-o", str(strict), "--to", "foundry-csv", "--strict")
    assert result.exit_code == 1 and not strict.exists()
    assert "nothing written" in result.stderr


@pytest.mark.corpus
def test_input_errors_are_reported_and_the_fixed_file_is_written(cli, tmp_path: Path) -> None:
    out = tmp_path / "fixed.jsonl"
    src = FOUNDRY / "azureai-samples__Azure_OpenAI_Graders-data.jsonl"
    result = cli("convert", str(src), "-o", str(out))
    # Something was written, so the conversion succeeded (the one policy).
    assert result.exit_code == 0
    assert "foundry.jsonl.json-array" in result.stderr
    assert len(out.read_text().splitlines()) == 5
    assert cli("validate", str(out)).exit_code == 0


@pytest.mark.corpus
def test_map_and_several_inputs(cli, tmp_path: Path) -> None:
    out = tmp_path / "all.json"
    result = cli(
        "convert",
        str(FOUNDRY / "contoso-chat__data.jsonl"),
        str(FOUNDRY / "azureai-samples__qr_data.csv"),
        "-o",
        str(out),
        "--map",
        "prompt=question",
        "--quiet",
    )
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    doc = json.loads(out.read_text())
    prompts = [i["prompt"] for i in doc["items"]]
    # Inputs are read in sorted order, as every command lists them.
    assert (
        prompts[0] == "What is the meaning of life?"
        and prompts[3] == "tell me about your hiking jackets"
    )
    assert len(prompts) == 12 + 3


@pytest.mark.corpus
def test_jsonl_style_option(cli, tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    src = str(FOUNDRY / "azure-sdk-for-python__sample_data_evaluation.csv")
    assert cli("convert", src, "-o", str(out), "--jsonl-style", "messages").exit_code == 0
    assert all("messages" in json.loads(line) for line in out.read_text().splitlines())
    bad = cli("convert", src, "-o", str(tmp_path / "x.jsonl"), "--jsonl-style", "rows")
    assert bad.exit_code == 2 and "jsonl-style" in bad.stderr


def test_bad_usage_is_exit_2(cli, tmp_path: Path) -> None:
    qr = tmp_path / "qr.csv"  # a copy: the same-file check must not touch the fixture
    qr.write_bytes(QR_CSV.read_bytes())
    missing = cli("convert", str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "o.jsonl"))
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    ext = cli("convert", str(qr), "-o", str(tmp_path / "o.txt"))
    assert ext.exit_code == 2 and "--to" in ext.stderr
    ro = cli(
        "convert",
        str(qr),
        "-o",
        str(tmp_path / "o.xlsx"),
        "--to",
        "sheet",
    )
    assert ro.exit_code == 2 and "read-only" in ro.stderr
    same = cli(
        "convert",
        str(qr),
        "-o",
        str(qr),
        "--force",
    )
    assert same.exit_code == 2


def test_standard_input(cli, tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    data = QR_CSV.read_bytes()
    result = cli("convert", "-", "-o", str(out), "--from", "foundry-csv", input=data)
    assert result.exit_code == 0, result.stderr
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize("to", ["foundry", "foundry-csv", "m365"])
def test_more_than_100000_rows_is_written_with_one_warning(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, to: str
) -> None:
    # The limit lowered so the test stays fast (bench/ runs the real sizes).
    monkeypatch.setattr("datasetkit.formats.foundry.spec.MAX_ROWS", 50)
    src = tmp_path / "big.jsonl"
    src.write_text('{"query": "q", "response": "r"}\n' * 51)
    out = tmp_path / "out.data"
    result = cli("convert", str(src), "-o", str(out), "--to", to)
    # The input breaks the batch limit (so does a Foundry output): said once, written.
    assert result.exit_code == 0 and out.exists(), result.stderr
    assert result.stderr.count("more than 50 rows") == 1, result.stderr
    assert "error [" not in result.stderr and "error:" not in result.stderr
    quiet = cli("convert", str(src), "-o", str(out), "--to", to, "--force", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    strict = cli("convert", str(src), "-o", str(tmp_path / "s.data"), "--to", to, "--strict")
    assert strict.exit_code == 1 and not (tmp_path / "s.data").exists()
    assert strict.stderr.count("more than 50 rows") == 1, strict.stderr


def test_several_inputs_past_the_row_limit_together_are_told_about_the_output(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("datasetkit.formats.foundry.spec.MAX_ROWS", 50)
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text('{"query": "q", "response": "r"}\n' * 30)
    out = tmp_path / "out.jsonl"
    result = cli("convert", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"), "-o", str(out))
    assert result.exit_code == 0 and out.read_text().count("\n") == 60
    assert result.stderr.count("more than 50 rows") == 1, result.stderr


def test_output_errors_point_at_the_input_not_at_an_unwritten_file(cli, tmp_path: Path) -> None:
    doc = {
        "schemaVersion": "1.6.0",
        "items": [
            {"prompt": "fine", "expected_response": "ok"},
            {"prompt": "old", "evaluators": {"ToolCallAccuracy": {}}},
        ],
    }
    src = tmp_path / "in.json"
    src.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    out = tmp_path / "out.json"
    result = cli("convert", str(src), "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    # The input's own error is shown once, at the input; the output adds one line saying so.
    assert result.stderr.count("m365.evaluator.retired") == 1
    assert "[convert.output-invalid]" in result.stderr
    assert str(out) + ":" not in result.stderr


RUSSIAN = [
    ("Сколько дней отпуска положено сотруднику?", "Двадцать восемь календарных дней в году"),
    ("Как оформить больничный лист?", "Через портал сотрудника в течение трёх дней"),
    ("Кто утверждает командировку?", "Непосредственный руководитель и отдел кадров"),
]


def test_a_foundry_csv_saved_in_another_code_page_is_read_in_it(cli, tmp_path: Path) -> None:
    src = tmp_path / "ru.csv"
    lines = ["query,ground_truth"] + [f"{q},{a}" for q, a in RUSSIAN]
    src.write_bytes("\r\n".join(lines).encode("cp1251") + b"\r\n")
    out = tmp_path / "ru.json"
    result = cli("convert", str(src), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert "read as cp1251" in result.stderr
    items = json.loads(out.read_text(encoding="utf-8"))["items"]
    assert [(i["prompt"], i["expected_response"]) for i in items] == RUSSIAN
    # For Foundry itself the file is still wrong: the SDK reads UTF-8 only.
    assert cli("validate", str(src)).exit_code == 1


def test_an_encoding_that_cannot_be_told_stops_with_exit_2(cli, tmp_path: Path) -> None:
    src = tmp_path / "short.csv"
    src.write_bytes(b"caf\xe9,\x93hi\x94\n")
    result = cli("validate", str(src))
    assert result.exit_code == 2 and "input.encoding-unclear" in result.stdout
    assert "save the file as UTF-8" in result.stdout
    result = cli("convert", str(src), "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "save the file as UTF-8" in result.stderr


def test_map_works_on_a_format_with_fixed_fields(cli, tmp_path: Path) -> None:
    goldens = [
        {"input": "Say hello", "expected_output": "hello", "question_text": "Greet me"},
        {"input": "Say bye", "expected_output": "bye", "question_text": "Part ways"},
    ]
    src = tmp_path / "goldens.json"
    src.write_text(json.dumps(goldens), encoding="utf-8")
    out = tmp_path / "out.json"
    # DeepEval names its prompt 'input'; --map picks another column, read as plain records.
    result = cli("convert", str(src), "-o", str(out), "--map", "prompt=question_text")
    assert result.exit_code == 0, result.stderr
    items = json.loads(out.read_text(encoding="utf-8"))["items"]
    assert [i["prompt"] for i in items] == ["Greet me", "Part ways"]
    assert [i["expected_response"] for i in items] == ["hello", "bye"]
    assert items[0]["extensions"]["columns"] == {"input": "Say hello"}


def test_the_formats_table_lines_up(cli) -> None:
    lines = cli("formats").stdout.splitlines()
    start = lines[0].index("DESCRIPTION")
    # Every description starts under its heading (a long extension list included).
    assert all(line[start - 2 : start] == "  " and line[start] != " " for line in lines), lines


def test_map_help_names_every_field_a_column_can_hold(cli) -> None:
    import re

    from datasetkit.core.roles import FIELDS

    text = " ".join(cli("convert", "-h").stdout.split())
    listed = re.search(r"read column HEADER as FIELD \(([^)]*)\)", text)
    assert listed is not None, text
    assert [f.strip() for f in listed.group(1).replace("- ", "").split(",")] == list(FIELDS)
