"""Reading the parts of an .xlsx package: workbook, styles, shared strings, sheets.

Every part is streamed, so a large sheet costs the text of its cells, not a tree of
it: the small parts with ``iterparse`` (cleared as it goes), sheets with expat
callbacks. A sheet is read once, and that one pass gives the cells (as displayed,
through their number format), the merged ranges, the hidden rows and columns, and the
formula cells saved without a value. Tags are matched by local name, so the
transitional and strict OOXML namespaces and prefixed tags (``x:c``) all read.

The standard (expat) XML parser is safe here: the guard has already refused any part
that declares a DTD, and without one no entity can expand.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple
from xml.etree.ElementTree import Element, ParseError, iterparse
from xml.parsers import expat

from datasetkit.knowledge.build import clean_inline
from datasetkit.knowledge.excel.numbers import BUILTIN_FORMATS, format_value
from datasetkit.knowledge.excel.volatile import Formulas

_TRUE = ("1", "true")
# A stored number General shows unchanged: at most 15 digits, no exponent, no trailing 0.
_PLAIN_NUMBER = re.compile(r"(?!-0$)-?(?:0|[1-9]\d{0,14})(?:\.\d*[1-9])?")
# The formats openpyxl and pandas give every date they write (no person chose them):
# a date at midnight in one of them reads as the date alone, not ``2026-05-31 0:00:00``.
_WRITER_DATETIME_FORMATS = frozenset({"yyyy-mm-dd h:mm:ss", "yyyy-mm-dd hh:mm:ss"})


class Cell(NamedTuple):
    """One non-empty cell as a person sees it."""

    col: int
    text: str
    # A text value (not a number, date, boolean or error): header rows are text.
    is_text: bool
    # The cell's type: bold, and its size in points (0 when the workbook does not say).
    bold: bool = False
    size: float = 0.0
    # Its horizontal alignment ("right", "center", ...; "" when the style sets none).
    align: str = ""
    # A value recomputed on every recalculation (see ``volatile``): never an answer.
    volatile: bool = False
    # Its background is filled (a solid or patterned fill): a title band, a header.
    filled: bool = False
    # A pivot table's caption over its figures (the corner its "Column Labels" sit beside).
    pivot_caption: bool = False


@dataclass
class SheetRef:
    """A worksheet of the workbook: its tab name, visibility and part in the package."""

    name: str
    state: str  # visible, hidden, veryHidden
    part: str | None


@dataclass
class Workbook:
    """What the workbook part says about the sheets, plus styles and shared strings."""

    sheets: list[SheetRef]
    date1904: bool = False
    formats: list[str] = field(default_factory=list)
    # Per cell style: (bold, size in points) of its font.
    fonts: list[tuple[bool, float]] = field(default_factory=list)
    # Per cell style: its horizontal alignment, and whether its background is filled.
    aligns: list[str] = field(default_factory=list)
    fills: list[bool] = field(default_factory=list)
    strings: list[str] = field(default_factory=list)
    part: str = "xl/workbook.xml"  # the workbook part (its defined names are read there)


@dataclass
class SheetData:
    """The visible content of one sheet, and what was left out of it."""

    rows: dict[int, list[Cell]] = field(default_factory=dict)
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)
    # Every row and column the sheet hides (empty ones too: they join what they split).
    hidden_rows: set[int] = field(default_factory=set)
    hidden_cols: set[int] = field(default_factory=set)
    # The hidden rows and columns that held values (what the reader leaves out).
    hidden_rows_with_values: set[int] = field(default_factory=set)
    hidden_cols_with_values: set[int] = field(default_factory=set)
    # Rows and columns set so thin that they only space cells apart (gutters): a blank
    # one inside a table does not cut it.
    thin_rows: set[int] = field(default_factory=set)
    thin_cols: set[int] = field(default_factory=set)
    missing_formulas: list[str] = field(default_factory=list)
    # Every formula cell (hidden ones too: a hidden cell can feed a visible one).
    formulas: Formulas = field(default_factory=Formulas)
    stopped: bool = False

    def mark_volatile(self, cells: set[tuple[int, int]]) -> None:
        """Flag the read cells among ``cells`` as volatile."""
        for row in {r for r, _ in cells}:
            read = self.rows.get(row)
            if read is not None:
                self.rows[row] = [
                    c._replace(volatile=True) if (row, c.col) in cells else c for c in read
                ]


# A column narrower than this many characters, or a row lower than this many points,
# is a gutter: about a third of the default width or height.
_THIN_COL = 3.5
_THIN_ROW = 6.0


def _thin(value: str | None, limit: float) -> bool:
    try:
        return 0 < float(value or "") < limit
    except ValueError:
        return False


class PackageError(Exception):
    """The package is not a readable workbook (a part is missing or not XML)."""


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _attr(elem: Element, name: str) -> str | None:
    """An attribute by local name, whatever its namespace (``r:id``)."""
    for key, value in elem.attrib.items():
        if _local(key) == name:
            return value
    return None


def _parts(zf: zipfile.ZipFile, name: str) -> Iterator[tuple[str, Element]]:
    try:
        fh = zf.open(name)
    except KeyError as exc:
        raise PackageError(f"part {name} is missing") from exc
    with fh:
        yield from iterparse(fh, events=("start", "end"))


# ----- workbook ------------------------------------------------------------------------


def read_workbook(zf: zipfile.ZipFile) -> Workbook:
    """The sheets (in tab order), the date system, number formats and shared strings."""
    names = set(zf.namelist())
    wb_part = _workbook_part(zf, names)
    rels = _relationships(zf, wb_part, names)
    sheets: list[SheetRef] = []
    date1904 = False
    for event, elem in _parts(zf, wb_part):
        if event != "end":
            continue
        tag = _local(elem.tag)
        if tag == "workbookPr":
            date1904 = (elem.get("date1904") or "").lower() in _TRUE
        elif tag == "sheet":
            target, kind = rels.get(_attr(elem, "id") or "", (None, ""))
            if kind.endswith("/worksheet"):
                sheets.append(
                    SheetRef(elem.get("name") or "?", elem.get("state") or "visible", target)
                )
    by_kind = {kind.rpartition("/")[2]: target for target, kind in rels.values()}
    wb = Workbook(sheets, date1904, part=wb_part)
    styles = by_kind.get("styles")
    if styles and styles in names:
        wb.formats, wb.fonts, wb.aligns, wb.fills = read_styles(zf, styles)
    strings = by_kind.get("sharedStrings")
    if strings and strings in names:
        wb.strings = read_strings(zf, strings)
    return wb


def _workbook_part(zf: zipfile.ZipFile, names: set[str]) -> str:
    if "_rels/.rels" in names:
        for event, elem in _parts(zf, "_rels/.rels"):
            if event == "end" and (elem.get("Type") or "").endswith("/officeDocument"):
                target = posixpath.normpath((elem.get("Target") or "").lstrip("/"))
                if target in names:
                    return target
    if "xl/workbook.xml" in names:
        return "xl/workbook.xml"
    raise PackageError("it has no workbook part")


def _relationships(zf: zipfile.ZipFile, part: str, names: set[str]) -> dict[str, tuple[str, str]]:
    """Relationship id -> (target part, type) for one part."""
    folder, base = posixpath.split(part)
    rels_name = posixpath.join(folder, "_rels", base + ".rels")
    out: dict[str, tuple[str, str]] = {}
    if rels_name not in names:
        return out
    for event, elem in _parts(zf, rels_name):
        if event != "end" or _local(elem.tag) != "Relationship":
            continue
        target = elem.get("Target") or ""
        if target.startswith("/"):
            path = target.lstrip("/")
        else:
            path = posixpath.normpath(posixpath.join(folder, target))
        out[elem.get("Id") or ""] = (path, elem.get("Type") or "")
    return out


def read_styles(
    zf: zipfile.ZipFile, name: str
) -> tuple[list[str], list[tuple[bool, float]], list[str], list[bool]]:
    """The number format code, the font (bold, size), the horizontal alignment and
    whether the background is filled, of every cell style (the ``s`` attribute of a cell)."""
    custom: dict[int, str] = {}
    fonts: list[tuple[bool, float]] = []
    font: list[Any] | None = None
    ids: list[tuple[int, int]] = []
    aligns: list[str] = []
    align = ""
    # Whether each fill paints the background (none and gray125 are Excel's two blanks).
    fills: list[bool] = []
    painted: list[bool] = []
    in_xfs = in_fonts = in_fills = False
    for event, elem in _parts(zf, name):
        tag = _local(elem.tag)
        if tag == "cellXfs":
            in_xfs = event == "start"
        elif tag == "fills":
            in_fills = event == "start"
        elif tag == "fonts":
            in_fonts = event == "start"
        elif tag == "font" and in_fonts:
            if event == "start":
                font = [False, 0.0]
            elif font is not None:
                fonts.append((bool(font[0]), float(font[1])))
                font = None
        elif event == "end" and font is not None and tag == "b":
            font[0] = (elem.get("val") or "1").lower() not in ("0", "false")
        elif event == "end" and font is not None and tag == "sz":
            font[1] = _float(elem.get("val"))
        elif event == "end" and tag == "fill" and in_fills:
            fills.append(_painted(elem))
        elif event == "end" and tag == "numFmt":
            custom[_int(elem.get("numFmtId"))] = elem.get("formatCode") or "General"
        elif event == "end" and tag == "alignment" and in_xfs:
            align = elem.get("horizontal") or ""
        elif event == "end" and tag == "xf" and in_xfs:
            fill = _int(elem.get("fillId"))
            ids.append((_int(elem.get("numFmtId")), _int(elem.get("fontId"))))
            painted.append(0 <= fill < len(fills) and fills[fill])
            aligns.append(align)
            align = ""
    formats = [custom.get(i) or BUILTIN_FORMATS.get(i, "General") for i, _ in ids]
    looks = [fonts[f] if 0 <= f < len(fonts) else (False, 0.0) for _, f in ids]
    return formats, looks, aligns, painted


def _painted(fill: Element) -> bool:
    """Whether a fill paints the background: not Excel's two blanks (none, gray125), nor
    a solid white that only hides the gridlines."""
    pattern = next((e for e in fill if _local(e.tag) == "patternFill"), None)
    if pattern is None:
        return True  # a gradient
    kind = pattern.get("patternType") or "none"
    colour = next((e.get("rgb") or "" for e in pattern if _local(e.tag) == "fgColor"), "")
    return kind not in ("none", "gray125") and colour.upper()[-6:] != "FFFFFF"


def _float(text: str | None) -> float:
    try:
        return float(text or 0)
    except ValueError:
        return 0.0


def _int(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0


def _rich_text(elem: Element) -> str:
    """The text of a string item: its ``t`` and runs, without phonetic guides."""
    parts: list[str] = []
    for child in elem:
        tag = _local(child.tag)
        if tag == "t":
            parts.append(child.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
    return "".join(parts)


def read_strings(zf: zipfile.ZipFile, name: str) -> list[str]:
    """The shared string table."""
    out: list[str] = []
    root: Element | None = None
    for event, elem in _parts(zf, name):
        if event == "start":
            if root is None:
                root = elem
            continue
        if _local(elem.tag) == "si":
            out.append(_rich_text(elem))
            if root is not None:
                root.clear()
    return out


# ----- sheets -----------------------------------------------------------------------------


def column_number(ref: str) -> int:
    """``B7`` -> 2."""
    n = 0
    for ch in ref:
        if "A" <= ch <= "Z":
            n = n * 26 + ord(ch) - 64
        elif "a" <= ch <= "z":
            n = n * 26 + ord(ch) - 96
        else:
            break
    return n


def column_letter(n: int) -> str:
    """2 -> ``B``."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _cell_ref(ref: str) -> tuple[int, int]:
    col = column_number(ref)
    digits = ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz$")
    return _int(digits.replace("$", "")), col


def merge_range(ref: str) -> tuple[int, int, int, int] | None:
    first, _, last = ref.partition(":")
    r0, c0 = _cell_ref(first)
    r1, c1 = _cell_ref(last or first)
    if min(r0, c0, r1, c1) <= 0:
        return None
    return min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1)


class _Stop(Exception):
    """Raised from a parser callback to end the reading early."""


class _SheetReader:
    """One streaming pass over a sheet part, with expat callbacks (no element tree).

    Text is collected only inside ``<v>``, ``<f>`` and the ``<t>`` of inline strings
    (not their phonetic ``<rPh>`` guides).
    """

    def __init__(self, wb: Workbook, stop: Callable[[int], bool]) -> None:
        self.wb = wb
        self.stop = stop
        self.out = SheetData()
        self.row_no = self.col = self.count = 0
        self.row_hidden = False
        self.cells: list[Cell] = []
        self.cell: dict[str, str] = {}
        self.text: list[str] | None = None
        self.raw: str | None = None
        self.inline: list[str] | None = None
        self.phonetic = False
        self.formula = False
        self.formula_attrs: dict[str, str] = {}
        self.formula_text = ""
        # Displayed text by (type, stored value, style): values repeat in real sheets.
        self.seen: dict[tuple[str, str, str | None], tuple[str, bool]] = {}
        self.names: dict[str, str] = {}

    def read(self, fh: Any) -> SheetData:
        parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._data
        try:
            while True:
                block = fh.read(1 << 20)
                parser.Parse(block, not block)
                if not block:
                    break
        except _Stop:
            self.out.stopped = True
        except expat.ExpatError as exc:
            raise ParseError(str(exc)) from exc
        return self.out

    def _local(self, name: str) -> str:
        local = self.names.get(name)
        if local is None:
            local = self.names[name] = name.rpartition(":")[2]
        return local

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        tag = self._local(name)
        if tag == "c":
            self.cell, self.raw, self.inline, self.formula = attrs, None, None, False
            ref = attrs.get("r")
            self.col = column_number(ref) if ref else self.col + 1
        elif tag == "v":
            self.text = []
        elif tag == "f":
            self.formula, self.formula_attrs, self.text = True, attrs, []
        elif tag == "is":
            self.inline = []
        elif tag == "t" and self.inline is not None and not self.phonetic:
            self.text = []
        elif tag == "rPh":
            self.phonetic = True
        elif tag == "row":
            self._row_start(attrs)
        elif tag == "col":
            self._col(attrs)
        elif tag == "mergeCell":
            merge = merge_range(attrs.get("ref") or "")
            if merge is not None:
                self.out.merges.append(merge)

    def _data(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)

    def _end(self, name: str) -> None:
        tag = self._local(name)
        if tag == "c":
            self._cell()
        elif tag == "v" and self.text is not None:
            self.raw, self.text = "".join(self.text), None
        elif tag == "f" and self.text is not None:
            self.formula_text, self.text = "".join(self.text), None
        elif tag == "t" and self.text is not None and self.inline is not None:
            self.inline.append("".join(self.text))
            self.text = None
        elif tag == "rPh":
            self.phonetic = False
        elif tag == "row":
            self._row_end()

    def _col(self, attrs: dict[str, str]) -> None:
        low = max(1, _int(attrs.get("min")))
        high = min(16384, max(low, _int(attrs.get("max"))))
        if _thin(attrs.get("width"), _THIN_COL) and high - low < 4:
            self.out.thin_cols.update(range(low, high + 1))
        if (attrs.get("hidden") or "").lower() in _TRUE:
            self.out.hidden_cols.update(range(low, high + 1))

    def _row_start(self, attrs: dict[str, str]) -> None:
        r = attrs.get("r")
        self.row_no = _int(r) if r else self.row_no + 1
        self.row_hidden = (attrs.get("hidden") or "").lower() in _TRUE
        if (attrs.get("customHeight") or "").lower() in _TRUE and _thin(attrs.get("ht"), _THIN_ROW):
            self.out.thin_rows.add(self.row_no)
        if self.row_hidden:
            self.out.hidden_rows.add(self.row_no)
        self.cells, self.col = [], 0

    def _row_end(self) -> None:
        if self.cells:
            self.cells.sort(key=lambda x: x.col)
            self.out.rows[self.row_no] = self.cells
        self.cells = []
        self.count += 1
        if self.count % 1000 == 0 and self.stop(self.row_no):
            raise _Stop

    def _cell(self) -> None:
        kind = self.cell.get("t") or "n"
        raw = "".join(self.inline) if kind == "inlineStr" and self.inline is not None else self.raw
        col = self.col
        hidden = self.row_hidden or col in self.out.hidden_cols
        volatile = self.formula and self.out.formulas.add(
            self.row_no, col, self.formula_text, self.formula_attrs
        )
        if raw is None or (raw == "" and kind != "inlineStr"):
            if self.formula and not hidden:
                self.out.missing_formulas.append(f"{column_letter(col)}{self.row_no}")
            return
        style = self.cell.get("s")
        text, is_text = self._display(kind, raw, style)
        if not text:
            return
        if not hidden:
            i = _int(style)
            bold, size = self.wb.fonts[i] if 0 <= i < len(self.wb.fonts) else (False, 0.0)
            align = self.wb.aligns[i] if 0 <= i < len(self.wb.aligns) else ""
            filled = 0 <= i < len(self.wb.fills) and self.wb.fills[i]
            self.cells.append(Cell(col, text, is_text, bold, size, align, volatile, filled))
            return
        if self.row_hidden:
            self.out.hidden_rows_with_values.add(self.row_no)
        if col in self.out.hidden_cols:
            self.out.hidden_cols_with_values.add(col)

    def _display(self, kind: str, raw: str, style: str | None) -> tuple[str, bool]:
        key = (kind, raw, style)
        shown = self.seen.get(key)
        if shown is None:
            i = _int(style)
            fmt = self.wb.formats[i] if 0 <= i < len(self.wb.formats) else "General"
            shown = display(kind, raw, fmt, self.wb)
            if len(self.seen) > 100_000:
                self.seen.clear()
            self.seen[key] = shown
        return shown


def read_sheet(
    zf: zipfile.ZipFile, part: str, wb: Workbook, stop: Callable[[int], bool]
) -> SheetData:
    """The visible cells of one sheet, its merges and what it hides.

    ``stop(row)`` is asked every thousand rows; True ends the reading (``stopped``).
    """
    try:
        fh = zf.open(part)
    except KeyError as exc:
        raise PackageError(f"part {part} is missing") from exc
    with fh:
        return _SheetReader(wb, stop).read(fh)


def _shown_as_stored(raw: str) -> bool:
    return (
        len(raw) <= 17
        and _PLAIN_NUMBER.fullmatch(raw) is not None
        and len(raw) - raw.count("-") - raw.count(".") <= 15
        and not raw.lstrip("-").startswith("0.00000000")
    )


def display(kind: str, raw: str, fmt: str, wb: Workbook) -> tuple[str, bool]:
    """A stored cell value as displayed, and whether it is text."""
    if kind == "s":
        i = _int(raw)
        value = wb.strings[i] if 0 <= i < len(wb.strings) else ""
        return format_value(value, fmt), True
    if kind in ("str", "inlineStr"):
        return format_value(raw, fmt), True
    if kind == "b":
        return ("TRUE" if raw.strip() in _TRUE else "FALSE"), False
    if kind == "e":
        return raw.strip(), False
    if kind == "d":
        try:
            when = dt.datetime.fromisoformat(raw.strip().rstrip("Z"))
        except ValueError:
            return clean_inline(raw), False
        if fmt.lower() in _WRITER_DATETIME_FORMATS and when.time() == dt.time(0):
            fmt = "yyyy-mm-dd"
        return format_value(when, fmt, date1904=wb.date1904), False
    if fmt == "General" and _shown_as_stored(raw):
        return raw, False  # as Excel shows it already (the common case, made cheap)
    try:
        number = Decimal(raw.strip())
    except InvalidOperation:
        return clean_inline(raw), True
    if fmt.lower() in _WRITER_DATETIME_FORMATS and number == number.to_integral_value():
        fmt = "yyyy-mm-dd"
    return format_value(number, fmt, date1904=wb.date1904), False
