"""The text and json reports made piece by piece are the bytes the whole-document forms gave."""

from __future__ import annotations

import json

from datasetkit._version import __version__
from datasetkit.core.findings import Finding, Location, Severity, sort_findings
from datasetkit.report import FileReport, render, summary
from datasetkit.report.json import json_chunks
from datasetkit.report.text import text_lines


def _reports() -> list[FileReport]:
    found = [
        Finding(
            "a.b", Severity.ERROR, "two\nlines «é»", "fix it", Location("f.jsonl", 3, 2, "/2/x")
        ),
        Finding(
            "a.c",
            Severity.INFO,
            "note",
            "",
            Location("f.jsonl", row=4, field="q"),
            {"k": [1, {"n": None}]},
        ),
        Finding("a.d", Severity.WARNING, "tab\there", "h", Location("f.jsonl", 1)),
    ]
    return [
        FileReport("f.jsonl", "foundry", None, found, {"rows": 3}),
        FileReport("empty.json", "m365", "1.2.0", []),
        FileReport("g.jsonl", None, None, found[:1]),
    ]


def _whole_json(reports: list[FileReport]) -> str:
    out = {
        "tool": {"name": "datasetkit", "version": __version__},
        "files": [
            {
                "path": r.path,
                "format": r.format,
                "schemaVersion": r.schema_version,
                "valid": r.valid,
                "findings": [f.to_dict() for f in sort_findings(r.findings)],
                **({"info": r.info} if r.info else {}),
            }
            for r in reports
        ],
        "summary": summary(reports),
    }
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def test_json_in_pieces_is_one_json_dump():
    for reports in (_reports(), _reports()[1:2], []):
        assert "".join(json_chunks(reports)) == _whole_json(reports)
        assert render("json", reports) == _whole_json(reports)


def test_text_in_lines_ends_each_line():
    lines = list(text_lines(_reports()))
    assert all(line.endswith("\n") for line in lines)
    assert lines[-1] == "3 files checked: 2 errors, 1 warning\n"
    assert "".join(lines) == render("text", _reports())
