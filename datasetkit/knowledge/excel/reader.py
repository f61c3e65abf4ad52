"""Excel ``.xlsx``/``.xlsm`` knowledge files, read as a person sees the workbook.

Every visible sheet, in tab order. A sheet may hold several tables (side by side or
stacked, with titles and notes around them): each becomes its own table, numbered
across the workbook (``Provenance.table``), with its own header (several header rows
with merged group labels give names like ``Q1 Revenue``). Text outside the tables
becomes paragraphs; the lines above a table set in bold or larger type are its title
block (the first a level-1 heading, the others level 2), else a short title right
above it is a level-1 heading; the table's rows carry them in their heading path. Cells read as their number format
shows them (``$19.90``, ``5-Mar-26``, ``70%``). Formulas are read as the values Excel
cached when the file was saved; a formula cell with no cached value is reported by
sheet and cell. Hidden sheets, rows and columns are left out, and reported.
"""

from __future__ import annotations

import contextlib
import zipfile
import zlib
from pathlib import Path
from xml.etree.ElementTree import ParseError

from datasetkit.knowledge.build import Builder, add_pair, record_text
from datasetkit.knowledge.excel.blocks import layout_items
from datasetkit.knowledge.excel.items import Item, TableItem, TextItem, item_columns
from datasetkit.knowledge.excel.numbers import format_value
from datasetkit.knowledge.excel.package import (
    PackageError,
    SheetData,
    SheetRef,
    Workbook,
    column_letter,
    read_sheet,
    read_workbook,
)
from datasetkit.knowledge.excel.pivotdefs import pivot_tables
from datasetkit.knowledge.excel.pivotparts import apply_pivots, read_pivots
from datasetkit.knowledge.excel.tableparts import TablePart, read_table_parts
from datasetkit.knowledge.excel.template_rows import nil_cell
from datasetkit.knowledge.excel.validations import (
    Box,
    DropDown,
    defined_names,
    form_tables,
    sheet_drop_downs,
)
from datasetkit.knowledge.excel.volatile import volatile_cells
from datasetkit.knowledge.guard import Limits, open_office_zip
from datasetkit.knowledge.model import Document, Problem, Provenance

__all__ = ["format_value", "load_xlsx"]

# What a damaged package raises while its parts are parsed: LookupError is expat's
# answer to an XML declaration naming an unknown encoding, ValueError (with
# UnicodeDecodeError) to bytes that are not in the declared one.
_UNREADABLE = (
    PackageError,
    ParseError,
    zipfile.BadZipFile,
    NotImplementedError,  # a zip version or compression method zipfile cannot read
    EOFError,
    zlib.error,
    LookupError,
    ValueError,
)
_HIDDEN_HINT = "unhide them in Excel if they hold knowledge"


def load_xlsx(path: Path, display: str, limits: Limits) -> Document:
    """Read every visible worksheet of an .xlsx file into a Document."""
    doc = Document(display, "xlsx")
    zf, problems = open_office_zip(path, display, "xlsx", limits)
    if zf is None:
        doc.problems.extend(problems)
        return doc
    hidden = False
    try:
        try:
            wb = read_workbook(zf)
        except _UNREADABLE as exc:
            doc.problems.append(_corrupt(display, "the xlsx file cannot be opened", exc))
            return doc
        b = Builder(doc, limits)
        tables = 0
        volatile: dict[str, set[tuple[int, int]]] = {}
        downs = _drop_downs(zf, wb)
        for sheet in wb.sheets:
            if b.full or b.out_of_time(f"sheet {sheet.name}"):
                break
            if sheet.state != "visible":
                hidden = True
                doc.problems.append(
                    _hidden_problem(display, f"hidden sheet {sheet.name} was left out")
                )
                continue
            tables, found_hidden = _sheet(zf, wb, sheet, b, (tables, downs), volatile)
            hidden = hidden or found_hidden
    finally:
        zf.close()
    _no_values(doc, hidden)
    return doc


def _drop_downs(zf: zipfile.ZipFile, wb: Workbook) -> list[DropDown]:
    """The list validations of every visible sheet (none when the parts are damaged)."""
    with contextlib.suppress(*_UNREADABLE):
        names = defined_names(zf, wb.part)
        return [
            d
            for sheet in wb.sheets
            if sheet.part is not None and sheet.state == "visible"
            for d in sheet_drop_downs(zf, sheet.part, sheet.name, names)
        ]
    return []


def _boxes(items: list[Item], tables: int) -> list[tuple[int, Box, int, list[str]]]:
    """Each table of a sheet's items (numbered on from ``tables``, as ``_emit`` numbers
    them): its cells below its header, how many of its rows hold a value (not only
    blanks, zeros or dashes: the lines a template's formulas compute empty), and its
    headers."""
    out: dict[int, tuple[int, Box, int, list[str]]] = {}
    numbers: dict[int, int] = {}
    for item in items:
        if not isinstance(item, TableItem):
            continue
        if item.of is None:
            tables += 1
            numbers[id(item)] = tables
        number = numbers.get(id(item.of or item))
        if number is None or not item.rows:
            continue
        first = item.header_rows[-1] + 1 if item.header_rows else item.rows[0][0]
        box = (item.columns[0], item.columns[-1], first, item.rows[-1][0])
        words = sum(1 for _, cells in item.rows if not all(nil_cell(c.text) for c in cells))
        if number in out:
            _, seen, count, _ = out[number]
            box = (seen[0], seen[1], seen[2], box[3])
            words += count
        out[number] = (number, box, words, item.headers)
    return list(out.values())


def _corrupt(display: str, what: str, exc: BaseException) -> Problem:
    detail = (str(exc).strip() or type(exc).__name__).splitlines()[0][:200]
    return Problem(
        display,
        f"{what}: {detail}",
        "open it in Excel and save it again as .xlsx",
        code="knowledge.corrupt",
    )


def _no_values(doc: Document, hidden: bool) -> None:
    if doc.sections or any(
        p.severity == "error" or p.code == "knowledge.truncated" for p in doc.problems
    ):
        return
    doc.problems.append(
        Problem(
            doc.path,
            "the workbook holds no visible values" if hidden else "the workbook holds no values",
            "unhide the sheets, rows or columns that hold knowledge"
            if hidden
            else "add content or leave the file out",
            code="knowledge.empty",
        )
    )


def _sheet(
    zf: zipfile.ZipFile,
    wb: Workbook,
    sheet: SheetRef,
    b: Builder,
    counted: tuple[int, list[DropDown]],
    volatile: dict[str, set[tuple[int, int]]],
) -> tuple[int, bool]:
    """Read and emit one sheet; the table count so far, and whether it hid values.

    ``counted`` holds the table count so far and the workbook's drop-down lists;
    ``volatile`` the volatile cells of the sheets read so far, by sheet name."""
    doc = b.doc
    tables, downs = counted
    if sheet.part is None:
        return tables, False
    try:
        data = read_sheet(
            zf, sheet.part, wb, lambda row: b.out_of_time(f"sheet {sheet.name} row {row}")
        )
    except _UNREADABLE as exc:
        doc.problems.append(_corrupt(doc.path, f"sheet {sheet.name} cannot be read", exc))
        return tables, False
    # A damaged pivot definition leaves its cells read as they stand.
    with contextlib.suppress(*_UNREADABLE):
        apply_pivots(data, read_pivots(zf, sheet.part))
        doc.pivots.extend(pivot_tables(zf, sheet.part, sheet.name))
    parts: list[TablePart] = []
    # A damaged table definition leaves the sheet cut from its cells alone.
    with contextlib.suppress(*_UNREADABLE):
        parts = read_table_parts(zf, sheet.part)
    volatile[sheet.name] = cells = volatile_cells(data.formulas, sheet.name, volatile)
    data.mark_volatile(cells - data.formulas.seeds)
    before = len(doc.sections)
    if not data.stopped:
        items = layout_items(data, lambda: b.out_of_time(f"sheet {sheet.name}"), parts)
        doc.templates.update(form_tables(sheet.name, _boxes(items, tables), downs))
        tables = _emit(items, sheet.name, b, tables)
    hides = bool(data.hidden_rows_with_values or data.hidden_cols_with_values)
    if len(doc.sections) == before and not b.full and not hides:
        doc.problems.append(
            Problem(
                doc.path,
                f"sheet {sheet.name} is empty",
                "",
                severity="info",
                code="knowledge.empty",
            )
        )
    if hides:
        doc.problems.append(_hidden_problem(doc.path, _hidden_message(sheet.name, data)))
    if data.missing_formulas:
        doc.problems.append(_formula_problem(doc.path, sheet.name, data.missing_formulas))
    return tables, hides


# ----- emitting -------------------------------------------------------------------------


def _cells(first: int, last: int, row: int) -> str:
    start = f"{column_letter(first)}{row}"
    return start if last <= first else f"{start}:{column_letter(last)}{row}"


def _emit(items: list[Item], sheet: str, b: Builder, tables: int) -> int:
    """Add a sheet's text rows and tables to the document; the table count after it.

    A title heads the columns of its table: what lies below it in those columns
    carries its name as heading path, what lies beside it does not.
    """
    display = b.doc.path
    headings: list[tuple[str, int, int, int]] = []
    numbers: dict[int, int] = {}
    for i, item in enumerate(items):
        if b.full:
            break
        lo, hi = item_columns(item)
        if isinstance(item, TextItem):
            if item.title or item.caption:
                table = next((t for t in items[i + 1 :] if isinstance(t, TableItem)), None)
                tlo, thi = item_columns(table) if table is not None else (lo, hi)
                # A title closes the titles at its level or below it over its columns.
                headings = [h for h in headings if h[3] < item.level or not _overlaps(h, lo, hi)]
                headings.append((item.text, min(lo, tlo), max(hi, thi), item.level))
            prov = Provenance(
                display,
                heading_path=_path(headings, lo, hi),
                sheet=sheet,
                row=item.row,
                cells=_cells(lo, hi, item.row),
            )
            if item.grid and not item.title:
                value = item.cells[1].text if len(item.cells) > 1 else ""
                add_pair(b, item.cells[0].text, value, prov, item.cells[-1].volatile)
                continue
            b.add(
                "heading" if item.title else "paragraph",
                item.text,
                prov,
                level=item.level if item.title else None,
                volatile=("",) if any(c.volatile for c in item.cells) else (),
            )
            continue
        if item.of is None:
            tables += 1
            numbers[id(item)] = tables
        number = numbers[id(item.of or item)]
        if not _emit_table(item, sheet, b, number, _path(headings, lo, hi)):
            break
    return tables


def _path(headings: list[tuple[str, int, int, int]], lo: int, hi: int) -> tuple[str, ...]:
    """The titles over any of the columns lo..hi: the latest, after the first line of
    its title block when it is a line below that."""
    over = [text for text, a, b, _ in headings if a <= hi and b >= lo]
    return tuple(dict.fromkeys([over[0], over[-1]])) if over else ()


def _overlaps(heading: tuple[str, int, int, int], lo: int, hi: int) -> bool:
    return heading[1] <= hi and heading[2] >= lo


def _emit_table(
    table: TableItem, sheet: str, b: Builder, number: int, path: tuple[str, ...]
) -> bool:
    display = b.doc.path
    first, last = table.columns[0], table.columns[-1]
    for count, (row, cells) in enumerate(table.rows, start=1):
        if count % 1000 == 0 and b.out_of_time(f"sheet {sheet} row {row}"):
            return False
        values = {c.col: c.text for c in cells}
        record = {
            h: values.get(col, "") for h, col in zip(table.headers, table.columns, strict=True)
        }
        moving = {c.col for c in cells if c.volatile}
        volatile = tuple(
            h for h, col in zip(table.headers, table.columns, strict=True) if col in moving
        )
        prov = Provenance(
            display,
            heading_path=path,
            sheet=sheet,
            row=row,
            table=number,
            cells=_cells(first, last, row),
        )
        marker = table.notes.get(row)
        if not b.add(
            "table_row", record_text(record), prov, record=record, marker=marker, volatile=volatile
        ):
            return False
    return True


# ----- problems ---------------------------------------------------------------------------


def _hidden_problem(display: str, message: str) -> Problem:
    return Problem(
        display, message, _HIDDEN_HINT, severity="warning", code="knowledge.hidden_skipped"
    )


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _listing(numbers: set[int], letters: bool) -> str:
    """``7, 8, 12`` or ``D-F``: runs of three or more as a range, ten items at most."""
    one = column_letter if letters else str
    shown: list[str] = []
    for a, b in _runs(list(numbers)):
        if b - a >= 2:
            shown.append(f"{one(a)}-{one(b)}")
        else:
            shown.extend(one(n) for n in range(a, b + 1))
    if len(shown) > 10:
        shown = [*shown[:10], f"and {len(shown) - 10} more"]
    return ", ".join(shown)


def _hidden_message(sheet: str, data: SheetData) -> str:
    parts = []
    rows, cols = data.hidden_rows_with_values, data.hidden_cols_with_values
    if rows:
        noun = "row" if len(rows) == 1 else "rows"
        parts.append(f"{len(rows)} hidden {noun} ({_listing(rows, False)})")
    if cols:
        noun = "column" if len(cols) == 1 else "columns"
        parts.append(f"{len(cols)} hidden {noun} ({_listing(cols, True)})")
    verb = "was" if len(rows) + len(cols) == 1 else "were"
    return f"sheet {sheet}: {' and '.join(parts)} {verb} left out"


def _formula_problem(display: str, sheet: str, missing: list[str]) -> Problem:
    shown = ", ".join(missing[:10]) + (
        f" and {len(missing) - 10} more" if len(missing) > 10 else ""
    )
    return Problem(
        display,
        f"sheet {sheet}: {len(missing)} formula cell(s) have no saved value "
        f"({shown}); they were read as empty",
        "open the workbook in Excel and save it, so the computed values are stored",
        severity="warning",
        code="knowledge.formula_no_value",
    )
