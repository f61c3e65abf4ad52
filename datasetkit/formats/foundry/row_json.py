"""How datasetkit spells a Foundry JSONL row: compact, as orjson writes it.

``{"query":"...","response":"..."}`` is the spelling of pandas ``to_json(lines=True)``,
``jq -c`` and most data tools, and every JSON reader (the Foundry SDK's pandas loader,
``json.loads``) reads it. orjson writes it several times faster than json can write
any spelling, and re-spacing its output costs as much as json's encoder: the spaced
spelling (``", "``, ``": "``) of earlier versions is not kept. Both writers (the full
one and the fast one) spell every row through :func:`dump_row`, so their bytes agree.
"""

from __future__ import annotations

import json
import math
from typing import Any

_orjson: Any
try:
    import orjson

    _orjson = orjson
    # A datetime, a dataclass or a subclass of str, int, float, dict or list is handed
    # to json, which writes (or refuses) it as datasetkit always has; orjson would not.
    _OPTIONS = (
        orjson.OPT_PASSTHROUGH_DATETIME
        | orjson.OPT_PASSTHROUGH_DATACLASS
        | orjson.OPT_PASSTHROUGH_SUBCLASS
    )
except ImportError:  # json writes every row, in the same spelling but for some floats
    _orjson = None
    _OPTIONS = 0
_NON_FINITE = "Out of range float values are not JSON compliant"


def dump_row(row: dict[str, Any]) -> bytes:
    """A Foundry JSONL row's line, UTF-8, without its line break, spelled compact.

    What orjson cannot write (an integer past 64 bits, a lone surrogate, nesting past
    its limit, a key that is not a string), and every row where orjson is not
    installed, is written by json in the same compact spelling (a float may be spelled
    its own way: ``1e+16`` for ``1e16``); json raises what it always raised.

    NaN and Infinity come out as ``null`` (orjson's way): for rows that may hold them,
    use :func:`dump_finite_row`.
    """
    if _orjson is not None:
        try:
            # orjson hands over its working buffer (4 KB for a short line): a copy of the
            # line's own size lets it go at once, and a writer holding lines holds less.
            return memoryview(_orjson.dumps(row, option=_OPTIONS)).tobytes()
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            pass
    text = json.dumps(row, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8")


def dump_finite_row(row: dict[str, Any]) -> bytes:
    """:func:`dump_row`, raising json's ``ValueError`` for a NaN or an Infinity."""
    line = dump_row(row)
    # orjson writes a non-finite float as null, so only a line holding null can hide one.
    if b"null" in line and _non_finite(row):
        raise ValueError(_NON_FINITE)
    return line


def _non_finite(value: Any) -> bool:
    """Whether a value holds a NaN or an Infinity (walked without recursion, however deep)."""
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is float:
            if not math.isfinite(v):
                return True
        elif t is dict:
            stack.extend(v.values())
        elif t is list or t is tuple:
            stack.extend(v)
    return False
