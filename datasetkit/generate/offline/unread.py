"""What the offline forms could not read, said when a run makes fewer cases than asked.

A passage no form asks anything of (running text that is not a question, definition,
rule, figure, list, labelled value, steps or table the forms read) is counted, so a
short run says how much of the knowledge it could not ask about and where, instead of
suggesting the knowledge holds nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from datasetkit.generate.contract import Chunk

_EXAMPLES = 3
_HEADERS = 9  # the headers a note on unnamed tables quotes


@dataclass
class Unread:
    """The passages of a run that the forms read, and those that gave no question at all."""

    seen: dict[str, int] = field(default_factory=dict)  # chunk id -> characters
    empty: dict[str, tuple[int, str]] = field(default_factory=dict)  # id -> (chars, label)
    # The headers of the tables that gave nothing because no column has a name a question
    # can say (a stored name, a bare label, "Column 3"): chunk id -> its table's headers.
    unnamed: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def add(self, chunk: Chunk, asked: int, unnamed: tuple[str, ...] = ()) -> None:
        """Count ``chunk``, which gave ``asked`` questions before any check; ``unnamed``
        holds its table's headers when none of them names what its cells are."""
        size = len(chunk.text.strip())
        if not size:
            return
        self.seen[chunk.id] = size
        if not asked:
            self.empty[chunk.id] = (size, _where(chunk))
            if unnamed:
                self.unnamed[chunk.id] = unnamed

    def note(self) -> str | None:
        """The sentence a short run adds: how many passages no form asks about, the largest
        of them by name; None when every passage gave a question."""
        if not self.empty:
            return None
        chars = sum(c for c, _ in self.empty.values())
        total = sum(self.seen.values()) or 1
        # Several passages under one heading (or one page) are named once: a name said
        # twice tells the user nothing more.
        labels = dict.fromkeys(
            label for _, label in sorted(self.empty.values(), key=lambda e: -e[0])
        )
        names = "; ".join(f"'{label}'" for label in list(labels)[:_EXAMPLES])
        return (
            f"{len(self.empty)} of {len(self.seen)} passages ({chars * 100 // total}% of the "
            "text) hold nothing the offline forms ask about (no question, definition, rule, "
            "stated figure, list, labelled value, steps or table they can read), e.g. "
            f"{names}{self._unnamed_note()}; an LLM provider can ask about them"
        )

    def _unnamed_note(self) -> str:
        """Why the tables among them gave nothing, when it is their headers."""
        if not self.unnamed:
            return ""
        tables = list(dict.fromkeys(self.unnamed.values()))
        # A few headers of each table, so that every table is shown by its own names.
        headers = dict.fromkeys(h for hs in tables for h in hs[:3])
        said = ", ".join(f"'{h}'" for h in list(headers)[:_HEADERS])
        return (
            f"; {len(tables)} of them {'is a table' if len(tables) == 1 else 'are tables'} "
            "read whole whose column names are no words a question can say (stored names, "
            f"abbreviations, bare labels or placeholders: {said})"
        )


def _where(chunk: Chunk) -> str:
    """The file and the nearest heading of ``chunk``; without a heading, its page, sheet or
    line, so that passages of a document with no headings are told apart."""
    prov = chunk.provenance
    where = prov.file.rsplit("/", 1)[-1]
    if prov.heading_path:
        return f"{where} > {prov.heading_path[-1]}"
    if prov.page is not None:
        return f"{where} p.{prov.page}"
    if prov.sheet is not None:
        return f"{where} sheet {prov.sheet}"
    if prov.line is not None:
        return f"{where}:{prov.line}"
    return where
