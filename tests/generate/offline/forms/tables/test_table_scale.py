"""The scale a table states (a note above it, a column's unit, a cell among its figures)
travels into every figure's answer ("$20,081 (in millions)"), and the rows the note
excepts (per share amounts) are answered as printed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.docx_fixtures import add_filled_table
from tests.helpers.knowledge_fixtures import generate_offline

STATEMENT = [
    ["", "Three Months Ended June 30, 2025", "Three Months Ended June 30, 2024"],
    ["Revenue", "$56,189", "$51,865"],
    ["Operating income", "24,254", "20,534"],
    ["Net income", "$20,081", "$16,740"],
    ["Diluted earnings per share", "$2.69", "$2.23"],
]
DIVIDENDS = [
    [
        "Declaration Date",
        "Record Date",
        "Payment Date",
        "Dividend Per Share",
        "Amount (In millions)",
    ],
    ["June 13, 2025", "August 17, 2025", "September 14, 2025", "$0.68", "$5,054"],
    ["March 14, 2025", "May 18, 2025", "June 8, 2025", "$0.68", "$5,058"],
    ["November 29, 2024", "February 16, 2025", "March 9, 2025", "$0.68", "$5,063"],
]


COMMITMENTS = [
    ["(In millions)", "2026", "2027-2028", "Thereafter", "Total"],
    ["Long-term debt", "5,250", "9,100", "41,990", "56,340"],
    ["Operating leases", "5,988", "11,408", "43,563", "60,959"],
    ["Purchase commitments", "57,056", "3,113", "1,300", "61,469"],
    ["Total", "68,294", "23,621", "86,853", "178,768"],
]


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _report(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.core_properties.title = "Northwind Traders Fourth Quarter Results"
    d.add_heading("Northwind Traders Fourth Quarter Results", level=1)
    d.add_paragraph("INCOME STATEMENTS")
    d.add_paragraph("(In millions, except per share amounts) (Unaudited)")
    add_filled_table(d, STATEMENT)
    d.add_heading("Contractual Obligations", level=2)
    add_filled_table(d, COMMITMENTS)
    d.add_heading("Dividends", level=2)
    d.add_paragraph("Our Board of Directors declared the following dividends:")
    add_filled_table(d, DIVIDENDS)
    d.save(str(path))
    return path


def test_a_figure_is_answered_with_the_scale_its_table_states(tmp_path: Path) -> None:
    pairs = _pairs(generate_offline(tmp_path, _report(tmp_path / "results.docx"), 30))
    figures = {q: a for q, a in pairs.items() if re.search(r"\$\d[\d,]{3,}", a)}
    assert figures, pairs
    for question, answer in figures.items():
        assert answer.endswith("(in millions)"), (question, answer)
    statement = {f"{v} (in millions)" for row in STATEMENT[1:4] for v in row[1:]}
    statement |= {f"${v} (in millions)" for row in STATEMENT[1:4] for v in row[1:]}
    assert len(statement & set(pairs.values())) >= 2, pairs
    dividends = {f"{row[4]} (in millions)" for row in DIVIDENDS[1:]}
    assert any(a.endswith(tuple(dividends)) for a in pairs.values()), pairs
    for question, answer in pairs.items():
        if "per share" in question:
            assert "million" not in answer, (question, answer)


def test_a_column_of_the_years_after_is_no_measure(tmp_path: Path) -> None:
    pairs = _pairs(generate_offline(tmp_path, _report(tmp_path / "results.docx"), 30))
    assert pairs, "the report gives questions"
    for question in pairs:
        assert "thereafter" not in question.casefold(), question
