"""The source passage of a generated case, with its evidence marked.

A generated case says where it came from in ``extensions.datasetkit``: the knowledge file
and its place (``source``: page, heading path, sheet and row, line), the chunk it was
asked about (``chunk``, an id of the chunk's place and text), the evidence quotes
(``evidence``) and, for computed answers, the pieces they rest on (``quoted``). The
passage is found again by reading that file and cutting it into chunks as ``generate``
does: the chunk of that id, else the chunk of that place that holds the evidence.

Only the knowledge files the user named (``--knowledge``) are read: a dataset written by
someone else must not make the page show any file of this machine.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from datasetkit.generate.contract import Chunk
from datasetkit.knowledge.model import Provenance

_WORD = re.compile(r"\S+")


def provenance_of(source: Any) -> Provenance | None:
    """The Provenance a case's ``source`` extension describes (None when it names no file)."""
    if not isinstance(source, dict) or not isinstance(source.get("file"), str):
        return None
    known = {k: source[k] for k in Provenance.__dataclass_fields__ if k in source}
    known["heading_path"] = tuple(str(h) for h in source.get("heading_path") or ())
    try:
        return Provenance(**known)
    except TypeError:
        return Provenance(file=source["file"])


def quotes_of(dk: dict[str, Any], key: str) -> list[str]:
    """The quotes under ``key`` (a string or a list of strings), non-empty ones only."""
    value = dk.get(key)
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [q for q in items if isinstance(q, str) and q.strip()]


def find_marks(text: str, quotes: Iterable[str]) -> list[tuple[int, int]]:
    """Where each quote occurs in ``text`` (start, end), whatever the spacing and letter case.

    A quote that is not there whole is looked for sentence by sentence (a quote that joins
    two lines of a table, or that the generator trimmed).
    """
    words = [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]
    marks: list[tuple[int, int]] = []
    for quote in quotes:
        found = _find_words(words, quote.lower().split())
        if not found:
            for part in re.split(r"(?<=[.!?;])\s+", quote):
                if len(part.split()) >= 3:
                    found.extend(_find_words(words, part.lower().split()))
        marks.extend(found)
    return _merged(marks)


def _find_words(words: list[tuple[int, int, str]], wanted: list[str]) -> list[tuple[int, int]]:
    """Every run of ``words`` equal to ``wanted`` (the first and last word may be parts)."""
    n = len(wanted)
    if not n:
        return []
    out = []
    for i in range(len(words) - n + 1):
        if n == 1:
            at = words[i][2].find(wanted[0])
            if at >= 0:
                out.append((words[i][0] + at, words[i][0] + at + len(wanted[0])))
            continue
        if not words[i][2].endswith(wanted[0]) or not words[i + n - 1][2].startswith(wanted[-1]):
            continue
        if all(words[i + j][2] == wanted[j] for j in range(1, n - 1)):
            start = words[i][1] - len(wanted[0])
            out.append((start, words[i + n - 1][0] + len(wanted[-1])))
    return out


def _merged(marks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(marks):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def segments(
    text: str, evidence: list[tuple[int, int]], quoted: list[tuple[int, int]]
) -> list[list[str]]:
    """``text`` cut into [piece, kind] runs: kind "evidence", "quoted" (a piece a computed
    answer rests on, within or outside the evidence) or ""."""
    kinds = [""] * len(text)
    for kind, spans in (("evidence", evidence), ("quoted", quoted)):
        for start, end in spans:
            kinds[start:end] = [kind] * (end - start)
    out: list[list[str]] = []
    for i, ch in enumerate(text):
        if out and out[-1][1] == kinds[i]:
            out[-1][0] += ch
        else:
            out.append([ch, kinds[i]])
    return out


class Passages:
    """The passages of the knowledge files the user named, read on first use."""

    def __init__(self, knowledge: Iterable[str]) -> None:
        from datasetkit.knowledge import expand_paths

        names = list(knowledge)
        self._files = expand_paths(names) if names else []
        self._real = {os.path.realpath(f): f for f in self._files}
        self._by_name: dict[str, list[str]] = {}
        for f in self._files:
            self._by_name.setdefault(Path(f).name, []).append(f)
        self._chunks: dict[tuple[str, str], list[Chunk]] = {}
        self._lock = threading.Lock()

    @property
    def files(self) -> list[str]:
        """The knowledge files the page may show passages of."""
        return list(self._files)

    def allowed(self, source_file: str, base: str | None = None) -> str | None:
        """The named knowledge file a case's source file is, or None.

        The source path is taken as written (relative to here, or to the dataset's folder
        ``base``), else by its file name when exactly one named file has that name.
        """
        for candidate in (source_file, os.path.join(base or "", source_file)):
            hit = self._real.get(os.path.realpath(candidate))
            if hit is not None:
                return hit
        same = self._by_name.get(Path(source_file).name, [])
        return same[0] if len(same) == 1 else None

    def passage(self, dk: dict[str, Any], base: str | None = None) -> dict[str, Any] | None:
        """The page's view of a generated case's source: place, passage, marks; None when
        the case names no source file."""
        prov = provenance_of(dk.get("source"))
        if prov is None:
            return None
        out: dict[str, Any] = {"file": prov.file, "label": prov.label(), "segments": [], "marks": 0}
        out.update({k: v for k, v in prov.to_dict().items() if k != "file"})
        path = self.allowed(prov.file, base)
        if path is None:
            out["note"] = (
                "the source file is not among the knowledge files named for this review: "
                f"add --knowledge {prov.file} to see the passage"
            )
            return out
        evidence = quotes_of(dk, "evidence")
        chunk = self._chunk_for(path, prov, str(dk.get("chunk") or ""), evidence)
        if chunk is None:
            out["note"] = (
                f"{path} no longer holds this passage (it changed since the case was made)"
            )
            return out
        out["label"] = chunk.provenance.label()
        marks = find_marks(chunk.text, evidence)
        quoted = find_marks(chunk.text, [q for q in quotes_of(dk, "quoted") if q not in evidence])
        if marks:
            # The pieces a computed answer rests on, where the evidence is (a figure may
            # recur elsewhere in the passage).
            quoted = [q for q in quoted if any(s <= q[0] and q[1] <= e for s, e in marks)]
        out["segments"] = segments(chunk.text, marks, quoted)
        out["marks"] = len(marks) + len(quoted)
        return out

    def _chunk_for(
        self, path: str, prov: Provenance, chunk_id: str, evidence: list[str]
    ) -> Chunk | None:
        chunks = self._load(path, prov.file)
        for c in chunks:
            if c.id == chunk_id:
                return c
        same_place = [c for c in chunks if _same_place(c.provenance, prov)]
        for group in (same_place, chunks):
            for c in group:
                if evidence and find_marks(c.text, evidence[:1]):
                    return c
        return same_place[0] if same_place else None

    def _load(self, path: str, display: str) -> list[Chunk]:
        """The file's chunks, cut as ``generate`` cuts them, under the name the cases use."""
        from datasetkit.generate.plan import chunk_documents
        from datasetkit.knowledge import load_file

        key = (path, display)
        with self._lock:
            if key not in self._chunks:
                doc = load_file(path, display=display)
                self._chunks[key] = chunk_documents([doc]) if doc.sections else []
            return self._chunks[key]


def _same_place(a: Provenance, b: Provenance) -> bool:
    """Whether two places are the same page, section, sheet row or line."""
    if b.sheet is not None:
        return a.sheet == b.sheet and (b.row is None or a.row == b.row or a.table == b.table)
    if b.heading_path and a.heading_path != b.heading_path:
        return False
    if b.page is not None and a.page != b.page:
        return False
    return b.line is None or a.line == b.line or bool(b.heading_path)
