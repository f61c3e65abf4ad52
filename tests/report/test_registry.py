"""The reporter registry: a reporter is one module of datasetkit.report, and the command
line's --format choices are the registry's names."""

from __future__ import annotations

from pathlib import Path

import pytest

import datasetkit.report as report
from datasetkit import Finding, Location, Severity
from datasetkit.report import FileReport, registry


def test_the_built_in_reporters_in_their_order() -> None:
    assert report.reporter_names() == [
        "text",
        "json",
        "github",
        "sarif",
        "junit",
        "azure",
        "gitlab",
    ]


def test_the_format_option_offers_exactly_the_reporters() -> None:
    from datasetkit.cli.validate import OutputFormat

    assert [m.value for m in OutputFormat] == report.reporter_names()


def test_a_reporter_module_dropped_into_the_package_is_picked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tsv.py").write_text(
        "from datasetkit.report.registry import Reporter\n"
        "def render_tsv(reports, **_):\n"
        "    return ''.join(f'{r.path}\\t{f.code}\\n' for r in reports for f in r.findings)\n"
        "REPORTER = Reporter('tsv', render_tsv, rank=80)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(report, "__path__", [*report.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_REPORTERS", {})
    assert report.reporter_names()[-1] == "tsv"
    run = [
        FileReport(
            "a.json", "m365", None, [Finding("x.y", Severity.ERROR, "bad", Location("a.json"))]
        )
    ]
    assert report.render("tsv", run) == "a.json\tx.y\n"
    assert "".join(report.render_chunks("tsv", run)) == "a.json\tx.y\n"
