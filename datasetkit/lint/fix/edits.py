"""The files as fixes see them, and the edits fixes make in them.

A fix (registered beside its rule with :func:`datasetkit.lint.registry.fixes`) is given
one of these views and the findings it answers, and records its edits on the view. The
edits are made in the file's text so everything else keeps its formatting: M365 JSON
keys and values are replaced where they stand, a changed JSONL record is re-serialised on
its own line, CSV cells are replaced in place with their quoting.

Each view lists its changes in an order that depends on what they do, not on which rule
asked first:

- :class:`FileBytes`: as made.
- :class:`JsonDocument`: keys renamed, then values replaced, then elements removed.
- :class:`JsonLines`: line by line; a removed line only as removed, a record's reshapes
  before its replaced values, each rule once per line.
- :class:`CsvTable`: rows removed, then cells replaced (a cell of a removed row is not).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from datasetkit.core.findings import Finding
from datasetkit.core.jsonloc import locate
from datasetkit.lint import csvspan


@dataclass
class Change:
    """One applied fix: which rule it answers, what was done, and where."""

    code: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape for reports."""
        return {"code": self.code, "message": self.message, "line": self.line}


# (start, end, replacement) in a text.
Edit = tuple[int, int, str]


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with the edits made, from the last to the first so offsets hold."""
    for start, end, repl in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + repl + text[end:]
    return text


class FileBytes:
    """The file's bytes before they are decoded (for what lies outside the text: a BOM)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.changes: list[Change] = []

    def delete(self, code: str, start: int, end: int, message: str, line: int | None) -> None:
        """Remove ``data[start:end]``."""
        self.data = self.data[:start] + self.data[end:]
        self.changes.append(Change(code, message, line))


# What a JsonDocument edit does, in the order its changes are listed.
_RENAME, _REPLACE, _REMOVE = range(3)


class JsonDocument:
    """An M365 JSON document: its text, its parsed ``value``, and edits made where they stand."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.value = json.loads(text)
        self._spans: dict[str, tuple[int, int] | None] = {}
        self._edits: list[tuple[int, Edit, Change]] = []

    def span(self, pointer: str) -> tuple[int, int] | None:
        """Where the value at ``pointer`` is written in the text (None: nowhere)."""
        if pointer not in self._spans:
            start = locate(self.text, pointer)
            span = None
            if start is not None:
                try:
                    _, end = json.JSONDecoder().raw_decode(self.text, start)
                    span = (start, int(end))
                except ValueError:
                    pass
            self._spans[pointer] = span
        return self._spans[pointer]

    def get(self, pointer: str) -> Any:
        """The value at ``pointer`` as written (None when absent or unreadable)."""
        span = self.span(pointer)
        if span is None:
            return None
        try:
            return json.loads(self.text[span[0] : span[1]])
        except (ValueError, RecursionError):
            return None

    def rename_key(self, code: str, pointer: str, name: str, message: str) -> None:
        """Rename the member ``pointer`` names to ``name``."""
        from json.decoder import scanstring  # type: ignore[attr-defined]

        from datasetkit.core.positions import offset_to_line_col

        off = locate(self.text, pointer, key=True)
        if off is None or self.text[off] != '"':
            return
        _, end = scanstring(self.text, off + 1)
        line = offset_to_line_col(self.text, off)[0]
        self._edits.append((_RENAME, (off, end, json.dumps(name)), Change(code, message, line)))

    def replace(self, code: str, pointer: str, value: Any, message: str, line: int | None) -> None:
        """Write ``value`` in place of the value at ``pointer`` (escaped as that one was)."""
        span = self.span(pointer)
        if span is None:
            return
        token = self.text[span[0] : span[1]]
        new = json.dumps(value, ensure_ascii="\\u" in token)
        self._edits.append((_REPLACE, (*span, new), Change(code, message, line)))

    def remove_element(self, code: str, pointer: str, message: str, line: int | None) -> None:
        """Remove the array element at ``pointer`` and the comma joining it to a neighbour."""
        span = self.span(pointer)
        if span is None:
            return
        s, e = span
        i = s - 1
        while i >= 0 and self.text[i] in " \t\r\n":
            i -= 1
        edit: Edit = (s, e, "")
        if i >= 0 and self.text[i] == ",":
            edit = (i, e, "")
        else:
            j = e
            while j < len(self.text) and self.text[j] in " \t\r\n":
                j += 1
            if j < len(self.text) and self.text[j] == ",":
                k = j + 1
                while k < len(self.text) and self.text[k] in " \t\r\n":
                    k += 1
                edit = (s, k, "")
        self._edits.append((_REMOVE, edit, Change(code, message, line)))

    def result(self) -> tuple[str, list[Change]]:
        """The edited text and its changes."""
        done = sorted(self._edits, key=lambda e: e[0])
        return apply_edits(self.text, [e for _, e, _ in done]), [c for _, _, c in done]


class JsonRecord:
    """The object on one JSONL line: fixes change ``value`` in place and say what they did."""

    def __init__(self, line: int, value: dict[str, Any]) -> None:
        self.line = line
        self.value = value
        self._reshaped: list[Change] = []
        self._replaced: list[Change] = []

    def reshaped(self, code: str, message: str) -> None:
        """Record a change a fix made to ``value``'s structure."""
        self._reshaped.append(Change(code, message, self.line))

    def replace(self, code: str, key: str, value: Any, message: str) -> None:
        """Set ``value[key]``, a value replaced where it stands."""
        self.value[key] = value
        self._replaced.append(Change(code, message, self.line))

    def changes(self) -> list[Change]:
        """Each rule's first change to this record, reshapes first."""
        first: dict[str, Change] = {}
        for change in self._reshaped + self._replaced:
            first.setdefault(change.code, change)
        return list(first.values())


class JsonLines:
    """A JSONL file: lines to remove, and the records on its lines to change."""

    def __init__(self, text: str) -> None:
        self._lines = text.splitlines(keepends=True)
        self._removed: dict[int, Change] = {}
        self._records: dict[int, JsonRecord | None] = {}

    def remove(self, code: str, line: int, message: str) -> None:
        """Remove line ``line`` (1-based)."""
        self._removed.setdefault(line, Change(code, message, line))

    def records(self, found: list[Finding]) -> Iterator[tuple[JsonRecord, set[str]]]:
        """The records on the lines of ``found``, in line order, with the codes found on each
        (lines that hold no JSON object are skipped)."""
        codes: dict[int, set[str]] = {}
        for f in found:
            if f.location.line:
                codes.setdefault(f.location.line, set()).add(f.code)
        for n in sorted(codes):
            record = self._record(n)
            if record is not None:
                yield record, codes[n]

    def _record(self, n: int) -> JsonRecord | None:
        if n not in self._records:
            raw = self._lines[n - 1] if 0 < n <= len(self._lines) else ""
            try:
                value = json.loads(raw) if raw.strip() else None
            except (ValueError, RecursionError):  # bad JSON, too deep, huge numbers
                value = None
            self._records[n] = JsonRecord(n, value) if isinstance(value, dict) else None
        return self._records[n]

    def result(self) -> tuple[str, list[Change]]:
        """The edited text and its changes, line by line."""
        out: list[str] = []
        changes: list[Change] = []
        for n, raw in enumerate(self._lines, start=1):
            if n in self._removed:
                changes.append(self._removed[n])
                continue
            record = self._records.get(n)
            done = record.changes() if record is not None else []
            if record is None or not done:
                out.append(raw)
                continue
            ending = raw[len(raw.rstrip("\r\n")) :]
            out.append(json.dumps(record.value, ensure_ascii=False) + ending)
            changes += done
        return "".join(out), changes


class CsvTable:
    """A CSV file: its records and cells where they stand, rows to remove, cells to replace.

    ``columns`` maps a role (``prompt``, ``expected_response``) to the column that holds it.
    """

    def __init__(self, text: str, columns: dict[str, str]) -> None:
        self.text = text
        self.records = csvspan.parse(text)
        self.header = next((r for r in self.records if not r.blank and not r.comment), None)
        self.columns = columns
        self._by_line = {r.line: r for r in self.records}
        self._removed: list[tuple[Edit, Change]] = []
        self._replaced: list[tuple[csvspan.CsvRecord, Edit, Change]] = []

    def record(self, line: int | None) -> csvspan.CsvRecord | None:
        """The record that starts on ``line``."""
        return self._by_line.get(line or -1)

    def remove(self, code: str, record: csvspan.CsvRecord, message: str) -> None:
        """Remove a whole row."""
        edit = (record.start, record.next_start, "")
        self._removed.append((edit, Change(code, message, record.line)))

    def replace(
        self, code: str, record: csvspan.CsvRecord, cell: csvspan.CsvCell, text: str, message: str
    ) -> None:
        """Write ``text`` (already quoted) in place of a cell of ``record``."""
        edit = (cell.start, cell.end, text)
        self._replaced.append((record, edit, Change(code, message, record.line)))

    def result(self) -> tuple[str, list[Change]]:
        """The edited text and its changes."""
        removed = {edit[0] for edit, _ in self._removed}
        kept = [(edit, c) for rec, edit, c in self._replaced if rec.start not in removed]
        done = self._removed + kept
        return apply_edits(self.text, [e for e, _ in done]), [c for _, c in done]
