"""A spreadsheet header's letter code and formula are notes, not its name; a unit after a
slash is said as a unit; a cell's trailing formula text is no part of its value; a column
equal to another on every row is asked once."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.tables.header_notes import (
    header_without_notes,
    value_without_formula,
)
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

_PARTNERS = [
    ("Northwind", "DE", 120000, 8000),
    ("Contoso", "FR", 95000, 12000),
    ("Fabrikam", "NL", 64000, 3000),
    ("Tailspin", "AT", 151000, 9500),
    ("Litware", "BE", 43000, 2500),
    ("Adventure Works", "IT", 78000, 6000),
]


def _budget(path: Path) -> Path:
    """A grant budget whose headers carry letter codes, units after a slash and formulas,
    whose totals are written with their formula, and whose maximum equals the total."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Budget"
    ws.append(
        [
            "Partner",
            "Country",
            "(A) Direct personnel costs/€",
            "(B) Other direct costs/€",
            "(F) Indirect Costs /€ (=0.25(A+B))",
            "(H) Total eligible costs /€ (=A+B+F)",
            "(J) Max. contribution /€ (=H*1)",
        ]
    )
    for name, country, a, b in _PARTNERS:
        f = (a + b) * 0.25
        h = a + b + f
        ws.append([name, country, a, b, f"{f:.2f}", f"{h:.2f} =A+B+F", f"{h:.2f} =H*1"])
    wb.save(path)
    return path


def _pairs(path: Path, count: int = 40) -> list[tuple[str, str]]:
    docs = load([path])
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents(docs), count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return [(c.case.turns[0].prompt, str(c.case.turns[0].expected_response)) for c in result.cases]


def test_header_notes_are_no_part_of_its_name() -> None:
    assert header_without_notes("(F) Indirect Costs /€ (=0.25(A+B-E))") == "Indirect Costs (€)"
    assert header_without_notes("Total (=A+B+C)") == "Total"
    assert header_without_notes("B) Travel in €") == "Travel (€)"
    assert header_without_notes("Rate (%)") == "Rate (%)"
    assert header_without_notes("Income/(expenses)") == "Income/(expenses)"


def test_trailing_formula_text_is_no_part_of_a_value() -> None:
    assert value_without_formula("141250.00 =H*I") == "141250.00"
    assert value_without_formula("40000.00 =A+B+C+D+F+G") == "40000.00"
    assert value_without_formula("12 = a dozen") == "12 = a dozen"


def test_budget_questions_say_the_columns_as_a_user_does(tmp_path: Path) -> None:
    pairs = _pairs(_budget(tmp_path / "budget.xlsx"))
    prompts = [q for q, _ in pairs]
    assert prompts
    for q, a in pairs:
        assert "(=" not in q and "/€" not in q, q
        assert "(a)" not in q.lower() and "(f)" not in q.lower() and "(h)" not in q.lower(), q
        assert "=" not in a, (q, a)
    # The maximum equals the total on every row: asking both gives the same answer.
    assert not any("max" in q.lower() for q in prompts), prompts
    assert any("costs" in q for q in prompts), prompts
