"""A fresh clone without ../shared passes the README's test command.

The repository is cloned (from this checkout's committed HEAD, no network) into a
temporary folder with nothing beside it, and the suite runs there. The nested run
reuses this interpreter and its installed dependencies instead of a new virtual
environment: installing them again would need the network and minutes, and tests
nothing of the checkout. ``PYTHONPATH`` puts the clone first, so the clone's own
``datasetkit`` and ``tests`` are what run (checked below), not this checkout's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
NESTED = "DATASETKIT_FRESH_CLONE_RUN"

pytestmark = pytest.mark.skipif(
    bool(os.environ.get(NESTED)), reason="already the run inside a fresh clone"
)


def _readme_test_command() -> list[str]:
    """The README's test command, after its install step: what a new user runs."""
    block = README.split("## Quick start", 1)[1].split("```sh", 2)[2].split("```", 1)[0]
    install, run = (part.strip() for part in block.strip().split("&&"))
    assert install == 'pip install -e ".[test]"', install
    return run.split()


def test_a_clone_without_the_corpus_passes_the_readme_test_command(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout (an sdist or wheel): there is nothing to clone")
    clone = tmp_path / "fresh" / "datasetkit"
    subprocess.run(
        ["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)],
        check=True,
        capture_output=True,
    )
    assert not (clone.parent.parent / "shared").exists() and not (clone.parent / "shared").exists()
    command = _readme_test_command()
    assert command[0] == "pytest"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATASETKIT_", "PYTEST_"))}
    env.update({NESTED: "1", "PYTHONPATH": str(clone)})
    which = subprocess.run(
        [
            sys.executable,
            "-c",
            "import datasetkit, tests; print(datasetkit.__file__, tests.__file__)",
        ],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert all(Path(p).is_relative_to(clone) for p in which.stdout.split()), which.stdout
    result = subprocess.run(
        [sys.executable, "-m", *command, "-p", "no:cacheprovider"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=1500,
    )
    tail = result.stdout[-3000:] + result.stderr[-2000:]
    assert result.returncode == 0, tail
    assert re.search(r"\d+ passed", result.stdout), tail
    # Said once, plainly, why some tests did not run.
    assert re.search(r"^\d+ corpus tests skipped: the shared corpus", result.stdout, re.M), tail
    assert "error" not in result.stdout.rsplit("\n", 3)[-2].lower(), tail
