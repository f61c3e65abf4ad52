"""Checks on the text values of a record that every JSON-based reader can share."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..jsonloc import pointer_join

_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogates(value: Any, ptr: str = "") -> Iterator[tuple[str, str]]:
    """(pointer, the surrogate escape) of each string holding a lone surrogate.

    JSON lets ``"\\ud800"`` through, and Python decodes it to a lone surrogate that no
    UTF-8 encoder accepts: the file validates, then every writer and the SDK fail on it.
    """
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            yield ptr, f"\\u{ord(m.group()):04x}"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from lone_surrogates(v, pointer_join(ptr, str(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from lone_surrogates(v, pointer_join(ptr, i))
