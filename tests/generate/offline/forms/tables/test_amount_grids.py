"""A grid of rates by amount and year asked by the measure its title names, the amounts
said in their currency and the grid's title block closing the question."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _rates(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Rates"
    rows: list[list[object]] = [
        ["2. EFFECTIVE LEVY RATES ON YEARLY TURNOVER IN % TERMS*"],
        [],
        ["STANDARD LEVY", None, "SMALL TRADERS"],
        [],
        ["$", 2019, 2020, 2021],
        [50000, 0.021, 0.019, 0.018],
        [80000, 0.034, 0.031, 0.029],
        [120000, 0.047, 0.044, 0.041],
        [],
        [],
        ["STANDARD LEVY", None, "LARGE TRADERS"],
        [],
        ["$", 2019, 2020, 2021],
        [50000, 0.025, 0.023, 0.022],
        [80000, 0.039, 0.036, 0.034],
        [120000, 0.052, 0.049, 0.046],
        [],
        ["* Effective levy rates are the levy paid as a share of yearly turnover."],
    ]
    for row in rows:
        ws.append(row)
    # The block's second label spans the columns of figures, as a title over them.
    ws.merge_cells("C3:D3")
    ws.merge_cells("C11:D11")
    for row in ws.iter_rows(min_row=6, max_row=16):
        if isinstance(row[0].value, int):
            row[0].number_format = "#,##0"
            for cell in row[1:]:
                cell.number_format = "0.0%"
    wb.save(path)
    return path


def test_a_grid_by_amount_and_year_is_asked_by_its_title(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_rates(tmp_path / "rates.xlsx")], 40)[0])
    asked = {q: a for q, a in pairs.items() if q.startswith("What was the effective levy rate")}
    question = (
        "What was the effective levy rate on yearly turnover of $80,000 in 2020 (small traders)?"
    )
    assert asked.get(question) == "3.1%", list(pairs)
    # No row is named by its bare amount, nor the title said in capitals.
    assert not [q for q in pairs if "for 80,000" in q or "TRADERS" in q], list(pairs)


def _grid_without_title(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in [["$", 2019, 2020], [50000, 0.021, 0.019], [80000, 0.034, 0.031]]:
        ws.append(row)
    wb.save(path)
    return path


def test_a_grid_whose_title_names_nothing_is_not_asked(tmp_path: Path) -> None:
    cases = _cases([_grid_without_title(tmp_path / "grid.xlsx")], 10)[0]
    assert not [q for q in _pairs(cases) if "50,000" in q or "80,000" in q]
