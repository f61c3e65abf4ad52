"""PDF knowledge files: the text of each page in reading order, with the page number.

Pages with no text layer (scans) are reported one by one, and a PDF with no text on
any page is an error. The bookmarks (outline), when there are any, give each page a
heading path. Pages and time are capped; pypdf bounds decompression itself.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .build import Builder, clean_inline
from .guard import Limits
from .model import Document, Problem, Provenance


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
    headings = _page_headings(reader, total)
    b = Builder(doc, limits)
    pages = min(total, limits.max_pdf_pages)
    empty: list[tuple[int, bool]] = []
    for index in range(pages):
        number = index + 1
        if b.out_of_time(f"page {number} of {total}", page=number):
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
        if not b.add(
            "page", text, Provenance(display, page=number, heading_path=headings.get(number, ()))
        ):
            break
    if total > pages and not b.full:
        b.stop(
            f"the PDF has {total:,} pages; only the first {pages:,} were read",
            "split the PDF into smaller files",
            pages + 1,
        )
    if empty and not doc.sections:
        doc.problems.append(
            Problem(
                display,
                f"no page has a text layer ({len(empty)} of {total} page(s) read); it looks scanned",
                "run OCR on it (for example with your PDF editor's 'recognize text') and retry",
                page=empty[0][0],
                code="knowledge.no_text_layer",
            )
        )
        return
    for number, image in empty:
        what = "only an image (a scan?)" if image else "no text"
        doc.problems.append(
            Problem(
                display,
                f"page {number} has {what}: it has no text layer and was left out",
                "run OCR on the PDF to include it",
                page=number,
                severity="warning",
                code="knowledge.page_no_text",
            )
        )


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


def _page_headings(reader: Any, total: int) -> dict[int, tuple[str, ...]]:
    """Page number -> the bookmark path in force on that page (from the outline)."""
    entries: list[tuple[int, int, str]] = []

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
                entries.append((page + 1, depth, title))

    try:
        walk(reader.outline, 0)
    except Exception:
        return {}
    if not entries:
        return {}
    out: dict[int, tuple[str, ...]] = {}
    stack: list[tuple[int, str]] = []
    ordered = sorted(enumerate(entries), key=lambda e: (e[1][0], e[0]))
    pos = 0
    for page in range(1, total + 1):
        while pos < len(ordered) and ordered[pos][1][0] <= page:
            _, (_, depth, title) = ordered[pos]
            while stack and stack[-1][0] >= depth:
                stack.pop()
            stack.append((depth, title))
            pos += 1
        if stack:
            out[page] = tuple(t for _, t in stack)
    return out
