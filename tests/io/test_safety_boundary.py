"""The error boundary: hostile input gives a located finding or a clean exit 2, never a
traceback; the bug-report fallback never fires on the real corpus."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from datasetkit.io import safety
from datasetkit.knowledge.loader import load_file
from datasetkit.lint.engine import lint_file
from datasetkit.validate import validate_file

STARTER = {
    "schemaVersion": "1.6.0",
    "default_evaluators": {"Relevance": {}, "Coherence": {}},
    "items": [{"prompt": "What can this agent help me with?", "expected_response": "Its scope."}],
}


@pytest.fixture(autouse=True)
def _no_fallback():
    """Every test here: the bug-report fallback must not fire (an explained error must)."""
    before = len(safety.FALLBACKS)
    yield
    assert safety.FALLBACKS[before:] == []


def _codes(path: Path) -> dict[str, str]:
    checked = lint_file(str(path))
    return {f.code: f.message for f in checked.report.findings}


def test_evaluator_options_not_an_object(tmp_path, cli):
    doc = dict(STARTER, default_evaluators={"Coherence": False})
    path = tmp_path / "coh.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    checked = lint_file(str(path))
    (f,) = [f for f in checked.report.findings if f.severity.value == "error"]
    assert f.code == "m365.schema.type" and f.location.pointer == "/default_evaluators/Coherence"
    assert f.location.line == 1
    result = cli("validate", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    result = cli("convert", str(path), "-o", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 1 and "must be an object" in result.output


def test_build_or_report_adds_a_finding_only_when_none_says_why():
    from pydantic import BaseModel

    class M(BaseModel):
        x: dict

    found: list = []
    assert safety.build_or_report(lambda: M(x=False), found, "f.json") is None
    assert found[0].code == "input.wrong-type" and "x" in found[0].message


def test_integer_of_more_than_4300_digits(tmp_path, cli):
    text = json.dumps(STARTER).replace('"1.6.0"', '"1.6.0", "n": ' + "9" * 5000)
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    assert "more than 4,300 digits" in _codes(path)["input.unreadable"]
    result = cli("convert", str(path), "-o", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 2 and "4,300 digits" in result.output


def test_long_evaluator_name_is_not_a_folder_lookup_crash(tmp_path, monkeypatch):
    (tmp_path / "custom-evaluators").mkdir()
    monkeypatch.chdir(tmp_path)
    doc = dict(STARTER, default_evaluators={"E" * 3000: {}})
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "m365.evaluator.custom-missing" in _codes(path)


def test_lone_surrogate_in_a_foundry_message(tmp_path, cli):
    path = tmp_path / "s.jsonl"
    row = {"query": "What is a\ud800b in the policy?", "response": "It is the rule."}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    lint_file(str(path))
    out = tmp_path / "out.json"
    result = cli("convert", str(path), "-o", str(out))
    assert result.exit_code == 2
    assert "lone surrogate" in result.output and str(out) in result.output
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["s.jsonl"]


def test_deeply_nested_jsonl_line_is_a_located_finding(tmp_path, cli):
    path = tmp_path / "deep.jsonl"
    good = '{"query": "What is the leave policy?", "response": "20 days."}\n'
    path.write_text(good + '{"query": "q", "response": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    checked = validate_file(str(path))
    (f,) = [f for f in checked.report.findings if f.code == "foundry.jsonl.too-deep"]
    assert f.location.line == 2
    result = cli("convert", str(path), "-o", str(tmp_path / "o.json"))
    assert result.exit_code == 0 and "too-deep" in result.output


def test_lone_surrogate_is_a_located_finding(tmp_path):
    path = tmp_path / "s.jsonl"
    row = {
        "messages": [{"role": "user", "content": "a\ud800b"}, {"role": "assistant", "content": "x"}]
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    checked = validate_file(str(path))
    (f,) = [f for f in checked.report.findings if f.code == "foundry.text.lone-surrogate"]
    assert f.location.pointer == "/0/messages/0/content" and f.location.line == 1


def test_truncated_utf16_csv(tmp_path, cli):
    path = tmp_path / "t.csv"
    path.write_bytes("query,response\nhello there,world\n".encode("utf-16")[:-1])
    checked = validate_file(str(path))
    assert checked.report.findings
    assert cli("validate", str(path)).exit_code in (1, 2)


def _broken_xlsx(tmp_path: Path, corpus: Path, part: str, body: bytes) -> Path:
    src = corpus / "copilot-studio/copilot-studio-agents__evaluation-scorecard.xlsx"
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = body if info.filename == part else zin.read(info)
            zout.writestr(info.filename, data)
    path = tmp_path / "broken.xlsx"
    path.write_bytes(out.getvalue())
    return path


@pytest.mark.parametrize(
    ("part", "body"),
    [
        ("xl/workbook.xml", b"<workbook><bookViews><workbookView bogusAttr='1'/>"),
        ("xl/workbook.xml", b'<?xml version="1.0" encoding="UTB-8"?><workbook/>'),
        ("xl/worksheets/sheet1.xml", b"<worksheet><cols><col max='2'/></cols></worksheet>"),
        ("xl/styles.xml", b"\x00\x01 not xml"),
    ],
)
def test_damaged_workbooks_are_findings_on_both_paths(tmp_path, corpus, cli, part, body):
    path = _broken_xlsx(tmp_path, corpus, part, body)
    checked = validate_file(str(path))
    assert checked.report.findings, "a damaged workbook must say so"
    doc = load_file(path)
    assert doc.problems
    result = cli("convert", str(path), "-o", str(tmp_path / "o.jsonl"))
    assert "Traceback" not in result.output


def test_bad_deflate_stream_is_a_damaged_file(tmp_path, corpus):
    src = (corpus / "knowledge/Sales_KPI_OKR_Report_May2025.docx").read_bytes()
    # Flip bytes inside the first member's compressed data.
    with zipfile.ZipFile(io.BytesIO(src)) as zf:
        first = zf.infolist()[0]
    start = first.header_offset + 30 + len(first.filename) + len(first.extra) + 8
    broken = bytearray(src)
    for i in range(start, start + 40):
        broken[i] ^= 0x5A
    path = tmp_path / "d.docx"
    path.write_bytes(bytes(broken))
    doc = load_file(path)
    assert doc.problems and doc.problems[0].code in ("knowledge.corrupt", "knowledge.unreadable")


def test_unexpected_errors_name_the_file_and_ask_for_a_report(tmp_path, cli, monkeypatch):
    monkeypatch.delenv("DATASETKIT_RAISE_UNEXPECTED", raising=False)
    from datasetkit import formats

    fmt = formats.get("m365")

    def boom(*_args, **_kwargs):
        raise TypeError("something nobody expected")

    monkeypatch.setattr(fmt, "validate", safety._guarded_reader(boom))
    path = tmp_path / "e.json"
    path.write_text(json.dumps(STARTER), encoding="utf-8")
    before = len(safety.FALLBACKS)
    result = cli("validate", str(path))
    assert result.exit_code == 2
    assert "TypeError" in result.output and "bug" in result.output and str(path) in result.output
    assert len(safety.FALLBACKS) == before + 1
    del safety.FALLBACKS[before:]


def test_raise_unexpected_shows_the_cause(tmp_path, monkeypatch):
    monkeypatch.setenv("DATASETKIT_RAISE_UNEXPECTED", "1")
    with pytest.raises(TypeError), safety.boundary("x"):
        raise TypeError("cause")
    del safety.FALLBACKS[-1:]


def test_write_errors_are_explained():
    err = safety.explain(OSError(28, "No space left on device", "out.json"), "out.json", "write")
    assert "disk is full" in err.message
    err = safety.explain(OSError(36, "File name too long", "x" * 300), "in.json")
    assert "too long" in err.message


def test_no_fallback_on_the_corpus(corpus):
    """Every corpus file read, validated and linted without the bug-report fallback."""
    before = len(safety.FALLBACKS)
    for path in sorted(corpus.rglob("*")):
        if not path.is_file() or path.name == "MANIFEST.md":
            continue
        if path.suffix.lower() in (".json", ".jsonl", ".csv", ".txt", ".xlsx"):
            lint_file(str(path))
        if path.parent.name == "knowledge" and path.suffix.lower() in (".docx", ".xlsx"):
            load_file(path)
    assert safety.FALLBACKS[before:] == []


def test_migrate_a_document_with_a_huge_number_is_a_located_refusal(tmp_path, cli):
    path = tmp_path / "prompts.json"
    path.write_text('[{"prompt": "What is the leave policy?", "n": ' + "9" * 4400 + "}]")
    before = path.read_bytes()
    result = cli("migrate", str(path))
    assert result.exit_code == 2 and "prompts.json:1:" in result.output
    assert "4,300 digits" in result.output and path.read_bytes() == before


def test_lint_fix_refuses_to_write_a_lone_surrogate(tmp_path):
    from datasetkit.lint import LintConfig
    from datasetkit.lint.fix.apply import fix_file

    path = tmp_path / "d.jsonl"
    path.write_text('{"query": "How do I reset my VPN token?  ", "response": "\\udfff"}\n')
    before = path.read_bytes()
    res = fix_file(str(path), None, LintConfig(), write=True)
    assert not res.written and "lone surrogate" in (res.refused or "")
    assert path.read_bytes() == before


def test_lint_fix_skips_a_line_nested_too_deeply(tmp_path):
    from datasetkit.lint import LintConfig
    from datasetkit.lint.fix.apply import fix_file

    path = tmp_path / "d.jsonl"
    deep = "[" * 5000 + "]" * 5000
    path.write_text(
        '{"query": "How do I reset my VPN token?  ", "response": "r"}\n'
        '{"query": "How do I order a laptop?  ", "response": ' + deep + "}\n"
    )
    fix_file(str(path), None, LintConfig(), write=True)


def test_m365_writer_keeps_carried_extensions_that_are_no_object():
    from datasetkit.core.model import Case, Turn
    from datasetkit.formats.m365.mapping import merge_case_facts

    case = Case(kind="single", turns=[Turn(prompt="q")], id="c1")
    target = {"prompt": "q", "extensions": 1.5}
    merge_case_facts(case, target, {})
    assert target["extensions"] == 1.5


def test_a_docx_whose_body_is_not_word_xml_is_a_problem(tmp_path, corpus):
    src = corpus / "knowledge/Sales_KPI_OKR_Report_May2025.docx"
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            body = zin.read(info)
            if info.filename == "word/document.xml":
                body = b'<?xml version="1.0"?><root xmlns="urn:x"><p/></root>'
            zout.writestr(info.filename, body)
    path = tmp_path / "d.docx"
    path.write_bytes(out.getvalue())
    doc = load_file(path)
    assert [p.code for p in doc.problems if p.severity == "error"][:1] == ["knowledge.corrupt"]


def test_convert_names_the_input_when_preparing_cases_fails(tmp_path, cli):
    path = tmp_path / "s.jsonl"
    row = {"query": "What is the policy?", "response": "ok", "extra_field": "x\udfff"}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    for name in ("o.json", "o.jsonl"):
        result = cli("convert", str(path), "-o", str(tmp_path / name))
        assert result.exit_code in (0, 2) and "Traceback" not in result.output
