"""The cases of one table: a case per row, or a conversation per value of the
conversation column; cells past the header and rows without a prompt are reported."""

from __future__ import annotations

import re
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Source, Turn
from datasetkit.core.roles import MISSING_TEXT
from datasetkit.formats.table.sheet import FORMAT, Sheet, TableRecord


def sheet_cases(sheet: Sheet, path: str, findings: list[Finding], pointer_base: str) -> list[Case]:
    """Cases of one table: a case per row, or per conversation when that column maps."""
    cols = sheet.columns.cols
    conv = cols.get("conversation")
    where: dict[str, Any] = {"sheet": sheet.name} if sheet.name is not None else {}
    single: list[Case] = []
    conversations = _Conversations(sheet, findings, where) if conv is not None else None
    for rec in sheet.records:
        pointer = f"{pointer_base}/{rec.index}"
        loc: dict[str, Any] = {"path": path, "line": rec.line, "row": rec.row, "pointer": pointer}
        row = _row_turn(sheet, rec, loc, findings)
        if row is None:
            continue
        turn, extra, values = row
        if conversations is not None:
            conversations.add(rec, values, turn, extra, loc)
            continue
        single.append(
            Case(
                kind="single",
                id=_field(cols, values, "id"),
                category=_field(cols, values, "category"),
                notes=_field(cols, values, "notes"),
                turns=[turn],
                extra=extra,
                source=Source(
                    path=path,
                    line=rec.line,
                    row=rec.row,
                    pointer=pointer,
                    turn_pointers=[pointer],
                    # Which header held each field: a writer of named columns reuses them.
                    **{"columns": {f: sheet.header[i] for f, i in cols.items()}},
                    **where,
                ),
            )
        )
    return single if conversations is None else conversations.order


def _field(cols: dict[str, int], values: list[str], f: str) -> str | None:
    """The row's cell for field ``f`` (None when the field maps to no column, is empty or
    holds pandas' text for a missing value, 'nan')."""
    i = cols.get(f)
    if i is None or values[i] == "" or values[i].strip() in MISSING_TEXT:
        return None
    return values[i]


def _missing_cells(
    sheet: Sheet, values: list[str], loc: dict[str, Any], findings: list[Finding]
) -> None:
    """One finding per column whose cells hold 'nan' where an answer belongs."""
    for f in ("expected_response", "response", "context"):
        i = sheet.columns.cols.get(f)
        if i is None or values[i].strip() not in MISSING_TEXT:
            continue
        code = f"{FORMAT}.missing-value"
        name = sheet.header[i]
        if any(x.code == code and x.location.field == name for x in findings):
            continue
        findings.append(
            Finding(
                code,
                Severity.WARNING,
                f"{name!r} (the {f.replace('_', ' ')}) holds {values[i].strip()!r}, pandas' "
                "text for a missing value: read as no answer (and so wherever it recurs)",
                "fill it in, or leave the cell empty (DataFrame.to_csv writes NaN as empty)",
                Location(**loc, field=name),
            )
        )


def _cells(
    sheet: Sheet, rec: TableRecord, loc: dict[str, Any], findings: list[Finding]
) -> tuple[list[str], bool]:
    """The row's cells, and whether cells past the header could be joined back (reported)."""
    cols = sheet.columns.cols
    names = sheet.header
    values = rec.values
    width = len(names)
    last = width - 1
    # Cells past the header come from an unquoted delimiter; rejoined when the last
    # column is free text (prompt or expected response), where that is the likely cause.
    repairable = last in (cols["prompt"], cols.get("expected_response"))
    if not rec.overflow:
        return values, repairable
    if repairable:
        values = [*values[:last], sheet.delimiter.join([values[last], *rec.overflow])]
        findings.append(
            Finding(
                f"{FORMAT}.csv.extra-cells",
                Severity.WARNING,
                f"the row has {width + len(rec.overflow)} cells for {width} columns; the extra "
                f"cells were joined back into {names[last]!r} (an unquoted comma)",
                "quote cells that contain commas",
                Location(**loc, field=names[last]),
            )
        )
    else:
        findings.append(
            Finding(
                f"{FORMAT}.csv.extra-cells",
                Severity.ERROR,
                f"the row has {width + len(rec.overflow)} cells for {width} columns, so its "
                "cells may be in the wrong columns",
                "quote cells that contain commas",
                Location(**loc),
            )
        )
    return values, repairable


def _row_turn(
    sheet: Sheet, rec: TableRecord, loc: dict[str, Any], findings: list[Finding]
) -> tuple[Turn, dict[str, Any], list[str]] | None:
    """The row's turn, extra columns and cells; None (reported) when it has no prompt."""
    cols = sheet.columns.cols
    names = sheet.header
    pi = cols["prompt"]
    values, repairable = _cells(sheet, rec, loc, findings)
    prompt = values[pi]
    if not prompt.strip():
        findings.append(
            Finding(
                f"{FORMAT}.row.no-prompt",
                Severity.WARNING,
                f"the row has no {names[pi]!r} (prompt), so it was skipped",
                "fill in the prompt, or delete the row",
                Location(**loc, field=names[pi]),
            )
        )
        return None
    mapped = set(cols.values())
    # Columns no field takes are the row's extra columns: carried by every writer.
    extra: dict[str, Any] = {
        names[i]: v for i, v in enumerate(values) if i not in mapped and v != ""
    }
    if rec.overflow and not repairable:
        extra["(extra cells)"] = rec.overflow
    _missing_cells(sheet, values, loc, findings)
    turn = Turn(
        prompt=prompt,
        expected_response=_field(cols, values, "expected_response"),
        response=_field(cols, values, "response"),
        context=_field(cols, values, "context"),
        tags=_tags(_field(cols, values, "tags")),
    )
    return turn, extra, values


class _Conversations:
    """Rows grouped into conversation cases by the conversation column, in file order."""

    def __init__(self, sheet: Sheet, findings: list[Finding], where: dict[str, Any]) -> None:
        self.sheet = sheet
        self.conv = sheet.columns.cols["conversation"]
        self.findings = findings
        self.where = where
        self.groups: dict[str, Case] = {}
        self.order: list[Case] = []
        self.last_key: str | None = None

    def key(self, rec: TableRecord, values: list[str], loc: dict[str, Any]) -> str:
        """The row's conversation: a blank cell continues the one above (reported)."""
        key = values[self.conv].strip()
        if not key:
            key = self.last_key if self.last_key is not None else f"row {rec.row}"
            if self.last_key is not None:
                name = self.sheet.header[self.conv]
                self.findings.append(
                    Finding(
                        f"{FORMAT}.conversation.continued",
                        Severity.INFO,
                        f"the row has no {name!r}; it continues conversation {key!r}",
                        "",
                        Location(**loc, field=name),
                    )
                )
        self.last_key = key
        return key

    def add(
        self,
        rec: TableRecord,
        values: list[str],
        turn: Turn,
        extra: dict[str, Any],
        loc: dict[str, Any],
    ) -> None:
        """Add the row's turn to its conversation (the first row of one starts it)."""
        key = self.key(rec, values, loc)
        case = self.groups.get(key)
        if case is None:
            case = Case(
                kind="conversation",
                extensions={"sheet": {"conversation": key}},
                source=Source(
                    path=loc["path"],
                    line=rec.line,
                    row=rec.row,
                    pointer=loc["pointer"],
                    turn_pointers=[],
                    **self.where,
                ),
            )
            self.groups[key] = case
            self.order.append(case)
        turn.extra = extra
        case.turns.append(turn)
        for attr in ("id", "category", "notes"):
            if getattr(case, attr) is None:
                setattr(case, attr, _field(self.sheet.columns.cols, values, attr))
        assert case.source is not None and case.source.turn_pointers is not None
        case.source.turn_pointers.append(loc["pointer"])


def _tags(value: str | None) -> list[str] | None:
    """A tags cell as a list: comma- or semicolon-separated, blanks dropped."""
    if value is None:
        return None
    tags = [t.strip() for t in re.split(r"[;,]", value) if t.strip()]
    return tags or None
