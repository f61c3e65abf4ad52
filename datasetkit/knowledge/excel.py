"""Excel ``.xlsx`` knowledge files: every sheet, a detected header row, one record per row.

Formulas are read as the values Excel cached when the file was saved; a formula cell
with no cached value (a workbook written by a script and never opened in Excel) is
reported by sheet and cell instead of silently reading as empty. Numbers are shown as
the cell's number format shows them for the common formats (decimals, thousands
separators, currency symbols, percentages), so a price reads ``$19.90``, not ``19.9``.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path
from typing import Any

from .build import Builder, clean_inline, record_text, unique_headers
from .guard import Limits, open_office_zip
from .model import Document, Problem, Provenance

_HEADER_SCAN_ROWS = 30


def load_xlsx(path: Path, display: str, limits: Limits) -> Document:
    """Read every worksheet of an .xlsx file into a Document."""
    doc = Document(display, "xlsx")
    zf, problems = open_office_zip(path, display, "xlsx", limits)
    if zf is None:
        doc.problems.extend(problems)
        return doc
    try:
        import openpyxl

        try:
            wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many types for damaged packages
            doc.problems.append(
                Problem(
                    display,
                    f"the xlsx file cannot be opened: {(str(exc).strip() or type(exc).__name__).splitlines()[0][:200]}",
                    "open it in Excel and save it again as .xlsx",
                    code="knowledge.corrupt",
                )
            )
            return doc
        try:
            b = Builder(doc, limits)
            for ws in wb.worksheets:
                if b.full or b.out_of_time(f"sheet {ws.title}"):
                    break
                before = len(doc.sections)
                _sheet(ws, b, display)
                if len(doc.sections) == before and not b.full:
                    doc.problems.append(
                        Problem(
                            display,
                            f"sheet {ws.title} is empty",
                            "",
                            severity="info",
                            code="knowledge.empty",
                        )
                    )
                missing = _formulas_without_values(zf, getattr(ws, "_worksheet_path", None))
                if missing:
                    shown = ", ".join(missing[:10]) + (
                        f" and {len(missing) - 10} more" if len(missing) > 10 else ""
                    )
                    doc.problems.append(
                        Problem(
                            display,
                            f"sheet {ws.title}: {len(missing)} formula cell(s) have no saved value "
                            f"({shown}); they were read as empty",
                            "open the workbook in Excel and save it, so the computed values are stored",
                            severity="warning",
                            code="knowledge.formula_no_value",
                        )
                    )
        finally:
            wb.close()
    finally:
        zf.close()
    if not doc.sections and not any(
        p.severity == "error" or p.code == "knowledge.truncated" for p in doc.problems
    ):
        doc.problems.append(
            Problem(
                display,
                "the workbook holds no values",
                "add content or leave the file out",
                code="knowledge.empty",
            )
        )
    return doc


def _sheet(ws: Any, b: Builder, display: str) -> None:
    # Trust the rows present in the file, not the declared dimension (which may claim
    # a million columns and make every row that wide).
    ws.reset_dimensions()
    rows: list[tuple[int, list[tuple[int, Any, str]]]] = []
    scanning = True
    headers: list[str] | None = None
    count = 0
    for cells in ws.iter_rows():
        count += 1
        if count % 1000 == 0 and b.out_of_time(f"sheet {ws.title} row {count}"):
            return
        present = [
            (c.column, c.value, _display(c)) for c in cells if getattr(c, "value", None) is not None
        ]
        present = [p for p in present if p[2] != ""]
        if not present:
            continue
        row_no = next(c.row for c in cells if getattr(c, "value", None) is not None)
        if scanning:
            rows.append((row_no, present))
            if len(rows) < _HEADER_SCAN_ROWS:
                continue
            scanning = False
            headers = _emit_scanned(rows, b, display, ws.title)
            if headers is None:
                return
            continue
        if not _emit_row(row_no, present, headers or [], b, display, ws.title):
            return
    if scanning and rows:
        _emit_scanned(rows, b, display, ws.title)


def _emit_scanned(
    rows: list[tuple[int, list[tuple[int, Any, str]]]], b: Builder, display: str, sheet: str
) -> list[str] | None:
    """Pick the header among the first rows, emit everything scanned; the headers (None to stop)."""
    h = _header_index(rows)
    if h is None:
        width = max(col for _, cells in rows for col, _, _ in cells)
        headers = [f"Column {_letter(i)}" for i in range(1, width + 1)]
        start = 0
    else:
        header_cells = dict((col, text) for col, _, text in rows[h][1])
        width = max(header_cells)
        headers = unique_headers([header_cells.get(i, "") for i in range(1, width + 1)])
        headers = [
            hd if header_cells.get(i + 1) else f"Column {_letter(i + 1)}"
            for i, hd in enumerate(headers)
        ]
        # Rows above the header (a title, a note) are text, not records.
        for row_no, cells in rows[:h]:
            text = " ".join(t for _, _, t in cells)
            if not b.add("paragraph", text, Provenance(display, sheet=sheet, row=row_no)):
                return None
        start = h + 1
    for row_no, cells in rows[start:]:
        if not _emit_row(row_no, cells, headers, b, display, sheet):
            return None
    return headers


def _emit_row(
    row_no: int,
    cells: list[tuple[int, Any, str]],
    headers: list[str],
    b: Builder,
    display: str,
    sheet: str,
) -> bool:
    values = {col: text for col, _, text in cells}
    width = max(len(headers), max(values))
    record: dict[str, str] = {}
    for i in range(1, width + 1):
        key = headers[i - 1] if i <= len(headers) else f"Column {_letter(i)}"
        if i > len(headers) and i not in values:
            continue
        record[key] = values.get(i, "")
    return b.add(
        "table_row",
        record_text(record),
        Provenance(display, sheet=sheet, row=row_no),
        record=record,
    )


def _header_index(rows: list[tuple[int, list[tuple[int, Any, str]]]]) -> int | None:
    """The first row that looks like a header: text cells only, about as wide as the data."""
    widths = [len(cells) for _, cells in rows]
    for i, (_, cells) in enumerate(rows):
        following = widths[i + 1 : i + 6]
        if not following:
            # A lone row of text is a header only if nothing follows; then it is data.
            return None
        typical = max(following)
        texts = [v for _, v, _ in cells if isinstance(v, str)]
        distinct = len({t for _, _, t in cells}) == len(cells)
        if (
            len(texts) == len(cells)
            and distinct
            and (len(cells) >= 2 or typical == 1)
            and len(cells) * 2 >= typical
        ):
            return i
    return None


def _letter(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


# ----- display values -----------------------------------------------------------


def _display(cell: Any) -> str:
    value = cell.value
    fmt = getattr(cell, "number_format", "General") or "General"
    return format_value(value, fmt)


def format_value(value: Any, fmt: str = "General") -> str:
    """A cell value as text, following the common parts of its number format."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    if isinstance(value, (int, float)):
        return _number(value, fmt)
    return clean_inline(str(value)).replace("\n", " ")


def _plain_number(value: float) -> str:
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    # Excel keeps 15 significant digits; 0.1 + 0.2 shows as 0.3.
    return format(value, ".15g")


def _tokens(section: str) -> list[tuple[str, str]] | None:
    """A number-format section as literal and placeholder tokens (None: not a plain number format)."""
    out: list[tuple[str, str]] = []
    i = 0
    n = len(section)
    while i < n:
        ch = section[i]
        if ch == '"':
            j = section.find('"', i + 1)
            j = n if j == -1 else j
            out.append(("lit", section[i + 1 : j]))
            i = j + 1
        elif ch == "\\" and i + 1 < n:
            out.append(("lit", section[i + 1]))
            i += 2
        elif ch == "_":  # padding as wide as the next character
            out.append(("lit", " "))
            i += 2
        elif ch == "*":  # fill character
            i += 2
        elif ch == "[":
            j = section.find("]", i)
            j = n - 1 if j == -1 else j
            inner = section[i + 1 : j]
            if inner.startswith("$"):
                out.append(("lit", inner[1:].split("-")[0]))
            i = j + 1
        elif ch in "0#?.,":
            out.append(("ph", ch))
            i += 1
        elif ch in "eE/":
            return None  # scientific and fraction formats: show the plain number
        else:
            out.append(("lit", ch))
            i += 1
    return out


def _number(value: int | float, fmt: str) -> str:
    section = fmt.split(";")[0]
    if section.strip().lower() in ("general", "@", ""):
        return _plain_number(value)
    tokens = _tokens(section)
    if tokens is None:
        return _plain_number(value)
    ph = [i for i, (kind, _) in enumerate(tokens) if kind == "ph"]
    if not ph or not any(tokens[i][1] in "0#?" for i in ph):
        return _plain_number(value)
    pattern = "".join(tokens[i][1] for i in range(ph[0], ph[-1] + 1) if tokens[i][0] == "ph")
    integer, _, fraction = pattern.partition(".")
    decimals = sum(1 for ch in fraction if ch in "0#?")
    grouping = "," in integer.strip(",")
    percent = any(kind == "lit" and "%" in text for kind, text in tokens)
    number = value * 100 if percent else value
    digits = f"{number:{',' if grouping else ''}.{decimals}f}"
    before = "".join(text for kind, text in tokens[: ph[0]] if kind == "lit")
    after = "".join(text for kind, text in tokens[ph[-1] + 1 :] if kind == "lit")
    if digits.startswith("-") and before.strip():
        # Excel puts the minus sign before a leading currency symbol: -$5.00.
        return ("-" + before + digits[1:] + after).strip()
    return (before + digits + after).strip()


# ----- formulas without cached values -------------------------------------------------


_FORMULA_TAG = re.compile(rb"<f[\s>/]")


def _has_formulas(zf: zipfile.ZipFile, name: str) -> bool:
    """Whether a sheet part contains any ``<f>`` element (a cheap byte scan)."""
    tail = b""
    with zf.open(name) as fh:
        while True:
            block = fh.read(1 << 20)
            if not block:
                return False
            if _FORMULA_TAG.search(tail + block):
                return True
            tail = block[-3:]


def _formulas_without_values(zf: zipfile.ZipFile, member: str | None) -> list[str]:
    """Cells of one sheet whose formula has no cached value (``<f>`` without ``<v>``)."""
    if not member:
        return []
    name = member.lstrip("/")
    try:
        if not _has_formulas(zf, name):
            return []
        fh = zf.open(name)
    except KeyError:
        return []
    # The standard (C) parser is safe here: the guard has already refused any part
    # that declares a DTD, and without one no entity can expand.
    from xml.etree.ElementTree import iterparse

    ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    missing: list[str] = []
    with fh:
        for _event, elem in iterparse(fh, events=("end",)):
            if elem.tag == f"{ns}c":
                f = elem.find(f"{ns}f")
                if f is not None:
                    v = elem.find(f"{ns}v")
                    if (v is None or not (v.text or "").strip()) and elem.get("t") != "inlineStr":
                        missing.append(elem.get("r") or "?")
                elem.clear()
            elif elem.tag == f"{ns}row":
                elem.clear()
    return missing
