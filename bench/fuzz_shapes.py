"""Input shapes for bench/fuzz.py that no corpus file has: PDF bombs, devices and pipes
as inputs, datasets handed to the Python API in memory, and extra fields nested deeper
than the serialisers go.

Each shape gives small seeds (mutated by fuzz.py like any other) and a runner that takes
the path of one mutant and returns False when the boundary's bug-report fallback fired;
an exception other than DatasetkitError escaping it is a crash, as for every reader.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

MB = 1024 * 1024


def _fallbacks() -> int:
    from datasetkit.io.safety import FALLBACKS

    return len(FALLBACKS)


def _pick(data: bytes, n: int) -> int:
    """A choice among ``n`` drawn from the mutant itself (so a replay takes the same)."""
    return zlib.crc32(data[:256]) % n


# ---------------------------------------------------------------- PDF bombs


def pdf_bomb_seeds() -> list[tuple[str, bytes]]:
    """One small bomb of each kind (a page of text before it), at a size that is read
    in milliseconds once the budget stops it."""
    from tests.helpers.pdf_bombs import KINDS, bomb

    return [(".pdf", bomb(kind, 64 * MB, good_pages=1)) for kind in KINDS]


def pdf_bomb(path: str) -> bool:
    """Read the mutant as a knowledge file, under the default limits."""
    from datasetkit.knowledge.guard import Limits
    from datasetkit.knowledge.loader import load_file

    before = _fallbacks()
    load_file(path, limits=Limits(max_size=None, max_seconds=25))
    return _fallbacks() == before


# ---------------------------------------------------------------- devices and pipes

_DEVICES = ("/dev/zero", "/dev/urandom", "/dev/null")


def _feed(fifo: str, data: bytes, stall: bool) -> threading.Thread:
    """A writer for ``fifo``: ``data``, then (when ``stall``) silence before closing."""

    def write() -> None:
        try:
            fd = os.open(fifo, os.O_WRONLY)
        except OSError:
            return
        try:
            os.write(fd, data[: 60 * 1024])
            if stall:
                threading.Event().wait(0.2)
        except OSError:
            pass
        finally:
            os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def device_or_pipe(path: str) -> bool:
    """validate, lint, stats or convert of a device, a FIFO with no writer, or a FIFO
    fed the mutant (at once, or after a pause), picked from the mutant's bytes."""
    from datasetkit.io import inputs
    from datasetkit.lint.engine import lint_file
    from datasetkit.lint.stats import dataset_stats
    from datasetkit.validate import validate_file

    data = Path(path).read_bytes()
    before = _fallbacks()
    # Short waits: the shape is what is fuzzed, not the clock.
    inputs.PIPE_WAIT_SECONDS, inputs.PIPE_IDLE_SECONDS = 0.05, 0.1
    inputs._PIPED.clear()
    how = _pick(data, 6)
    fmt = (None, "m365", "foundry", "copilot-studio")[_pick(data[::-1], 4)]
    with tempfile.TemporaryDirectory(prefix="dk-fifo-") as tmp:
        target = os.path.join(tmp, "in" + Path(path).suffix)
        writer = None
        if how < len(_DEVICES):
            target = _DEVICES[how]
        else:
            os.mkfifo(target)
            if how > len(_DEVICES):
                writer = _feed(target, data, stall=how == 5)
        try:
            command = _pick(data[1:], 4)
            if command == 0:
                validate_file(target, fmt)
            elif command == 1:
                lint_file(target, fmt)
            elif command == 2:
                dataset_stats(target, fmt)
            else:
                from datasetkit.convert.entry import convert

                convert([target], os.path.join(tmp, "out.jsonl"), source=fmt, force=True)
        finally:
            if writer is not None:
                with_writer_gone(target, writer)
    return _fallbacks() == before


def with_writer_gone(fifo: str, writer: threading.Thread) -> None:
    """Let a writer still blocked in open() go (a reader opens and closes the FIFO)."""
    if writer.is_alive():
        try:
            fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
        writer.join(2)


# ---------------------------------------------------------------- the API, in memory


def api_in_memory(path: str) -> bool:
    """load, loads, iter_cases, validate and lint of the mutant as bytes, text, a file
    object and (when it parses) the parsed object."""
    import datasetkit

    data = Path(path).read_bytes()
    before = _fallbacks()
    how = _pick(data, 5)
    if how == 0:
        datasetkit.loads(data)
    elif how == 1:
        datasetkit.loads(data.decode("utf-8", "replace"))
    elif how == 2:
        list(datasetkit.iter_cases(io.BytesIO(data), findings=[]))
    else:
        try:
            value: Any = json.loads(data)
        except (ValueError, RecursionError):
            value = data
        (datasetkit.validate if how == 3 else datasetkit.lint)(value)
    return _fallbacks() == before


# ---------------------------------------------------------------- deep extras


def _nested(levels: int, leaf: str) -> str:
    """JSON text of ``leaf`` inside ``levels`` objects and lists (built as text: the
    encoder itself stops near 1,000 levels)."""
    opens = "".join('{"k":' if i % 2 == 0 else "[" for i in range(levels))
    closes = "".join("}" if i % 2 == 0 else "]" for i in reversed(range(levels)))
    return opens + json.dumps(leaf) + closes


def deep_extras(path: str) -> bool:
    """lint, stats and convert of a dataset whose extra field holds the mutant nested
    100 to 1,100 levels deep (pydantic's serialiser stops at 255)."""
    from datasetkit.convert.entry import convert
    from datasetkit.lint.engine import lint_file
    from datasetkit.lint.stats import dataset_stats

    data = Path(path).read_bytes()
    before = _fallbacks()
    deep = _nested(100 + _pick(data, 1000), data[:200].decode("utf-8", "replace"))
    folder = os.path.dirname(path)
    if _pick(data[::-1], 2):
        target = os.path.join(folder, "deep.json")
        text = '{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?", "x": ' + deep + "}]}"
    else:
        target = os.path.join(folder, "deep.jsonl")
        text = ('{"query": "Hi?", "response": "Hello.", "x": ' + deep + "}\n") * 2
    Path(target).write_text(text, encoding="utf-8")
    lint_file(target, None)
    try:
        dataset_stats(target)
    finally:
        convert([target], os.path.join(folder, "out.csv"), target="foundry-csv", force=True)
    return _fallbacks() == before


def dataset_seeds() -> list[tuple[str, bytes]]:
    """A few small datasets (M365 JSON, Foundry JSONL, Copilot Studio CSV)."""
    m365 = {"schemaVersion": "1.11.0", "items": [{"prompt": "Refund window?"}]}
    return [
        (".json", json.dumps(m365).encode()),
        (".jsonl", b'{"query": "Refund window?", "response": "30 days."}\n'),
        (".csv", b"question,expectedResponse\nRefund window?,30 days.\n"),
    ]


# shape -> (seeds, runner)
SHAPES: dict[str, tuple[Callable[[], list[tuple[str, bytes]]], Callable[[str], bool]]] = {
    "pdf-bomb": (pdf_bomb_seeds, pdf_bomb),
    "device": (dataset_seeds, device_or_pipe),
    "api-memory": (dataset_seeds, api_in_memory),
    "deep-extras": (dataset_seeds, deep_extras),
}
