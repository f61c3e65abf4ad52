"""The Azure Pipelines and GitLab reporters: what each service reads, and nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.report import FileReport, render

BAD = (
    '{"schemaVersion": "1.2.0", "items": [\n'
    '  {"prompt": "What is the refund window for online orders?", "evaluators": {"relevance": {}}}\n'
    "]}\n"
)


def _report() -> list[FileReport]:
    findings = [
        Finding(
            "m365.evaluator.case",
            Severity.ERROR,
            "evaluator 'relevance'; differs]\nin case",
            "write 'Relevance' (100% sure)",
            Location(path="evals/a.json", line=3, column=7, pointer="/items/0"),
        ),
        Finding("lint.prompt.vague", Severity.WARNING, "too vague", "", Location(row=4)),
        Finding("lint.note", Severity.INFO, "just a note", "", Location()),
    ]
    return [FileReport(path="evals/a.json", format="m365", findings=findings)]


def test_azure_logging_commands_carry_location_code_and_escaped_text() -> None:
    lines = render("azure", _report()).splitlines()
    by_code = {re.sub(r".*code=([^\]]+)\].*|^info: .*\[(.*)\].*", r"\1\2", ln): ln for ln in lines}
    assert by_code["m365.evaluator.case"] == (
        "##vso[task.logissue type=error;sourcepath=evals/a.json;linenumber=3;columnnumber=7;"
        "code=m365.evaluator.case]evaluator 'relevance'; differs]%0Ain case (/items/0)"
        "%0Afix: write 'Relevance' (100%AZP25 sure)"
    )
    # No line known: the issue still names the file, with no empty linenumber.
    assert by_code["lint.prompt.vague"] == (
        "##vso[task.logissue type=warning;sourcepath=evals/a.json;code=lint.prompt.vague]too vague"
    )
    # Azure knows errors and warnings only: an info is a plain log line, not a warning.
    assert by_code["lint.note"].startswith("info: evals/a.json: [lint.note] just a note")
    assert lines[-1] == "datasetkit: 1 files, 1 errors, 1 warnings"


def test_azure_properties_escape_semicolons_in_paths() -> None:
    rep = FileReport(
        path="a;b].json", findings=[Finding("x.y", Severity.ERROR, "m", location=Location())]
    )
    assert "sourcepath=a%3Bb%5D.json;code=x.y]m" in render("azure", [rep])


def test_gitlab_code_quality_report_has_the_fields_gitlab_reads() -> None:
    issues = {i["check_name"]: i for i in json.loads(render("gitlab", _report()))}
    assert [
        issues[c]["severity"] for c in ("m365.evaluator.case", "lint.prompt.vague", "lint.note")
    ] == ["major", "minor", "info"]
    first = issues["m365.evaluator.case"]
    assert set(first) == {"description", "check_name", "fingerprint", "severity", "location"}
    assert first["check_name"] == "m365.evaluator.case"
    assert first["location"] == {"path": "evals/a.json", "lines": {"begin": 3}}
    assert "fix: write 'Relevance'" in first["description"]
    # A CSV row stands in for the line; a finding with neither points at line 1.
    assert issues["lint.prompt.vague"]["location"]["lines"]["begin"] == 4
    assert issues["lint.note"]["location"]["lines"]["begin"] == 1
    assert all(re.fullmatch(r"[0-9a-f]{32}", i["fingerprint"]) for i in issues.values())


def test_gitlab_fingerprints_are_stable_and_unique() -> None:
    twice = _report()[0].findings[:1] * 2
    rep = [FileReport(path="evals/a.json", findings=twice)]
    first = [i["fingerprint"] for i in json.loads(render("gitlab", rep))]
    again = [i["fingerprint"] for i in json.loads(render("gitlab", rep))]
    assert first == again and len(set(first)) == 2
    # Moving a finding to another line (an edit above it) keeps its fingerprint.
    moved = [f.with_location(line=30) for f in twice]
    shifted = json.loads(render("gitlab", [FileReport(path="evals/a.json", findings=moved)]))
    assert [i["fingerprint"] for i in shifted] == first


def test_validate_and_lint_speak_azure_and_gitlab(cli, tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text(BAD, encoding="utf-8")
    result = cli("validate", str(path), "--format", "azure")
    assert result.exit_code == 1
    assert result.stdout.startswith(
        f"##vso[task.logissue type=error;sourcepath={path};linenumber=2;"
    )
    result = cli("lint", str(path), "-f", "gitlab")
    assert result.exit_code == 1
    codes = {i["check_name"] for i in json.loads(result.stdout)}
    assert "m365.evaluator.case" in codes
