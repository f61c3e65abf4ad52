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

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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


@contextlib.contextmanager
def chromium(playwright: Any, profile: Path) -> Iterator[Any]:
    """A browser context of the system's Chromium with a fresh profile in ``profile``."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=FLAGS,
        viewport={"width": 1400, "height": 900},
    )
    try:
        yield context
    finally:
        context.close()
