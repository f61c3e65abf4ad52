"""The knowledge of a run as the prompts see it: every chunk, not only the sampled ones.

* Labels: passages are labelled with file names relative to the folder or file the user
  gave (never an absolute path, never the home folder), so no local path reaches the
  provider.
* Documents: each file's title and a short summary (its headings and first sentence),
  made from its chunks without a model call.
* Whole tables: the rows of every chunk of one table, when they fit in a prompt, for
  aggregations and comparisons; otherwise what a table chunk shows is marked partial.
* Related passages (:mod:`.related`) and the run's lexical index (BM25), which answers
  "does any chunk hold this?" for unanswerable questions.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Any

from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm.prompts import content
from datasetkit.generate.llm.prompts.related import Relatedness
from datasetkit.knowledge.model import Provenance, Section

# A whole table goes into a prompt when its rows take at most this many characters.
FULL_TABLE_CHARS = 8000
_SUMMARY_HEADINGS = 12
_FIRST_SENTENCE = re.compile(r"^(.{20,240}?[.!?。！？])(?:\s|$)", re.S)


@dataclass
class DocumentInfo:
    """What a prompt says about the document a passage comes from."""

    label: str
    title: str
    headings: list[str] = field(default_factory=list)
    opening: str = ""

    def render(self) -> str:
        """The ``<document>`` block of a prompt."""
        title = self.title.replace('"', "'")
        lines = [f'<document source="{self.label}" title="{title}">']
        if self.headings:
            lines.append("Sections: " + "; ".join(self.headings))
        if self.opening:
            lines.append("Begins: " + self.opening)
        lines.append("</document>")
        return "\n".join(lines)


def _home() -> str | None:
    try:
        return str(Path.home())
    except (RuntimeError, KeyError):
        return None


def safe_labels(files: Sequence[str], inputs: Sequence[str] = ()) -> dict[str, str]:
    """Each file as the prompts name it: relative to the input folder (or the file name
    for a file given directly); without inputs, relative to the files' common folder.

    A label is never absolute and never holds the home folder; where it would, the file
    name stands alone (with its folder's name when two files share a name).
    """
    out: dict[str, str] = {}
    norm_inputs = [os.path.normpath(i) for i in inputs]
    for f in files:
        nf = os.path.normpath(f)
        for given in norm_inputs:
            if nf == given:
                out[f] = os.path.basename(nf)
                break
            if os.path.isdir(given) and nf.startswith(given.rstrip(os.sep) + os.sep):
                out[f] = os.path.relpath(nf, given)
                break
    rest = [f for f in files if f not in out]
    if rest:
        parents = [os.path.dirname(os.path.abspath(f)) for f in rest]
        try:
            common = os.path.commonpath(parents)
        except ValueError:  # different drives
            common = ""
        home = _home()
        shallow = (
            not common
            or PurePath(common).parent == PurePath(common)
            or (home is not None and (home.startswith(common + os.sep) or home == common))
        )
        for f in rest:
            out[f] = os.path.basename(f) if shallow else os.path.relpath(os.path.abspath(f), common)
    home = _home()
    for f, label in list(out.items()):
        if os.path.isabs(label) or (home and home in label) or label.startswith(".."):
            out[f] = os.path.basename(f)
    names = [v for v in out.values()]
    for f, label in list(out.items()):
        if names.count(label) > 1:
            parent = os.path.basename(os.path.dirname(os.path.abspath(f)))
            out[f] = f"{parent}/{label}" if parent else label
    return {f: label.replace(os.sep, "/") for f, label in out.items()}


def _table_key(chunk: Chunk) -> tuple[Any, ...]:
    p = chunk.provenance
    return (
        p.file,
        p.sheet,
        p.table,
        chunk.meta.get("table"),
        tuple(chunk.meta.get("columns") or ()),
        p.heading_path if p.table is None and p.sheet is None else (),
    )


class Knowledge:
    """Every chunk of a run, with labels, document facts, whole tables and related passages."""

    def __init__(
        self, chunks: Sequence[Chunk], *, inputs: Sequence[str] = (), lexical: Any = None
    ) -> None:
        self.chunks = list(chunks)
        self.lexical = lexical
        files = list(dict.fromkeys(c.provenance.file for c in self.chunks))
        self.labels = safe_labels(files, inputs)
        self.related = Relatedness(self.chunks, lexical)
        self._tables: dict[tuple[Any, ...], list[Chunk]] = {}
        for c in self.chunks:
            if c.kind == "table":
                self._tables.setdefault(_table_key(c), []).append(c)
        self._documents: dict[str, DocumentInfo] = {}
        self._features: dict[tuple[str, bool], content.Features] = {}

    # ------------------------------------------------------------------ labels

    def file_label(self, file: str) -> str:
        """A file as prompts name it."""
        return self.labels.get(file) or os.path.basename(file)

    def label(self, prov: Provenance) -> str:
        """A provenance label with the file as prompts name it."""
        return replace(prov, file=self.file_label(prov.file)).label()

    # ------------------------------------------------------------------ documents

    def document(self, file: str) -> DocumentInfo:
        """The title and summary of a file (made once from its chunks)."""
        if file not in self._documents:
            self._documents[file] = self._summarise(file)
        return self._documents[file]

    def _summarise(self, file: str) -> DocumentInfo:
        chunks = [c for c in self.chunks if c.provenance.file == file]
        label = self.file_label(file)
        title = next(
            (
                str(c.meta[k])
                for c in chunks
                for k in ("doc_title", "document_title")
                if c.meta.get(k)
            ),
            PurePath(label).stem,
        )
        headings: list[str] = []
        for c in chunks:
            p = c.provenance
            # The first heading below the title (a document's one top heading is its title).
            path = [h for h in p.heading_path if h != title]
            name = path[0] if path else (f"sheet {p.sheet}" if p.sheet else None)
            if name and name not in headings:
                headings.append(name)
        if len(headings) > _SUMMARY_HEADINGS:
            headings = [*headings[:_SUMMARY_HEADINGS], "..."]
        opening = ""
        for c in chunks:
            body = [s for s in c.sections if s.kind in ("paragraph", "list_item")]
            text = body[0].text if body else ("" if c.kind == "table" else c.text)
            m = _FIRST_SENTENCE.match(text.strip())
            if m or len(text.strip()) >= 20:
                opening = (m.group(1) if m else text.strip()[:240]).replace("\n", " ")
                break
        return DocumentInfo(label, title, headings, opening)

    # ------------------------------------------------------------------ tables

    def table_chunks(self, chunk: Chunk) -> list[Chunk]:
        """Every chunk of the table ``chunk`` belongs to, in order."""
        return self._tables.get(_table_key(chunk), [chunk])

    def table_total(self, chunk: Chunk) -> int:
        """The rows of the whole table (as the planner counted them, else those at hand)."""
        known = chunk.meta.get("table_rows")
        have = sum(content.table_rows(c) for c in self.table_chunks(chunk))
        return int(known) if isinstance(known, int) and known > 0 else have

    def whole_table(self, chunk: Chunk) -> Chunk | None:
        """The whole table as one chunk when every row is at hand and fits, else None."""
        if chunk.kind != "table":
            return None
        parts = self.table_chunks(chunk)
        if len(parts) == 1 and content.table_rows(chunk) >= self.table_total(chunk):
            return chunk
        sections: list[Section] = [s for c in parts for s in c.sections]
        rows = len(sections) if sections else sum(content.table_rows(c) for c in parts)
        text = "\n".join(c.text for c in parts)
        if rows < self.table_total(chunk) or len(text) > FULL_TABLE_CHARS:
            return None
        first = parts[0]
        meta = {**first.meta, "rows": [s.provenance.row for s in sections], "whole_table": True}
        return Chunk(
            id="table-" + first.id,
            text=text,
            provenance=first.provenance,
            sections=sections,
            kind="table",
            meta=meta,
        )

    def table_note(self, chunk: Chunk) -> str | None:
        """``"all N rows"`` or ``"rows a-b of N"`` for a table chunk (None for text)."""
        if chunk.kind != "table":
            return None
        total = self.table_total(chunk)
        shown = content.table_rows(chunk)
        if shown >= total:
            return f"all {total} rows"
        rows = [r for r in (chunk.meta.get("rows") or []) if isinstance(r, int)]
        span = f"rows {min(rows)}-{max(rows)}" if rows else f"{shown} rows"
        return f"{span} of {total}"

    # ------------------------------------------------------------------ content

    def features(self, chunk: Chunk) -> content.Features:
        """What ``chunk`` can carry (cached)."""
        key = (chunk.id, chunk.kind == "table")
        if key not in self._features:
            self._features[key] = content.features(
                chunk,
                table_complete=self.whole_table(chunk) is not None,
                related=self.related.best(chunk) is not None,
            )
        return self._features[key]

    def covers(self, question: str) -> bool:
        """Whether any chunk of the run holds the question's key terms (BM25 index)."""
        return self.lexical is not None and bool(self.lexical.covers(question))

    def search(self, text: str, k: int = 3) -> list[Chunk]:
        """The ``k`` chunks of the run that best match ``text`` (empty without an index)."""
        if self.lexical is None:
            return []
        return [c for c, _ in self.lexical.search(text, k)]
