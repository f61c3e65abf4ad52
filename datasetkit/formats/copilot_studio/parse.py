"""Parsing helpers: the parsed file, layout from the header, header problems, findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.headers import HEADER_QUOTES, compact_header
from datasetkit.formats import ReadResult
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    FORMAT,
    KIT_HEADERS,
    ROLE_BY_HEADER,
    SIDECAR_SUFFIX,
)
from datasetkit.io import csvfile as csvutil

# ---------------------------------------------------------------------------
# Reading


@dataclass
class ParsedFile:
    """What reading a file produced, kept for validation."""

    result: ReadResult
    layout: str = ""
    header: list[str] = field(default_factory=list)
    roles: dict[str, int] = field(default_factory=dict)
    table: csvutil.Table | None = None
    header_line: int | None = None
    # Per data record: (line, question, expected, methods) for the limit checks.
    records: list[tuple[int, int, str, str | None, list[dict[str, Any]]]] = field(
        default_factory=list
    )


def finding(code: str, severity: Severity, message: str, hint: str = "", **loc: Any) -> Finding:
    """A finding located by keyword (``path``, ``line``, ``row``, ``pointer``, ``field``)."""
    return Finding(code, severity, message, hint, Location(**loc))


def issue_finding(prefix: str, issue: csvutil.Issue, path: str) -> Finding:
    """A csvutil issue as a finding of this format."""
    sev, hint = {
        "encoding": (
            Severity.WARNING,
            "save the file as 'CSV UTF-8' (Copilot Studio expects UTF-8)",
        ),
        "binary": (Severity.ERROR, "this is not a CSV or text file; export the test set as CSV"),
        "line-endings": (Severity.INFO, "datasetkit convert writes clean line endings"),
        "unclosed-quote": (Severity.ERROR, 'close the quote, or double a quote inside a cell ("")'),
        "text-after-quote": (Severity.WARNING, "put the whole cell inside the quotes"),
        "extra-cells": (Severity.ERROR, "quote cells that contain commas"),
        "missing-cells": (Severity.INFO, "add the missing commas (empty cells are allowed)"),
        "comment-after-header": (
            Severity.WARNING,
            "Copilot Studio skips rows that start with '#'; reword the question if it is one",
        ),
        "duplicate-header": (
            Severity.WARNING,
            "rename or remove one of the columns; the first is used",
        ),
        "empty-header": (Severity.WARNING, "give the column a header, or delete it"),
        "no-header": (
            Severity.ERROR,
            "the first row must be the header: question,expectedResponse",
        ),
    }.get(issue.kind, (Severity.WARNING, ""))
    return Finding(
        f"{prefix}.csv.{issue.kind}"
        if issue.kind not in ("encoding", "binary", "line-endings")
        else f"{prefix}.{issue.kind}",
        sev,
        issue.message,
        hint,
        Location(
            path=path,
            line=issue.line,
            column=issue.column,
            pointer=f"/{issue.index}" if issue.index is not None else None,
            row=issue.index + 2 if issue.index is not None else None,
        ),
        dict(issue.data),
    )


def header_roles(header: list[str]) -> dict[str, int]:
    """Role (question, expected, method, score...) -> the column of the header that has it."""
    roles: dict[str, int] = {}
    for i, name in enumerate(header):
        role = ROLE_BY_HEADER.get(compact_header(name))
        if role and role not in roles:
            roles[role] = i
    return roles


def header_layout(header: list[str], roles: dict[str, int]) -> str:
    """Which template generation a header row is (see the module docstring)."""
    compact = [compact_header(h) for h in header]
    if {"conversation", "question"} <= roles.keys():
        return "conversation"
    if KIT_HEADERS & set(compact):
        return "kit"
    if "question" not in roles:
        return "unknown"
    if compact == ["question", "expectedresponse"]:
        raw = header[0].strip().strip(HEADER_QUOTES)
        return "current" if raw == "question" else "docs"
    if compact == ["question", "expectedresponse", "testmethodtype", "passingscore"]:
        return "g2"
    if compact[:3] == ["prompt", "expectedresponse", "testmethodtype"] and len(compact) <= 4:
        return "ess"
    if compact == ["question", "expectedresponse", "testingmethod"]:
        return "g1"
    if compact == ["question"] or compact == ["prompt"]:
        return "questions"
    return "custom"


def sidecar_path(csv_path: Path) -> Path:
    """The setup sidecar that belongs to a CSV file."""
    return csv_path.with_name(csv_path.stem + SIDECAR_SUFFIX)


def header_problem(table: csvutil.Table, layout: str, text: str, path: str) -> Finding:
    """Why the header row is not one Copilot Studio (or datasetkit) can read."""
    line = table.header_line or 1
    shown = ",".join(h.strip() for h in table.header)
    if layout == "kit":
        return finding(
            f"{FORMAT}.layout.kit",
            Severity.ERROR,
            "this is a Power CAT Copilot Studio Kit test list (Test Utterance, Test Type), "
            "not a Copilot Studio import file; Copilot Studio rejects it "
            "('Something went wrong while uploading your file')",
            f"read it as a table: datasetkit convert {path} out.csv --from sheet "
            f"--to {CONVERSATION_FORMAT} (or --to {FORMAT} when it has no multi-turn rows)",
            path=path,
            line=line,
        )
    delimiter = csvutil.sniff_delimiter(text)
    if delimiter != ",":
        name = "semicolons" if delimiter == ";" else "tabs"
        return finding(
            f"{FORMAT}.csv.delimiter",
            Severity.ERROR,
            f"the columns are separated by {name}; Copilot Studio reads commas only",
            "save the file as 'CSV UTF-8 (Comma delimited)'",
            path=path,
            line=line,
        )
    return finding(
        f"{FORMAT}.header.question-missing",
        Severity.ERROR,
        f"the header row ({shown[:120]}) has no question column, so Copilot Studio "
        "rejects the file ('Something went wrong while uploading your file')",
        "name the columns question,expectedResponse (or Question,Expected response); "
        "to read other headers use --from sheet --map prompt=HEADER",
        path=path,
        line=line,
        field=table.header[0] if table.header else None,
    )
