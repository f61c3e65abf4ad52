"""Putting each finding on the case, turn and field it is about.

Findings locate themselves the way files do: a JSON Pointer (``/items/3/prompt``,
``/3/query``), a record row (JSONL line, CSV row) or a line. Each case knows where it
was read from (``Case.source``: its pointer, its turns' pointers, row and line), so a
finding belongs to the case whose pointer is the longest prefix of the finding's, else
to the case of its row or line. What names the field is the rest of the pointer, or the
CSV column; a format's own names (``query``, ``ground_truth``, ``Question``) are shown
on the page's fields by the canonical name (prompt, expected response). A finding on no
case (a header, a file limit) belongs to the file.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from datasetkit.core.findings import Finding
from datasetkit.core.model import Case

# A format's field names -> the page's (the canonical model's) field. Display only: a
# name not listed keeps its own and the finding shows at the top of the case.
_FIELD_NAMES = {
    "prompt": "prompt",
    "query": "prompt",
    "question": "prompt",
    "input": "prompt",
    "user_input": "prompt",
    "content": "prompt",
    "test_case_description": "prompt",
    "expected_response": "expected_response",
    "expectedresponse": "expected_response",
    "expected response": "expected_response",
    "ground_truth": "expected_response",
    "reference": "expected_response",
    "expected_output": "expected_response",
    "ideal": "expected_response",
    "answer": "expected_response",
    "evaluators": "evaluators",
    "evaluators_mode": "evaluators",
    "testmethodtype": "evaluators",
    "test method": "evaluators",
    "category": "category",
    "context": "context",
}


@dataclass
class Placed:
    """The findings of one file, by case (index in the dataset) and for the file itself."""

    by_case: dict[int, list[tuple[Finding, int | None, str | None]]] = field(default_factory=dict)
    file: list[Finding] = field(default_factory=list)


def canonical_field(name: str | None) -> str | None:
    """The page's field for a format's field name (None for no name)."""
    if not name:
        return None
    key = re.sub(r"[\s_]+", " ", name.strip().lower()).replace(" ", "_")
    return _FIELD_NAMES.get(key) or _FIELD_NAMES.get(key.replace("_", " ")) or name


class Locator:
    """Finds the case, turn and field of a finding in one dataset's cases."""

    def __init__(self, cases: list[Case]) -> None:
        self._by_pointer: dict[str, int] = {}
        self._turns: dict[str, tuple[int, int]] = {}
        self._by_row: dict[int, int] = {}
        lines: list[tuple[int, int]] = []
        for i, case in enumerate(cases):
            src = case.source
            if src is None:
                continue
            if src.pointer is not None:
                self._by_pointer.setdefault(src.pointer, i)
            for t, pointer in enumerate(src.turn_pointers or []):
                self._turns.setdefault(pointer, (i, t))
            if src.row is not None:
                self._by_row.setdefault(src.row, i)
            if src.line is not None:
                lines.append((src.line, i))
        lines.sort()
        self._line_starts = [n for n, _ in lines]
        self._line_cases = [i for _, i in lines]

    def place(self, finding: Finding) -> tuple[int, int | None, str | None] | None:
        """(case index, turn index or None, field or None); None for a file-level finding."""
        loc = finding.location
        if loc.pointer:
            found = self._by_pointer_prefix(loc.pointer)
            if found is not None:
                return found
        case = self._by_row.get(loc.row) if loc.row is not None else None
        if case is None and loc.line is not None and loc.pointer is None and loc.row is None:
            case = self._by_line(loc.line)
        if case is None:
            return None
        return case, None, canonical_field(loc.field)

    def _by_pointer_prefix(self, pointer: str) -> tuple[int, int | None, str | None] | None:
        parts = pointer.split("/")
        # The longest prefix that is a turn's pointer, else a case's.
        for n in range(len(parts), 1, -1):
            prefix = "/".join(parts[:n])
            turn = self._turns.get(prefix)
            if turn is not None:
                rest = parts[n:]
                # A turn pointer that names the prompt itself (Foundry's "/3/query").
                name = rest[0] if rest else _named(parts[n - 1])
                return turn[0], turn[1], canonical_field(name)
            case = self._by_pointer.get(prefix)
            if case is not None:
                rest = parts[n:]
                return case, None, canonical_field(rest[0] if rest else None)
        return None

    def _by_line(self, line: int) -> int | None:
        at = bisect.bisect_right(self._line_starts, line) - 1
        return self._line_cases[at] if at >= 0 else None


def _named(segment: str) -> str | None:
    """A pointer's last segment when it is a field name (not an array index)."""
    return None if segment.isdigit() else segment


def place_findings(findings: Iterable[Finding], cases: list[Case]) -> Placed:
    """Every finding on its case (with turn and field), or on the file."""
    locator = Locator(cases)
    placed = Placed()
    for f in findings:
        where = locator.place(f)
        if where is None:
            placed.file.append(f)
        else:
            placed.by_case.setdefault(where[0], []).append((f, where[1], where[2]))
    return placed
