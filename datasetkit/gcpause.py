"""Building many long-lived objects at once, with the cycle collector paused.

Reading a 100,000-row file keeps every case it makes; the cycle collector, triggered by
all those new objects, walks the whole growing heap again and again, which was half of
the reading time. Cases hold no reference cycles (plain reference counting frees them),
so pausing the collector while they are built changes nothing but the time.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (as it was before, after it)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
