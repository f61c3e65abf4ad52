"""The sheet format's workbook reader: every worksheet's header row and data rows, with
merged cells filled in and cell values shown as Excel shows a plain cell."""

from __future__ import annotations

import contextlib
import io
import posixpath
import zipfile
from datetime import date, datetime, time, timedelta
from typing import Any

from datasetkit.core import roles
from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.formats import InputFile, ReadOptions
from datasetkit.formats.table.sheet import (
    FORMAT,
    HEADER_SCAN,
    Sheet,
    TableRecord,
    column_findings,
    escape_token,
    no_table,
    unique_names,
)
from datasetkit.io.workbook import load_workbook, openpyxl_errors


def _cell_text(value: Any) -> str:
    """A worksheet value as the text a plain cell shows (no type guessing on text)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    if isinstance(value, datetime):
        if value.time() == time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, (date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    return str(value)


def _sheet_paths(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> worksheet part in the package (from workbook.xml and its rels)."""
    from defusedxml import ElementTree

    ns_main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    ns_rel = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    out: dict[str, str] = {}
    for sheet in workbook.iter(f"{ns_main}sheet"):
        target = targets.get(sheet.get(f"{ns_rel}id"), "")
        if not target:
            continue
        part = (
            target.lstrip("/")
            if target.startswith("/")
            else posixpath.normpath(posixpath.join("xl", target))
        )
        out[str(sheet.get("name"))] = part
    return out


def _merged_ranges(data: bytes) -> dict[str, list[tuple[int, int, int, int]]]:
    """Sheet name -> merged ranges (min_col, min_row, max_col, max_row), read from the
    worksheet XML, since openpyxl's read-only mode does not expose them."""
    from defusedxml import ElementTree
    from openpyxl.utils.cell import range_boundaries

    out: dict[str, list[tuple[int, int, int, int]]] = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for name, part in _sheet_paths(archive).items():
                if part not in archive.namelist():
                    continue
                ranges: list[tuple[int, int, int, int]] = []
                with archive.open(part) as fh:
                    for _event, elem in ElementTree.iterparse(fh):
                        if elem.tag.endswith("}mergeCell") and elem.get("ref"):
                            bounds = range_boundaries(str(elem.get("ref")))
                            if all(b is not None for b in bounds):
                                ranges.append(bounds)
                        elif elem.tag.endswith("}row"):
                            elem.clear()  # keep memory flat on big sheets
                out[name] = ranges
    except (KeyError, zipfile.BadZipFile, ValueError):
        return {}
    return out


def _workbook_sheets(
    wb: Any, data: bytes, path: str, options: ReadOptions, findings: list[Finding]
) -> list[Sheet]:
    from openpyxl.utils import get_column_letter

    names = [ws.title for ws in wb.worksheets]
    wanted = list(options.sheets) if options.sheets else names
    unknown = [s for s in wanted if s not in names]
    if unknown:
        raise DatasetkitError(
            f"{path}: no sheet named " + ", ".join(repr(s) for s in unknown),
            "sheets: " + ", ".join(repr(n) for n in names),
        )
    merged = _merged_ranges(data)
    sheets: list[Sheet] = []
    tried: list[tuple[str | None, list[str]]] = []
    for name in wanted:
        ws = wb[name]
        ws.reset_dimensions()  # a wrong <dimension> would cut the sheet short
        grid = [[_cell_text(v) for v in row] for row in ws.iter_rows(values_only=True)]
        _fill_merged(grid, merged.get(name, []))
        sheet, first = _sheet_table(name, grid, options.mapping)
        if sheet is None:
            tried.append((name, first))
            if options.sheets:
                findings.append(no_table(path, [(name, first)], options.mapping))
            continue
        sheet.header = unique_names(sheet.header, lambda i: get_column_letter(i + 1))
        column_findings(sheet, path, findings)
        sheets.append(sheet)
    if not sheets and not options.sheets:
        findings.append(no_table(path, tried, options.mapping))
    elif tried and not options.sheets:
        for name, _ in tried:
            findings.append(
                Finding(
                    f"{FORMAT}.sheet-skipped",
                    Severity.INFO,
                    f"sheet {name!r} has no prompt column; it was skipped",
                    "",
                    Location(path=path, pointer=f"/{escape_token(str(name))}"),
                )
            )
    return sheets


def read_xlsx(
    src: InputFile, options: ReadOptions, findings: list[Finding]
) -> tuple[list[Sheet], Any]:
    """The workbook's tables (every sheet that maps, or the --sheet ones) and their locator."""
    path = src.path
    notes: list[str] = []
    wb = load_workbook(path, src.data, notes)
    try:
        with openpyxl_errors(path, notes):
            sheets = _workbook_sheets(wb, src.data, path, options, findings)
    finally:
        with contextlib.suppress(Exception):
            wb.close()
    findings.extend(_damaged_part(path, note) for note in notes)

    by_name = {s.name: s for s in sheets}

    def locate(pointer: str) -> Location:
        from datasetkit.core.jsonloc import split_pointer

        tokens = split_pointer(pointer)
        sheet = by_name.get(tokens[0]) if tokens else None
        if sheet is None or len(tokens) < 2 or not tokens[1].isdigit():
            return Location(path=path, pointer=pointer)
        idx = int(tokens[1])
        rec = next((r for r in sheet.records if r.index == idx), None)
        return Location(
            path=path,
            pointer=pointer,
            row=rec.row if rec else None,
            field=tokens[2] if len(tokens) > 2 else None,
        )

    return sheets, locate


def _damaged_part(path: str, note: str) -> Finding:
    """What the workbook reader said (printed or warned) about a part it read with defaults."""
    return Finding(
        f"{FORMAT}.damaged-part",
        Severity.WARNING,
        f"part of the workbook is damaged and was read with defaults: {note}",
        "open it in Excel and save it again as .xlsx; until then dates and number formats"
        " may read as plain numbers and some cells may be missing",
        Location(path=path),
    )


def _fill_merged(grid: list[list[str]], ranges: list[tuple[int, int, int, int]]) -> None:
    """Give every cell of a merged range the value of its top-left cell."""
    for min_col, min_row, max_col, max_row in ranges:
        if min_row - 1 >= len(grid):
            continue
        top = grid[min_row - 1]
        value = top[min_col - 1] if min_col - 1 < len(top) else ""
        for r in range(min_row - 1, min(max_row, len(grid))):
            row = grid[r]
            if len(row) < max_col:
                row.extend([""] * (max_col - len(row)))
            for c in range(min_col - 1, max_col):
                row[c] = value


def _sheet_table(
    name: str, grid: list[list[str]], mapping: dict[str, str]
) -> tuple[Sheet | None, list[str]]:
    """The table of one worksheet: header found in its first rows, then the data rows."""
    first: list[str] = []
    scanned = 0
    for r, cells in enumerate(grid):
        if not any(c.strip() for c in cells):
            continue
        if not first:
            first = cells
        columns = roles.resolve(cells, mapping)
        if "prompt" in columns.cols:
            header = list(cells)
            while header and not header[-1].strip():
                header.pop()
            records: list[TableRecord] = []
            for rr in range(r + 1, len(grid)):
                row = grid[rr]
                if not any(c.strip() for c in row):
                    continue
                values = (row + [""] * len(header))[: len(header)]
                records.append(TableRecord(len(records), rr + 1, None, values))
            return Sheet(name, header, r + 1, records, roles.resolve(header, mapping)), first
        scanned += 1
        if scanned >= HEADER_SCAN:
            break
    return None, first


def ole2_error(src: InputFile) -> None:
    """Stop on an OLE2 file: an old .xls, or a password-protected workbook (Office
    wraps an encrypted .xlsx in OLE2, with an "EncryptedPackage" stream)."""
    if "EncryptedPackage".encode("utf-16-le") in src.data:
        raise DatasetkitError(
            f"{src.path}: is a password-protected (encrypted) workbook",
            "open it in Excel, remove the password (File > Info > Protect Workbook) "
            "and save it as .xlsx",
        )
    raise DatasetkitError(
        f"{src.path}: is an old .xls workbook",
        "open it in Excel and save it as .xlsx (or export a CSV)",
    )
