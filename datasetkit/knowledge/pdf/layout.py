"""A PDF read as a person reads it: the pages' layout turned into sections.

The steps, each in its own module: page geometry (:mod:`.pdf_extract`), tables
(:mod:`.pdf_tables`), what a reader skips (:mod:`.pdf_clean`), and blocks, headings
and lists (:mod:`.pdf_structure`). This module runs them and writes the sections.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

from datasetkit.core.language.detect import detect
from datasetkit.knowledge.build import Builder, add_pair, record_text, unique_headers
from datasetkit.knowledge.fixed_width import text_tables
from datasetkit.knowledge.guard import Deadline, Limits, OutOfTime, pdf_bomb
from datasetkit.knowledge.model import Document, Problem, Provenance
from datasetkit.knowledge.pdf.contract_titles import (
    fill_series,
    letter_levels,
    part_levels,
    promote_parts,
)
from datasetkit.knowledge.pdf.division_titles import promote_division_titles
from datasetkit.knowledge.pdf.doc_title import is_prose
from datasetkit.knowledge.pdf.extract import PageLayout, read_page
from datasetkit.knowledge.pdf.furniture import (
    Removed,
    body_size,
    image_problem,
    image_regions,
    normalized,
    notice_page,
    removal_problems,
    report_empty_pages,
    running_lines,
)
from datasetkit.knowledge.pdf.glyph_names import Renames
from datasetkit.knowledge.pdf.headings import assign_levels, classify
from datasetkit.knowledge.pdf.inflate import OverBudget
from datasetkit.knowledge.pdf.labelled_titles import promote_labelled_titles
from datasetkit.knowledge.pdf.list_depth import list_levels
from datasetkit.knowledge.pdf.marked_titles import promote_marked_titles
from datasetkit.knowledge.pdf.notices import drop_notices
from datasetkit.knowledge.pdf.runin_titles import split_runin_titles
from datasetkit.knowledge.pdf.running_rows import page_tables
from datasetkit.knowledge.pdf.side_by_side import split_side_by_side
from datasetkit.knowledge.pdf.split_titles import rejoin_split_titles
from datasetkit.knowledge.pdf.steps import procedure_steps
from datasetkit.knowledge.pdf.structure import (
    Block,
    assemble,
    build_blocks,
    measure,
    numbered_paragraphs,
    vocabulary,
)
from datasetkit.knowledge.pdf.tables import Table
from datasetkit.knowledge.pdf.toc_blocks import skip_toc
from datasetkit.knowledge.pdf.typewriter import margin_line_numbers, typewriter_body
from datasetkit.knowledge.pdf.weights import settle_weights
from datasetkit.knowledge.tableheader import record_like


def read_layout(
    path: Path,
    display: str,
    limits: Limits,
    doc: Document,
    pages: int,
    outline: dict[int, list[tuple[int, str]]],
    deadline: Deadline | None = None,
    renames: dict[int, Renames] | None = None,
) -> bool:
    """Read ``pages`` pages into ``doc``; False when PDFium cannot open the file at all.

    ``deadline`` (the file's time budget, started when the file was opened) is checked
    between pages and inside each page's loops: a page that would run past it is left out
    and the document is reported cut short there."""
    try:
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(str(path))
    except Exception as exc:  # PDFium refuses some files pypdf can still read
        doc.problems.append(
            Problem(
                display,
                f"the page layout cannot be read ({(str(exc) or type(exc).__name__)[:120]}); "
                "each page's text was read as one piece",
                "re-export or print the document to a new PDF to keep its headings and tables",
                severity="warning",
                code="knowledge.layout_unread",
            )
        )
        return False
    b = Builder(doc, limits, deadline)
    try:
        layouts = _pages(pdf, pages, b, display, doc, renames or {})
    finally:
        pdf.close()
    settle_weights(layouts)
    empty = [(p.number, bool(p.images)) for p in layouts if not p.lines]
    _structure(layouts, outline, b, display, doc)
    report_empty_pages(doc, display, empty, pages)
    return True


def _report_removed(doc: Document, display: str, removed: list[Removed]) -> None:
    """What was left out, in page order, said in the document's problems; the running
    headers kept as the document's (a statement's company, a report's name)."""
    removed.sort(key=lambda r: r.pages[0] if r.pages else 0)
    doc.problems.extend(removal_problems(display, removed))
    doc.running_heads = [r.text for r in removed if r.what == "running header"]


def _pages(
    pdf: Any, pages: int, b: Builder, display: str, doc: Document, renames: dict[int, Renames]
) -> list[PageLayout]:
    out: list[PageLayout] = []
    for index in range(pages):
        try:
            if b.deadline.expired():
                raise OutOfTime
            cap = b.limits.pdf.page_objects
            out.append(read_page(pdf, index, b.deadline, cap, renames.get(index)))
        except OverBudget as exc:
            # The pages read so far are kept, as when the budget stops pypdf's reading.
            doc.problems.append(pdf_bomb(display, exc.reason, index + 1))
            break
        except OutOfTime:
            # The pages read so far are kept: their text is added after all pages are read.
            b.cut_short(
                f"stopped at page {index + 1} of {pages}: reading took longer than "
                f"{b.limits.max_seconds:g} s",
                "split the file into smaller ones; the rest of it was not read",
                index + 1,
            )
            break
        except Exception as exc:  # one damaged page; the others are still read
            doc.problems.append(
                Problem(
                    display,
                    f"page {index + 1}: the text cannot be extracted ({(str(exc) or type(exc).__name__)[:120]})",
                    "re-export the PDF; the other pages were read",
                    page=index + 1,
                    severity="warning",
                    code="knowledge.corrupt",
                )
            )
    return out


def _structure(
    layouts: list[PageLayout],
    outline: dict[int, list[tuple[int, str]]],
    b: Builder,
    display: str,
    doc: Document,
) -> None:
    numbers = margin_line_numbers(layouts)
    drop, removed = running_lines(layouts)
    removed.extend(numbers)
    typewriter_body(layouts, drop)
    removed.extend(_rotated(layouts))
    tables = page_tables(layouts, drop)
    in_tables = {
        id(w)
        for p in layouts
        for t in tables[p.number]
        for ln in p.lines
        for w in ln.words
        if t.contains(w)
    }
    body = body_size(layouts, drop, in_tables)
    removed.extend(_notice_pages(layouts, tables, drop, body))
    stats = measure(layouts, body)
    blocks = build_blocks(layouts, tables, drop, stats)
    rejoin_split_titles(blocks, stats)
    numbered_paragraphs(blocks, stats)
    split_runin_titles(blocks, stats)
    promote_parts(blocks, stats)
    promote_marked_titles(blocks)
    split_side_by_side(blocks)
    classify(blocks, stats)
    remaining, notices = drop_notices(blocks)
    left = {id(blk) for blk in remaining}
    drop.update(id(ln) for blk in blocks if id(blk) not in left for ln in blk.lines)
    blocks = remaining
    removed.extend(notices)
    blocks, toc_pages, entries = skip_toc(blocks)
    if toc_pages:
        removed.append(Removed("table of contents", f"{len(entries)} entries", toc_pages))
    title = assign_levels(blocks, outline, entries, stats)
    promote_labelled_titles(blocks, stats)
    promote_division_titles(blocks, stats)
    letter_levels(blocks)
    part_levels(blocks)
    fill_series(blocks)
    procedure_steps(blocks, stats)
    sample = " ".join(ln.text for blk in blocks[:400] for ln in blk.lines)
    vocab = vocabulary(blocks)
    assemble(blocks, vocab, detect(sample).language)
    list_levels(blocks)
    _emit(blocks, b, display)
    doc.title = title or doc.title
    _report_removed(doc, display, removed)
    cover = {blk.page for blk in blocks if blk.kind == "heading" and blk.level == 0}
    cover -= {blk.page for blk in blocks if is_prose(blk)}
    for page in layouts:
        kept = [ln for ln in page.lines if id(ln) not in drop]
        for box in image_regions(page, kept, page.number in cover):
            doc.problems.append(image_problem(display, page, box, kept))


def _notice_pages(
    layouts: list[PageLayout], tables: dict[int, list[Table]], drop: set[int], body: float
) -> list[Removed]:
    """Pages holding nothing but a legal notice, left out (their lines join ``drop``)
    before any paragraph can run on from them onto the next page."""
    with_text = [p for p in layouts if p.lines]
    out: list[Removed] = []
    for page in with_text:
        kept = [ln for ln in page.lines if id(ln) not in drop]
        if len(with_text) > 1 and notice_page(kept, tables[page.number], body):
            drop.update(id(ln) for ln in kept)
            out.append(Removed("notice page", kept[0].text, [page.number]))
    return out


def _rotated(layouts: list[PageLayout]) -> list[Removed]:
    """Text set at an angle (a watermark), one report per text with its pages."""
    found: dict[str, Removed] = {}
    for page in layouts:
        if page.rotated:
            key = normalized(page.rotated)
            found.setdefault(key, Removed("rotated text", page.rotated, [])).pages.append(
                page.number
            )
    return list(found.values())


def _emit(blocks: list[Block], b: Builder, display: str) -> None:
    stack: list[tuple[int, str]] = []
    number = 0
    for blk in blocks:
        path = tuple(t for _, t in stack)
        prov = Provenance(display, page=blk.page, heading_path=path, page_end=blk.page_end)
        if blk.kind == "heading":
            level = blk.level or 0
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, blk.text))
            ok = b.add(
                "heading",
                blk.text,
                Provenance(display, page=blk.page, heading_path=tuple(t for _, t in stack)),
                level=level,
            )
        elif blk.kind == "table" and blk.table is not None:
            number += 1
            ok = _table(blk, number, path, b, display)
        elif blk.kind == "code":
            ok, number = _code(blk.text, prov, number, b)
        elif blk.kind == "list_item":
            ok = b.add("list_item", blk.text, prov, level=blk.level or 0, marker=blk.marker)
        else:
            ok = b.add("paragraph", blk.text, prov)
        if not ok:
            return


def _code(text: str, prov: Provenance, number: int, b: Builder) -> tuple[bool, int]:
    """A code block: its text, and the clear tables it prints as rows (numbered on from
    ``number``); whether to go on, and the number of the last table."""
    lines = text.split("\n")
    at = 0
    for table in text_tables(lines):
        if not _code_lines(lines[at : table.start], prov, b):
            return False, number
        number += 1
        for n, cells in enumerate(table.rows, start=2):
            record = {k: v for k, v in zip(table.header, cells, strict=True) if v}
            row = replace(prov, row=n, table=number)
            if not b.add("table_row", record_text(record), row, record=record):
                return False, number
        at = table.end
    return _code_lines(lines[at:], prov, b), number


def _code_lines(lines: list[str], prov: Provenance, b: Builder) -> bool:
    text = textwrap.dedent("\n".join(lines)).strip("\n")
    return not text.strip() or b.add("code", text, prov)


def _table(blk: Block, number: int, path: tuple[str, ...], b: Builder, display: str) -> bool:
    assert blk.table is not None
    parts: list[Table] = [blk.table, *blk.tables]
    first = blk.table.rows
    caption = blk.table.caption
    if caption and not b.add(
        "paragraph", caption, Provenance(display, page=blk.page, heading_path=path)
    ):
        return False
    if len(first) + sum(len(t.rows) for t in blk.tables) < 2:
        text = " | ".join(c for c in first[0] if c)
        return b.add("paragraph", text, Provenance(display, page=blk.page, heading_path=path))
    if blk.table.headerless:
        return _grid(parts, path, b, display, number)
    body = [row for part in parts for row in part.rows][1:]
    # A first row that reads as one of the records under it: a table printed with no
    # header, whose columns have no names (placeholders a question never says).
    named = not record_like(first[0], body)
    headers = unique_headers(first[0] if named else [""] * len(first[0]))
    row_no = 1 if named else 0
    for i, part in enumerate(parts):
        rows = part.rows[1:] if i == 0 and named else part.rows
        for cells in rows:
            row_no += 1
            cells = cells + [""] * (len(headers) - len(cells))
            record = dict(zip(headers, cells, strict=False))
            prov = Provenance(display, page=part.page, heading_path=path, row=row_no, table=number)
            if not b.add("table_row", record_text(record), prov, record=record):
                return False
    for part in parts:
        for note in part.notes:
            prov = Provenance(display, page=part.page, heading_path=path)
            if not b.add("paragraph", note, prov):
                return False
    return True


def _grid(parts: list[Table], path: tuple[str, ...], b: Builder, display: str, number: int) -> bool:
    """A grid with no header row: every row, the first too, a label and its value."""
    row_no = 0
    for part in parts:
        for cells in part.rows:
            row_no += 1
            label, value = [*cells, "", ""][:2]
            prov = Provenance(display, page=part.page, heading_path=path, row=row_no, table=number)
            if not add_pair(b, label.strip(), value.strip(), prov):
                return False
    return all(
        b.add("paragraph", note, Provenance(display, page=part.page, heading_path=path))
        for part in parts
        for note in part.notes
    )
