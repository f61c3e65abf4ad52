"""Whatever the layout of a sheet, no visible value is lost and nothing hidden shows."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from datasetkit.knowledge import load_file

_WORDS = ["Name", "Price", "Q1", "Total", "note:", "Oslo", "* see below", "A longer sentence."]

cells = st.dictionaries(
    st.tuples(st.integers(1, 12), st.integers(1, 7)),
    st.one_of(st.sampled_from(_WORDS), st.integers(1000, 9999)),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(
    grid=cells,
    merges=st.lists(st.tuples(st.integers(1, 12), st.integers(1, 7), st.booleans()), max_size=3),
    hidden_row=st.one_of(st.none(), st.integers(1, 12)),
    hidden_col=st.one_of(st.none(), st.integers(1, 7)),
)
def test_every_visible_value_is_read_and_no_hidden_one(
    grid: dict[tuple[int, int], object],
    merges: list[tuple[int, int, bool]],
    hidden_row: int | None,
    hidden_col: int | None,
) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    # Every cell gets a token of its own, so it can be found again in the output.
    shown: dict[tuple[int, int], str] = {}
    for (r, c), value in grid.items():
        text = f"{value} r{r}c{c}x" if isinstance(value, str) else str(value * 100 + r * 10 + c)
        ws.cell(r, c, text if isinstance(value, str) else int(text))
        shown[(r, c)] = text
    taken: set[tuple[int, int]] = set()
    for r, c, across in merges:
        area = {(r, c), (r, c + 1)} if across else {(r, c), (r + 1, c)}
        if area & taken or any(k > 12 for k, _ in area) or any(k > 7 for _, k in area):
            continue
        taken |= area
        (r1, c1) = max(area)
        ws.merge_cells(start_row=r, start_column=c, end_row=r1, end_column=c1)
        for cell in area - {(r, c)}:
            shown.pop(cell, None)  # a merged range shows its first cell only
    if hidden_row:
        ws.row_dimensions[hidden_row].hidden = True
    if hidden_col:
        ws.column_dimensions[openpyxl.utils.get_column_letter(hidden_col)].hidden = True
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.xlsx"
        wb.save(str(path))
        doc = load_file(path)
    out = "\n".join(
        [s.text for s in doc.sections]
        + [part for s in doc.sections for kv in (s.record or {}).items() for part in kv]
    )
    for (r, c), text in shown.items():
        if r == hidden_row or c == hidden_col:
            assert text not in out, (r, c, text)
        else:
            assert text in out, (r, c, text)
