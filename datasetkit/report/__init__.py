"""Reporters: format a run's findings as text, json, github, sarif, junit, azure or gitlab.

Reporters only format. A run is a list of :class:`FileReport` (one per input file);
the reporter turns it into the text written to stdout.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from datasetkit._version import __version__
from datasetkit.core.findings import Finding, Severity, count

# Reporters print findings in this order; the command line sorts what it prints with it too.
from datasetkit.core.findings import sort_findings as sort_findings
from datasetkit.report.ci import render_azure, render_gitlab

# In a module of its own so the CI reporters can name it without importing this package.
from datasetkit.report.file_report import FileReport as FileReport


def summary(reports: list[FileReport]) -> dict[str, int]:
    """Totals over all files."""
    # Counted file by file: a large run's findings may be on disk, not in a list.
    return {
        "files": len(reports),
        "errors": sum(count(r.findings, Severity.ERROR) for r in reports),
        "warnings": sum(count(r.findings, Severity.WARNING) for r in reports),
        "infos": sum(count(r.findings, Severity.INFO) for r in reports),
    }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
        else (f"{_plural(s['errors'], 'error')}, {_plural(s['warnings'], 'warning')}")
    )
    yield f"{_plural(s['files'], 'file')} checked: {verdict}\n"


def render_json(reports: list[FileReport], **_: Any) -> str:
    """One JSON object: ``{"files": [...], "summary": {...}}``."""
    return "".join(json_chunks(reports))


def json_chunks(reports: list[FileReport]) -> Iterator[str]:
    """:func:`render_json` piece by piece: each file's findings are dumped one at a time
    into the document's frame (the same bytes as one ``json.dumps(indent=2)``)."""
    out = {
        "tool": {"name": "datasetkit", "version": __version__},
        "files": [
            {
                "path": r.path,
                "format": r.format,
                "schemaVersion": r.schema_version,
                "valid": r.valid,
                "findings": f"\x00findings {n}\x00",
                **({"info": r.info} if r.info else {}),
            }
            for n, r in enumerate(reports)
        ],
        "summary": summary(reports),
    }
    frame = json.dumps(out, indent=2, ensure_ascii=False) + "\n"
    for n, r in enumerate(reports):
        # A control character is always escaped by json.dumps: the mark is the placeholder only.
        head, frame = frame.split(f'"\\u0000findings {n}\\u0000"', 1)
        yield head
        yield from _json_array(sort_findings(r.findings), 6)
    yield frame


def _json_array(findings: Iterable[Finding], indent: int) -> Iterator[str]:
    """A list of findings as json.dumps(indent=2) writes it ``indent`` spaces deep."""
    pad = " " * (indent + 2)
    sep = "[\n"
    for f in findings:
        body = json.dumps(f.to_dict(), indent=2, ensure_ascii=False)
        yield sep + "\n".join(pad + line for line in body.split("\n"))
        sep = ",\n"
    yield "[]" if sep == "[\n" else "\n" + " " * indent + "]"


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


def render_sarif(
    reports: list[FileReport], *, rules: dict[str, str] | None = None, **_: Any
) -> str:
    """SARIF 2.1.0, for code-scanning dashboards."""
    level = {"error": "error", "warning": "warning", "info": "note"}
    seen: dict[str, dict[str, Any]] = {}
    results = []
    for rep in reports:
        for f in sort_findings(rep.findings):
            if f.code not in seen:
                desc = (rules or {}).get(f.code) or f.code
                seen[f.code] = {"id": f.code, "shortDescription": {"text": desc}}
            region: dict[str, Any] = {}
            if f.location.line is not None:
                region["startLine"] = f.location.line
                if f.location.column is not None:
                    region["startColumn"] = f.location.column
            phys: dict[str, Any] = {"artifactLocation": {"uri": (f.location.path or rep.path)}}
            if region:
                phys["region"] = region
            loc: dict[str, Any] = {"physicalLocation": phys}
            if f.location.pointer:
                loc["logicalLocations"] = [{"fullyQualifiedName": f.location.pointer}]
            text = f.message + (f" Fix: {f.hint}" if f.hint else "")
            results.append(
                {
                    "ruleId": f.code,
                    "level": level[f.severity.value],
                    "message": {"text": text},
                    "locations": [loc],
                }
            )
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "datasetkit",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/datasetkit/",
                        "rules": list(seen.values()),
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


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


REPORTERS: dict[str, Callable[..., str]] = {
    "text": render_text,
    "json": render_json,
    "github": render_github,
    "sarif": render_sarif,
    "junit": render_junit,
    "azure": render_azure,
    "gitlab": render_gitlab,
}


def render_chunks(name: str, reports: list[FileReport], **kwargs: Any) -> Iterator[str]:
    """The report of ``reports`` in pieces (text and json made as written, others whole)."""
    if name == "text":
        return text_lines(reports, color=bool(kwargs.get("color")))
    if name == "json":
        return json_chunks(reports)
    return iter([render(name, reports, **kwargs)])


def render(name: str, reports: list[FileReport], **kwargs: Any) -> str:
    """Format ``reports`` with the reporter called ``name``."""
    return REPORTERS[name](reports, **kwargs)
