"""The GitLab Code Quality reporter: a JSON array of issues (``artifacts:reports:codequality``)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from datasetkit.core.findings import Finding, sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import message_with_fix

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
                    "description": message_with_fix(f),
                    "check_name": f.code,
                    "fingerprint": fingerprint,
                    "severity": _GITLAB_SEVERITY[f.severity.value],
                    "location": {"path": path, "lines": {"begin": line}},
                }
            )
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


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


REPORTER = Reporter("gitlab", render_gitlab, rank=70)
