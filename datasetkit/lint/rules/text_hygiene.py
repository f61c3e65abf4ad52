"""Text hygiene of prompts and expected responses: stray whitespace, invisible characters, mojibake."""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Finding, Severity
from datasetkit.lint import csvspan
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import CsvTable, JsonDocument, JsonLines
from datasetkit.lint.registry import Hit, fixes, rule
from datasetkit.lint.rules.casetext import (
    FIELD_WORD,
    case_place,
    case_texts,
    example_doc,
    example_item,
    hit_at,
)
from datasetkit.lint.text import find_invisible, find_mojibake


@rule(
    "lint.text.whitespace",
    Severity.INFO,
    "Prompt or expected response has leading or trailing whitespace.",
    explanation="""
Spaces and line breaks around a prompt or expected response are invisible in most
editors but count for ExactMatch, change token counts, and make duplicates look
different. `lint --fix` trims them.
""",
    bad=example_doc(example_item("How do I reset my VPN token?  ", "Use the portal.\n")),
    good=example_doc(example_item("How do I reset my VPN token?", "Use the portal.")),
    fixable=True,
)
def check_whitespace(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in case_texts(ctx):
        if text and text.strip() and text != text.strip():
            side = (
                "leading and trailing"
                if text[0].isspace() and text[-1].isspace()
                else ("leading" if text[0].isspace() else "trailing")
            )
            yield hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {FIELD_WORD[field]} of {case_place(ctx, ci, ti)} has {side} whitespace: {text!r}"[
                    :200
                ],
                "trim it ('datasetkit lint --fix' does it)",
            )


@fixes("lint.text.whitespace", on=JsonDocument)
def trim_document(doc: JsonDocument, found: list[Finding]) -> None:
    """Prompts and expected responses with whitespace around them, trimmed."""
    for f in found:
        ptr = f.location.pointer
        if not ptr or ptr.rsplit("/", 1)[-1] not in ("prompt", "expected_response"):
            continue
        value = doc.get(ptr)
        if isinstance(value, str) and value.strip() != value:
            doc.replace(
                f.code, ptr, value.strip(), f"trimmed whitespace around {ptr}", f.location.line
            )


@fixes("lint.text.whitespace", on=JsonLines)
def trim_records(lines: JsonLines, found: list[Finding]) -> None:
    for record, _ in lines.records(found):
        for key in ("query", "ground_truth"):
            value = record.value.get(key)
            if isinstance(value, str) and value.strip() and value.strip() != value:
                message = "trimmed whitespace around query/ground_truth"
                record.replace("lint.text.whitespace", key, value.strip(), message)


@fixes("lint.text.whitespace", on=CsvTable)
def trim_cells(table: CsvTable, found: list[Finding]) -> None:
    """The prompt and expected-response cells of the rows found, trimmed (quoting kept)."""
    if table.header is None:
        return
    names = table.header.values
    wanted = {table.columns.get("prompt"), table.columns.get("expected_response")} - {None}
    columns = [i for i, name in enumerate(names) if name in wanted]
    for f in found:
        record = table.record(f.location.line)
        if record is None:
            continue
        for cell, name in [(record.cells[i], names[i]) for i in columns if i < len(record.cells)]:
            if cell.value.strip() and cell.value.strip() != cell.value:
                text = csvspan.quote(cell.value.strip(), always=cell.quoted)
                message = f"trimmed whitespace in column {name!r}"
                table.replace(f.code, record, cell, text, message)


@rule(
    "lint.text.invisible",
    Severity.WARNING,
    "Prompt or expected response contains control or invisible characters.",
    explanation="""
Zero-width spaces, byte order marks, bidirectional overrides and control characters
come from copy-paste out of web pages and chat tools. They are invisible, break exact
matching and duplicate detection, and bidirectional controls can hide text.
""",
    bad=example_doc(example_item("How do I reset my\u200b VPN token?")),
    good=example_doc(example_item("How do I reset my VPN token?")),
)
def check_invisible(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in case_texts(ctx):
        found = find_invisible(text)
        if found:
            offset, name = found
            yield hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {FIELD_WORD[field]} of {case_place(ctx, ci, ti)} contains a {name} at character {offset + 1}",
                "delete the invisible character (retype the text around it)",
                character=f"U+{ord(text[offset]):04X}",
            )


@rule(
    "lint.text.mojibake",
    Severity.WARNING,
    "Text shows signs of a broken encoding (\u00e2\u20ac\u2122 for \u2019).",
    explanation="""
"Ã©" for "é" or "â€™" for "’" means UTF-8 text was once read as Windows-1252 and saved
again. The agent and the judge see the garbled characters.
""",
    bad=example_doc(example_item("What\u00e2\u20ac\u2122s the caf\u00c3\u00a9 menu today?")),
    good=example_doc(example_item("What\u2019s the caf\u00e9 menu today?")),
)
def check_mojibake(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in case_texts(ctx):
        seq = find_mojibake(text)
        if seq:
            yield hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {FIELD_WORD[field]} of {case_place(ctx, ci, ti)} contains {seq!r}, "
                "UTF-8 text that was decoded with the wrong encoding",
                "re-type the affected characters, or re-export the source as UTF-8",
                sequence=seq,
            )
