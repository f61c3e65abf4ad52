"""Input shapes for bench/fuzz.py that no corpus file has: PDF bombs, devices and FIFOs
as inputs (bench/fuzz_paths.py), datasets handed to the Python API in memory, and extra
fields nested deeper than the serialisers go.

Each shape gives small seeds (mutated by fuzz.py like any other) and a runner that takes
the path of one mutant and returns False when the boundary's bug-report fallback fired;
an exception other than DatasetkitError escaping it is a crash, as for every reader.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzz_paths import DRAWN, PATH_SHAPES, fallbacks, pick

MB = 1024 * 1024


# ---------------------------------------------------------------- PDF bombs

# Most inputs run under a budget this many times smaller than the default (every size
# and count of ``PdfLimits`` divided by it), with seed bombs as much smaller: the same
# checks (the stream scan, the page costs) stop them, at a fraction of the cost. One
# input in ``DEFAULT_SHARE`` runs under the default limits, with full-size seeds too.
SCALE = 256
DEFAULT_SHARE = 20
_SCALED = ("stream_bytes", "file_bytes", "ratio_floor", "page_objects", "page_text", "page_bytes")
_SCALED_FILE = ("file_objects", "file_text")


def pdf_bomb_seeds() -> list[tuple[str, bytes]]:
    """Bombs of each kind (a page of text before each) at two sizes: one over the
    scaled-down budget, one over the default limits."""
    from tests.helpers.pdf_bombs import KINDS, bomb

    # (bytes inflated or drawn, copies each form draws of the one below)
    scales = ((64 * MB // SCALE * 2, 1000 // 10), (64 * MB, 1000))
    return [
        (".pdf", bomb(kind, size, good_pages=1, fanout=fanout))
        for size, fanout in scales
        for kind in KINDS
    ]


def scaled_limits(scale: int) -> Any:
    """The knowledge reader's limits with every PDF budget divided by ``scale``."""
    from datasetkit.knowledge.guard import Limits
    from datasetkit.knowledge.pdf.budget import PdfLimits

    base = PdfLimits()
    fields = {name: getattr(base, name) // scale for name in _SCALED + _SCALED_FILE}
    return Limits(max_size=None, max_seconds=25, pdf=dataclasses.replace(base, **fields))


def pdf_bomb(path: str) -> bool:
    """Read the mutant as a knowledge file: under the default PDF limits one time in
    ``DEFAULT_SHARE`` (drawn from the mutant), else under limits ``SCALE`` times smaller."""
    from datasetkit.knowledge.loader import load_file

    data = Path(path).read_bytes()
    before = fallbacks()
    # From the whole mutant: its first bytes (the header) mostly say only which seed it is.
    default = zlib.crc32(data) % DEFAULT_SHARE == 0
    DRAWN["default limits" if default else f"limits / {SCALE}"] += 1
    load_file(path, limits=scaled_limits(1 if default else SCALE))
    return fallbacks() == before


# ---------------------------------------------------------------- the API, in memory


def api_in_memory(path: str) -> bool:
    """load, loads, iter_cases, validate and lint of the mutant as bytes, text, a file
    object and (when it parses) the parsed object."""
    import datasetkit

    data = Path(path).read_bytes()
    before = fallbacks()
    how = pick(data, 5)
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
    return fallbacks() == before


# ---------------------------------------------------------------- deep extras


def _nested(levels: int, leaf: str) -> str:
    """JSON text of ``leaf`` inside ``levels`` objects and lists (built as text: the
    encoder itself stops near 1,000 levels)."""
    opens = "".join('{"k":' if i % 2 == 0 else "[" for i in range(levels))
    closes = "".join("}" if i % 2 == 0 else "]" for i in reversed(range(levels)))
    return opens + json.dumps(leaf) + closes


def deep_extras(path: str) -> bool:
    """lint, stats, validate or convert (one, picked from the mutant) of a dataset whose
    extra field holds the mutant nested 100 to 1,100 levels deep (pydantic's serialiser
    stops at 255)."""
    from datasetkit.convert.entry import convert
    from datasetkit.lint.engine import lint_file
    from datasetkit.lint.stats import dataset_stats
    from datasetkit.validate import validate_file

    data = Path(path).read_bytes()
    before = fallbacks()
    deep = _nested(100 + pick(data, 1000), data[:200].decode("utf-8", "replace"))
    folder = os.path.dirname(path)
    if pick(data[::-1], 2):
        target = os.path.join(folder, "deep.json")
        text = '{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?", "x": ' + deep + "}]}"
    else:
        target = os.path.join(folder, "deep.jsonl")
        text = ('{"query": "Hi?", "response": "Hello.", "x": ' + deep + "}\n") * 2
    Path(target).write_text(text, encoding="utf-8")
    command = ("lint", "stats", "validate", "convert")[pick(data[1:], 4)]
    DRAWN[command] += 1
    if command == "lint":
        lint_file(target, None)
    elif command == "stats":
        dataset_stats(target)
    elif command == "validate":
        validate_file(target, None)
    else:
        convert([target], os.path.join(folder, "out.csv"), target="foundry-csv", force=True)
    return fallbacks() == before


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
    **{name: (dataset_seeds, runner) for name, runner in PATH_SHAPES.items()},
    "api-memory": (dataset_seeds, api_in_memory),
    "deep-extras": (dataset_seeds, deep_extras),
}
