"""The entry point: knowledge paths in, Documents (with their problems) out."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from datasetkit.io.paths import FileKind, expand
from datasetkit.knowledge.guard import DEFAULT_MAX_SIZE, Limits, check_size
from datasetkit.knowledge.halves import unfold_halves
from datasetkit.knowledge.language import document_language
from datasetkit.knowledge.model import Document, Problem
from datasetkit.knowledge.unitlines import fold_unit_lines

# Extension -> document kind.
KNOWLEDGE_SUFFIXES: dict[str, str] = {
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".csv": "csv",
    ".docx": "docx",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".pdf": "pdf",
}


def _loader(kind: str) -> Callable[[Path, str, Limits], Document]:
    if kind == "text":
        from datasetkit.knowledge.text import load_text

        return load_text
    if kind == "markdown":
        from datasetkit.knowledge.text import load_markdown

        return load_markdown
    if kind == "csv":
        from datasetkit.knowledge.csvfile import load_csv

        return load_csv
    if kind == "docx":
        from datasetkit.knowledge.word.reader import load_docx

        return load_docx
    if kind == "xlsx":
        from datasetkit.knowledge.excel.reader import load_xlsx

        return load_xlsx
    from datasetkit.knowledge.pdf.reader import load_pdf

    return load_pdf


# What a folder given to ingest or generate is searched for.
KNOWLEDGE_FILES = FileKind(
    "knowledge", tuple(sorted(set(KNOWLEDGE_SUFFIXES))), excludes=False, sort=False, stdin=False
)


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Files as given, folders as their knowledge files (sorted), globs expanded.

    Raises DatasetkitError for a path that matches nothing.
    """
    return expand(paths, KNOWLEDGE_FILES)


def load_file(
    path: str | os.PathLike[str], *, limits: Limits | None = None, display: str | None = None
) -> Document:
    """Read one knowledge file; what cannot be read is in ``Document.problems``."""
    limits = limits or Limits()
    p = Path(path)
    name = display or os.fspath(path)
    kind = KNOWLEDGE_SUFFIXES.get(p.suffix.lower())
    if kind is None:
        doc = Document(name, "unknown")
        doc.problems.append(
            Problem(
                name,
                f"{p.suffix or 'a file without an extension'} is not a knowledge file type datasetkit reads",
                "give .txt, .md, .csv, .docx, .xlsx or .pdf files (convert others first)",
                code="knowledge.unsupported",
            )
        )
        return doc
    try:
        refused = check_size(p, name, limits)
    except OSError as exc:
        doc = Document(name, kind)
        doc.problems.append(
            Problem(
                name,
                f"cannot be read ({exc.strerror})",
                "check the file's permissions",
                code="knowledge.unreadable",
            )
        )
        return doc
    if refused is not None:
        doc = Document(name, kind)
        doc.problems.append(refused)
        return doc
    try:
        doc = _loader(kind)(p, name, limits)
    except Exception as exc:
        # The boundary: whatever escapes a loader is a problem of this file, never a
        # traceback; an exception nobody explained is reported as a bug.
        doc = Document(name, kind)
        doc.problems.append(_problem(name, exc))
        return doc
    # A table printed in blocks side by side ("State | Rate | State | Rate") is one table.
    doc.sections = unfold_halves(doc.sections)
    # A unit line over a table ("(Per cent)") names the unit of its columns of figures.
    doc.sections = fold_unit_lines(doc.sections)
    if doc.sections and doc.language is None:
        # A vote of the sections (table rows by their headers and cell text), None when unsure.
        doc.language = document_language(doc.sections)
    return doc


def _problem(name: str, exc: Exception) -> Problem:
    from datasetkit.io.safety import UnexpectedError, explain

    err = explain(exc, name)
    message = err.message.removeprefix(f"{name}: ")
    if isinstance(err, UnexpectedError):
        return Problem(name, message, err.hint, code="knowledge.unreadable")
    code = "knowledge.corrupt" if "damaged" in message else "knowledge.unreadable"
    return Problem(name, message, err.hint, code=code)


def load(
    paths: Iterable[str | os.PathLike[str]],
    max_size: int | None = DEFAULT_MAX_SIZE,
    *,
    limits: Limits | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Document]:
    """Read knowledge files (folders and globs expanded) into Documents, in order.

    ``max_size`` (bytes; None for no limit) refuses larger files with a problem.
    Problems are per document; nothing unreadable is skipped silently. ``progress`` is
    told (files read, files) after each file.
    """
    base = limits or Limits()
    if limits is None or max_size != DEFAULT_MAX_SIZE:
        base = replace(base, max_size=max_size)
    files = list(expand_paths(paths))
    docs = []
    for f in files:
        docs.append(load_file(f, limits=base))
        if progress is not None:
            progress(len(docs), len(files))
    drop_shared_pages(docs)
    return docs


def _page_texts(doc: Document) -> dict[int, str]:
    pages: dict[int, list[str]] = {}
    for s in doc.sections:
        p = s.provenance
        if p.page is not None and p.page_end is None:
            pages.setdefault(p.page, []).append(s.text)
    return {n: " ".join(" ".join(texts).lower().split()) for n, texts in pages.items()}


def drop_shared_pages(docs: list[Document]) -> None:
    """Leave out pages that recur word for word in other files of the same run.

    A disclaimer or cover page a publisher puts in every document is boilerplate, not
    knowledge: each copy would give the same test cases. Only pages are compared, and a
    file that shares more than half its pages with another (the same file given twice,
    two versions of one document) is left whole.
    """
    seen: dict[str, list[tuple[int, int]]] = {}
    texts = [_page_texts(d) for d in docs]
    for i, pages in enumerate(texts):
        for number, text in pages.items():
            if 20 <= len(text) <= 5000:
                seen.setdefault(text, []).append((i, number))
    shared: dict[int, dict[int, list[int]]] = {}
    for hits in seen.values():
        files = {i for i, _ in hits}
        if len(files) < 2:
            continue
        for i, number in hits:
            shared.setdefault(i, {})[number] = sorted(files - {i})
    for i, dropped in shared.items():
        doc = docs[i]
        if len(dropped) * 2 > len(texts[i]):
            continue
        doc.sections = [
            s for s in doc.sections if s.provenance.page not in dropped or s.provenance.page_end
        ]
        for number, others in sorted(dropped.items()):
            names = ", ".join(docs[j].path for j in others[:3]) + (
                " and more" if len(others) > 3 else ""
            )
            doc.problems.append(
                Problem(
                    doc.path,
                    f"left out page {number}: the same page is in {names}",
                    "",
                    page=number,
                    severity="info",
                    code="knowledge.boilerplate_removed",
                )
            )
