"""The response cache folder (.datasetkit/) keeps itself out of version control."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from datasetkit.generate.llm.engine.journal import Journal
from datasetkit.generate.llm.wire.cache import ResponseCache


def _untracked(repo: Path) -> list[str]:
    out = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sorted(line[3:] for line in out.splitlines())


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_cached_replies_and_journals_are_not_offered_for_commit(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / "evals.json").write_text("{}", encoding="utf-8")
    cache = ResponseCache(tmp_path / ".datasetkit" / "cache")
    cache.put("ab" * 32, {"content": "a paid reply"}, model="m")
    Journal(tmp_path / ".datasetkit" / "runs" / "run.jsonl", resume=False)
    assert (tmp_path / ".datasetkit" / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    assert _untracked(tmp_path) == ["evals.json"]


def test_a_folder_the_user_made_is_left_as_it_is(tmp_path: Path) -> None:
    (tmp_path / ".datasetkit").mkdir()
    ResponseCache(tmp_path / ".datasetkit" / "cache").put("cd" * 32, {}, model="m")
    assert not (tmp_path / ".datasetkit" / ".gitignore").exists()
    # A cache elsewhere (--cache-dir) is the user's folder: no ignore file is written.
    ResponseCache(tmp_path / "replies").put("ef" * 32, {}, model="m")
    assert not (tmp_path / "replies" / ".gitignore").exists()
