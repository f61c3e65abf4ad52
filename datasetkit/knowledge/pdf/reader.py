"""PDF knowledge files: opened and checked with pypdf, read for layout by :mod:`.pdf_layout`.

pypdf tells a damaged or encrypted file apart and gives the bookmarks (outline) and
the metadata title; the layout (headings, paragraphs, lists, tables) comes from
PDFium. When PDFium cannot read a file pypdf can, each page's text is read as one
section instead. Pages with no text layer (scans) are reported one by one, and a
PDF with no text on any page is an error. Pages and time are capped.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from datasetkit.knowledge.build import Builder, clean_inline
from datasetkit.knowledge.guard import Deadline, Limits, check_pdf, pdf_bomb
from datasetkit.knowledge.model import Document, Problem, Provenance
from datasetkit.knowledge.pdf.budget import FileScan, PageCosts, raw_worst
from datasetkit.knowledge.pdf.furniture import report_empty_pages
from datasetkit.knowledge.pdf.glyph_names import page_renames
from datasetkit.knowledge.pdf.inflate import OverBudget
from datasetkit.knowledge.pdf.layout import read_layout


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    # pypdf logs every oddity of a damaged file; problems are reported as Problems.
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def load_pdf(path: Path, display: str, limits: Limits) -> Document:
    """Read a PDF into a Document with one ``page`` section per page that has text."""
    doc = Document(display, "pdf")
    with open(path, "rb") as fh:
        head = fh.read(1024)
    if b"%PDF-" not in head:
        doc.problems.append(
            Problem(
                display,
                "not a PDF file (no %PDF header)",
                "check that the file really is a PDF",
                code="knowledge.corrupt",
            )
        )
        return doc
    with _quiet():
        _read(path, display, limits, doc)
    return doc


def _corrupt(display: str, exc: Exception) -> Problem:
    reason = (str(exc).strip() or type(exc).__name__).splitlines()[0][:200]
    return Problem(
        display,
        f"the PDF cannot be read: {reason}",
        "open it in a PDF viewer and save or print it to a new PDF",
        code="knowledge.corrupt",
    )


def _encrypted(display: str) -> Problem:
    return Problem(
        display,
        "the PDF is password-protected (encrypted)",
        "save an unprotected copy (print to PDF, or remove the password in your PDF editor) and retry",
        code="knowledge.encrypted",
    )


def _read(path: Path, display: str, limits: Limits, doc: Document) -> None:
    from pypdf import PdfReader

    # One budget for the whole file, from the moment it is opened.
    deadline = Deadline(limits.max_seconds)
    # Before either reader inflates anything: what the streams inflate to.
    scan, refused = check_pdf(path, display, limits)
    if refused is not None:
        doc.problems.append(refused)
        return

    try:
        reader = PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            try:
                # An empty user password still encrypts; such files open without asking.
                opened = reader.decrypt("")
            except Exception:  # unsupported algorithms need a crypto library and a password
                doc.problems.append(_encrypted(display))
                return
            if not opened:
                doc.problems.append(_encrypted(display))
                return
        total = len(reader.pages)
    except Exception as exc:  # pypdf raises many types for damaged files
        doc.problems.append(_corrupt(display, exc))
        return
    if total == 0:
        doc.problems.append(
            Problem(
                display,
                "the PDF has no pages",
                "export the document to PDF again",
                code="knowledge.empty",
            )
        )
        return
    pages = _affordable(reader, scan, min(total, limits.max_pdf_pages), path, display, limits, doc)
    if pages == 0:
        return
    outline = _bounded_outline(reader, total, display, doc)
    doc.title = _meta_title(reader)
    renames = {i: found for i in range(pages) if (found := page_renames(reader, i))}
    if not read_layout(path, display, limits, doc, pages, outline, deadline, renames):
        _read_plain(reader, display, limits, doc, pages, outline, deadline)
    stopped = ("knowledge.truncated", "knowledge.pdf_bomb")
    if total > pages and not any(p.code in stopped for p in doc.problems):
        doc.problems.append(
            Problem(
                display,
                f"the PDF has {total:,} pages; only the first {pages:,} were read",
                "split the PDF into smaller files",
                page=pages + 1,
                severity="warning",
                code="knowledge.truncated",
            )
        )


def _affordable(
    reader: Any, scan: FileScan, pages: int, path: Path, display: str, limits: Limits, doc: Document
) -> int:
    """How many of the first ``pages`` pages fit the file's budget (see knowledge.pdf.budget);
    a problem says where reading stops and why."""
    costs = PageCosts(scan, limits.pdf, path.stat().st_size)
    for index in range(pages):
        try:
            costs.check_page(reader.pages[index], index + 1)
        except OverBudget as exc:
            doc.problems.append(pdf_bomb(display, exc.reason, index + 1))
            return index
    # Pages pypdf parsed within budget; the file's bytes may still draw more where an
    # object is damaged (PDFium recovers objects pypdf gives up on).
    worst = raw_worst(scan, limits.pdf)
    if worst is not None:
        doc.problems.append(pdf_bomb(display, worst))
        return 0
    return pages


def _meta_title(reader: Any) -> str | None:
    """The title in the PDF's metadata, unless it is a file name or a tool's placeholder."""
    try:
        title = clean_inline(str((reader.metadata or {}).get("/Title") or "")).replace("\n", " ")
    except Exception:
        return None
    if not title or re.search(
        r"\.(docx?|pdf|pptx?|xlsx?|rtf|txt)$|^untitled|^microsoft word", title, re.I
    ):
        return None
    return title


def _read_plain(
    reader: Any,
    display: str,
    limits: Limits,
    doc: Document,
    pages: int,
    outline: dict[int, list[tuple[int, str]]],
    deadline: Deadline | None = None,
) -> None:
    """Each page's text as one section: for PDFs whose layout cannot be read."""
    headings = _page_paths(outline, pages)
    b = Builder(doc, limits, deadline)
    empty: list[tuple[int, bool]] = []
    for index in range(pages):
        number = index + 1
        if b.out_of_time(f"page {number} of {pages}", page=number):
            break
        try:
            page = reader.pages[index]
            raw = page.extract_text() or ""
        except Exception as exc:
            doc.problems.append(
                Problem(
                    display,
                    f"page {number}: the text cannot be extracted ({(str(exc) or type(exc).__name__)[:120]})",
                    "re-export the PDF; the other pages were read",
                    page=number,
                    severity="warning",
                    code="knowledge.corrupt",
                )
            )
            continue
        text = clean_inline(raw)
        if not text:
            empty.append((number, _has_image(page)))
            continue
        prov = Provenance(display, page=number, heading_path=headings.get(number, ()))
        if not b.add("page", text, prov):
            break
    report_empty_pages(doc, display, empty, pages)


def _has_image(page: Any) -> bool:
    try:
        resources = page.get("/Resources") or {}
        resources = resources.get_object() if hasattr(resources, "get_object") else resources
        xobjects = resources.get("/XObject") or {}
        xobjects = xobjects.get_object() if hasattr(xobjects, "get_object") else xobjects
        if not any(xobjects[name].get_object().get("/Subtype") == "/Image" for name in xobjects):
            return False
        contents = page.get_contents()
        # An image only counts when the page actually paints an XObject.
        return contents is not None and b"Do" in contents.get_data()
    except Exception:
        return False


# Bookmarks read to find headings. A real outline has hundreds; pypdf reads every entry
# before giving the first (40,000 took 15 s), so a longer one is counted first and left out.
MAX_BOOKMARKS = 5_000


def _bounded_outline(
    reader: Any, total: int, display: str, doc: Document
) -> dict[int, list[tuple[int, str]]]:
    """The outline (see :func:`_outline`), or none when it has over MAX_BOOKMARKS entries."""
    if not _more_bookmarks_than(reader, MAX_BOOKMARKS):
        return _outline(reader, total)
    doc.problems.append(
        Problem(
            display,
            f"the PDF has more than {MAX_BOOKMARKS:,} bookmarks; they were left out "
            "(headings are found from the text)",
            "",
            severity="info",
            code="knowledge.outline_skipped",
        )
    )
    return {}


def _more_bookmarks_than(reader: Any, cap: int) -> bool:
    """Whether the outline has more than ``cap`` entries, counted by following its links
    (each entry once, so a loop ends)."""
    try:
        outlines = reader.trailer["/Root"].get("/Outlines")
        todo = [outlines.get_object().get("/First")] if outlines is not None else []
    except Exception:
        return False
    seen: set[int] = set()
    while todo:
        ref = todo.pop()
        key = getattr(ref, "idnum", None) or id(ref)
        if ref is None or key in seen:
            continue
        seen.add(key)
        if len(seen) > cap:
            return True
        try:
            node = ref.get_object()
        except Exception:
            continue
        if hasattr(node, "get"):
            todo += [node.get("/Next"), node.get("/First")]
    return False


def _outline(reader: Any, total: int) -> dict[int, list[tuple[int, str]]]:
    """Page number -> the bookmarks (depth, title) that point at it."""
    out: dict[int, list[tuple[int, str]]] = {}

    def walk(items: Any, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
                continue
            try:
                page = reader.get_destination_page_number(item)
                title = clean_inline(str(item.title or "")).replace("\n", " ")
            except Exception:
                continue
            if title and page is not None and 0 <= page < total:
                out.setdefault(page + 1, []).append((depth, title))

    try:
        walk(reader.outline, 0)
    except Exception:
        return {}
    return out


def _page_paths(
    outline: dict[int, list[tuple[int, str]]], total: int
) -> dict[int, tuple[str, ...]]:
    """Page number -> the bookmark path in force on that page."""
    out: dict[int, tuple[str, ...]] = {}
    stack: list[tuple[int, str]] = []
    for page in range(1, total + 1):
        for depth, title in outline.get(page, []):
            while stack and stack[-1][0] >= depth:
                stack.pop()
            stack.append((depth, title))
        if stack:
            out[page] = tuple(t for _, t in stack)
    return out
