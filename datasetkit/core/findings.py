"""Findings: every check in datasetkit reports its results as data.

A :class:`Finding` says what is wrong (``message``), how to fix it (``hint``) and
where (``location``). Reporters in :mod:`datasetkit.report` only format findings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any


class Severity(str, Enum):
    """How serious a finding is. ``error`` fails a run (exit code 1)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """Sort key: errors first."""
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True)
class Location:
    """Where a finding points: a file plus any of line/column, JSON Pointer, CSV row/field.

    Lines, columns and rows are 1-based, as editors show them. ``row`` is the data
    record number (a JSONL line number, or the CSV record number counting the header
    as row 1); ``field`` is a column or key name.
    """

    path: str | None = None
    line: int | None = None
    column: int | None = None
    pointer: str | None = None
    row: int | None = None
    field: str | None = None

    def describe(self) -> str:
        """``file:line:col`` (or what is known of it) for people."""
        out = self.path or "<input>"
        if self.line is not None:
            out += f":{self.line}"
            if self.column is not None:
                out += f":{self.column}"
        return out


@dataclass(frozen=True)
class Finding:
    """One problem (or note) found in a dataset."""

    code: str
    severity: Severity
    message: str
    hint: str = ""
    location: Location = field(default_factory=Location)
    # Free-form facts for machine consumers (e.g. the offending value, a suggestion).
    data: dict[str, Any] = field(default_factory=dict)

    def with_location(self, **changes: Any) -> Finding:
        """A copy with some location fields changed."""
        return replace(self, location=replace(self.location, **changes))

    def with_severity(self, severity: Severity) -> Finding:
        """A copy with another severity (used by configuration overrides)."""
        return replace(self, severity=severity)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``--format json``."""
        loc = self.location
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "hint": self.hint,
            "path": loc.path,
            "line": loc.line,
            "column": loc.column,
            "pointer": loc.pointer,
        }
        if loc.row is not None:
            out["row"] = loc.row
        if loc.field is not None:
            out["field"] = loc.field
        if self.data:
            out["data"] = self.data
        return out


def error(code: str, message: str, hint: str = "", **loc: Any) -> Finding:
    """Shorthand for an error-level finding."""
    return Finding(code, Severity.ERROR, message, hint, Location(**loc))


def warning(code: str, message: str, hint: str = "", **loc: Any) -> Finding:
    """Shorthand for a warning-level finding."""
    return Finding(code, Severity.WARNING, message, hint, Location(**loc))


def info(code: str, message: str, hint: str = "", **loc: Any) -> Finding:
    """Shorthand for an info-level finding."""
    return Finding(code, Severity.INFO, message, hint, Location(**loc))


def sort_key(f: Finding) -> tuple[int, int, int, int, str]:
    """The reading-order key: line (or row), column, row, severity, code."""
    loc = f.location
    return (
        loc.line if loc.line is not None else (loc.row if loc.row is not None else 0),
        loc.column or 0,
        loc.row or 0,
        f.severity.rank,
        f.code,
    )


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Findings in reading order: by line, then column, then severity."""
    presorted = getattr(findings, "sorted_findings", None)
    if presorted is not None:
        # Findings kept on disk (a large lint run) are sorted there, by the same key.
        return presorted()
    return sorted(findings, key=sort_key)


def count(findings: Iterable[Finding], severity: Severity) -> int:
    """How many findings have the given severity."""
    counted = getattr(findings, "severity_count", None)
    if counted is not None:
        return counted(severity)
    return sum(1 for f in findings if f.severity == severity)


def has_errors(findings: Iterable[Finding]) -> bool:
    """True when any finding is an error."""
    return any(f.severity == Severity.ERROR for f in findings)


class DatasetkitError(Exception):
    """A problem that stops a command (exit code 2): bad usage, missing file, unreadable input.

    The message names the file and what to do; the CLI prints it without a traceback.
    """

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message + (f"\n  hint: {self.hint}" if self.hint else "")


class Tally:
    """Findings counted per kind: one finding per kind, with its count.

    What a conversion leaves out is reported this way ("12 conversations left out"),
    not once per case. ``message`` may use ``{n}`` (the count) and ``{s}`` (a plural s).
    """

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.counts: dict[str, list[Any]] = {}

    def add(
        self, kind: str, message: str, hint: str, severity: Severity = Severity.WARNING
    ) -> None:
        """Count one occurrence of ``kind``."""
        self.counts.setdefault(kind, [0, message, hint, severity])[0] += 1

    def findings(self) -> list[Finding]:
        """One finding per kind; ``data`` holds the field (last code part) and count."""
        out = []
        for kind, (n, message, hint, severity) in self.counts.items():
            code = self.prefix + kind
            out.append(
                Finding(
                    code,
                    severity,
                    message.format(n=f"{n:,}", s="" if n == 1 else "s"),
                    hint,
                    data={"field": code.rsplit(".", 1)[-1], "count": n},
                )
            )
        return out
