"""Shared fixtures: where the corpus is, the ``corpus`` marker, and a CLI runner."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

# A shell starts a background job with Ctrl-C (SIGINT) ignored, and a command inherits
# that: the tests that interrupt the commands they start would wait for nothing. Python's
# own handler here makes each command start with the default again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parents[1]
# The shared corpus of real files sits beside the checkout (read-only in CI);
# DATASETKIT_CORPUS points elsewhere (or at nothing, to try a run without it).
SHARED = ROOT.parent / "shared"
CORPUS = Path(os.environ.get("DATASETKIT_CORPUS") or SHARED / "corpus")
HAVE_CORPUS = CORPUS.is_dir()
# The project's own small datasets, one per format (written for the tests, not corpus copies).
FIXTURES = ROOT / "tests" / "fixtures"


# An exception the error boundary cannot explain is a bug: in tests it raises with its
# traceback instead of becoming a bug-report message (datasetkit.io.safety).
os.environ.setdefault("DATASETKIT_RAISE_UNEXPECTED", "1")

NO_CORPUS = (
    f"the shared corpus of real files ({CORPUS}) is not beside this checkout; "
    "tests marked 'corpus' are skipped (see CONTRIBUTING.md)"
)


def corpus_files(sub: str, pattern: str = "*") -> list[Path]:
    """Sorted files under ``corpus/<sub>`` matching ``pattern``; none without the corpus.

    For parametrizing at import time: a module that lists the corpus while it is
    collected must not fail when the corpus is absent (its tests carry the marker).
    """
    folder = CORPUS / sub
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(pattern) if p.is_file() and p.name != "MANIFEST.md")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "corpus: needs ../shared/corpus (skipped, with one line, without it)"
    )


def pytest_report_header() -> str | None:
    """Say once, at the top, why corpus tests are skipped."""
    return None if HAVE_CORPUS else f"corpus: {NO_CORPUS}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that take the ``corpus`` fixture are corpus tests too; skip them all without it."""
    corpus = pytest.mark.corpus
    for item in items:
        if "corpus" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("corpus"):
            item.add_marker(corpus)
    if HAVE_CORPUS:
        return
    skip = pytest.mark.skip(reason="needs ../shared/corpus")
    for item in items:
        if item.get_closest_marker("corpus"):
            # First, so an empty corpus parameter set reads as this and not "empty parameter set".
            item.add_marker(skip, append=False)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The one line at the end that says what was not run and why."""
    if HAVE_CORPUS:
        return
    # A module that skips as a whole leaves a collect report, which has no keywords.
    stats = terminalreporter.stats.get("skipped", [])
    skipped = [r for r in stats if "corpus" in getattr(r, "keywords", ())]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} corpus tests skipped: {NO_CORPUS}")


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder (tests that take it are marked ``corpus`` and skipped without it)."""
    if not HAVE_CORPUS:
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
