"""Sheets of small blocks under coloured or merged titles, and calculators with their
inputs above a schedule: titles become headings, blocks without a header are read as
labels with their values (or a table with no header), never with their first row taken
for a header, and a template's unused lines are left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import Document, load_file
from tests.helpers.xlsx_templates import make_loan_xlsx, make_titled_blocks_xlsx


@pytest.fixture(scope="module")
def blocks(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = make_titled_blocks_xlsx(tmp_path_factory.mktemp("xlsx") / "blocks.xlsx")
    return load_file(path, display="blocks.xlsx")


@pytest.fixture(scope="module")
def loan(tmp_path_factory: pytest.TempPathFactory) -> Document:
    return load_file(make_loan_xlsx(tmp_path_factory.mktemp("xlsx") / "loan.xlsx"))


def test_filled_titles_are_headings_of_one_level(blocks: Document) -> None:
    heads = [(s.text, s.level) for s in blocks.sections if s.kind == "heading"]
    assert heads == [("Project summary", 1), ("Headcount by site", 1), ("Milestones", 1)]


@pytest.mark.parametrize(("colour", "merge"), [("FFC000", False), ("", True)])
def test_a_fill_or_a_merge_alone_sets_a_title_apart(
    tmp_path: Path, colour: str, merge: bool
) -> None:
    doc = load_file(make_titled_blocks_xlsx(tmp_path / "b.xlsx", colour=colour, merge=merge))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Project summary", "Headcount by site", "Milestones"]


def test_a_white_fill_sets_nothing_apart(tmp_path: Path) -> None:
    doc = load_file(make_titled_blocks_xlsx(tmp_path / "b.xlsx", colour="FFFFFF", merge=False))
    # A solid white fill only hides the gridlines: the line over the pairs, in the type
    # of the sheet's text, stays a line of text.
    first = doc.sections[0]
    assert (first.kind, first.text) == ("paragraph", "Project summary")
    assert doc.sections[1].record == {"Owner": "Maria Lopez"}


def test_a_summary_without_a_header_is_read_as_labels_with_their_values(
    blocks: Document,
) -> None:
    rows = [s for s in blocks.sections if s.provenance.heading_path == ("Project summary",)]
    assert [s.record for s in rows if s.kind == "table_row"] == [
        {"Owner": "Maria Lopez"},
        {"Start date": "March 2024"},
        {"Budget": "125000"},
        {"Status": "On track"},
    ]
    assert all(s.headerless for s in rows if s.kind == "table_row")


def test_a_block_under_its_own_title_does_not_carry_on_the_block_above(
    blocks: Document,
) -> None:
    sites = [
        s.record
        for s in blocks.sections
        if s.kind == "table_row" and s.provenance.heading_path == ("Headcount by site",)
    ]
    # A list of like things with one count each: all four sites are records (the first
    # is not taken for a header), and the title is no record of the summary above.
    assert [list(r.values()) if r else None for r in sites] == [
        ["Berlin", "12"],
        ["Paris", "8"],
        ["Madrid", "5"],
        ["Lisbon", "3"],
    ]
    assert not any("Headcount by site" in (s.record or {}).values() for s in blocks.sections)


def test_a_table_with_a_header_under_a_filled_title_keeps_its_header(blocks: Document) -> None:
    rows = [s.record for s in blocks.sections if s.provenance.heading_path == ("Milestones",)]
    assert rows[1:] == [
        {"Milestone": "Design", "Due": "April", "Owner": "Ana"},
        {"Milestone": "Build", "Due": "June", "Owner": "Ben"},
        {"Milestone": "Launch", "Due": "September", "Owner": "Cleo"},
    ]


def test_a_calculators_inputs_are_labels_with_their_values(loan: Document) -> None:
    pairs = [s.record for s in loan.sections if s.headerless]
    assert pairs == [
        {"Loan amount": "12,000.00"},
        {"Annual interest rate": "6.00%"},
        {"Loan period in years": "1"},
        {"Payments per year": "12"},
        {"Lender": "First Community Bank"},
    ]


def test_a_schedules_unused_template_lines_are_left_out(loan: Document) -> None:
    schedule = [s.record for s in loan.sections if s.kind == "table_row" and not s.headerless]
    assert [r["No."] for r in schedule if r] == [str(n) for n in range(1, 13)]
    assert schedule[-1] is not None and schedule[-1]["Payment"] != "0"


def test_a_table_with_numbered_lines_all_filled_keeps_them(tmp_path: Path) -> None:
    doc = load_file(make_loan_xlsx(tmp_path / "full.xlsx", payments=12, lines=12))
    schedule = [s for s in doc.sections if s.record and "No." in s.record]
    assert len(schedule) == 12


@pytest.mark.parametrize(
    ("rows", "pairs"),
    [
        ([["Loan amount", "20,000"], ["Rate", "5%"], ["Lender", "Acme Bank"]], True),
        ([["Owner", "Ana Diaz"], ["Budget", "$5,000"], ["Status", "Open"], ["Due", "May"]], True),
        # A header over one kind of value, or over a list of like things.
        ([["Item", "Qty"], ["Tent", "4"], ["Stove", "2"], ["Lamp", "7"]], False),
        ([["Berlin", "12"], ["Paris", "8"], ["Madrid", "5"]], False),
        ([["Setting", "Value"], ["Timeout", "30"], ["Mode", "fast"], ["Retries", "3"]], False),
        ([["Region", "2024"], ["North", "1,200"], ["South", "950"]], False),
    ],
)
def test_the_shared_header_model_tells_pairs_from_a_header(
    rows: list[list[str]], pairs: bool
) -> None:
    from datasetkit.knowledge.tableheader import pairs_without_header

    assert pairs_without_header(rows) is pairs
