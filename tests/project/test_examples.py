"""The sample datasets in examples/ (one per format) and the walkthrough that uses them.

These are the project's own files, so every capability is exercised without the shared
corpus: validate, lint, migrate --check, convert, stats, ingest and generate.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
WALKTHROUGH = (EXAMPLES / "README.md").read_text(encoding="utf-8")
STEPS = re.findall(r"^(datasetkit .+?)\s+# exit (\d)$", WALKTHROUGH, re.M)
SAMPLES = {
    "datasets/m365/evals.json": "m365",
    "datasets/m365/legacy-prompts.json": "m365",
    "datasets/m365/with-mistakes.json": "m365",
    "datasets/foundry/queries.jsonl": "foundry",
    "datasets/foundry/conversations.jsonl": "foundry",
    "datasets/foundry/queries.csv": "foundry-csv",
    "datasets/copilot-studio/test-set.csv": "copilot-studio",
}


def test_every_sample_is_listed_and_read_as_its_format(cli) -> None:
    on_disk = {str(p.relative_to(EXAMPLES)) for p in (EXAMPLES / "datasets").rglob("*.*")}
    assert on_disk == set(SAMPLES)
    for name, fmt in SAMPLES.items():
        assert f"`{name}`" in WALKTHROUGH, name
        result = cli("validate", str(EXAMPLES / name), "--format", "json")
        (report,) = json.loads(result.stdout)["files"]
        assert report["format"] == fmt, name
        assert result.exit_code == (1 if "mistakes" in name else 0), result.output


@pytest.fixture()
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of examples/ beside schemas/, as in the repository; the cwd is examples/."""
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    monkeypatch.chdir(tmp_path / "examples")
    return tmp_path / "examples"


def test_the_walkthrough_runs_as_written(cli, workspace: Path) -> None:
    assert len(STEPS) >= 10
    for command, code in STEPS:
        args = shlex.split(command)
        result = cli(*args[1:])
        assert result.exit_code == int(code), (command, result.output)


def test_the_mistakes_sample_shows_place_and_fix(cli, workspace: Path) -> None:
    result = cli("validate", "datasets/m365/with-mistakes.json")
    assert "with-mistakes.json:11:7: error [m365.schema.unknown-field]" in result.stdout
    assert "fix: rename 'expeceted_response' to 'expected_response'" in result.stdout
    assert "[m365.evaluator.case]" in result.stdout


def test_the_legacy_sample_needs_migrating_and_migrates(cli, workspace: Path) -> None:
    legacy = workspace / "datasets/m365/legacy-prompts.json"
    before = legacy.read_bytes()
    assert cli("migrate", "--check", str(legacy)).exit_code == 1
    assert legacy.read_bytes() == before  # --check writes nothing
    assert cli("migrate", str(legacy)).exit_code == 0
    assert cli("migrate", "--check", str(legacy)).exit_code == 0
    assert cli("validate", str(legacy)).exit_code == 0


def test_the_python_example_runs_as_documented() -> None:
    """examples/python/check_and_convert.py, run from examples/ as its docstring says."""
    import subprocess
    import sys

    examples = Path(__file__).resolve().parents[2] / "examples"
    done = subprocess.run(
        [sys.executable, "python/check_and_convert.py"],
        cwd=examples,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "datasets/m365/with-mistakes.json: 2 error(s)" in done.stdout
    assert "did you mean 'expected_response'" in done.stdout
    assert "converted 3 case(s) to Foundry JSONL: ok=True" in done.stdout
