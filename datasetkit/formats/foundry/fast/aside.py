"""The output of the rows read the full way, kept aside for the output's own check.

A clean row is written clean (:mod:`.layout`); a row read the full way may carry an
input's error into the output, which the target's own check would find there. Checking
the whole output again costs as much as converting it, so the output of those rows is
written aside as it is made, with its place in the output (:class:`Aside`); at the end
those rows alone, as a file of the target's format (under the output's own header for
CSV), go through the target's check, and each error is moved to its row's place in the
output (:func:`check_aside`). A row's checks read that row only, so the errors are the
ones a check of the whole output finds. In CSV a row is also read under the header, so
a column that only rows read the full way brought (their messages written as text, say)
changes how every other row reads back: then the whole output is checked.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from array import array
from pathlib import Path
from typing import IO, TYPE_CHECKING

from datasetkit.core.findings import Finding, Severity
from datasetkit.formats import InputFile, ReadOptions, WriteOptions
from datasetkit.formats.foundry.csv_shapes import CsvShapes
from datasetkit.io.staging import temp_prefix

if TYPE_CHECKING:
    from datasetkit import formats

# What the check of the rows aside may say about them as a file rather than as rows
# (no row read back, the row limit of the batch run): the output is then checked whole.
_WHOLE_FILE = ("foundry.rows.too-many", "foundry.empty")


class Aside:
    """The output of rows read the full way, with each row's index in its output file:
    a temporary file beside ``dest``, made when the first row comes."""

    def __init__(
        self,
        dest: Path,
        path: Path | None = None,
        rows: int = 0,
        shapes: CsvShapes | None = None,
        lines: int = 0,
    ) -> None:
        self.dest = dest
        self.path = path
        self.rows = rows
        # CSV: the first row of each set of columns written (see the module), and the
        # lines of the input before the part of it these rows came from.
        self.shapes = shapes if shapes is not None else CsvShapes()
        self.lines = lines
        self._out: IO[bytes] | None = None

    def add(self, index: int, payload: bytes) -> None:
        """The output of row ``index`` (a JSONL line, or the CSV cells as JSON)."""
        if self._out is None:
            folder = self.dest.parent if str(self.dest.parent) else Path(".")
            fd, name = tempfile.mkstemp(
                prefix=temp_prefix(self.dest.name), suffix=".aside", dir=folder
            )
            self.path = Path(name)
            self._out = os.fdopen(fd, "wb")
        self._out.write(b"%d " % index + payload + b"\n")
        self.rows += 1

    def close(self) -> None:
        """Done adding (the file stays, for the check)."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def remove(self) -> None:
        """Close and delete the file."""
        self.close()
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


def check_aside(
    asides: list[tuple[Aside, int]],
    target: formats.Format,
    output: Path,
    options: WriteOptions,
) -> list[Finding] | None:
    """The errors the target's check finds in the rows set aside, each ``Aside`` with
    the number of output rows before its part, placed at their rows of ``output``; None
    when the whole output must be checked (a CSV column only those rows brought)."""
    if target.name != "foundry":
        shapes = CsvShapes()
        for a, _ in asides:
            shapes.merge(a.shapes, a.lines)
        conflicts = shapes.conflicts(_csv_header(output))
        if conflicts is None:
            return None  # too many sets of columns to tell: the output is checked whole
        if conflicts:
            return conflicts
    asides = [(a, base) for a, base in asides if a.rows]
    if not asides:
        return []
    folder = output.parent if str(output.parent) else Path(".")
    fd, name = tempfile.mkstemp(prefix=temp_prefix(output.name), suffix=".check", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            places = _write_rows(asides, target, output, options, out)
        from datasetkit.formats.foundry.reader import UNPLACED

        # Each finding is moved to its row of the output, which has no line to give.
        unplaced = ReadOptions(extra={UNPLACED: True})
        found = target.check(InputFile(name), unplaced)  # type: ignore[attr-defined]
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)
    if any(f.code in _WHOLE_FILE for f in found):
        return None  # about the rows aside as a file: the output's own check says it
    return [_placed(f, places, output) for f in found if f.severity == Severity.ERROR]


def _write_rows(
    asides: list[tuple[Aside, int]],
    target: formats.Format,
    output: Path,
    options: WriteOptions,
    out: IO[bytes],
) -> array[int]:
    """The rows aside written to ``out`` as a file of the target's format; the place in
    the output of each row written."""
    import orjson

    from datasetkit.formats.csv_safety import FORMULA_LEAD, ExcelSafe
    from datasetkit.io.csvfile import format_record

    write = out.write
    places: array[int] = array("q")
    header: list[str] | None = None
    safe = ExcelSafe(options)
    if target.name != "foundry":
        header = _csv_header(output)
        bom = "\ufeff" if options.extra.get("bom") else ""
        write((bom + format_record(header) + "\n").encode("utf-8"))
    for aside, base in asides:
        aside.close()
        assert aside.path is not None
        with open(aside.path, "rb") as fh:
            for line in fh:
                index, _, payload = line.rstrip(b"\n").partition(b" ")
                places.append(base + int(index))
                if header is None:
                    write(payload + b"\n")
                    continue
                cells = orjson.loads(payload)
                values = [cells.get(c, "") for c in header]
                # The cells as CsvBody writes them (a fresh count: the output has its own).
                values = [safe.cell(v) if v.startswith(FORMULA_LEAD) else v for v in values]
                write((format_record(values) + "\n").encode("utf-8"))
    return places


def _csv_header(output: Path) -> list[str]:
    """The header of the CSV file written to ``output``."""
    import csv

    with open(output, encoding="utf-8-sig", newline="") as fh:
        return next(csv.reader(fh), [])


def _placed(f: Finding, places: array[int], output: Path) -> Finding:
    """``f``, found in the file of the rows aside, at its row of ``output``."""
    from dataclasses import replace

    loc = f.location
    pointer = loc.pointer
    if pointer and pointer[1:].split("/", 1)[0].isdigit():
        head, sep, rest = pointer[1:].partition("/")
        pointer = f"/{places[int(head)]}" + (f"/{rest}" if sep else "")
    return replace(f, location=replace(loc, path=str(output), line=None, pointer=pointer))
