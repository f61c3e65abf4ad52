"""CSV knowledge files: the first non-empty row is the header, each later row a record.
The delimiter is sniffed (comma, semicolon, tab, pipe); the text is decoded as plain
text is (:mod:`datasetkit.knowledge.text`)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from datasetkit.knowledge.build import Builder, clean_inline, record_text, unique_headers
from datasetkit.knowledge.guard import Limits
from datasetkit.knowledge.model import Document, Problem, Provenance
from datasetkit.knowledge.text import decoded_file


def load_csv(path: Path, display: str, limits: Limits) -> Document:
    """A CSV file: the first non-empty row is the header, each later row a record."""
    doc, text = decoded_file(path, display, "csv")
    if text is None:
        return doc
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text[:65536], delimiters=",;\t|"
        )
    except csv.Error:
        dialect = csv.excel
    b = Builder(doc, limits)
    reader = csv.reader(io.StringIO(text), dialect)
    headers: list[str] | None = None
    record_no = 0
    last_line = 0
    try:
        for cells in reader:
            start_line = last_line + 1
            last_line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            record_no += 1
            if headers is None:
                headers = unique_headers(cells)
                continue
            if b.out_of_time(f"row {record_no}"):
                break
            values = [clean_inline(c).replace("\n", " ") for c in cells]
            values += [""] * (len(headers) - len(values))
            keys = headers + [f"Column {k}" for k in range(len(headers) + 1, len(values) + 1)]
            record = dict(zip(keys, values, strict=False))
            prov = Provenance(display, row=record_no, line=start_line)
            if not b.add("table_row", record_text(record), prov, record=record):
                break
    except csv.Error as exc:
        doc.problems.append(
            Problem(
                display,
                f"line {reader.line_num}: {exc}; the rows after it were not read",
                "fix the quoting on that line",
                code="knowledge.corrupt",
            )
        )
    if headers is not None and not doc.sections and not doc.problems:
        doc.problems.append(
            Problem(
                display,
                "the table has a header row but no data rows",
                "add rows or leave the file out",
                code="knowledge.empty",
            )
        )
    return doc
