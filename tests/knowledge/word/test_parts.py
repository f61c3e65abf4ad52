"""Word parts around the body: notes, comments, text boxes, headers and footers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.knowledge import Limits, load_file
from tests.helpers.docx_fixtures import drop_core_properties, make_parts_docx, make_titled_docx
from tests.helpers.knowledge_fixtures import rewrite_member

BODY = [
    ("heading", "Expenses", None, None),
    ("paragraph", "Submit receipts within 90 days.", None, None),
    # Footnotes are numbered in the order they are referenced, not by their ids.
    ("paragraph", "Receipts older than 90 days are refused.", "footnote", "1"),
    ("paragraph", "Meals are paid by the per diem.", None, None),
    # Word numbers endnotes i, ii, iii unless told otherwise.
    ("paragraph", "Policy approved by the board in 2025.", "endnote", "i"),
    ("heading", "Transport", None, None),
    ("paragraph", "Taxis are allowed late at night.", None, None),
    ("paragraph", "Taxis only after 22:00.", "footnote", "2"),
    # The text box is written twice (DrawingML and its VML fallback) but read once.
    ("paragraph", "Taxi hotline: +47 555 0100", "textbox", None),
    # Deleted and hidden text are not read; inserted text is.
    (
        "paragraph",
        "Trains are preferred for trips under 500 km. Book through the portal.",
        None,
        None,
    ),
    ("paragraph", "Rail desk: room 101", "textbox", None),
    ("paragraph", "Appendix text.", None, None),
    # Headers and footers: each distinct text once, after the body; the footer's
    # "Page 3 of 9" (PAGE and NUMPAGES fields) is not text.
    ("paragraph", "Contoso Travel Policy", "header", None),
    ("paragraph", "Contoso — internal", "header", None),
    ("paragraph", "Questions: travel@contoso.example", "footer", None),
]


@pytest.fixture()
def parts(tmp_path: Path) -> Path:
    return make_parts_docx(tmp_path / "policy.docx")


def _got(doc) -> list[tuple[str, str, str | None, str | None]]:
    return [(s.kind, s.text, s.provenance.part, s.marker) for s in doc.sections]


def test_notes_text_boxes_headers_and_footers_in_reading_order(parts: Path) -> None:
    doc = load_file(parts, display="policy.docx")
    assert _got(doc) == BODY
    # Notes and text boxes carry the heading path of the paragraph they hang on;
    # headers and footers belong to no section.
    paths = {s.text: s.provenance.heading_path for s in doc.sections}
    assert paths["Receipts older than 90 days are refused."] == ("Expenses",)
    assert paths["Taxi hotline: +47 555 0100"] == ("Transport",)
    assert paths["Contoso Travel Policy"] == ()
    # The separator, the continuation notice and a note nobody references are not read.
    texts = " ".join(s.text for s in doc.sections)
    assert "continued" not in texts and "Never referenced" not in texts


def test_comments_are_left_out_by_default_with_an_info_problem(parts: Path) -> None:
    doc = load_file(parts, display="policy.docx")
    assert all(s.provenance.part != "comment" for s in doc.sections)
    [problem] = doc.problems
    assert (problem.code, problem.severity) == ("knowledge.comments_skipped", "info")
    assert problem.message.startswith("2 Word comment(s) were left out")
    assert "--comments" in problem.hint


def test_comments_come_after_the_paragraph_they_are_on_when_asked_for(parts: Path) -> None:
    doc = load_file(parts, display="policy.docx", limits=Limits(include_comments=True))
    assert doc.problems == []
    expected = list(BODY)
    expected.insert(2, ("paragraph", "Check the 90 days with finance.", "comment", None))
    expected.insert(11, ("paragraph", "Add the taxi app name.", "comment", None))
    assert _got(doc) == expected
    comment = doc.sections[2]
    assert comment.provenance.heading_path == ("Expenses",)


def test_ingest_comments_flag(parts: Path, cli) -> None:
    plain = cli("ingest", "--format", "json", str(parts))
    assert plain.exit_code == 0, plain.output
    doc = json.loads(plain.stdout)["documents"][0]
    assert [p["code"] for p in doc["problems"]] == ["knowledge.comments_skipped"]
    assert not any(s["source"].get("part") == "comment" for s in doc["sections"])

    with_comments = cli("ingest", "--format", "json", "--comments", str(parts))
    assert with_comments.exit_code == 0, with_comments.output
    doc = json.loads(with_comments.stdout)["documents"][0]
    assert doc["problems"] == []
    comments = [s for s in doc["sections"] if s["source"].get("part") == "comment"]
    assert [(c["text"], c["source"]["heading_path"]) for c in comments] == [
        ("Check the 90 days with finance.", ["Expenses"]),
        ("Add the taxi app name.", ["Transport"]),
    ]
    note = next(s for s in doc["sections"] if s["source"].get("part") == "footnote")
    assert (note["marker"], note["text"]) == ("1", "Receipts older than 90 days are refused.")


def test_ingest_markdown_mentions_the_skipped_comments(parts: Path, cli) -> None:
    result = cli("ingest", str(parts))
    assert result.exit_code == 0
    assert (
        "- **info** `knowledge.comments_skipped`: 2 Word comment(s) were left out" in result.stdout
    )


def test_generate_knowledge_comments_flag(parts: Path, tmp_path: Path, cli) -> None:
    facts = {}
    for flag in ([], ["--comments"]):
        report = tmp_path / f"report{len(flag)}.json"
        result = cli(
            "generate",
            "knowledge",
            str(parts),
            "--provider",
            "offline",
            "-n",
            "3",
            "--seed",
            "1",
            "-o",
            str(tmp_path / f"out{len(flag)}.json"),
            "--report",
            str(report),
            *flag,
        )
        assert result.exit_code == 0, result.output
        facts[bool(flag)] = json.loads(report.read_text(encoding="utf-8"))
    assert [p["code"] for p in facts[False]["problems"]] == ["knowledge.comments_skipped"]
    assert "2 Word comment(s) were left out" in facts[False]["problems"][0]["message"]
    assert facts[True]["problems"] == []
    sections = [r["inputs"][0]["sections"] for r in (facts[False], facts[True])]
    assert sections[1] == sections[0] + 2


def test_title_from_core_properties_else_title_paragraph(tmp_path: Path) -> None:
    core = load_file(make_titled_docx(tmp_path / "a.docx", "Travel Handbook 2026"))
    assert core.title == "Travel Handbook 2026"
    styled = load_file(make_titled_docx(tmp_path / "b.docx", None))
    assert styled.title == "Travel Policy"
    assert [(s.kind, s.level) for s in styled.sections][1] == ("heading", 0)


def test_a_file_without_core_properties_is_not_titled_word_document(tmp_path: Path) -> None:
    # python-docx makes up core properties titled "Word Document" for such a file.
    path = drop_core_properties(make_titled_docx(tmp_path / "c.docx", None))
    assert load_file(path).title == "Travel Policy"


def test_a_damaged_notes_part_is_reported_and_the_rest_is_read(parts: Path) -> None:
    rewrite_member(parts, "word/footnotes.xml", lambda xml: xml[: len(xml) // 2])
    doc = load_file(parts, display="policy.docx")
    problems = [(p.code, p.severity, p.message) for p in doc.problems]
    assert problems[0] == (
        "knowledge.corrupt",
        "warning",
        "part /word/footnotes.xml of the docx file is not well-formed XML; its text was left out",
    )
    assert _got(doc) == [row for row in BODY if row[2] != "footnote"]


def test_ingest_json_carries_the_title(tmp_path: Path, cli) -> None:
    path = make_titled_docx(tmp_path / "a.docx", "Travel Handbook 2026")
    result = cli("ingest", "--format", "json", str(path))
    assert json.loads(result.stdout)["documents"][0]["title"] == "Travel Handbook 2026"
