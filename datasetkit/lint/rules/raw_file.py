"""File-level rules: byte order marks, and CSV cells a spreadsheet would run as formulas."""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.positions import UTF8_BOM
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import FileBytes
from datasetkit.lint.registry import Hit, fixes, rule
from datasetkit.lint.text import looks_like_formula


@rule(
    "lint.file.bom",
    Severity.ERROR,
    "JSON or JSONL file starts with a UTF-8 byte order mark.",
    explanation="""
Editors on Windows and spreadsheet exports add a byte order mark (BOM). runevals' loader
and the Foundry SDK's JSONL loader (pandas) reject it ("Expected object or value").
Copilot Studio and Foundry CSV files may keep it. `lint --fix` removes it.
""",
    bad='\ufeff{"schemaVersion": "1.11.0", "items": [{"prompt": "How do I reset my VPN token?"}]}',
    good='{"schemaVersion": "1.11.0", "items": [{"prompt": "How do I reset my VPN token?"}]}',
    families=("m365", "foundry"),
    fixable=True,
    supersedes=("json.bom", "m365.bom", "foundry.bom", "foundry.jsonl.bom", "jsonl.bom"),
    raw=True,
)
def check_bom(ctx: LintContext) -> Iterator[Hit]:
    if ctx.has_bom and not ctx.is_csv:
        yield Hit(
            "the file starts with a UTF-8 byte order mark (BOM), which the loaders reject",
            "save it as UTF-8 without BOM ('datasetkit lint --fix' removes it)",
            pointer="",
            line=1,
            column=1,
        )


@fixes("lint.file.bom", on=FileBytes)
def remove_bom(file: FileBytes, found: list[Finding]) -> None:
    if file.data.startswith(UTF8_BOM):
        file.delete("lint.file.bom", 0, len(UTF8_BOM), "removed the UTF-8 byte order mark", 1)


def data_records(ctx: LintContext) -> Iterator[tuple[int, list[str], object]]:
    """``(row, header names, record)`` for every data record of a CSV file (row 1 = header)."""
    header = ctx.csv_header
    if header is None:
        return
    names = header.values
    started = False
    row = 1
    for rec in ctx.csv_records:
        if rec is header:
            started = True
            continue
        if not started or rec.blank or rec.comment:
            continue
        row += 1
        yield row, names, rec


@rule(
    "lint.csv.formula",
    Severity.WARNING,
    "A CSV cell starts with =, +, - or @ and would run as a formula in a spreadsheet.",
    explanation="""
Test sets are often opened in Excel or Google Sheets. A cell that starts with =, +, -
or @ is taken as a formula: the text is replaced by its result (or #NAME?), saving the
file destroys the prompt, and a crafted cell can run commands (CSV injection). Start
the text differently (for a list, use "1." or "*" instead of "-").
""",
    bad='question,expectedResponse\n"=HYPERLINK(""http://example.com"",""Reset"")",Use the portal.\n',
    good="question,expectedResponse\nHow do I reset my password?,Use the portal.\n",
    families=("copilot-studio", "table", "foundry"),
    example_format="copilot-studio",
    example_suffix=".csv",
    raw=True,
)
def check_formula(ctx: LintContext) -> Iterator[Hit]:
    for row, names, rec in data_records(ctx):
        for col, cell in enumerate(rec.cells):  # type: ignore[attr-defined]
            if looks_like_formula(cell.value):
                name = names[col] if col < len(names) else f"column {col + 1}"
                yield Hit(
                    f"cell {name!r} of row {row} starts with {cell.value[:1]!r} and would run as a formula: "
                    f"{cell.value[:40]!r}",
                    "reword it so it does not start with =, +, - or @ (e.g. '1.' for a list item)",
                    row=row,
                    line=rec.line,  # type: ignore[attr-defined]
                    field=name,
                    data={"value": cell.value[:200]},
                )
