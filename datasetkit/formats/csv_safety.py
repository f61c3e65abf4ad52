"""CSV written for spreadsheet programs: cells that would run as formulas are neutralised.

Excel, LibreOffice and Google Sheets treat a cell starting with ``=``, ``+``, ``-`` or
``@`` (and, after a tab or carriage return, whatever follows) as a formula, so a
dataset text like ``=HYPERLINK("http://evil", "click")`` becomes a live link or worse
when someone opens the CSV (CSV injection). Writers put a ``'`` before such a cell,
as OWASP advises; the spreadsheet then shows the text as written. Plain numbers
(``-5``, ``+1.5``) are left alone: they are not formulas. ``--no-excel-safe``
(``WriteOptions.extra["excel_safe"] = False``) writes every cell verbatim. The rule
covers every cell a writer emits, header cells included: column names are taken from
the input as freely as the values under them.
"""

from __future__ import annotations

import re

from datasetkit.core.findings import Finding, Severity
from datasetkit.formats import WriteOptions

FORMULA_LEAD = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?%?")


def is_formula_like(value: str) -> bool:
    """Whether a spreadsheet program would read ``value`` as a formula."""
    return value.startswith(FORMULA_LEAD) and not _NUMBER.fullmatch(value)


class ExcelSafe:
    """Neutralises formula-leading cells of one written file and counts them."""

    def __init__(self, options: WriteOptions | None) -> None:
        extra = options.extra if options is not None else {}
        self.enabled = extra.get("excel_safe", True) not in (False, "false", "no", "0")
        self.changed = 0

    def cell(self, value: str) -> str:
        """The cell as written: prefixed with ``'`` when it would run as a formula."""
        if self.enabled and is_formula_like(value):
            self.changed += 1
            return "'" + value
        return value

    def row(self, cells: list[str]) -> list[str]:
        """Every cell of a data row through :meth:`cell`."""
        return [self.cell(c) for c in cells]

    def header(self, names: list[str]) -> list[str]:
        """The header cells as written: column names come from the input too, so they
        follow the rule of every other cell (a neutralised name reads back unchanged
        through this again, so a header written twice is neutralised once)."""
        return [self.cell(c) for c in names]

    def findings(self, fmt: str) -> list[Finding]:
        """The note for the summary: how many cells were changed, and why."""
        if not self.changed:
            return []
        n = self.changed
        return [
            Finding(
                f"{fmt}.excel-safe",
                Severity.INFO,
                f"{n:,} cell{'' if n == 1 else 's'} starting with =, +, -, @, a tab or a "
                "carriage return got a leading ' so spreadsheet programs show the text "
                "instead of running it as a formula",
                "pass --no-excel-safe to write such cells verbatim (for tools that are not "
                "spreadsheets)",
                data={"field": "excel-safe", "count": n},
            )
        ]
