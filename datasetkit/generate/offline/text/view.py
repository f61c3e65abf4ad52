"""A text chunk as the text forms read it, and one sentence of it as the sentence forms do."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.words import field_line, topic_of, unnumbered
from datasetkit.generate.offline.paper import cites_works
from datasetkit.generate.offline.text.links import is_markdown, link_text
from datasetkit.generate.offline.text.lists import ListRun, list_runs
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.pdf.furniture import TOC_TITLE


@dataclass
class TextChunk:
    """A chunk of text with what the forms ask of it: its body (the sections under its
    heading), the heading and its topic, its lists, and the document it is part of."""

    chunk: Chunk
    lang: str
    ctx: DocContext
    body: list[Section]
    path: Sequence[str]
    heading: Any  # the heading the chunk sits under (its own, else the last of its path)
    topic: str | None  # the heading as a question names it
    parent: str | None  # the topic of the heading above it
    runs: list[ListRun]
    # The lists a heading's answer already holds: they are not asked again as lists.
    held: set[int] = field(default_factory=set)

    @classmethod
    def read(cls, chunk: Chunk, lang: str, ctx: DocContext) -> TextChunk:
        """The chunk's text (an empty body when it holds only headings)."""
        # Entries of a list of works cited state no fact of the document: they are
        # left out wherever they stand (a reference list under no heading, a page's notes).
        body = [s for s in chunk.sections if s.kind != "heading" and not cites_works(s.text)]
        if is_markdown(chunk.provenance.file):
            body = [replace(s, text=link_text(s.text)) for s in body]
        path = chunk.provenance.heading_path
        heading = chunk.meta.get("heading") or (path[-1] if path else None)
        # A field line set as a heading ("Version: 1.0") names no topic to ask about, nor
        # does a contents list's heading: what stands under it, where the document's own
        # headings were not found, is no part of "the table of contents".
        topic = topic_of(str(heading), ctx.words) if _names_topic(heading) else None
        above = path[-2] if len(path) >= 2 else None
        parent = topic_of(str(above), ctx.words) if _names_topic(above) else None
        return cls(chunk, lang, ctx, body, path, heading, topic, parent, list_runs(body))

    @property
    def opens_section(self) -> bool:
        """True for the first chunk of a section whose heading names a topic."""
        return bool(self.topic) and self.chunk.meta.get("part", 0) == 0

    @property
    def title(self) -> str | None:
        """The document's title, as the chunker found it."""
        return self.chunk.meta.get("document_title")

    @property
    def inside(self) -> str | None:
        """The section a bare heading question sits in, unless that section is the
        document itself (its title): then the document, program or period names it."""
        title_words = {w.casefold() for w in re.findall(r"\w+", str(self.title or ""))}
        parent = self.parent
        if parent and not _same_words(parent, title_words):
            return parent
        return None

    def hold(self, runs: Sequence[ListRun]) -> None:
        """Mark ``runs`` as held by a heading's answer."""
        self.held.update(id(r) for r in runs)

    def lists_left(self) -> list[ListRun]:
        """The lists no heading's answer holds."""
        return [r for r in self.runs if id(r) not in self.held]


def _names_topic(heading: Any) -> bool:
    """Whether a heading names a topic a question can ask about."""
    if not heading or field_line(str(heading)):
        return False
    return not TOC_TITLE.match(unnumbered(str(heading)).strip().rstrip(":"))


def _same_words(topic: str, words: set[str]) -> bool:
    """True when every word of ``topic`` is one of ``words`` (a heading that repeats the
    document's title)."""
    return {w.casefold() for w in re.findall(r"\w+", topic)} - {"the"} <= words


@dataclass(frozen=True)
class Sentence:
    """One sentence of a text chunk (or one list item, whole), with what is around it."""

    sentence: str
    section: Section  # the paragraph or list item it is part of
    text_chunk: TextChunk
    # The sentence that introduces its list ("Employees must:"), for a list item.
    intro: str | None = None
    before: str = ""  # the sentence before it in its paragraph
    after: tuple[str, ...] = ()  # the sentences after it in its paragraph
    line_label: str | None = None  # the last "Data Security Audits:" line above it
    path: Sequence[str] = ()  # the headings above it

    @property
    def text(self) -> str:
        """The sentence as a form asks it: a list item with its introduction ("Employees
        must return all equipment")."""
        if self.intro and self.section.kind == "list_item":
            return f"{self.intro} {self.sentence[:1].lower()}{self.sentence[1:]}"
        return self.sentence

    @property
    def lang(self) -> str:
        return self.text_chunk.lang

    @property
    def ctx(self) -> DocContext:
        return self.text_chunk.ctx

    @property
    def topic(self) -> str | None:
        return self.text_chunk.topic
