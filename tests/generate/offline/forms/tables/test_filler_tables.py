"""A table of a test file or a template, whose cells only name their own place ("Header
0.1", "Cell 2.3", "Merged Cell 1.1 1.2"), are serial labels or lorem ipsum, holds no fact:
no question is asked of it, while a real table of the same shape is asked."""

from __future__ import annotations

from pathlib import Path

import docx

from datasetkit.generate.offline.tables.filler import filler_cell
from tests.helpers.docx_fixtures import add_filled_table
from tests.helpers.knowledge_fixtures import offline_pairs


def _prompts(tmp_path: Path, rows: list[list[str]]) -> list[str]:
    document = docx.Document()
    document.add_heading("Tables", level=1)
    add_filled_table(document, rows)
    path = tmp_path / "tables.docx"
    document.save(str(path))
    return list(offline_pairs(tmp_path, path, 20))


def test_a_table_of_stand_in_cells_gives_no_question(tmp_path: Path) -> None:
    rows = [
        ["Header 0.0", "Header 0.1", "Header 0.2"],
        ["Cell 1.0", "Cell 1.1", "Merged Cell 1.2 2.2"],
        ["Cell 2.0", "Cell 2.1", "Merged Cell 1.2 2.2"],
        ["Cell 3.0", "Lorem ipsum dolor", "Cell 3.2"],
    ]
    assert _prompts(tmp_path, rows) == []


def test_a_real_table_of_the_same_shape_is_asked(tmp_path: Path) -> None:
    rows = [
        ["Room", "Floor", "Seats"],
        ["Harbour Room", "Second floor", "12"],
        ["Garden Room", "Ground floor", "8"],
        ["Summit Room", "Fourth floor", "20"],
    ]
    assert _prompts(tmp_path, rows), "a real table gave no question"


def test_a_cell_is_filler_only_when_it_names_no_fact() -> None:
    for cell in ("Header 0.1", "Cell 2.3", "Merged Cell 1.1 2.1", "b", "x", "col-2", "Row A"):
        assert filler_cell(cell), cell
    for cell in ("Data", "Test", "Second floor", "Harbour Room", "12 kg", "Cell phone plan"):
        assert not filler_cell(cell), cell
