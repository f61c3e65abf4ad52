"""Generic spreadsheets: any xlsx or csv table becomes a dataset (read-only).

The header row is found by its column names: a column whose header is a known synonym
of a canonical field (``SYNONYMS``) is used for it, and ``ReadOptions.mapping``
(``--map FIELD=HEADER``) overrides the guess. Every sheet of a workbook whose header
maps is read, unless ``ReadOptions.sheets`` (``--sheet``) names the ones to read.

Values are never coerced: text cells stay exactly as written ("N/A", "00123", " 7 "),
numbers and dates stored as such become the text Excel shows for a plain cell, and
CSV cells are read as the text between the commas. Merged cells give their value to
every cell they cover; empty rows are skipped. Columns no field maps to are kept, by
header, in each turn's ``extra``. A conversation column groups rows into one
conversation case per value, in file order (the value is kept in
``Case.extensions["sheet"]["conversation"]``). The sheet a case came from is provenance:
``Case.source.sheet``.

Pointers: ``/<record index>/<column>`` in a CSV (as for every CSV format), and
``/<sheet name>/<record index>/<column>`` in a workbook, where ``Location.row`` is the
worksheet row number Excel shows.
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from .. import csvutil
from ..decoding import OLE2_MAGIC
from ..findings import DatasetkitError, Finding, Location, Severity
from ..model import Case, Dataset, Source, Turn
from . import Format, InputFile, ReadOptions, ReadResult, register, roles
from .roles import Resolution
from .xlsx_open import load_workbook, openpyxl_errors

FORMAT = "sheet"
FIELDS = roles.FIELDS
# Header rows are looked for in the first rows of a sheet (titles may sit above them).
HEADER_SCAN = 50


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


@dataclass
class _Record:
    """One data row of a table, wherever it came from."""

    index: int
    row: int
    line: int | None
    values: list[str]
    overflow: list[str] = field(default_factory=list)


@dataclass
class _Sheet:
    """A table ready to turn into cases."""

    name: str | None
    header: list[str]
    header_row: int
    records: list[_Record]
    columns: Resolution
    # The CSV delimiter, to rejoin cells split at an unquoted one.
    delimiter: str = ","


def _unique_names(header: list[str], letter: Callable[[int], str]) -> list[str]:
    """Header names usable as keys: empty ones named by column, duplicates numbered."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for i, h in enumerate(header):
        name = h if h.strip() else f"column {letter(i)}"
        key = csvutil.normalise_header(name)
        if key in seen:
            seen[key] += 1
            name = f"{name} ({seen[key]})"
        else:
            seen[key] = 1
        out.append(name)
    return out


def _cases(sheet: _Sheet, path: str, findings: list[Finding], pointer_base: str) -> list[Case]:
    """Cases of one table: a case per row, or per conversation when that column maps."""
    cols = sheet.columns.cols
    names = sheet.header
    pi = cols["prompt"]
    conv = cols.get("conversation")
    mapped = set(cols.values())
    where: dict[str, Any] = {"sheet": sheet.name} if sheet.name is not None else {}
    single: list[Case] = []
    groups: dict[str, Case] = {}
    order: list[Case] = []
    last_key: str | None = None
    width = len(names)
    for rec in sheet.records:
        values = rec.values
        pointer = f"{pointer_base}/{rec.index}"
        loc: dict[str, Any] = {"path": path, "line": rec.line, "row": rec.row, "pointer": pointer}
        last = width - 1
        # Cells past the header come from an unquoted delimiter; rejoined when the last
        # column is free text (prompt or expected response), where that is the likely cause.
        repairable = last in (pi, cols.get("expected_response"))
        if rec.overflow:
            if repairable:
                values = [*values[:last], sheet.delimiter.join([values[last], *rec.overflow])]
                findings.append(
                    Finding(
                        f"{FORMAT}.csv.extra-cells",
                        Severity.WARNING,
                        f"the row has {width + len(rec.overflow)} cells for {width} columns; the extra "
                        f"cells were joined back into {names[last]!r} (an unquoted comma)",
                        "quote cells that contain commas",
                        Location(**loc, field=names[last]),
                    )
                )
            else:
                findings.append(
                    Finding(
                        f"{FORMAT}.csv.extra-cells",
                        Severity.ERROR,
                        f"the row has {width + len(rec.overflow)} cells for {width} columns, so its "
                        "cells may be in the wrong columns",
                        "quote cells that contain commas",
                        Location(**loc),
                    )
                )
        prompt = values[pi]
        if not prompt.strip():
            findings.append(
                Finding(
                    f"{FORMAT}.row.no-prompt",
                    Severity.WARNING,
                    f"the row has no {names[pi]!r} (prompt), so it was skipped",
                    "fill in the prompt, or delete the row",
                    Location(**loc, field=names[pi]),
                )
            )
            continue

        def text(f: str, vals: list[str] = values) -> str | None:
            i = cols.get(f)
            return vals[i] if i is not None and vals[i] != "" else None

        # Columns no field takes are the row's extra columns: carried by every writer.
        extra: dict[str, Any] = {
            names[i]: v for i, v in enumerate(values) if i not in mapped and v != ""
        }
        if rec.overflow and not repairable:
            extra["(extra cells)"] = rec.overflow
        turn = Turn(
            prompt=prompt,
            expected_response=text("expected_response"),
            response=text("response"),
            context=text("context"),
            tags=_tags(text("tags")),
        )
        if conv is None:
            single.append(
                Case(
                    kind="single",
                    id=text("id"),
                    category=text("category"),
                    notes=text("notes"),
                    turns=[turn],
                    extra=extra,
                    source=Source(
                        path=path,
                        line=rec.line,
                        row=rec.row,
                        pointer=pointer,
                        turn_pointers=[pointer],
                        **where,
                    ),
                )
            )
            continue
        key = values[conv].strip()
        if not key:
            key = last_key if last_key is not None else f"row {rec.row}"
            if last_key is not None:
                findings.append(
                    Finding(
                        f"{FORMAT}.conversation.continued",
                        Severity.INFO,
                        f"the row has no {names[conv]!r}; it continues conversation {key!r}",
                        "",
                        Location(**loc, field=names[conv]),
                    )
                )
        last_key = key
        case = groups.get(key)
        if case is None:
            case = Case(
                kind="conversation",
                extensions={"sheet": {"conversation": key}},
                source=Source(
                    path=path,
                    line=rec.line,
                    row=rec.row,
                    pointer=pointer,
                    turn_pointers=[],
                    **where,
                ),
            )
            groups[key] = case
            order.append(case)
        turn.extra = extra
        case.turns.append(turn)
        for attr in ("id", "category", "notes"):
            if getattr(case, attr) is None:
                setattr(case, attr, text(attr))
        assert case.source is not None and case.source.turn_pointers is not None
        case.source.turn_pointers.append(pointer)
    return single if conv is None else order


def _tags(value: str | None) -> list[str] | None:
    """A tags cell as a list: comma- or semicolon-separated, blanks dropped."""
    if value is None:
        return None
    tags = [t.strip() for t in re.split(r"[;,]", value) if t.strip()]
    return tags or None


def _no_table(
    path: str, tried: list[tuple[str | None, list[str]]], mapping: dict[str, str]
) -> Finding:
    """Why no sheet could be read, with the headers that were seen."""
    parts = []
    candidates: list[tuple[str | None, str]] = []
    for name, header in tried:
        shown = ", ".join(h for h in header if h.strip())[:160] or "(empty)"
        parts.append(f"{name!r}: {shown}" if name is not None else shown)
        candidates += [(name, h) for h in header if roles.PROMPT_WORDS.search(h)]
    want = f"the column {mapping['prompt']!r}" if "prompt" in mapping else "a prompt column"
    hint = "name the prompt column with --map prompt=HEADER"
    if candidates:
        cand_sheet, cand_header = candidates[0]
        hint = f"--map prompt={cand_header!r}" + (
            f" --sheet {cand_sheet!r}" if cand_sheet is not None else ""
        )
    return Finding(
        f"{FORMAT}.no-table",
        Severity.ERROR,
        f"no table with {want} was found (first rows seen: " + "; ".join(parts) + ")",
        hint + " (prompt headers recognised: " + ", ".join(roles.SYNONYMS["prompt"][:6]) + ", ...)",
        Location(path=path),
    )


def _column_findings(
    sheet: _Sheet, path: str, findings: list[Finding], line: int | None = None
) -> None:
    """How the header was understood; ambiguity and a --map that names no column."""
    where = Location(
        path=path,
        line=line,
        row=sheet.header_row if line is None else None,
        pointer=f"/{_esc(sheet.name)}" if sheet.name is not None else None,
    )
    label = f"sheet {sheet.name!r} " if sheet.name is not None else ""
    for f in roles.findings(sheet.columns, FORMAT, where):
        if f.code.endswith(".columns"):
            f = Finding(f.code, f.severity, label + f.message, f.hint, f.location)
        findings.append(f)


# --- CSV


def _read_csv(
    src: InputFile, options: ReadOptions, findings: list[Finding]
) -> tuple[list[_Sheet], Any]:
    path = src.path
    # Raises (exit 2) when the file is not UTF-8 and its encoding cannot be told.
    dec = csvutil.decode(src.data, path, options.extra.get("encoding"))
    for issue in dec.issues:
        sev = {"binary": Severity.ERROR, "line-endings": Severity.INFO}.get(
            issue.kind, Severity.WARNING
        )
        findings.append(
            Finding(
                f"{FORMAT}.{issue.kind}",
                sev,
                issue.message,
                "",
                Location(path=path, line=issue.line, column=issue.column),
            )
        )
    if any(i.kind == "binary" for i in dec.issues):
        return [], None
    text = dec.text
    delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(text)
    mapping = options.mapping

    def is_header(cells: list[str]) -> bool:
        return "prompt" in roles.resolve(cells, mapping).cols

    table = csvutil.read_table(
        text, delimiter=delimiter, comment_prefix=None, is_header=is_header, header_scan=HEADER_SCAN
    )
    for issue in table.issues:
        if issue.kind in ("extra-cells", "missing-cells", "no-header"):
            continue
        sev = Severity.ERROR if issue.kind == "unclosed-quote" else Severity.WARNING
        findings.append(
            Finding(
                f"{FORMAT}.csv.{issue.kind}",
                sev,
                issue.message,
                "",
                Location(path=path, line=issue.line, column=issue.column),
            )
        )
    if not table.header:
        tried: list[tuple[str | None, list[str]]] = [
            (None, rec.cells) for rec in table.preamble[:1]
        ]
        findings.append(_no_table(path, tried, mapping))
        return [], None
    if table.preamble:
        findings.append(
            Finding(
                f"{FORMAT}.preamble",
                Severity.INFO,
                f"{len(table.preamble)} row(s) above the header (line {table.header_line}) were skipped",
                "",
                Location(path=path, line=table.preamble[0].line),
            )
        )
    names = _unique_names(table.header, lambda i: str(i + 1))
    columns = roles.resolve(table.header, mapping)
    records = [_Record(r.index, r.row, r.line, r.values, r.overflow) for r in table.rows]
    sheet = _Sheet(None, names, 1, records, columns, delimiter)
    _column_findings(sheet, path, findings, line=table.header_line)
    # Locations use the header as written, so a pointer built from a field name resolves.
    table.header = names
    return [sheet], lambda pointer: table.location(path, pointer)


# --- XLSX


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
) -> list[_Sheet]:
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
    sheets: list[_Sheet] = []
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
                findings.append(_no_table(path, [(name, first)], options.mapping))
            continue
        sheet.header = _unique_names(sheet.header, lambda i: get_column_letter(i + 1))
        _column_findings(sheet, path, findings)
        sheets.append(sheet)
    if not sheets and not options.sheets:
        findings.append(_no_table(path, tried, options.mapping))
    elif tried and not options.sheets:
        for name, _ in tried:
            findings.append(
                Finding(
                    f"{FORMAT}.sheet-skipped",
                    Severity.INFO,
                    f"sheet {name!r} has no prompt column; it was skipped",
                    "",
                    Location(path=path, pointer=f"/{_esc(str(name))}"),
                )
            )
    return sheets


def _read_xlsx(
    src: InputFile, options: ReadOptions, findings: list[Finding]
) -> tuple[list[_Sheet], Any]:
    path = src.path
    wb = load_workbook(path, src.data)
    try:
        with openpyxl_errors(path):
            sheets = _workbook_sheets(wb, src.data, path, options, findings)
    finally:
        with contextlib.suppress(Exception):
            wb.close()

    by_name = {s.name: s for s in sheets}

    def locate(pointer: str) -> Location:
        from ..jsonloc import split_pointer

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


def _esc(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


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
) -> tuple[_Sheet | None, list[str]]:
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
            records: list[_Record] = []
            for rr in range(r + 1, len(grid)):
                row = grid[rr]
                if not any(c.strip() for c in row):
                    continue
                values = (row + [""] * len(header))[: len(header)]
                records.append(_Record(len(records), rr + 1, None, values))
            return _Sheet(name, header, r + 1, records, roles.resolve(header, mapping)), first
        scanned += 1
        if scanned >= HEADER_SCAN:
            break
    return None, first


def _ole2_error(src: InputFile) -> None:
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


class SheetFormat(Format):
    maps_columns = True
    """Any xlsx workbook or csv table, with header synonyms and --map overrides."""

    name = FORMAT
    label = "Spreadsheet table (xlsx/csv) with column mapping (read-only)"
    extensions = (".xlsx", ".xlsm", ".csv", ".tsv")
    writable = False

    def sniff(self, src: InputFile) -> float:
        """Likely for a workbook; a last resort for a csv whose header maps."""
        if src.head(8) == OLE2_MAGIC:
            return 0.6  # an .xls or encrypted workbook: read() says what to do with it
        if src.suffix in (".xlsx", ".xlsm"):
            return 0.6 if src.head(4) == b"PK\x03\x04" else 0.0
        if src.suffix not in (".csv", ".tsv"):
            return 0.0
        text = csvutil.sniff_text(src.head(csvutil.SNIFF_BYTES))
        if text is None:
            return 0.0
        delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(text)
        # Stop at the header: detection runs on every input and must stay cheap.
        for n, rec in enumerate(csvutil.iter_records(text, delimiter)):
            cols = roles.resolve(rec.cells, {}).cols
            if "prompt" in cols:
                return 0.25 if "expected_response" in cols else 0.2
            if n >= HEADER_SCAN:
                break
        return 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read every table that maps (or the --sheet ones) into cases."""
        options = options or ReadOptions()
        roles.check_mapping(options.mapping)
        findings: list[Finding] = []
        head = src.head(8)
        if head[:8] == OLE2_MAGIC:
            _ole2_error(src)
        is_xlsx = head[:4] == b"PK\x03\x04"
        if not is_xlsx and options.sheets:
            findings.append(
                Finding(
                    f"{FORMAT}.sheets-ignored",
                    Severity.WARNING,
                    "--sheet applies to workbooks; a CSV file has one table",
                    "drop --sheet",
                    Location(path=src.path),
                )
            )
        with csvutil.gc_paused():
            sheets, locate = (_read_xlsx if is_xlsx else _read_csv)(src, options, findings)
        if (
            any(
                f.severity == Severity.ERROR
                and f.code in (f"{FORMAT}.no-table", f"{FORMAT}.binary")
                for f in findings
            )
            and not sheets
        ):
            return ReadResult(None, findings, FORMAT)
        cases: list[Case] = []
        info: dict[str, Any] = {"sheets": {}}
        for sheet in sheets:
            base = "" if sheet.name is None else f"/{_esc(sheet.name)}"
            if sheet.columns.ambiguous or sheet.columns.missing:
                got: list[Case] = []  # a guess would be worse than the error that says how
            else:
                with csvutil.gc_paused():
                    got = _cases(sheet, src.path, findings, base)
            cases += got
            info["sheets"][sheet.name or ""] = {
                "header_row": sheet.header_row,
                "columns": {f: sheet.header[i] for f, i in sheet.columns.cols.items()},
                "cases": len(got),
            }
        ds = Dataset(cases=cases, source_format=FORMAT, source_path=src.path)
        return ReadResult(ds, findings, FORMAT, info, locate)


register(SheetFormat())
