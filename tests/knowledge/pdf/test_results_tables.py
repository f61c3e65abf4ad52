"""Results tables of papers: headers of two and three rows (labels over groups of
columns, set centred over the names of the columns they group, with or without rules),
one name per column from the shared header model, and a table's caption above or under
it read as its title, never as a heading."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from datasetkit.knowledge import Document, load_file
from datasetkit.knowledge.tableheader import first_record
from tests.helpers import pdf_papers as P


def _tables(doc: Document) -> list[list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None:
            out.setdefault(s.provenance.table or 0, []).append(s.record)
    return list(out.values())


def _records(head: list[str], rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(head, row, strict=True)) for row in rows]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = P.make_results_tables(tmp_path_factory.mktemp("papers") / "results.pdf")
    return load_file(path, display="results.pdf")


def test_group_labels_centred_over_sub_columns_name_each_of_them(results: Document) -> None:
    # Rules above and below only; "Model" set midway down the header, on a line of its
    # own between "Dev"/"Test" and "P R F1": the group labels still span their columns.
    assert _tables(results)[0] == _records(P.SCORES_HEAD, P.SCORES)


def test_the_first_columns_name_midway_down_an_unruled_header(tmp_path: Path) -> None:
    table = dataclasses.replace(P.SCORES_TABLE, rules=False)
    page = P.PaperPage(top=P.full(P.prose(4, P.FULL, seed=11), table, P.prose(4, P.FULL, seed=12)))
    doc = load_file(P.write_paper(tmp_path / "unruled.pdf", [page]))
    assert _tables(doc) == [_records(P.SCORES_HEAD, P.SCORES)]
    assert not any(s.text in ("Model", "Dev Test") for s in doc.sections)


def test_an_unruled_header_of_two_rows_is_one_header_not_a_record(results: Document) -> None:
    # No rule at all: "ROUGE" over three columns, "BERTScore" over one; the names of the
    # columns are the header, not the first record.
    rouge = _tables(results)[1]
    assert rouge == _records(P.ROUGE_HEAD, P.ROUGE)
    texts = [s.text for s in results.sections if s.kind != "table_row"]
    assert "ROUGE" not in texts and "BERTScore" not in texts


def test_an_unruled_header_of_three_rows_years_over_splits_over_measures(
    results: Document,
) -> None:
    assert _tables(results)[2] == _records(P.YEARS_HEAD, P.YEARS)


def test_the_first_record_is_the_first_row_of_values_a_year_names_a_column() -> None:
    rows = [
        ["", "2022", "2023"],
        ["", "Dev", "Test"],
        ["Model", "F1", "F1"],
        ["Reader", "61.0", "68.2"],
        ["Generator", "64.2", "72.5"],
    ]
    assert first_record(rows) == 3
    assert first_record(rows[:3]) == 3
    assert first_record([["Name", "Code"], ["Alpha", "AB-12"], ["Beta", "CD-34"]]) == 1


@pytest.mark.parametrize(
    ("caption", "font", "below"),
    [
        ("Table 2 Retrieval scores", ("Times-Bold", 10.0), False),
        ("Table 2. Retrieval scores", ("Helvetica-Bold", 11.0), True),
        ("TABLE II", ("Times-Roman", 11.0), True),
        ("Tabelle 2: Ergebnisse", ("Times-Bold", 11.0), False),
    ],
)
def test_a_caption_above_or_under_its_table_is_its_title_not_a_heading(
    tmp_path: Path, caption: str, font: tuple[str, float], below: bool
) -> None:
    table = dataclasses.replace(
        P.SCORES_TABLE, caption=caption, caption_font=font, caption_below=below
    )
    page = P.PaperPage(
        title="Retrieval for Question Answering",
        top=P.full(P.prose(4, P.FULL, seed=11), table, P.prose(4, P.FULL, seed=12)),
    )
    doc = load_file(P.write_paper(tmp_path / "caption.pdf", [page]))
    assert [s.text for s in doc.sections if s.kind == "heading"] == [
        "Retrieval for Question Answering"
    ]
    at = next(i for i, s in enumerate(doc.sections) if s.text == caption)
    rows = [i for i, s in enumerate(doc.sections) if s.kind == "table_row"]
    # Right before the records, or right after them.
    assert at == (rows[-1] + 1 if below else rows[0] - 1)
    assert _tables(doc) == [_records(P.SCORES_HEAD, P.SCORES)]
