"""The JUnit XML reporter: one test case per file, failing on error-level findings."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import Severity, sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import summary


def render_junit(reports: list[FileReport], *, tool: str = "validate", **_: Any) -> str:
    """JUnit XML: one test case per file, failing when it has error-level findings."""
    # Here, not at the top: xml.sax pulls in urllib and http (~15 ms on every run).
    from xml.sax.saxutils import escape, quoteattr

    s = summary(reports)
    failures = sum(1 for r in reports if not r.valid)
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append(
        f'<testsuites name="datasetkit {tool}" tests="{len(reports)}" failures="{failures}" errors="0">'
    )
    out.append(
        f'  <testsuite name={quoteattr("datasetkit " + tool)} tests="{len(reports)}" '
        f'failures="{failures}" errors="0" skipped="0">'
    )
    for rep in reports:
        out.append(f"    <testcase classname={quoteattr(tool)} name={quoteattr(rep.path)}>")
        errs = [f for f in sort_findings(rep.findings) if f.severity == Severity.ERROR]
        body = "\n".join(
            f"{f.location.describe()}: {f.severity.value} [{f.code}] {f.message}"
            + (f" at {f.location.pointer}" if f.location.pointer else "")
            + (f" (fix: {f.hint})" if f.hint else "")
            for f in sort_findings(rep.findings)
        )
        if errs:
            out.append(
                f"      <failure message={quoteattr(f'{len(errs)} error(s): ' + errs[0].message)} "
                f'type="datasetkit">{escape(body)}</failure>'
            )
        elif body:
            out.append(f"      <system-out>{escape(body)}</system-out>")
        out.append("    </testcase>")
    out.append("  </testsuite>")
    out.append("</testsuites>")
    del s
    return "\n".join(out) + "\n"


REPORTER = Reporter("junit", render_junit, rank=50)
