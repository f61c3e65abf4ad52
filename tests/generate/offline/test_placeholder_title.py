"""A title that only says the file is a sample names no subject, and two columns that rank
the rows alike (a count and its share) are asked for their extremes once."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.subject_words import placeholder_title
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


def _survey(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Sample Report", level=1)
    d.add_paragraph(
        "This report was written to show how a survey of screen readers is set out. "
        "The Sample Report is shared with every team, and the Sample Report is updated "
        "each year."
    )
    d.add_heading("Survey results", level=2)
    d.add_paragraph("The survey asked users which screen reader they use most:")
    rows = [("Orca", "853", "49%"), ("Narrator", "238", "14%"), ("TalkBack", "214", "12%")]
    rows += [("ChromeVox", "181", "10%"), ("Dolphin", "159", "9%")]
    table = d.add_table(rows=1, cols=3)
    for cell, text in zip(
        table.rows[0].cells, ("Screen Reader", "Responses", "Share"), strict=True
    ):
        cell.text = text
    for row in rows:
        cells = table.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = text
    d.save(str(path))
    return path


def _questions(path: Path) -> list[tuple[str, str]]:
    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, 20, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return [(c.case.turns[0].prompt, c.case.turns[0].expected_response or "") for c in result.cases]


def test_placeholder_titles() -> None:
    assert placeholder_title("Sample Document")
    assert placeholder_title("Example: travel policy")
    assert not placeholder_title("Samsung Annual Report")


def test_a_sample_title_is_no_subject_of_the_questions(tmp_path: Path) -> None:
    found = _questions(_survey(tmp_path / "survey.docx"))
    assert found
    asked = [q for q, _ in found if "screen reader" in q]
    assert asked, found
    assert not [q for q in asked if "Sample" in q], found


def test_a_count_and_its_share_give_one_highest_row(tmp_path: Path) -> None:
    found = _questions(_survey(tmp_path / "survey.docx"))
    top = [q for q, a in found if a.startswith("Orca (")]
    assert len(top) == 1, found


def test_of_a_share_and_its_count_the_count_is_asked_for_the_highest_row(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Screen reader survey", level=1)
    d.add_paragraph("The survey asked users which screen reader they use most:")
    rows = [("Orca", "49%", "853"), ("Narrator", "14%", "238"), ("TalkBack", "12%", "214")]
    rows += [("ChromeVox", "10%", "181"), ("Dolphin", "9%", "159")]
    table = d.add_table(rows=1, cols=3)
    for cell, text in zip(
        table.rows[0].cells, ("Screen Reader", "Share", "Responses"), strict=True
    ):
        cell.text = text
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text
    path = tmp_path / "shares.docx"
    d.save(str(path))
    top = [q for q, a in _questions(path) if a.startswith("Orca (")]
    assert len(top) == 1 and "responses" in top[0], top
