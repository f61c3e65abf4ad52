"""Reporters for CI services that read their own annotation formats: Azure Pipelines, GitLab.

Each takes the same list of :class:`~datasetkit.report.FileReport` as the other reporters
and only formats it.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import Finding, sort_findings

if TYPE_CHECKING:
    from datasetkit.report.file_report import FileReport


def _azure_escape(text: str, prop: bool = False) -> str:
    # The agent's own escaping (azure-pipelines-task-lib): '%' first, so nothing is escaped twice.
    text = text.replace("%", "%AZP25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(";", "%3B").replace("]", "%5D")
    return text


def render_azure(reports: list[FileReport], **_: Any) -> str:
    """Azure Pipelines logging commands: ``##vso[task.logissue type=error;sourcepath=...]msg``.

    Azure knows errors and warnings only, so an info finding is printed as a plain log line.
    """
    lines: list[str] = []
    errors = warnings = 0
    for rep in reports:
        for f in sort_findings(rep.findings):
            msg = _message(f)
            if f.severity.value == "info":
                where = f.location.describe() if f.location.path else rep.path
                lines.append(f"info: {where}: [{f.code}] {msg}".replace("\n", " "))
                continue
            errors += f.severity.value == "error"
            warnings += f.severity.value == "warning"
            props = [f"type={f.severity.value}", f"sourcepath={f.location.path or rep.path}"]
            if f.location.line is not None:
                props.append(f"linenumber={f.location.line}")
            if f.location.column is not None:
                props.append(f"columnnumber={f.location.column}")
            props.append(f"code={f.code}")
            head = ";".join(_azure_escape(p, True) for p in props)
            lines.append(f"##vso[task.logissue {head}]{_azure_escape(msg)}")
    lines.append(f"datasetkit: {len(reports)} files, {errors} errors, {warnings} warnings")
    return "\n".join(lines) + "\n"


# GitLab's code-quality severities: info, minor, major, critical, blocker.
_GITLAB_SEVERITY = {"error": "major", "warning": "minor", "info": "info"}


def render_gitlab(reports: list[FileReport], **_: Any) -> str:
    """GitLab Code Quality report: a JSON array of issues (``artifacts:reports:codequality``)."""
    issues: list[dict[str, Any]] = []
    seen: set[str] = set()
    for rep in reports:
        for f in sort_findings(rep.findings):
            path = f.location.path or rep.path
            # GitLab needs a line; a CSV row or a whole-file finding points at its best guess.
            line = f.location.line or f.location.row or 1
            fingerprint = _fingerprint(f, path, seen)
            issues.append(
                {
                    "description": _message(f),
                    "check_name": f.code,
                    "fingerprint": fingerprint,
                    "severity": _GITLAB_SEVERITY[f.severity.value],
                    "location": {"path": path, "lines": {"begin": line}},
                }
            )
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def _message(f: Finding) -> str:
    msg = f.message + (f" ({f.location.pointer})" if f.location.pointer else "")
    return msg + (f"\nfix: {f.hint}" if f.hint else "")


def _fingerprint(f: Finding, path: str, seen: set[str]) -> str:
    """Stable across runs (no line number: an edit above must not make every issue 'new')."""
    where = f.location.pointer or f"{f.location.row}:{f.location.field}"
    base = "\0".join((f.code, path, where, f.message))
    digest = hashlib.sha256(base.encode("utf-8")).hexdigest()[:32]
    n = 1
    unique = digest
    while unique in seen:  # two identical findings still need two fingerprints
        n += 1
        unique = hashlib.sha256(f"{base}\0{n}".encode()).hexdigest()[:32]
    seen.add(unique)
    return unique
