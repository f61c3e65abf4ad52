"""The built wheel works outside the checkout: schemas and templates ship as package data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import CORPUS, ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if proc.returncode != 0:
        # Without the build backend installed, fall back to an isolated build.
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert proc.returncode == 0, proc.stderr
    (whl,) = out.glob("datasetkit-*.whl")
    return whl


def test_wheel_contains_schemas_and_templates(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "datasetkit/_schemas/m365/eval-document-1.11.0.schema.json" in names
    assert "datasetkit/_templates/basic.json" in names
    assert "datasetkit/py.typed" in names
    # The review page (datasetkit view) is three files served from the package.
    page = {f"datasetkit/viewer/page/{n}" for n in ("index.html", "app.js", "app.css")}
    assert page <= set(names)


@pytest.mark.corpus
def test_installed_wheel_runs_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "datasetkit", *args],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    where = subprocess.run(
        [sys.executable, "-c", "import datasetkit; print(datasetkit.__file__)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(target))
    assert run("init", "--template", "tool-usage").returncode == 0
    res = run("validate", "--format", "json")
    assert res.returncode == 0, res.stdout + res.stderr
    assert json.loads(res.stdout)["files"][0]["schemaVersion"] == "1.11.0"
    res = run(
        "validate",
        str(CORPUS / "m365" / "schema/examples_338b5c0/invalid/multi-turn-typo-in-turn.json"),
    )
    assert res.returncode == 1 and "did you mean 'expected_response'" in res.stdout


def test_wheel_ships_every_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for init in sorted((ROOT / "datasetkit").rglob("__init__.py")):
        rel = init.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel: add its package to pyproject.toml"
