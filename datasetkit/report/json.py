"""The JSON reporter: one object, ``{"tool", "files": [...], "summary"}``, written as it is made."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from datasetkit._version import __version__
from datasetkit.core.findings import Finding, sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import summary


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


REPORTER = Reporter("json", render_json, rank=20, chunks=lambda r, **_: json_chunks(r))
