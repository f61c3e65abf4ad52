"""The GitHub Actions reporter: workflow commands that annotate the changed files."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import summary


def _gh_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def render_github(reports: list[FileReport], **_: Any) -> str:
    """GitHub Actions workflow commands (``::error file=...,line=...::message``)."""
    lines = []
    level = {"error": "error", "warning": "warning", "info": "notice"}
    for rep in reports:
        for f in sort_findings(rep.findings):
            props = [f"file={_gh_escape(f.location.path or rep.path, True)}"]
            if f.location.line is not None:
                props.append(f"line={f.location.line}")
            if f.location.column is not None:
                props.append(f"col={f.location.column}")
            props.append(f"title={_gh_escape(f.code, True)}")
            msg = f.message + (f" ({f.location.pointer})" if f.location.pointer else "")
            if f.hint:
                msg += f"\nfix: {f.hint}"
            lines.append(f"::{level[f.severity.value]} {','.join(props)}::{_gh_escape(msg)}")
    s = summary(reports)
    lines.append(f"datasetkit: {s['files']} files, {s['errors']} errors, {s['warnings']} warnings")
    return "\n".join(lines) + "\n"


REPORTER = Reporter("github", render_github, rank=30)
