"""A table printed in blocks side by side is read back as one table."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.docx_fixtures import add_filled_table


def _docx(path: Path, rows: list[list[str]]) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Scores by team.")
    add_filled_table(d, rows)
    d.save(str(path))
    return path


def test_two_blocks_of_the_same_columns_are_unfolded_into_one(tmp_path: Path) -> None:
    rows = [
        ["Team", "Score", "Team", "Score"],
        ["Otters", "41", "Herons", "38"],
        ["Badgers", "35", "Lynxes", "44"],
        ["Ravens", "29", "", ""],
    ]
    doc = load_file(_docx(tmp_path / "scores.docx", rows))
    records = [s.record for s in doc.sections if s.record]
    # The left block's rows, then the right block's; the right block's empty last line
    # is no row.
    assert records == [
        {"Team": "Otters", "Score": "41"},
        {"Team": "Badgers", "Score": "35"},
        {"Team": "Ravens", "Score": "29"},
        {"Team": "Herons", "Score": "38"},
        {"Team": "Lynxes", "Score": "44"},
    ]
    texts = [s.text for s in doc.sections if s.record]
    assert texts[3] == "Team: Herons; Score: 38"


def test_a_measure_given_twice_for_the_same_rows_is_left_as_it_is(tmp_path: Path) -> None:
    # The same team in both blocks: one row's two figures, not a table in halves.
    rows = [
        ["Team", "Score", "Team", "Score"],
        ["Otters", "41", "Otters", "38"],
        ["Badgers", "35", "Badgers", "44"],
    ]
    doc = load_file(_docx(tmp_path / "scores.docx", rows))
    records = [s.record for s in doc.sections if s.record]
    assert len(records) == 2 and "Team (2)" in records[0], records
