"""Chunking that follows structure, proportional seeded sampling, and the coverage report."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.plan import (
    allocate,
    build_plan,
    chunk_documents,
    coverage_rows,
    render_coverage,
    split_text,
)
from datasetkit.knowledge import Document, Provenance, Section, load
from tests.helpers.knowledge_fixtures import make_policy_docx, make_price_xlsx


def _handbook(
    sections: int, paragraph: str = "Staff must follow the rule described here. "
) -> Document:
    doc = Document("handbook.md", "markdown")
    for i in range(1, sections + 1):
        path = ("Handbook", f"Rule {i}")
        doc.sections.append(
            Section("heading", f"Rule {i}", Provenance("handbook.md", heading_path=path), level=2)
        )
        doc.sections.append(
            Section(
                "paragraph",
                f"Rule {i}. " + paragraph * 3,
                Provenance("handbook.md", heading_path=path),
            )
        )
    return doc


def _table(rows: int, sheet: str = "Prices") -> Document:
    doc = Document("prices.xlsx", "xlsx")
    for r in range(2, rows + 2):
        record = {"Item": f"Item {r}", "Price": f"{r}.00"}
        doc.sections.append(
            Section(
                "table_row",
                f"Item: Item {r}; Price: {r}.00",
                Provenance("prices.xlsx", sheet=sheet, row=r),
                record=record,
            )
        )
    return doc


def test_chunks_follow_structure_and_the_size_bound(tmp_path: Path) -> None:
    docs = load(
        [make_policy_docx(tmp_path / "travel.docx"), make_price_xlsx(tmp_path / "prices.xlsx")]
    )
    chunks = chunk_documents(docs, max_chars=200)
    assert all(len(c.text) <= 200 for c in chunks)
    kinds = [(c.kind, c.meta["stratum"]) for c in chunks]
    t = str(tmp_path / "travel.docx")
    x = str(tmp_path / "prices.xlsx")
    assert kinds == [
        ("text", f"{t} > Travel Policy > Booking"),
        ("text", f"{t} > Travel Policy > Booking"),
        ("text", f"{t} > Travel Policy > Expenses"),
        ("table", f"{t} > Travel Policy > Expenses"),
        ("text", f"{t} > Travel Policy > Expenses"),
        # The workbook's title is the heading of the Plans table (in its rows' heading
        # path), not a chunk of its own.
        ("table", f"{x} sheet Plans"),
        ("table", f"{x} sheet Discounts"),
    ]
    # A table chunk holds whole rows of one table, and knows its key column.
    table = chunks[5]
    assert table.provenance.heading_path == ("Contoso price list 2026",)
    assert [s.provenance.row for s in table.sections] == [4, 5, 6]
    assert table.meta["key_column"] == "Plan"
    assert table.meta["columns"] == ["Plan", "Monthly price", "Seats", "Annual price"]
    # A text chunk starts with its heading and keeps its heading path.
    assert chunks[0].text.startswith("Booking\n")
    assert chunks[0].provenance.heading_path == ("Travel Policy", "Booking")
    # The text after the table continues the Expenses section under the same heading.
    assert chunks[4].text == "Expenses\nQuestions go to travel@contoso.example."
    assert chunks[4].meta["part"] == 1


def test_long_tables_and_long_paragraphs_are_split_at_boundaries() -> None:
    chunks = chunk_documents([_table(60)], max_chars=300)
    assert len(chunks) > 5
    assert all(len(c.text) <= 300 for c in chunks)
    rows = [s.provenance.row for c in chunks for s in c.sections]
    assert rows == list(range(2, 62))  # every row once, in order
    text = "One sentence here. " * 100
    pieces = split_text(text.strip(), 150)
    assert all(len(p) <= 150 for p in pieces)
    assert " ".join(pieces) == text.strip()
    assert all(p.endswith(".") for p in pieces)


def test_chunk_ids_are_stable_and_distinct() -> None:
    a = chunk_documents([_handbook(5)])
    b = chunk_documents([_handbook(5)])
    assert [c.id for c in a] == [c.id for c in b]
    assert len({c.id for c in a}) == len(a)


def test_allocate_is_proportional_with_a_minimum_of_one() -> None:
    rng = random.Random(1)
    assert allocate([100, 300, 600], 13, rng) == [2, 4, 7]
    assert sum(allocate([5, 1, 1, 1], 4, rng)) == 4
    assert allocate([5, 1, 1, 1], 4, rng) == [1, 1, 1, 1]
    # Capacities clip, and what is left goes elsewhere.
    assert allocate([100, 100], 10, rng, caps=[2, 50]) == [2, 8]
    assert allocate([100, 100], 10, rng, caps=[2, 3]) == [2, 3]


def test_few_cases_are_spread_over_the_whole_document_not_the_first_chunks() -> None:
    chunks = chunk_documents([_handbook(40)])
    assert len(chunks) == 40
    for seed in range(5):
        plan = build_plan(chunks, 4, seed)
        picked = sorted(chunks.index(s.chunks[0]) for s in plan.slots)
        assert len(set(picked)) == 4
        # Systematic sampling: one pick in each quarter of the document.
        assert [p // 10 for p in picked] == [0, 1, 2, 3], (seed, picked)


def test_plans_are_deterministic_for_a_seed_and_vary_across_seeds() -> None:
    chunks = chunk_documents([_handbook(40)])
    first = [s.chunks[0].id for s in build_plan(chunks, 6, 7).slots]
    again = [s.chunks[0].id for s in build_plan(chunks, 6, 7).slots]
    assert first == again
    others = {
        tuple(s.chunks[0].id for s in build_plan(chunks, 6, seed).slots) for seed in range(10)
    }
    assert len(others) > 3


def test_cases_spread_over_files_and_sheets_in_proportion() -> None:
    docs = [_handbook(4), _table(40, "Prices")]
    extra = _table(10, "Fees")
    docs[1].sections.extend(
        Section(
            s.kind,
            s.text,
            Provenance("prices.xlsx", sheet="Fees", row=s.provenance.row),
            record=s.record,
        )
        for s in extra.sections
    )
    chunks = chunk_documents(docs, max_chars=200)
    plan = build_plan(chunks, 30, 3)
    assert len(plan.slots) == 30
    assert set(plan.coverage) == {
        "handbook.md > Handbook > Rule 1",
        "handbook.md > Handbook > Rule 2",
        "handbook.md > Handbook > Rule 3",
        "handbook.md > Handbook > Rule 4",
        "prices.xlsx sheet Prices",
        "prices.xlsx sheet Fees",
    }
    assert all(n >= 1 for n in plan.coverage.values())
    # The Prices sheet holds four times the Fees sheet's text, and gets about four times the cases.
    assert plan.coverage["prices.xlsx sheet Prices"] > 2 * plan.coverage["prices.xlsx sheet Fees"]
    assert [s.index for s in plan.slots] == list(range(30))
    assert {s.question_type for s in plan.slots if s.chunks[0].kind == "table"} == {"lookup"}


def test_capacity_bounds_the_plan_and_categories_are_spread() -> None:
    chunks = chunk_documents([_handbook(3)])
    plan = build_plan(chunks, 10, 1, capacity=lambda c: 2)
    assert len(plan.slots) == 6
    plan = build_plan(chunks, 9, 1, categories=("knowledge", "edge-cases", "safety"))
    assert (
        sorted(s.category for s in plan.slots)
        == ["edge-cases"] * 3 + ["knowledge"] * 3 + ["safety"] * 3
    )
    with pytest.raises(DatasetkitError, match="unknown category"):
        build_plan(chunks, 3, 1, categories=("trivia",))
    with pytest.raises(DatasetkitError, match="at least 1"):
        build_plan(chunks, 0, 1)


def test_coverage_report_lists_every_section_including_empty_ones() -> None:
    chunks = chunk_documents([_handbook(6)])
    plan = build_plan(chunks, 2, 5)
    rows = coverage_rows(chunks, plan)
    assert len(rows) == 6
    assert sum(r.planned for r in rows) == 2
    assert sum(1 for r in rows if r.planned == 0) == 4
    text = render_coverage(rows)
    assert "handbook.md > Handbook > Rule 6" in text
    assert text.count("<- no cases") == 6  # nothing generated yet
    assert "6 section(s) or sheet(s), 6 without cases" in text
