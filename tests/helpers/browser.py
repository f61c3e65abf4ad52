"""The system's Chromium under Playwright, as the review page's tests and benchmark start it.

Never a downloaded browser: ``.ci/run`` installs the distribution's ``chromium`` when it
is missing. Each start gets a fresh profile (``--user-data-dir``) and the flags that keep
a headless browser from reaching out (updates, sync, background requests).
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Debian and Fedora name the package and its command ``chromium``; Ubuntu ``chromium-browser``.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing() -> str | None:
    """Why the browser cannot be used here (None: it can), for a test to skip with."""
    if CHROMIUM is None:
        return (
            "no Chromium on this machine (no 'chromium' or 'chromium-browser' on PATH): "
            "install the distribution's package, e.g. apt-get install chromium (.ci/run does)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[test]'"
    return None


def launch(playwright: Any, profile: Path) -> Any:
    """A browser context of the system's Chromium with a fresh profile in ``profile``."""
    if CHROMIUM is None:
        raise RuntimeError(missing())
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=FLAGS,
        viewport={"width": 1400, "height": 900},
    )


def launch_failure(exc: BaseException) -> str:
    """Why the browser did not start, in a line: its own first error, else Playwright's."""
    lines = [x.strip() for x in str(exc).splitlines() if x.strip()]
    said = [x.split("[err]", 1)[1].strip() for x in lines if "[err]" in x]
    first = said[0] if said else (lines[0] if lines else type(exc).__name__)
    return f"Chromium at {CHROMIUM} did not start: {first}"


@contextlib.contextmanager
def chromium(playwright: Any, profile: Path) -> Iterator[Any]:
    """:func:`launch`, closed on leaving the block."""
    context = launch(playwright, profile)
    try:
        yield context
    finally:
        context.close()
