"""A row's question says what its table's figures measure and whom they cover: the scope
its caption gives them, and the thing its title counts, beside the row and the column."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.docx_fixtures import add_filled_table


def _prompts(path: Path, count: int = 30) -> list[str]:
    from datasetkit.generate.offline.generator import OfflineGenerator
    from datasetkit.generate.plan import build_plan, chunk_documents
    from datasetkit.knowledge import load

    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    return [c.case.turns[0].prompt for c in gen.generate_knowledge(plan).cases]


def _paper(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Sparse Readers for Short Answers", 0)
    d.add_paragraph(
        "We train a sparse reader (SR) and a dense reader (DR) with two training "
        "objectives and report how often the first passages they return hold the answer."
    )
    d.add_heading("Results", 1)
    add_filled_table(
        d,
        [
            ["Reader", "Loss", "Top-1 accuracy", "Top-5 accuracy", "Top-20 accuracy"],
            ["SR", "Margin", "41.2", "63.0", "77.5"],
            ["SR", "Hinge", "40.8", "62.4", "76.9"],
            ["DR", "Margin", "44.1", "66.2", "78.3"],
            ["DR", "Hinge", "43.7", "65.5", "78.0"],
        ],
    )
    d.add_paragraph(
        "Table 2: Top-k retrieval accuracy on the test set of HarborQA using different "
        "readers and losses."
    )
    d.save(path)
    return path


def _counts(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Regional Library Card Applications", 0)
    d.add_heading("March - 2024", 1)
    add_filled_table(
        d,
        [
            ["County", "Online", "In Person", "By Mail", "Totals"],
            ["Alder", "1,204", "877", "95", "2,176"],
            ["Birch", "988", "1,012", "120", "2,120"],
            ["Cedar", "455", "301", "44", "800"],
            ["Dogwood", "2,310", "1,455", "201", "3,966"],
            ["Elm", "612", "580", "77", "1,269"],
        ],
    )
    d.save(path)
    return path


def test_a_results_row_is_asked_on_the_data_its_caption_names(tmp_path: Path) -> None:
    prompts = _prompts(_paper(tmp_path / "paper.docx"))
    rows = [p for p in prompts if "accuracy" in p.lower() and ("SR" in p or "DR" in p)]
    assert rows, prompts
    # A row named by a short form the text defines says it in full.
    assert all("sparse reader (SR)" in p or "dense reader (DR)" in p for p in rows), rows
    assert all("on the test set of HarborQA" in p for p in rows), rows
    # The second key said as a user says it, not "with a loss of margin".
    assert not any("a loss of" in p for p in prompts), prompts
    assert any("margin loss" in p or "hinge loss" in p for p in rows), rows


def test_a_count_is_said_as_the_title_counts_it(tmp_path: Path) -> None:
    prompts = _prompts(_counts(tmp_path / "cards.docx"))
    counted = [p for p in prompts if p.startswith("How many")]
    assert counted, prompts
    # Every count names what the title counts, the column it asks quoted as a name.
    assert all("library card applications" in p for p in counted), counted
    assert any("“Online” regional library card applications" in p for p in counted) or any(
        "“In Person”" in p or "“By Mail”" in p for p in counted
    ), counted


def _price_list(path: Path) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Bikes"
    ws.append(["Fabrikam Cycles price list, autumn 2026"])
    ws.append([])
    ws.append(["Model", "Price", "Weight (kg)", "Frame"])
    ws.append(["Glide 3", "$899.00", 11.2, "Aluminium"])
    ws.append(["Ridgeback 7", "$1,249.00", 9.8, "Carbon"])
    ws.append(["Commuter S", "$649.00", 13.5, "Steel"])
    ws.append(["Trail Pro", "$1,899.00", 12.1, "Carbon"])
    wb.save(path)
    return path


def test_a_price_list_row_is_asked_as_the_sellers_product(tmp_path: Path) -> None:
    prompts = _prompts(_price_list(tmp_path / "prices.xlsx"))
    priced = [p for p in prompts if p.startswith("How much does")]
    assert priced, prompts
    # The store the title names is said in every question, its products as its own.
    assert all("Fabrikam Cycles' " in p for p in priced), priced
    assert all("Fabrikam Cycles" in p for p in prompts), prompts


def _costs(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Costs of Compliance", 1)
    d.add_paragraph("The agency estimates the following costs to comply with this rule.")
    add_filled_table(
        d,
        [
            ["Action", "Labor cost", "Parts cost", "Cost per product"],
            ["Valve inspection", "$170", "$0", "$170"],
            ["Sensor replacement", "$340", "$1,250", "$1,590"],
            ["Wiring change", "$680", "$410", "$1,090"],
            ["Manual revision", "$85", "$0", "$85"],
        ],
    )
    d.save(path)
    return path


def test_a_row_that_is_something_done_is_named_by_what_is_done(tmp_path: Path) -> None:
    prompts = _prompts(_costs(tmp_path / "costs.docx"))
    rows = [p for p in prompts if "inspection" in p or "replacement" in p or "change" in p]
    assert rows, prompts
    # "the labor cost of valve inspection", never "... of the Valve inspection action".
    assert not any("action?" in p for p in rows), rows


def test_a_row_is_never_named_by_a_number_in_scientific_notation(tmp_path: Path) -> None:
    from docx import Document

    d = Document()
    d.add_heading("Corrosion measurements", 1)
    add_filled_table(
        d,
        [
            ["Current density (A/cm2)", "Corrosion rate (mm/year)", "Resistance (ohm)"],
            ["3.11E-04", "0.9121", "88.410"],
            ["5.39E-05", "0.4318", "373.180"],
            ["5.46E-05", "0.3772", "305.650"],
            ["1.24E-05", "0.0919", "246.080"],
        ],
    )
    path = tmp_path / "measurements.docx"
    d.save(path)
    prompts = _prompts(path)
    # "the 5.46E-05 current density" names no row a user can ask about.
    assert not any("E-0" in p for p in prompts), prompts
