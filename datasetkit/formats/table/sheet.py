"""A spreadsheet table as the sheet format reads it: header, data rows, column roles.

Shared by the CSV (:mod:`.table_csv`) and workbook (:mod:`.table_xlsx`) readers and by
:mod:`.table_cases`, which turns a table into cases; :mod:`.table` is the format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from datasetkit.core import roles
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.headers import normalise_header
from datasetkit.core.roles import Resolution

FORMAT = "sheet"
# Header rows are looked for in the first rows of a sheet (titles may sit above them).
HEADER_SCAN = 50


@dataclass
class TableRecord:
    """One data row of a table, wherever it came from."""

    index: int
    row: int
    line: int | None
    values: list[str]
    overflow: list[str] = field(default_factory=list)


@dataclass
class Sheet:
    """A table ready to turn into cases."""

    name: str | None
    header: list[str]
    header_row: int
    records: list[TableRecord]
    columns: Resolution
    # The CSV delimiter, to rejoin cells split at an unquoted one.
    delimiter: str = ","


def unique_names(header: list[str], letter: Callable[[int], str]) -> list[str]:
    """Header names usable as keys: empty ones named by column, duplicates numbered."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for i, h in enumerate(header):
        name = h if h.strip() else f"column {letter(i)}"
        key = normalise_header(name)
        if key in seen:
            seen[key] += 1
            name = f"{name} ({seen[key]})"
        else:
            seen[key] = 1
        out.append(name)
    return out


def no_table(
    path: str, tried: list[tuple[str | None, list[str]]], mapping: dict[str, str]
) -> Finding:
    """Why no sheet could be read, with the headers that were seen."""
    parts = []
    candidates: list[tuple[str | None, str]] = []
    for name, header in tried:
        shown = ", ".join(h for h in header if h.strip())[:160] or "(empty)"
        parts.append(f"{name!r}: {shown}" if name is not None else shown)
        candidates += [(name, h) for h in header if roles.PROMPT_WORDS.search(h)]
    want = f"the column {mapping['prompt']!r}" if "prompt" in mapping else "a prompt column"
    hint = "name the prompt column with --map prompt=HEADER"
    if candidates:
        cand_sheet, cand_header = candidates[0]
        hint = f"--map prompt={cand_header!r}" + (
            f" --sheet {cand_sheet!r}" if cand_sheet is not None else ""
        )
    return Finding(
        f"{FORMAT}.no-table",
        Severity.ERROR,
        f"no table with {want} was found (first rows seen: " + "; ".join(parts) + ")",
        hint + " (prompt headers recognised: " + ", ".join(roles.SYNONYMS["prompt"][:6]) + ", ...)",
        Location(path=path),
    )


def column_findings(
    sheet: Sheet, path: str, findings: list[Finding], line: int | None = None
) -> None:
    """How the header was understood; ambiguity and a --map that names no column."""
    where = Location(
        path=path,
        line=line,
        row=sheet.header_row if line is None else None,
        pointer=f"/{escape_token(sheet.name)}" if sheet.name is not None else None,
    )
    label = f"sheet {sheet.name!r} " if sheet.name is not None else ""
    for f in roles.findings(sheet.columns, FORMAT, where):
        if f.code.endswith(".columns"):
            f = Finding(f.code, f.severity, label + f.message, f.hint, f.location)
        findings.append(f)


def escape_token(name: str) -> str:
    """A sheet name as a JSON Pointer token."""
    return name.replace("~", "~0").replace("/", "~1")
