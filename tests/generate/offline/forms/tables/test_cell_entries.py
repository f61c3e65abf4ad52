"""A Word table whose cells hold several entries, one per paragraph, under a header that
says who pays ("Plan pays"): each row is asked what the payer pays for it, answered with
every entry of the cell."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline


def _docx(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Lakeshore Dental and Vision Plan", 1)
    d.add_paragraph("The plan pays these shares of covered services for every member.")
    t = d.add_table(rows=4, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Service", "Plan pays"
    entries = {
        "Dental": ["Cleanings: 100%", "Fillings: 80%", "Crowns: 50%"],
        "Vision": ["Eye exam: 100%", "Frames: up to $150"],
        "Hearing": ["Hearing test: 100%", "Hearing aids: up to $1,200"],
    }
    for n, (service, lines) in enumerate(entries.items(), start=1):
        t.cell(n, 0).text = service
        cell = t.cell(n, 1)
        cell.text = lines[0]
        for line in lines[1:]:
            cell.add_paragraph(line)
    d.save(str(path))
    return path


def test_each_row_is_asked_what_the_payer_pays_with_every_entry(tmp_path: Path) -> None:
    outcome = generate_offline(tmp_path, _docx(tmp_path / "plan.docx"), 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    dental = [q for q in pairs if "pay for" in q and "Dental" in q]
    assert dental, pairs
    assert pairs[dental[0]] == "Cleanings: 100%; Fillings: 80%; Crowns: 50%"
    assert not [q for q in pairs if "plan pays" in q], pairs
