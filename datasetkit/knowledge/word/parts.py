"""The parts of a Word package around the body: notes, comments, headers and footers.

Each is found through the main document part's relationships and parsed without
resolving entities (:mod:`.guard` has already refused any part with a DTD). Notes are
numbered in the order they are first referenced, as Word numbers them; separator
entries (the rule above the notes) are not notes.
"""

from __future__ import annotations

from typing import Any

from datasetkit.knowledge.build import clean_inline
from datasetkit.knowledge.word.lists import format_number
from datasetkit.knowledge.word.paragraph import read_paragraph
from datasetkit.knowledge.word.styles import W

_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_NOT_NOTES = {"separator", "continuationSeparator", "continuationNotice"}
# Which header or footer a section uses on which pages, in the order they are read.
_PAGE_TYPES = ("default", "first", "even")


class UnreadablePart(Exception):
    """A part of the package that is not well-formed XML."""


def part_root(part: Any) -> Any:
    """The XML root of a package part (python-docx parses some parts itself)."""
    element = getattr(part, "element", None)
    if element is not None:
        return element
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        return etree.fromstring(part.blob, parser)
    except etree.XMLSyntaxError as exc:
        raise UnreadablePart(str(part.partname)) from exc


class Parts:
    """The package's XML parts, parsed when asked for; a damaged part is noted in
    ``damaged`` and read as absent, so the rest of the document is still read."""

    def __init__(self, word: Any) -> None:
        self.word = word
        self.damaged: list[str] = []

    def parse(self, part: Any) -> Any | None:
        try:
            return part_root(part)
        except UnreadablePart as exc:
            self.damaged.append(str(exc))
            return None

    def related(self, name: str) -> Any | None:
        """The root of the part the document relates to with relationship type ``name``."""
        for rel in self.word.part.rels.values():
            if not rel.is_external and rel.reltype == _RT + name:
                return self.parse(rel.target_part)
        return None

    def headers_and_footers(self) -> list[tuple[str, Any]]:
        """``("header" | "footer", root)`` of every header and footer the sections use,
        headers first, each part once, in section order (default, first page, even)."""
        body = self.word.element.body
        sections = [s for s in body.iter(f"{W}sectPr") if s.getparent().tag != f"{W}sectPrChange"]
        related = self.word.part.related_parts
        out: list[tuple[str, Any]] = []
        seen: set[str] = set()
        for kind in ("header", "footer"):
            for sect in sections:
                refs = {
                    r.get(f"{W}type") or "default": r for r in sect.findall(f"{W}{kind}Reference")
                }
                for page_type in _PAGE_TYPES:
                    ref = refs.get(page_type)
                    rid = ref.get(f"{_R}id") if ref is not None else None
                    part = related.get(rid) if rid else None
                    if part is None or str(part.partname) in seen:
                        continue
                    seen.add(str(part.partname))
                    root = self.parse(part)
                    if root is not None:
                        out.append((kind, root))
        return out


def plain_text(el: Any) -> str:
    """The text of every paragraph under ``el`` (a note or a comment), one per line."""
    lines = (clean_inline(read_paragraph(p).text) for p in el.iter(f"{W}p"))
    return "\n".join(line for line in lines if line)


class Notes:
    """Footnotes and endnotes by id, handed out once each with their number."""

    def __init__(self, parts: Parts, settings: Any | None) -> None:
        self._notes: dict[str, dict[str, Any]] = {}
        self._next: dict[str, int] = {}
        self._fmt: dict[str, str] = {}
        for kind, default_fmt in (("footnote", "decimal"), ("endnote", "lowerRoman")):
            root = parts.related(kind + "s")
            notes = {}
            if root is not None:
                for note in root.findall(f"{W}{kind}"):
                    if note.get(f"{W}type") not in _NOT_NOTES:
                        notes[note.get(f"{W}id") or ""] = note
            self._notes[kind] = notes
            pr = settings.find(f"{W}{kind}Pr") if settings is not None else None
            fmt = pr.find(f"{W}numFmt") if pr is not None else None
            start = pr.find(f"{W}numStart") if pr is not None else None
            self._fmt[kind] = (fmt.get(f"{W}val") if fmt is not None else None) or default_fmt
            try:
                self._next[kind] = int(start.get(f"{W}val")) if start is not None else 1
            except (TypeError, ValueError):
                self._next[kind] = 1

    def take(self, kind: str, note_id: str | None) -> tuple[str, str] | None:
        """``(text, number)`` of a note at its first reference; None after that."""
        note = self._notes.get(kind, {}).pop(note_id or "", None)
        if note is None:
            return None
        number = format_number(self._next[kind], self._fmt[kind]) or str(self._next[kind])
        self._next[kind] += 1
        return plain_text(note), number


class Comments:
    """Word comments by id, handed out once each."""

    def __init__(self, parts: Parts) -> None:
        root = parts.related("comments")
        found = root.findall(f"{W}comment") if root is not None else []
        self.count = len(found)
        self._by_id = {c.get(f"{W}id") or "": c for c in found}

    def take(self, comment_id: str | None) -> str | None:
        """The text of a comment at its anchor (once)."""
        comment = self._by_id.pop(comment_id or "", None)
        return plain_text(comment) if comment is not None else None

    def rest(self) -> list[str]:
        """Comments never anchored in what was read, in the order of their ids."""
        texts = [plain_text(c) for c in self._by_id.values()]
        self._by_id.clear()
        return texts
