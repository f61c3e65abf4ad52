"""What a save keeps of the file as it was: the text of every case the review left alone.

The format's writer writes the whole dataset in its own style; a reviewer who approved
one case of a hand-formatted JSON document should see one case change in the diff, not
every array re-wrapped. So in a JSON document each element that holds an unchanged case
is put back as it was written, where the writer's text of it means the same and stands at
the same depth (a file indented otherwise is left in the writer's style throughout,
rather than mixed).
"""

from __future__ import annotations

import json
import re
from typing import Any

from datasetkit.core.jsonloc import locate
from datasetkit.core.model import Dataset
from datasetkit.viewer.opened import OpenFile


def keep_unchanged_items(opened: OpenFile, dataset: Dataset, written: bytes) -> bytes:
    """``written`` (a JSON document) with each unchanged case's element as the original
    file wrote it."""
    try:
        old = opened.data.decode("utf-8")
        new = written.decode("utf-8")
    except UnicodeDecodeError:
        return written
    new = line_ends_like(old, new)
    same = {id(c) for c in opened.cases}
    edits: list[tuple[int, int, str]] = []
    for index, case in enumerate(dataset.cases):
        pointer = case.source.pointer if case.source is not None else None
        if id(case) not in same or not pointer:
            continue
        was = _span(old, pointer)
        now = _element(new, pointer.rsplit("/", 1)[0], index, old, was)
        if was is not None and now is not None:
            edits.append((now[0], now[1], old[was[0] : was[1]]))
    for start, end, text in sorted(edits, reverse=True):
        new = new[:start] + text + new[end:]
    return new.encode("utf-8")


def line_ends_like(old: str, new: str) -> str:
    """``new`` (JSON text, one document or one record a line) with CRLF line ends when
    ``old`` has them throughout. JSON holds no raw line break inside a string, so only
    the layout's breaks change."""
    if "\r\n" in old and "\n" not in old.replace("\r\n", ""):
        return new.replace("\r\n", "\n").replace("\n", "\r\n")
    return new


# Where a writer may put the cases of a document that held them elsewhere: M365's
# ``items`` of a file that was a bare array of items.
_CONTAINERS = ("/items",)


def _element(
    new: str, container: str, index: int, old: str, was: tuple[int, int] | None
) -> tuple[int, int] | None:
    """Where ``new`` holds, at the same depth and meaning the same, the element the
    original wrote at ``was`` (None: nowhere)."""
    if was is None:
        return None
    for where in dict.fromkeys((container, *_CONTAINERS)):
        now = _span(new, f"{where}/{index}")
        if now is None or _column(old, was[0]) != _column(new, now[0]):
            continue
        if _value(old, was) == _value(new, now):
            return now
    return None


def _span(text: str, pointer: str) -> tuple[int, int] | None:
    start = locate(text, pointer)
    if start is None:
        return None
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except ValueError:
        return None
    return start, int(end)


def _value(text: str, span: tuple[int, int]) -> Any:
    return json.loads(text[span[0] : span[1]])


def _column(text: str, offset: int) -> int:
    return offset - (text.rfind("\n", 0, offset) + 1)


def keep_unchanged_rows(opened: OpenFile, dataset: Dataset, written: bytes) -> bytes:
    """``written`` (a CSV file, one case a row) with each unchanged case's row as the
    original file wrote it, where it holds the same cells and ends its line the same way
    (quotes the writer would not have put, or left out, stay as the author had them)."""
    bom = b"\xef\xbb\xbf"
    try:
        old = _lines(opened.data.removeprefix(bom).decode("utf-8"))
        body = written.removeprefix(bom).decode("utf-8")
    except UnicodeDecodeError:
        return written
    new = _lines(body)
    head = len(new) - len(dataset.cases)  # the header (and comment) lines the writer wrote
    if head < 0 or _records(body) != len(new):
        return written  # a cell holds a line break: lines are not rows
    same = {id(c) for c in opened.cases}
    for index, case in enumerate(dataset.cases):
        line = case.source.line if case.source is not None else None
        if id(case) not in same or not line or line > len(old):
            continue
        was, now = old[line - 1], new[head + index]
        if _ending(was) == _ending(now) and _cells(was) == _cells(now):
            new[head + index] = was
    out = "".join(new).encode("utf-8")
    return bom + out if written.startswith(bom) else out


def _lines(text: str) -> list[str]:
    """The lines of a CSV text, each with its end (only LF ends a line: a CR or another
    separator inside a cell does not)."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def _records(text: str) -> int:
    import csv
    import io

    return sum(1 for _ in csv.reader(io.StringIO(text, newline="")))


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")) :]


def _cells(line: str) -> list[str] | None:
    import csv

    rows = list(csv.reader([line.rstrip("\r\n")]))
    return rows[0] if len(rows) == 1 else None
