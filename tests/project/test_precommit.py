"""The pre-commit hooks this repository publishes, run by pre-commit itself (try-repo).

The hooks are ``language: system``: they run the datasetkit installed beside pre-commit,
so they need no network to build an environment (here: the test venv's, on PATH).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
GOOD = {"schemaVersion": "1.2.0", "items": [{"prompt": "What is the refund window for orders?"}]}
LEGACY = {"prompts": ["What is the refund window for orders?"], "expected_responses": ["30 days"]}


def test_the_hooks_are_the_three_documented_commands() -> None:
    entries = {h["id"]: h["entry"] for h in HOOKS}
    assert entries == {
        "datasetkit-validate": "datasetkit validate --quiet",
        "datasetkit-lint": "datasetkit lint --quiet",
        "datasetkit-migrate-check": "datasetkit migrate --check",
    }
    readme = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    for hook_id in entries:
        assert f"id: {hook_id}" in readme, hook_id


def _repo(tmp_path: Path, files: dict[str, object]) -> Path:
    repo = tmp_path / "project"
    (repo / "evals").mkdir(parents=True)
    for name, doc in files.items():
        (repo / name).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "."], cwd=repo, check=True)
    return repo


def _try_repo(repo: Path, hook: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        # The hooks run the datasetkit of this interpreter's environment.
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), hook, "--all-files"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(autouse=True)
def _need_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("try-repo needs git and a git checkout of datasetkit")


def test_hooks_pass_on_good_datasets(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"evals/evals.json": GOOD})
    for hook in ("datasetkit-validate", "datasetkit-lint", "datasetkit-migrate-check"):
        result = _try_repo(repo, hook, tmp_path)
        assert result.returncode == 0, (hook, result.stdout, result.stderr)
        assert "Passed" in result.stdout


def test_validate_and_lint_hooks_fail_on_a_broken_dataset(tmp_path: Path) -> None:
    broken = {**GOOD, "items": [{"prompt": "What is the refund window?", "expeceted_response": ""}]}
    repo = _repo(tmp_path, {"evals/evals.json": broken})
    for hook in ("datasetkit-validate", "datasetkit-lint"):
        result = _try_repo(repo, hook, tmp_path)
        assert result.returncode == 1, (hook, result.stdout)
        assert "Failed" in result.stdout
        assert "evals/evals.json:" in result.stdout and "expeceted_response" in result.stdout


def test_migrate_check_hook_fails_and_writes_nothing(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"evals/evals.json": LEGACY})
    before = (repo / "evals/evals.json").read_bytes()
    result = _try_repo(repo, "datasetkit-migrate-check", tmp_path)
    assert result.returncode == 1, result.stdout
    assert "needs migrating" in result.stdout
    assert (repo / "evals/evals.json").read_bytes() == before
    assert sorted(p.name for p in (repo / "evals").iterdir()) == ["evals.json"]  # no backup
