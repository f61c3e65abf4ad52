"""A table printed in halves side by side, read back as one table.

A long, narrow table is often set in two (or three) blocks of the same columns next to
each other to save a page: ``State | Rate | State | Rate``. A reader numbers the repeated
headers (``State (2)``), so each record holds two rows of the table. Here such a table
is unfolded: the left block's rows, then the next block's, each row under the one set of
headers, so a question can name any row and a highest or lowest is taken over all of them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

_NUMBERED = re.compile(r"^(?P<name>.+) \((?P<n>[2-9])\)$")


def _blocks(keys: list[str]) -> int:
    """How many side-by-side blocks the headers repeat (1 when they repeat none): the
    headers are a first block ``A, B`` followed by ``A (2), B (2)``, ``A (3), B (3)``."""
    for size in range(2, len(keys) // 2 + 1):
        if len(keys) % size:
            continue
        first = keys[:size]
        if any(_NUMBERED.match(k) for k in first):
            continue
        blocks = len(keys) // size
        if all(
            keys[b * size + i] == f"{first[i]} ({b + 1})"
            for b in range(1, blocks)
            for i in range(size)
        ):
            return blocks
    return 1


def _unfolded(rows: list[Section], keys: list[str], blocks: int) -> list[Section] | None:
    """The rows of every block under the first block's headers, block after block; None
    when the blocks do not hold different rows (a first column that repeats across them
    is a measure given twice, not a table in halves)."""
    size = len(keys) // blocks
    out: list[Section] = []
    seen: set[str] = set()
    for b in range(blocks):
        for row in rows:
            record = row.record or {}
            part = {keys[i]: record.get(keys[b * size + i], "") for i in range(size)}
            if not any(v.strip() for v in part.values()):
                continue  # the last line of a shorter right-hand block
            name = part[keys[0]].strip().casefold()
            if not name or name in seen:
                return None
            seen.add(name)
            out.append(replace(row, text=record_text(part), record=part))
    return out


def unfold_halves(sections: list[Section]) -> list[Section]:
    """The sections with every table printed in side-by-side blocks unfolded into one
    block of rows (see the module's docstring); any other section as it is."""
    out: list[Section] = []
    at = 0
    while at < len(sections):
        s = sections[at]
        if not s.record:
            out.append(s)
            at += 1
            continue
        keys = list(s.record)
        end = at + 1
        while end < len(sections) and _same_table(sections[end], s, keys):
            end += 1
        rows = sections[at:end]
        blocks = _blocks(keys)
        unfolded = _unfolded(rows, keys, blocks) if blocks > 1 else None
        out.extend(unfolded if unfolded is not None else rows)
        at = end
    return out


def _same_table(row: Section, first: Section, keys: list[str]) -> bool:
    there, here = row.provenance, first.provenance
    return (
        row.record is not None
        and list(row.record) == keys
        and there.table == here.table
        and there.sheet == here.sheet
    )
