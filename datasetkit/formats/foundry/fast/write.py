"""Writing the rows :mod:`.layout` lays out: Foundry JSONL, and Foundry CSV in one pass
(:mod:`.csv_body`), in large buffered writes, with the bytes :mod:`..writer` writes."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.core.findings import Finding
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.csv_safety import ExcelSafe
from datasetkit.formats.foundry import reader, spec  # the limits the output check applies
from datasetkit.formats.foundry.csv_shapes import CsvShapes, case_place
from datasetkit.formats.foundry.fast.csv_body import CsvBody
from datasetkit.formats.foundry.fast.layout import csv_cells
from datasetkit.formats.foundry.fast.unclean import Unclean, unclean_cells
from datasetkit.formats.foundry.loss import Loss
from datasetkit.formats.foundry.row_json import dump_finite_row, dump_row
from datasetkit.io.files import atomic_writer

if TYPE_CHECKING:
    from datasetkit.formats.foundry.fast.aside import Aside

_CHUNK = 1 << 16  # bytes gathered before one write (large writes, little memory)
_Stop = type[Exception]


def write_jsonl(
    items: Iterable[Any],
    dest: Path,
    options: WriteOptions,
    stop: _Stop,
    loss: Loss | None = None,
    aside: Aside | None = None,
) -> WriteResult:
    """Foundry JSONL as writer.write_jsonl writes it: a clean row laid out by
    layout (a tuple), a row that is not clean laid out by unclean, or a Case (of
    a row read the full way) through the writer's own steps (the line of either of the
    last two also to ``aside``, for the output's check); raises ``stop`` at a row past the
    size limit. What cannot be written is counted in ``loss`` (a new one when None; the
    caller's when it writes a file in parts)."""
    loss = Loss() if loss is None else loss
    n = 0
    buf: list[bytes] = []
    size = 0
    with atomic_writer(dest) as fh:
        for item in items:
            if item is None:
                continue
            # A row laid out was parsed by orjson, so it holds no NaN or Infinity to refuse.
            if type(item) is tuple:
                line = dump_row(item[0])
            elif type(item) is Unclean:
                line = dump_row(item.row)
                if aside is not None:
                    aside.add(n, line)
            else:
                line = _case_line(item, options, loss)
                if aside is not None:
                    aside.add(n, line)
            n += 1
            if len(line) >= reader.MAX_ROW_BYTES:
                raise stop  # the output check would report it
            buf.append(line)
            size += len(line)
            if size >= _CHUNK:
                buf.append(b"")
                fh.write(b"\n".join(buf))
                buf, size = [], 0
        if buf:
            buf.append(b"")
            fh.write(b"\n".join(buf))
    found = loss.findings("foundry") + past_limit(n, dest)
    return WriteResult(paths=[dest], findings=found, cases=n)


def write_csv(
    items: Iterable[Any],
    dest: Path,
    options: WriteOptions,
    stop: _Stop,
    loss: Loss | None = None,
    safe: ExcelSafe | None = None,
    aside: Aside | None = None,
) -> WriteResult:
    """Foundry CSV as writer.write_csv writes it: each row's cells (from layout,
    or the writer's own steps for a Case) as a record under the header, which is every
    row's columns (written in one pass, see csv_body). ``loss`` and ``safe``
    count what was not written and the cells made spreadsheet-safe (new ones when None);
    the cells of a row that is not clean go to ``aside`` too, for the output's check."""
    import orjson  # the fast path runs only where it is installed (convert.covers)

    loss = Loss() if loss is None else loss
    safe = ExcelSafe(options) if safe is None else safe
    folder = dest.parent if str(dest.parent) else Path(".")
    n = 0
    # The first row of each set of columns, for rows that cannot share the file.
    shapes = aside.shapes if aside is not None else CsvShapes()
    kept = shapes.rows
    with atomic_writer(dest) as out:
        body = CsvBody(out, safe, stop, bool(options.extra.get("bom")))
        for item in items:
            if item is None:
                continue
            if type(item) is tuple:
                cells = csv_cells(item[0], item[1], loss)
                if cells is not None and tuple(cells) not in kept:
                    shapes.add(cells, None)
            elif type(item) is Unclean:
                cells = unclean_cells(item, loss)
                if cells is not None:
                    shapes.add(cells, item.place)
                    if aside is not None:
                        aside.add(n, orjson.dumps(cells))
            else:
                cells = _case_cells(item, options, loss)
                if cells is not None:
                    shapes.add(cells, case_place(item))
                    if aside is not None:
                        aside.add(n, orjson.dumps(cells))
            if cells is None:
                continue
            n += 1
            body.add(cells)
        body.finish(folder)
        if body.blank_lines():
            raise stop  # the output check reports a row less (or an empty file)
    found = loss.findings("foundry-csv") + safe.findings("foundry-csv") + past_limit(n, dest)
    return WriteResult(paths=[dest], findings=found, cases=n)


def past_limit(rows: int, dest: Path) -> list[Finding]:
    """The output check's finding when ``rows`` is past the batch evaluation's row limit
    (the conversion reports it and writes the file: see convert.result.ADVISORY_ON_WRITE)."""
    if rows <= spec.MAX_ROWS:
        return []
    from datasetkit.formats.foundry.collect import RowContext

    return [reader.too_many_rows(RowContext(str(dest), spec.MAX_ROWS, spec.MAX_ROWS + 1))]


# A row read the full way is a Case, written by the writer's own steps; they need the
# model, loaded here only when such a row comes (a file of clean rows needs none).


def _case_line(case: Any, options: WriteOptions, loss: Loss) -> bytes:
    """The JSONL line writer.write_jsonl writes for ``case``."""
    from datasetkit.formats.foundry.plan import (
        check_style,
        finish_carry,
        plan_row,
        truncate_seed,
    )

    case = truncate_seed(case, options, loss)
    plan = plan_row(case, check_style(options), "foundry", loss, "foundry")
    box = finish_carry(plan.carry)
    if box is not None:
        plan.row[CARRY_KEY] = box
    return dump_finite_row(plan.row)


def _case_cells(case: Any, options: WriteOptions, loss: Loss) -> dict[str, str] | None:
    """The CSV cells writer.write_csv writes for ``case`` (None: left out)."""
    from datasetkit.formats.foundry.plan import truncate_seed
    from datasetkit.formats.foundry.writer import csv_plan

    return csv_plan(truncate_seed(case, options, loss), "foundry", loss)
