"""A property sheet printed as a headerless two-column table is asked property by
property, of what the heading above it names; never with its first row as column names."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

SHEET = """\
| Class of Shares | Income Shares |
| --- | --- |
| Currency of Denomination | Pounds Sterling |
| Minimum Initial Investment | £1,000 |
| Annual Management Charge | 0.75% per annum |
| Annual Accounting Date | 30 June |
"""

DOC = f"""# Northwind Funds Prospectus

## Northwind Growth Fund

The fund aims to grow capital over the long term.

{SHEET}
"""

UNNAMED = f"""# Northwind Funds Prospectus

## Notes

{SHEET}
"""


def _asked(tmp_path: Path, text: str) -> dict[str, str]:
    doc = tmp_path / "prospectus.md"
    doc.write_text(text, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_each_property_is_asked_of_the_product_its_heading_names(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, DOC)
    by_answer = {a: q for q, a in pairs.items()}
    asked = by_answer.get("£1,000", "")
    assert asked.startswith(
        "What is the minimum initial investment of the Northwind Growth Fund"
    ), pairs
    assert by_answer.get("0.75% per annum", "").startswith(
        "What is the annual management charge"
    ), pairs
    for q in pairs:
        assert "income shares of" not in q.casefold(), q  # the first row is no column name
        assert "of the Minimum" not in q and "of the Annual" not in q, q


def test_a_sheet_under_a_heading_that_names_nothing_gives_no_question(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, UNNAMED)
    assert not [a for a in pairs.values() if a in ("£1,000", "30 June", "0.75% per annum")], pairs


STATEMENT = """# Annual Report

## Unearned Revenue

| Balance, beginning of period | March 31, 2024 |
| --- | --- |
| Deferral of revenue | 10,801 |
| Recognition of unearned revenue | (9,212) |
| Balance, end of period | 1,589 |
"""


def test_a_statement_with_a_period_header_is_no_property_sheet(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, STATEMENT)
    assert not [q for q in pairs if "march 31" in q.casefold() and " of the " in q], pairs
    assert not [q for q in pairs if q.endswith("of the Unearned Revenue?")], pairs
