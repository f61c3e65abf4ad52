"""The validate command: inputs, discovery, output formats, exit codes."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import CORPUS, FIXTURES

M365 = CORPUS / "m365"
# The project's own files: a clean document, and one with a misspelt key in a turn.
GOOD = FIXTURES / "cli" / "good.json"
BAD = FIXTURES / "cli" / "typo-in-turn.json"


def test_clean_file_exits_0(cli) -> None:
    result = cli("validate", str(GOOD))
    assert result.exit_code == 0
    assert "ok" in result.stdout


def test_error_exits_1_and_text_names_place_and_fix(cli) -> None:
    result = cli("validate", str(BAD))
    assert result.exit_code == 1
    assert f"{BAD}:8:11: error [m365.schema.unknown-field]" in result.stdout
    assert "fix: rename 'expeceted_response' to 'expected_response'" in result.stdout


def test_missing_file_exits_2(cli, tmp_path: Path) -> None:
    result = cli("validate", str(tmp_path / "nope.json"))
    assert result.exit_code == 2
    assert "error [input.not-found] no such file" in result.stdout  # a finding, as ruff's


def test_json_output_shape(cli) -> None:
    result = cli("validate", str(GOOD), str(BAD), "--format", "json")
    report = json.loads(result.stdout)
    assert report["summary"] == {"files": 2, "errors": 1, "warnings": 0, "infos": 0}
    files = {Path(f["path"]).name: f for f in report["files"]}
    bad = files[BAD.name]
    assert bad["format"] == "m365" and bad["schemaVersion"] == "1.2.0" and bad["valid"] is False
    (finding,) = bad["findings"]
    assert set(finding) >= {
        "code",
        "severity",
        "message",
        "hint",
        "path",
        "line",
        "column",
        "pointer",
    }
    assert finding["pointer"] == "/items/0/turns/0/expeceted_response"
    assert files[GOOD.name]["valid"] is True


def test_github_sarif_junit(cli) -> None:
    gh = cli("validate", str(BAD), "--format", "github").stdout
    assert f"::error file={BAD},line=8,col=11,title=m365.schema.unknown-field::" in gh
    sarif = json.loads(cli("validate", str(BAD), "--format", "sarif").stdout)
    res = sarif["runs"][0]["results"][0]
    assert res["ruleId"] == "m365.schema.unknown-field"
    assert res["locations"][0]["physicalLocation"]["region"] == {"startLine": 8, "startColumn": 11}
    junit = ET.fromstring(cli("validate", str(GOOD), str(BAD), "--format", "junit").stdout)
    cases = junit.findall(".//testcase")
    assert len(cases) == 2
    assert [c.find("failure") is not None for c in cases] == [False, True]


def test_stdin(cli) -> None:
    result = cli("validate", "-", input=BAD.read_bytes())
    assert result.exit_code == 1
    assert "<stdin>:8:11" in result.stdout


def test_directory_and_glob_are_sorted(cli, tmp_path: Path) -> None:
    for name in ("b.json", "a.json"):
        shutil.copy(GOOD, tmp_path / name)
    shutil.copy(BAD, tmp_path / "c.json")
    out = json.loads(cli("validate", str(tmp_path), "--format", "json").stdout)
    assert [Path(f["path"]).name for f in out["files"]] == ["a.json", "b.json", "c.json"]
    out = json.loads(cli("validate", str(tmp_path / "*.json"), "--format", "json").stdout)
    assert [Path(f["path"]).name for f in out["files"]] == ["a.json", "b.json", "c.json"]
    # Shell-expanded globs arrive unsorted.
    out = json.loads(
        cli(
            "validate", str(tmp_path / "c.json"), str(tmp_path / "a.json"), "--format", "json"
        ).stdout
    )
    assert [Path(f["path"]).name for f in out["files"]] == ["a.json", "c.json"]


@pytest.mark.parametrize(
    ("present", "used"),
    [
        (["evals/evals.json", "tests.json"], "tests.json"),
        (["evals/tests.json", "evals/evals.json"], "evals/evals.json"),
        (["evals.json", "prompts.json"], "prompts.json"),
    ],
)
def test_discovery_follows_runevals_order(cli, tmp_path: Path, monkeypatch, present, used) -> None:
    for rel in present:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(GOOD, tmp_path / rel)
    monkeypatch.chdir(tmp_path)
    result = cli("validate", "--format", "json")
    assert result.exit_code == 0
    assert f"Using dataset file: {used}" in result.stderr
    assert json.loads(result.stdout)["files"][0]["path"] == used


def test_discovery_with_nothing_found_exits_2(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("validate")
    assert result.exit_code == 2
    assert "datasetkit init" in result.stderr


def test_version_flag(cli) -> None:
    from datasetkit import __version__

    result = cli("--version")
    assert result.stdout.strip() == f"datasetkit {__version__}"


@pytest.mark.corpus
def test_target_reports_what_the_other_ecosystem_rejects(cli) -> None:
    thread_doc = M365 / "m365-copilot-eval__multiturn_example.json"
    single = json.loads(
        cli("validate", str(thread_doc), "--target", "copilot-studio", "--format", "json").stdout
    )
    codes = [f["code"] for f in single["files"][0]["findings"]]
    # The thread is left out of a single-response set (a warning: the other item fits).
    assert "copilot-studio.loss.conversation" in codes
    ok = cli("validate", str(thread_doc), "--target", "foundry")
    assert ok.exit_code == 0
    foundry_file = CORPUS / "foundry" / "azureai-samples__evaluation_data.jsonl"
    # Foundry-only fields ride in extensions when checked for M365: no false errors.
    assert cli("validate", str(foundry_file), "--target", "m365").exit_code == 0


@pytest.mark.parametrize("command", ["validate", "lint"])
def test_a_missing_path_is_a_finding_and_the_rest_is_checked(
    cli, tmp_path: Path, command: str
) -> None:
    sarif = tmp_path / "report.sarif"
    missing = str(tmp_path / "nothere.json")
    result = cli(command, str(BAD), missing, "--format", "sarif", "-o", str(sarif))
    # The CI upload step needs the report: written, with the missing path and the other
    # file's findings; the run exits 2 (a path named nothing).
    assert result.exit_code == 2, result.output
    results = json.loads(sarif.read_text())["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert any(u.endswith("nothere.json") for u in uris)
    assert any(u.endswith(BAD.name) for u in uris)
    text = cli(command, str(GOOD), missing)
    assert text.exit_code == 2 and "[input.not-found]" in text.stdout
    assert f"{GOOD.name}" in text.stdout and "ok" in text.stdout
