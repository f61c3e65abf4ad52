"""Foundry CSV reading: decoding, physical lines, records with row numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats.foundry.collect import Collector
from datasetkit.formats.foundry.jsonl import decode_line
from datasetkit.io.decoding import bom_encoding, utf16_without_bom
from datasetkit.io.files import MAX_LINE_BYTES, iter_lines

# --- CSV reading --------------------------------------------------------------------------


def _csv_lines(fh: IO[bytes], col: Collector) -> Iterator[str]:
    head = fh.read(4096)
    fh.seek(0)
    unicode = bom_encoding(head) or (utf16_without_bom(head), 0)
    if unicode[0]:
        # UTF-16/32 cannot be split into lines as bytes; the SDK fails on it (UTF-8 only).
        col.add(
            Finding(
                "foundry.encoding",
                Severity.ERROR,
                f"the file is {unicode[0].upper()}, not UTF-8 (the SDK fails the whole file "
                "with UnicodeDecodeError)",
                "re-save the file as UTF-8; 'datasetkit convert' writes UTF-8",
                Location(path=col.path, line=1, column=1),
            )
        )
        fh.seek(unicode[1])
        text = io.TextIOWrapper(fh, encoding=unicode[0], errors="replace", newline="")
        try:
            yield from text
        finally:
            text.detach()  # the caller owns (and closes) fh
        return
    codec: str | None = None
    for n, line in enumerate(iter_lines(fh, col.path), start=1):
        raw = (
            line.removeprefix(UTF8_BOM) if n == 1 else line
        )  # the SDK's CSV loader tolerates a BOM
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            if codec is None:
                codec = _file_codec(fh, col.path)
            yield decode_line(raw, n, col, codec)


def _file_codec(fh: IO[bytes], path: str) -> str:
    """The encoding of a CSV that is not UTF-8, detected once from the file's start.

    Excel saves CSV in the machine's code page (cp1251, Shift-JIS...); reading every
    such file as Windows-1252 garbles it. Raises EncodingUnclear when the detection
    is not confident: a guess would write garbled text as if it were right.
    """
    from datasetkit.io.decoding import detect

    here = fh.tell()
    fh.seek(0)
    sample = fh.read(1024 * 1024)
    fh.seek(here)
    return detect(sample.removeprefix(UTF8_BOM), path)[0]


@dataclass
class CsvRecord:
    index: int
    line: int
    row: int
    values: dict[str, Any]


def iter_csv(fh: IO[bytes], col: Collector) -> Iterator[CsvRecord]:
    """The records of a Foundry CSV file under its header, with their lines and rows;
    what is wrong with a line, the header or a record's width is reported in ``col``."""
    csv.field_size_limit(MAX_LINE_BYTES)
    counter = {"line": 0}

    def lines() -> Iterator[str]:
        for text in _csv_lines(fh, col):
            counter["line"] += 1
            yield text

    reader = csv.reader(lines(), strict=False)
    path = col.path
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        raise DatasetkitError(
            f"{path}: cannot read the CSV header ({exc})", "check the file's quoting"
        ) from exc
    if not _header_ok(header, col):
        return
    index = 0
    rownum = 1
    while True:
        start = counter["line"] + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            col.add(
                Finding(
                    "foundry.csv.syntax",
                    Severity.ERROR,
                    f"cannot read this CSV record: {exc}",
                    "check the quotes on this line",
                    Location(path=path, line=start),
                )
            )
            continue
        rownum += 1
        if not _row_shape_ok(cells, header, Location(path=path, line=start, row=rownum), col):
            continue
        values: dict[str, Any] = {}
        for i, h in enumerate(header):
            values[h] = cells[i] if i < len(cells) else ""
        yield CsvRecord(index, start, rownum, values)
        index += 1


def _row_shape_ok(cells: list[str], header: list[str], loc: Location, col: Collector) -> bool:
    """False for a blank line (reported and skipped); a row of the wrong width is
    reported and still read."""
    if not cells or (len(cells) == 1 and not cells[0].strip() and len(header) > 1):
        col.add(
            Finding(
                "foundry.csv.blank-line",
                Severity.WARNING,
                "blank line",
                "delete the empty line",
                loc,
            )
        )
        return False
    if len(cells) != len(header):
        col.add(_width_finding(len(cells), len(header), loc))
    return True


def _header_ok(header: list[str], col: Collector) -> bool:
    """Report an empty, wrongly separated or duplicated header; False when there is none."""
    path = col.path
    if not any(h.strip() for h in header):
        col.add(
            Finding(
                "foundry.csv.no-header",
                Severity.ERROR,
                "the first line (the header) is empty",
                "put the column names on the first line",
                Location(path=path, line=1, row=1),
            )
        )
        return False
    if len(header) == 1 and (";" in header[0] or "\t" in header[0]):
        sep = ";" if ";" in header[0] else "tab"
        col.add(
            Finding(
                "foundry.csv.delimiter",
                Severity.WARNING,
                f"the header has one column {header[0]!r}: the file looks {sep}-separated, "
                "and the SDK reads CSV with commas only",
                "save it with commas as separators",
                Location(path=path, line=1, row=1),
            )
        )
    seen: set[str] = set()
    for h in header:
        if h in seen:
            col.add(
                Finding(
                    "foundry.csv.duplicate-header",
                    Severity.ERROR,
                    f"column {h!r} appears twice in the header",
                    "give each column its own name",
                    Location(path=path, line=1, row=1, field=h),
                )
            )
        seen.add(h)
    return True


def _width_finding(cells: int, columns: int, loc: Location) -> Finding:
    """A row with more cells than the header (an error) or fewer (read as empty)."""
    if cells > columns:
        return Finding(
            "foundry.csv.ragged",
            Severity.ERROR,
            f"this row has {cells} cells but the header has {columns} columns: "
            "the SDK's loader shifts the values into the wrong columns",
            "quote cells that contain commas, or remove the extra cells",
            loc,
        )
    return Finding(
        "foundry.csv.short-row",
        Severity.WARNING,
        f"this row has {cells} cells but the header has {columns} columns; "
        "the missing ones are read as empty",
        "add the missing cells (empty ones are fine: a,,c)",
        loc,
    )


_CSV_STANDARD = (
    "query",
    "response",
    "context",
    "ground_truth",
    "test_case_description",
    "id",
    "category",
)


def csv_row(values: dict[str, Any]) -> dict[str, Any]:
    """A CSV record as a row: empty standard cells are absent, as NaN is for the SDK."""
    return {k: v for k, v in values.items() if not (k in _CSV_STANDARD and v == "")}
