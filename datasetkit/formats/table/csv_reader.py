"""The sheet format's CSV reader: decode, find the header row, read the rows."""

from __future__ import annotations

from typing import Any

from datasetkit.core import roles
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.formats import InputFile, ReadOptions
from datasetkit.formats.table.sheet import (
    FORMAT,
    HEADER_SCAN,
    Sheet,
    TableRecord,
    column_findings,
    no_table,
    unique_names,
)
from datasetkit.io import csvfile as csvutil


def read_csv(
    src: InputFile, options: ReadOptions, findings: list[Finding]
) -> tuple[list[Sheet], Any]:
    """The CSV file's one table (none when it cannot be read) and its locator."""
    path = src.path
    text = _decoded(src, options, findings)
    if text is None:
        return [], None
    delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(text)
    mapping = options.mapping

    def is_header(cells: list[str]) -> bool:
        return "prompt" in roles.resolve(cells, mapping).cols

    table = csvutil.read_table(
        text, delimiter=delimiter, comment_prefix=None, is_header=is_header, header_scan=HEADER_SCAN
    )
    _table_issues(table, path, findings)
    if not table.header:
        tried: list[tuple[str | None, list[str]]] = [
            (None, rec.cells) for rec in table.preamble[:1]
        ]
        findings.append(no_table(path, tried, mapping))
        return [], None
    if table.preamble:
        findings.append(
            Finding(
                f"{FORMAT}.preamble",
                Severity.INFO,
                f"{len(table.preamble)} row(s) above the header (line {table.header_line}) were skipped",
                "",
                Location(path=path, line=table.preamble[0].line),
            )
        )
    names = unique_names(table.header, lambda i: str(i + 1))
    columns = roles.resolve(table.header, mapping)
    records = [TableRecord(r.index, r.row, r.line, r.values, r.overflow) for r in table.rows]
    sheet = Sheet(None, names, 1, records, columns, delimiter)
    column_findings(sheet, path, findings, line=table.header_line)
    # Locations use the header as written, so a pointer built from a field name resolves.
    table.header = names
    return [sheet], lambda pointer: table.location(path, pointer)


def _decoded(src: InputFile, options: ReadOptions, findings: list[Finding]) -> str | None:
    """The file's text, its decoding issues reported; None for a binary file."""
    # Raises (exit 2) when the file is not UTF-8 and its encoding cannot be told.
    dec = csvutil.decode(src.data, src.path, options.extra.get("encoding"))
    for issue in dec.issues:
        sev = {"binary": Severity.ERROR, "line-endings": Severity.INFO}.get(
            issue.kind, Severity.WARNING
        )
        findings.append(
            Finding(
                f"{FORMAT}.{issue.kind}",
                sev,
                issue.message,
                "",
                Location(path=src.path, line=issue.line, column=issue.column),
            )
        )
    if any(i.kind == "binary" for i in dec.issues):
        return None
    return dec.text


def _table_issues(table: csvutil.Table, path: str, findings: list[Finding]) -> None:
    """The CSV reader's issues as findings (extra cells are reported with their row
    by table_cases, a missing header by no_table)."""
    for issue in table.issues:
        if issue.kind in ("extra-cells", "missing-cells", "no-header"):
            continue
        sev = Severity.ERROR if issue.kind == "unclosed-quote" else Severity.WARNING
        findings.append(
            Finding(
                f"{FORMAT}.csv.{issue.kind}",
                sev,
                issue.message,
                "",
                Location(path=path, line=issue.line, column=issue.column),
            )
        )
