"""The text reporter, for people: ``file:line:col: severity [code] message``, the fix below."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from datasetkit.core.findings import sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import plural, summary


def render_text(reports: list[FileReport], *, color: bool = False, **_: Any) -> str:
    """For people: ``file:line:col: severity[code] message`` then the hint, then a summary."""
    return "".join(text_lines(reports, color=color))


def text_lines(reports: list[FileReport], *, color: bool = False) -> Iterator[str]:
    """:func:`render_text` line by line (each with its newline), for writing as it goes."""
    colors = {"error": "\x1b[31m", "warning": "\x1b[33m", "info": "\x1b[36m"}
    reset = "\x1b[0m" if color else ""
    for rep in reports:
        findings = sort_findings(rep.findings)
        head = rep.path
        if rep.format:
            head += f" ({rep.format}"
            head += f" {rep.schema_version})" if rep.schema_version else ")"
        if not findings:
            yield f"{head}: ok\n"
            continue
        yield head + "\n"
        for f in findings:
            sev = f.severity.value
            tint = colors[sev] if color else ""
            where = f.location.describe()
            pointer = f" at {f.location.pointer}" if f.location.pointer else ""
            if f.location.row is not None and f.location.line is None:
                pointer += f" (row {f.location.row}"
                pointer += f", column {f.location.field})" if f.location.field else ")"
            yield f"  {where}: {tint}{sev}{reset} [{f.code}] {f.message}{pointer}\n"
            if f.hint:
                yield f"      fix: {f.hint}\n"
    s = summary(reports)
    verdict = (
        "no problems"
        if not (s["errors"] or s["warnings"])
        else (f"{plural(s['errors'], 'error')}, {plural(s['warnings'], 'warning')}")
    )
    yield f"{plural(s['files'], 'file')} checked: {verdict}\n"


REPORTER = Reporter(
    "text", render_text, rank=10, chunks=lambda r, **kw: text_lines(r, color=bool(kw.get("color")))
)
