"""Shared fixtures: where the corpus is, and a CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
# The shared corpus sits beside the checkout (read-only in CI).
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder; the suite cannot run meaningfully without it."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}: shared/ must sit beside the checkout")
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
