"""The SARIF 2.1.0 reporter, for code-scanning dashboards."""

from __future__ import annotations

import json
from typing import Any

from datasetkit._version import __version__
from datasetkit.core.findings import sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter


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


REPORTER = Reporter("sarif", render_sarif, rank=40)
