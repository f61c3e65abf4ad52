"""Shared fixtures: where the corpus is, and a CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
# The shared corpus sits beside the checkout (read-only in CI).
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"


# An exception the error boundary cannot explain is a bug: in tests it raises with its
# traceback instead of becoming a bug-report message (datasetkit.safety).
os.environ.setdefault("DATASETKIT_RAISE_UNEXPECTED", "1")

NO_CORPUS = f"needs the shared corpus of real files at {CORPUS}, which is not beside this checkout"
# Modules that read corpus files while they are collected.
collect_ignore = (
    [] if CORPUS.is_dir() else ["test_m365_model.py", "test_m365_validate.py", "test_roundtrip.py"]
)


def pytest_report_header() -> str | None:
    """Say once why corpus tests are skipped on a checkout without ../shared/corpus."""
    return None if CORPUS.is_dir() else f"corpus tests skipped: {NO_CORPUS}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without the corpus, skip (with the reason) every test of a module that reads it."""
    if CORPUS.is_dir():
        return
    skip = pytest.mark.skip(reason=NO_CORPUS)
    reads: dict[Path, bool] = {}
    for item in items:
        path = Path(str(item.fspath))
        if path not in reads:
            text = path.read_text(encoding="utf-8")
            reads[path] = "CORPUS" in text or "corpus" in text
        if reads[path]:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder (tests that need it are skipped when it is absent)."""
    if not CORPUS.is_dir():
        pytest.skip(NO_CORPUS)
    return CORPUS


@pytest.fixture()
def cli():
    """Invoke the datasetkit app in-process: cli(args..., input=None) -> Result."""
    from datasetkit.cli import build_app

    app = build_app()
    runner = CliRunner()

    def invoke(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None):
        return runner.invoke(app, list(args), input=input, env=env, catch_exceptions=False)

    return invoke
