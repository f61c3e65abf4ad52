"""A fresh clone, installed as the README says, with nothing beside it.

The repository is cloned (from this checkout's committed HEAD, no network) into a
temporary folder, and the README's development install runs there, in a new virtual
environment that borrows this one's installed dependencies (installing them again would
need the network and minutes, and tests nothing of the checkout). Then:

- a type checker finds the installed package: mypy gives a user's script the API's types,
  not ``Any`` (the install writes a plain path, which type checkers read, not an import
  hook, which they cannot);
- the README's test command collects the whole suite there without an error, the clone's
  own code and tests. The suite is
  not run a second time: this run is the one that runs it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")

_USER_SCRIPT = """\
import datasetkit

report = datasetkit.validate("evals.json")
reveal_type(report)
count: int = report
"""


def _readme_dev_command() -> tuple[list[str], list[str]]:
    """The README's development install and test command: what a new contributor runs."""
    block = README.split("## Quick start", 1)[1].split("```sh", 2)[2].split("```", 1)[0]
    install, run = (part.strip() for part in block.strip().split("&&"))
    return shlex.split(install), shlex.split(run)


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the clone, the python of its new environment), installed as the README says."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout (an sdist or wheel): there is nothing to clone")
    folder = tmp_path_factory.mktemp("fresh")
    clone = folder / "fresh" / "datasetkit"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # This environment's packages (pip, setuptools, the dependencies), but not its datasetkit.
    (Path(site) / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install, _ = _readme_dev_command()
    assert install[:3] == ["pip", "install", "-e"], install
    offline = ["--no-deps", "--no-build-isolation", "-q"]
    proc = subprocess.run(
        [str(python), "-m", *install, *offline], cwd=clone, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return clone, python


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("DATASETKIT_", "PYTEST_"))}


def test_a_type_checker_finds_the_installed_package(
    clone: tuple[Path, Path], tmp_path: Path
) -> None:
    _, python = clone
    script = tmp_path / "check_evals.py"
    script.write_text(_USER_SCRIPT)
    proc = subprocess.run(
        [str(python), "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), str(script)],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
    )
    out = proc.stdout + proc.stderr
    assert "Cannot find implementation or library stub" not in out, out
    assert 'Revealed type is "datasetkit.api.results.Report"' in out, out
    assert 'expression has type "Report", variable has type "int"' in out, out


def test_the_readme_test_command_collects_the_suite_in_the_clone(clone: tuple[Path, Path]) -> None:
    where, python = clone
    _, run = _readme_dev_command()
    assert run == ["pytest"], run
    assert not (where.parent.parent / "shared").exists() and not (where.parent / "shared").exists()
    proc = subprocess.run(
        [str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=where,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    tail = proc.stdout[-3000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, tail
    # Under -qq (the configured -q and this one): one "file: count" line per test file.
    counts = [line.rsplit(": ", 1) for line in proc.stdout.splitlines() if ": " in line]
    assert sum(int(n) for _, n in counts if n.isdigit()) > 1000, tail
    which = subprocess.run(
        [str(python), "-c", "import datasetkit, tests; print(datasetkit.__file__, tests.__file__)"],
        cwd=where,
        env=_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert all(Path(p).is_relative_to(where) for p in which.stdout.split()), which.stdout
