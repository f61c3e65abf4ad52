"""A workbook's drop-down lists: the list data validations of its sheets, where each one
applies and where its allowed values come from.

A workbook made to be filled in (a submission form, an import or order template) puts a
drop-down list on the cells a person fills and keeps the lists' values in a range of
their own, often on a sheet of lists. Neither is data: the rows under a drop-down are an
example and room to fill, and a sheet of lists holds one list per column, not records
(see :func:`form_tables`).

Validations sit after a sheet's cells (``<dataValidations>``), or in its extension list
(``<x14:dataValidations>``, where Excel puts a list drawn from another sheet); a list
comes from its own text (``"Yes,No"``), a range (``Lists!$A$2:$A$9``) or a defined name
that stands for one. Only that tail of a sheet part is parsed.
"""

from __future__ import annotations

import html
import re
import zipfile
from dataclasses import dataclass
from xml.etree.ElementTree import iterparse

from datasetkit.knowledge.excel.template_rows import instructing

Box = tuple[int, int, int, int]  # first column, last column, first row, last row
_FEW = 3  # a template's example rows: more rows that hold values are records

_MARK = b"dataValidations"
_CHUNK = 1 << 20
_MAX_TAIL = 4 << 20  # the validations of a sheet are small; a huge tail is no list of them
_MAX_ROW = 1_048_576
_VALIDATION = re.compile(
    r"<(?:\w+:)?dataValidation\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?:\w+:)?dataValidation>)",
    re.S,
)
_FORMULA = re.compile(r"<(?:\w+:)?formula1>(?P<f>.*?)</(?:\w+:)?formula1>", re.S)
_INNER_F = re.compile(r"<(?:\w+:)?f>(?P<f>.*?)</(?:\w+:)?f>", re.S)
_SQREF = re.compile(r"<(?:\w+:)?sqref>(?P<s>.*?)</(?:\w+:)?sqref>", re.S)
_ATTR = re.compile(r'(?P<k>[\w:]+)="(?P<v>[^"]*)"')
_REF = re.compile(
    r"^(?:(?P<sheet>'(?:[^']|'')+'|[^'!]+)!)?\$?(?P<c1>[A-Z]{1,3})\$?(?P<r1>\d+)?"
    r"(?::\$?(?P<c2>[A-Z]{1,3})\$?(?P<r2>\d+)?)?$"
)


@dataclass(frozen=True)
class DropDown:
    """One list validation: the cells it applies to, and the range its values come from
    (None when the list is its own text or cannot be resolved)."""

    sheet: str
    applies: tuple[Box, ...]
    source: tuple[str, Box] | None


def _letters(col: str) -> int:
    n = 0
    for ch in col:
        n = n * 26 + ord(ch) - 64
    return n


def _box(ref: str, sheet: str) -> tuple[str, Box] | None:
    """``Lists!$A$2:$A$9`` -> (``Lists``, (1, 1, 2, 9)); a whole column runs to the end."""
    m = _REF.match(ref.strip())
    if m is None:
        return None
    where = m.group("sheet")
    if where:
        where = where[1:-1].replace("''", "'") if where.startswith("'") else where
    c1 = _letters(m.group("c1"))
    c2 = _letters(m.group("c2")) if m.group("c2") else c1
    r1 = int(m.group("r1")) if m.group("r1") else 1
    r2 = int(m.group("r2")) if m.group("r2") else (r1 if m.group("r1") else _MAX_ROW)
    return (where or sheet), (min(c1, c2), max(c1, c2), min(r1, r2), max(r1, r2))


def defined_names(zf: zipfile.ZipFile, part: str) -> dict[str, str]:
    """The workbook's defined names (global ones) and the reference each stands for."""
    out: dict[str, str] = {}
    try:
        with zf.open(part) as fh:
            for _, elem in iterparse(fh, events=("end",)):
                if (
                    elem.tag.rpartition("}")[2] == "definedName"
                    and elem.get("localSheetId") is None
                ):
                    out[(elem.get("name") or "").casefold()] = (elem.text or "").strip()
                elem.clear()
    except (KeyError, SyntaxError):
        return {}
    return out


def _tail(zf: zipfile.ZipFile, part: str) -> str:
    """The text of ``part`` from its first validation list on ('' when it has none)."""
    kept = b""
    found = False
    with zf.open(part) as fh:
        while chunk := fh.read(_CHUNK):
            if found:
                kept += chunk
            else:
                window = kept[-64:] + chunk
                at = window.find(_MARK)
                found = at >= 0
                kept = window[max(at - 16, 0) :] if found else window[-64:]
            if found and len(kept) > _MAX_TAIL:
                break
    return kept.decode("utf-8", "replace") if found else ""


def sheet_drop_downs(
    zf: zipfile.ZipFile, part: str, sheet: str, names: dict[str, str]
) -> list[DropDown]:
    """The list validations of one sheet part."""
    try:
        text = _tail(zf, part)
    except (KeyError, OSError, zipfile.BadZipFile):
        return []
    out: list[DropDown] = []
    for m in _VALIDATION.finditer(text):
        attrs = {a.group("k").rpartition(":")[2]: a.group("v") for a in _ATTR.finditer(m["attrs"])}
        body = m.group("body") or ""
        if attrs.get("type") != "list":
            continue
        refs = attrs.get("sqref") or "".join(s.group("s") for s in _SQREF.finditer(body))
        applies = tuple(b for r in refs.split() if (found := _box(r, sheet)) for b in [found[1]])
        formula = _FORMULA.search(body)
        raw = formula.group("f") if formula else ""
        inner = _INNER_F.search(raw)
        said = html.unescape(inner.group("f") if inner else raw).strip().lstrip("=")
        if said.startswith('"') or not applies:
            out.append(DropDown(sheet, applies, None))
            continue
        said = names.get(said.casefold(), said).lstrip("=")
        out.append(DropDown(sheet, applies, _box(said, sheet)))
    return out


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[1] and b[0] <= a[1] and a[2] <= b[3] and b[2] <= a[3]


def form_tables(
    sheet: str, boxes: list[tuple[int, Box, int, list[str]]], downs: list[DropDown]
) -> dict[int, str]:
    """Which tables of ``sheet`` are part of a form to fill in, and how: ``"lists"`` for a
    table two or more of whose columns are lists other cells draw from (one list a column:
    its rows are no records); of tables with few rows of their own (an example and room
    to fill: at most ``_FEW`` rows hold a value), ``"form"`` for one a drop-down list
    applies to (on its rows or the rows right below them) and ``"instructions"`` for one
    whose column headers tell what to enter (see ``template_rows.instructing``); a table
    above either over the same columns is the form's head (``"form"``). ``boxes`` holds each table's number, its cells below its header, how many of its rows
    hold a value, and its headers."""
    out: dict[int, str] = {}
    for number, box, filled, headers in boxes:
        sources = {
            col
            for d in downs
            if d.source is not None and d.source[0] == sheet and _meets(d.source[1], box)
            for col in range(max(d.source[1][0], box[0]), min(d.source[1][1], box[1]) + 1)
        }
        room = (box[0], box[1], box[2], box[3] + _FEW)
        if len(sources) >= 2:
            out[number] = "lists"
        elif filled > _FEW:
            continue
        elif any(d.sheet == sheet and any(_meets(a, room) for a in d.applies) for d in downs):
            out[number] = "form"
        elif any(instructing(h) for h in headers):
            out[number] = "instructions"
    return _heads(boxes, out)


def _heads(boxes: list[tuple[int, Box, int, list[str]]], marked: dict[int, str]) -> dict[int, str]:
    """``marked`` with the tables above a form's rows to fill, over the same columns: the
    form's head (the fields of whoever fills it, its notes), whose labels and notes side
    by side are no records either."""
    out = dict(marked)
    forms = [box for number, box, _, _ in boxes if marked.get(number) in ("form", "instructions")]
    for number, box, _, _ in boxes:
        if number not in out and any(
            box[3] < f[2] and box[0] <= f[1] and f[0] <= box[1] for f in forms
        ):
            out[number] = "form"
    return out
