"""A save in place writes the file as it was written: its layout, BOM, line ends, quoting,
and a setup file only where there was one or the cases need one."""

from __future__ import annotations

from pathlib import Path

import datasetkit
from datasetkit.generate.review import dk_extensions
from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.opened import open_dataset
from datasetkit.viewer.saving import Change, save_review

BOM = b"\xef\xbb\xbf"
# The layout Copilot Studio's ESS kit uses, saved from Excel: a BOM, CRLF, quotes only
# where a cell needs them, the test method in its own column.
ESS_ROWS = [
    b"Prompt,Expected response,Test Method Type,Passing Score",
    b"How do I reset my password?,Use the self-service portal.,CompareMeaning,70",
    b'What are the office hours?,"Monday to Friday, 9 to 5.",CompareMeaning,70',
    b"Who approves leave?,Your manager.,GeneralQuality,",
]


def _save(path: Path, changes: list[Change]) -> None:
    opened = open_dataset(0, str(path), None, LintConfig())
    assert opened.format == "copilot-studio"
    save_review(opened, opened.version, changes)


def test_a_copilot_studio_file_keeps_its_layout(tmp_path: Path) -> None:
    path = tmp_path / "tests.csv"
    path.write_bytes(BOM + b"\r\n".join(ESS_ROWS) + b"\r\n")
    _save(path, [Change(0, "approved"), Change(2, "discarded")])
    # The same header, BOM, line ends and quoting: only the discarded row is gone.
    assert path.read_bytes() == BOM + b"\r\n".join(ESS_ROWS[:3]) + b"\r\n"
    assert sorted(p.name for p in tmp_path.iterdir() if ".bak." not in p.name) == [
        "tests.csv",
        "tests.csv.review",
    ]


def test_what_only_a_setup_file_holds_is_not_lost(tmp_path: Path) -> None:
    # A header the writer cannot make again (an extra column): written in its own layout,
    # with the setup file that keeps the test methods.
    rows = [b"Prompt,Area,Expected response,Test Method Type,Passing Score"]
    rows += [b"How do I reset my password?,IT,Use the self-service portal.,CompareMeaning,70"]
    rows += [b"Who approves leave?,HR,Your manager.,CompareMeaning,80"]
    path = tmp_path / "custom.csv"
    path.write_bytes(b"\n".join(rows) + b"\n")
    before = datasetkit.load(str(path))
    _save(path, [Change(1, "approved")])
    after = datasetkit.load(str(path))
    assert [c.turns[0].evaluators for c in after.cases] == [
        c.turns[0].evaluators for c in before.cases
    ]
    assert (tmp_path / "custom.setup.md").is_file()


M365_BY_HAND = """{
  "schemaVersion": "1.2.0",
  "items": [
    {
      "prompt": "Who approves leave?",
      "expected_response": "Your manager.",
      "tags": ["hr", "leave"]
    },
    {
      "prompt": "Where do I park?",
      "expected_response": "In the north garage.",
      "evaluators": { "Relevance": { "threshold": 3 } }
    }
  ]
}
"""


def _approve_first(path: Path) -> str:
    opened = open_dataset(0, str(path), None, LintConfig())
    save_review(opened, opened.version, [Change(0, "approved")])
    return path.read_text(encoding="utf-8")


def test_a_json_document_keeps_the_text_of_the_cases_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text(M365_BY_HAND, encoding="utf-8")
    saved = _approve_first(path)
    untouched = M365_BY_HAND[M365_BY_HAND.index('    {\n      "prompt": "Where') :]
    assert untouched.split("\n  ]")[0] in saved  # the second item, as it was written
    first = datasetkit.load(str(path)).cases[0]
    assert first.tags == ["hr", "leave"] and dk_extensions(first)["review"] == "approved"
    assert datasetkit.validate(str(path)).ok


def test_a_json_document_indented_otherwise_is_not_mixed(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text(M365_BY_HAND.replace("  ", "    "), encoding="utf-8")
    saved = _approve_first(path)
    # The writer's two spaces throughout: no element kept at four.
    assert '\n        "prompt"' not in saved and '\n      "prompt": "Where' in saved
    assert datasetkit.validate(str(path)).ok


def test_a_json_document_with_crlf_keeps_crlf_throughout(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_bytes(M365_BY_HAND.replace("\n", "\r\n").encode("utf-8"))
    _approve_first(path)
    data = path.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n") > 10
    assert b'"tags": ["hr", "leave"]' not in data  # the approved item, as the writer writes it
    assert b'"evaluators": { "Relevance": { "threshold": 3 } }' in data  # the other, kept


def test_a_bare_array_of_items_keeps_its_items_text(tmp_path: Path) -> None:
    # A file that is only the array of items (the writer puts them under "items"), its
    # elements at the depth the writer writes them.
    items = M365_BY_HAND[M365_BY_HAND.index("[") : M365_BY_HAND.rindex("]") + 1]
    path = tmp_path / "evals.json"
    path.write_text(items + "\n", encoding="utf-8")
    saved = _approve_first(path)
    assert '"evaluators": { "Relevance": { "threshold": 3 } }' in saved
    assert datasetkit.validate(str(path)).ok and len(datasetkit.load(str(path)).cases) == 2


def test_a_crlf_jsonl_file_stays_crlf(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    rows = [b'{"query": "Who approves leave?", "ground_truth": "Your manager."}']
    rows += [b'{"query": "Where do I park?", "ground_truth": "In the north garage."}']
    path.write_bytes(b"\r\n".join(rows) + b"\r\n")
    opened = open_dataset(0, str(path), None, LintConfig())
    save_review(opened, opened.version, [Change(0, "approved")])
    lines = path.read_bytes().split(b"\r\n")
    assert len(lines) == 3 and lines[1] == rows[1] and b"\n" not in lines[0]
    assert b'"approved"' in lines[0]


def test_a_table_gets_no_review_column_for_approvals(tmp_path: Path, monkeypatch) -> None:
    from datasetkit.generate.decisions import read_record
    from datasetkit.viewer.session import ReviewSession

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "rows.csv"
    text = "query,ground_truth\nWho approves leave?,Your manager.\nWhere do I park?,North garage.\n"
    path.write_text(text, encoding="utf-8")
    session = ReviewSession(["rows.csv"], config=LintConfig())
    assert session.files[0].format == "foundry-csv"
    version = session.files[0].version
    change = {"index": 1, "verdict": "approved", "note": "checked with HR"}
    status, _ = session.save({"files": [{"file": 0, "version": version, "changes": [change]}]})
    # The file is as it was (no datasetkit column on every row); the record has it all.
    assert status == 200 and path.read_text(encoding="utf-8") == text
    record = read_record(path)
    assert record is not None
    (decision,) = record.cases.values()
    assert (decision.verdict, decision.note) == ("approved", "checked with HR")
    assert [r["r"] for r in session.data()["cases"]] == ["", "approved"]


def test_rows_left_alone_keep_their_quotes(tmp_path: Path) -> None:
    # Quotes the writer would not put (a plain cell quoted) or would (an empty cell
    # quoted by the author): rows the review left alone keep them.
    rows = [
        b"Question,Expected response",
        b'What are your hours?,"We open at 9."',
        b'"Who approves leave?",""',
        b"Where do I park?,In the north garage.",
    ]
    path = tmp_path / "tests.csv"
    path.write_bytes(b"\n".join(rows) + b"\n")
    opened = open_dataset(0, str(path), None, LintConfig())
    edit = {"turns": [{"prompt": "Where may I park?"}]}
    save_review(opened, opened.version, [Change(2, "edited", edit=edit)])
    saved = path.read_bytes().split(b"\n")
    assert saved[:3] == rows[:3] and b"Where may I park?" in saved[3]


def test_a_cell_with_a_line_break_survives_a_save(tmp_path: Path) -> None:
    rows = [
        b"Question,Expected response",
        b'"Which documents do I need?","Two:\nyour ID,\nyour contract."',
        b'"Who approves leave?","Your manager."',
        b'"Where do I park?","In the north garage."',
    ]
    path = tmp_path / "tests.csv"
    path.write_bytes(b"\n".join(rows) + b"\n")
    opened = open_dataset(0, str(path), None, LintConfig())
    save_review(opened, opened.version, [Change(2, "discarded")])
    cases = datasetkit.load(str(path)).cases
    assert [c.turns[0].expected_response for c in cases] == [
        "Two:\nyour ID,\nyour contract.",
        "Your manager.",
    ]
