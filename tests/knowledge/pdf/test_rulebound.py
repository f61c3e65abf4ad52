"""Tables drawn with horizontal rules only (a top rule, a rule under the header, a bottom
rule), as papers set in two columns draw them: found from their rules and the aligned
cells between them, each confined to its column; header rows with spanning labels and
a caption inside the frame read through the shared header model."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import Document, load_file
from tests.helpers import pdf_papers as P


def _tables(doc: Document) -> list[list[dict[str, str]]]:
    """The records of each table, in reading order."""
    out: dict[int, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None:
            out.setdefault(s.provenance.table or 0, []).append(s.record)
    return list(out.values())


def _records(head: list[str], rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(head, row, strict=True)) for row in rows]


@pytest.fixture(scope="module")
def paper(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = P.make_two_column_paper(tmp_path_factory.mktemp("papers") / "paper.pdf")
    return load_file(path, display="paper.pdf")


def test_tables_in_each_column_and_across_both_are_read_from_their_rules(
    paper: Document,
) -> None:
    assert _tables(paper) == [
        _records(P.RESULTS_HEAD, P.RESULTS),
        _records(P.DATA_HEAD, P.DATA),
        _records(P.ABLATION_HEAD, P.ABLATION),
    ]


def test_running_text_beside_a_table_stays_out_of_it(paper: Document) -> None:
    cells = " ".join(v for rows in _tables(paper) for r in rows for v in r.values())
    assert "passage" not in cells and "appendix" not in cells
    # Each caption is a paragraph right before its table, in its column's reading order.
    at = {
        text: next(i for i, s in enumerate(paper.sections) if s.text == text)
        for text in (
            P.RESULTS_TABLE.caption,
            P.DATA_TABLE.caption,
            P.ABLATION_TABLE.caption,
        )
    }
    for caption, first in zip(at, (P.RESULTS, P.DATA, P.ABLATION), strict=True):
        after = paper.sections[at[caption] + 1]
        assert after.kind == "table_row" and after.record is not None
        assert list(after.record.values()) == first[0], caption
    # The left column (with its table) is read before the right column.
    assert at[P.RESULTS_TABLE.caption] < at[P.DATA_TABLE.caption]


def test_a_label_over_two_columns_names_both(paper: Document) -> None:
    data = _tables(paper)[1]
    assert list(data[0]) == P.DATA_HEAD
    assert not any(r["Corpus"] in ("Corpus", "") for r in data)


@pytest.fixture(scope="module")
def headers(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = P.make_header_tables(tmp_path_factory.mktemp("papers") / "headers.pdf")
    return load_file(path, display="headers.pdf")


def test_a_header_of_three_rows_gives_one_name_per_column_upper_label_first(
    headers: Document,
) -> None:
    outlook, sales = _tables(headers)[:2]
    # Drawn with rules only, a short rule under each group label.
    assert outlook == _records(P.OUTLOOK_HEAD, P.OUTLOOK)
    # Drawn as a ruled grid, group labels in merged cells.
    assert sales == _records(P.SALES_HEAD, P.SALES)


def test_a_caption_inside_the_frame_is_the_title_not_the_header(headers: Document) -> None:
    staff, budget = _tables(headers)[2:]
    assert staff == _records(P.STAFF_HEAD, P.STAFF)
    assert budget == _records(P.BUDGET_HEAD, P.BUDGET)
    for caption, first in ((P.STAFF_CAPTION, P.STAFF[0]), (P.BUDGET_CAPTION, P.BUDGET[0])):
        at = next(i for i, s in enumerate(headers.sections) if s.text == caption)
        assert headers.sections[at].kind == "paragraph"
        after = headers.sections[at + 1].record
        assert after is not None and list(after.values()) == first
        assert headers.sections[at + 1].provenance.heading_path == ("World Outlook Tables",)


def test_cells_drawn_as_boxes_with_a_white_bar_between_keep_their_columns_and_first_row(
    tmp_path: Path,
) -> None:
    doc = load_file(P.make_shaded_cells(tmp_path / "regions.pdf"))
    assert _tables(doc) == [_records(P.REGIONS_HEAD, P.REGIONS)]


@pytest.fixture(scope="module")
def grouped(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = P.make_grouped_tables(tmp_path_factory.mktemp("papers") / "grouped.pdf")
    return load_file(path, display="grouped.pdf")


def test_group_labels_without_rules_and_row_labels_merged_down(grouped: Document) -> None:
    # "Top-20" centred over three columns names each; "Single" set once between its two
    # rows belongs to both.
    assert _tables(grouped)[0] == _records(P.RETRIEVAL_HEAD, P.RETRIEVAL)


def test_cells_of_running_text_between_rules_are_one_record(grouped: Document) -> None:
    records = _tables(grouped)[1]
    assert records == _records(P.EXAMPLES_HEAD, P.EXAMPLES)


def test_tables_in_one_frame_each_under_its_title_row_have_their_own_columns(
    tmp_path: Path,
) -> None:
    doc = load_file(P.make_framed_tables(tmp_path / "framed.pdf"))
    # Each title row inside the frame is its table's caption, not a header or a record;
    # a label set on two lines in a cell merged down the header reads as one name.
    assert _tables(doc) == [
        _records(P.HOLDERS_HEAD, P.HOLDERS),
        _records(P.FREE_HEAD, P.FREE),
    ]
    for caption, first in ((P.HOLDERS_CAPTION, P.HOLDERS[0]), (P.FREE_CAPTION, P.FREE[0])):
        at = next(i for i, s in enumerate(doc.sections) if s.text == caption)
        assert doc.sections[at].kind == "paragraph"
        after = doc.sections[at + 1].record
        assert after is not None and list(after.values()) == first


def test_a_spreadsheet_table_with_staggered_group_labels_titles_and_notes(
    tmp_path: Path,
) -> None:
    doc = load_file(P.make_overview_table(tmp_path / "overview.pdf"))
    assert _tables(doc) == [_records(P.OVERVIEW_HEAD, P.OVERVIEW)]
    texts = [(s.kind, s.text) for s in doc.sections if s.kind != "table_row"]
    assert texts == [
        *(("paragraph", t) for t in P.OVERVIEW_TITLES),
        *(("paragraph", t) for t in P.OVERVIEW_NOTES),
    ]
    rows = [i for i, s in enumerate(doc.sections) if s.kind == "table_row"]
    notes = [i for i, s in enumerate(doc.sections) if s.text in P.OVERVIEW_NOTES]
    assert max(rows) < min(notes)


def test_a_grid_without_sides_bottom_rule_or_rules_between_rows(tmp_path: Path) -> None:
    doc = load_file(P.make_open_grid(tmp_path / "costs.pdf"))
    assert _tables(doc) == [_records(P.COSTS_HEAD, P.COSTS)]


def test_two_columns_of_running_text_between_rules_across_the_page_are_not_a_table(
    tmp_path: Path,
) -> None:
    doc = load_file(P.make_ruled_page(tmp_path / "page.pdf"))
    assert _tables(doc) == []
    assert sum(1 for s in doc.sections if s.kind == "paragraph" and len(s.text) > 400) >= 2


def test_group_labels_over_sub_columns_ruled_below_them_and_rows_ruled_in_groups(
    tmp_path: Path,
) -> None:
    doc = load_file(P.make_grouped_grid(tmp_path / "checks.pdf"))
    assert _tables(doc) == [_records(P.CHECKS_HEAD, P.CHECKS)]
    # The title inside the frame, in larger bold type: the document's heading.
    assert [s.text for s in doc.sections if s.kind in ("paragraph", "heading")] == [P.CHECKS_TITLE]
    assert doc.sections[0].kind == "heading"
