"""A sheet's last row of figures with no label (its totals) is no row of the table: the
column of names names the rows again; totals that are not the sums of the rows shown
mark them as part of a longer list, over which nothing is asked."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import offline_pairs

_STATES = [
    ("Assam", 39, 178096),
    ("Bihar", 311, 1479122),
    ("Goa", 29, 7705),
    ("Gujarat", 969, 3822112),
    ("Kerala", 199, 81705),
]


def _book(tmp_path: Path, name: str, rows: list[list[object]]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Sheet1"
    for row in rows:
        ws.append(row)
    f = tmp_path / name
    wb.save(f)
    return f


def _states(tmp_path: Path, totals: list[object]) -> dict[str, str]:
    rows: list[list[object]] = [["S. No.", "State", "Stores", "Capacity (MT)"]]
    rows += [[i, s, n, c] for i, (s, n, c) in enumerate(_STATES, start=1)]
    rows.append([None, None, *totals])
    return offline_pairs(tmp_path, _book(tmp_path, "states.xlsx", rows))


def test_an_unlabelled_totals_row_leaves_the_states_named(tmp_path: Path) -> None:
    pairs = _states(tmp_path, [1547, 5568740])  # the sums of the rows above
    bihar = [a for q, a in pairs.items() if "Bihar" in q and "capacity" in q.lower()]
    assert bihar and all("1479122" in a for a in bihar), pairs
    highest = [a for q, a in pairs.items() if q.startswith("Which state has the highest")]
    assert highest and all(a.startswith("Gujarat") for a in highest), pairs
    assert not [a for a in pairs.values() if "1547" in a or "5568740" in a], pairs


def test_totals_of_a_longer_list_ask_nothing_over_the_rows_shown(tmp_path: Path) -> None:
    # The totals cover more states than the rows listed: the highest shown is no answer.
    pairs = _states(tmp_path, [8186, 37425097])
    assert [q for q in pairs if "Bihar" in q], pairs
    assert not [q for q in pairs if q.startswith("Which ")], pairs
    assert not [a for a in pairs.values() if "8186" in a or "37425097" in a], pairs
