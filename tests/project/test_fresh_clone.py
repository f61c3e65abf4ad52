"""A fresh clone without ../shared passes the README's test command.

The repository is cloned (from this checkout's committed HEAD, no network) into a
temporary folder with nothing beside it, and the suite runs there. The nested run starts
right after collection (see conftest), so it runs on the second core beside this suite. The nested run
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
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

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


class _Run:
    """The nested run: its clone, and the process running the README's test command."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="dk-fresh-"))
        self.clone = self.folder / "fresh" / "datasetkit"
        subprocess.run(
            ["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(self.clone)],
            check=True,
            capture_output=True,
        )
        self.env = {
            k: v for k, v in os.environ.items() if not k.startswith(("DATASETKIT_", "PYTEST_"))
        }
        self.env.update({NESTED: "1", "PYTHONPATH": str(self.clone)})
        self.command = _readme_test_command()
        self.process = subprocess.Popen(
            [sys.executable, "-m", *self.command, "-p", "no:cacheprovider"],
            cwd=self.clone,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


_STARTED: list[_Run] = []


def _can_clone() -> bool:
    return (ROOT / ".git").exists() and shutil.which("git") is not None


def start_in_background() -> None:
    """Clone and start the nested run (once, and never inside the nested run itself)."""
    if not _STARTED and not os.environ.get(NESTED) and _can_clone():
        _STARTED.append(_Run())


def test_a_clone_without_the_corpus_passes_the_readme_test_command() -> None:
    if not _can_clone():
        pytest.skip("not a git checkout (an sdist or wheel): there is nothing to clone")
    start_in_background()  # already started at collection, unless run on its own
    run = _STARTED[0]
    try:
        clone = run.clone
        assert not (clone.parent.parent / "shared").exists()
        assert not (clone.parent / "shared").exists()
        assert run.command[0] == "pytest"
        which = subprocess.run(
            [
                sys.executable,
                "-c",
                "import datasetkit, tests; print(datasetkit.__file__, tests.__file__)",
            ],
            cwd=clone,
            env=run.env,
            capture_output=True,
            text=True,
            check=True,
        )
        assert all(Path(p).is_relative_to(clone) for p in which.stdout.split()), which.stdout
        stdout, stderr = run.process.communicate(timeout=1500)
        tail = stdout[-3000:] + stderr[-2000:]
        assert run.process.returncode == 0, tail
        assert re.search(r"\d+ passed", stdout), tail
        # Said once, plainly, why some tests did not run.
        assert re.search(r"^\d+ corpus tests skipped: the shared corpus", stdout, re.M), tail
        assert "error" not in stdout.rsplit("\n", 3)[-2].lower(), tail
    finally:
        if run.process.poll() is None:
            run.process.kill()
        shutil.rmtree(run.folder, ignore_errors=True)
