"""A small lexical (BM25) index over the chunks of a run.

Generators use it to ask "does the knowledge answer this?" across every chunk, not only
the one a slot was drawn from, e.g. to check that an unanswerable question really is.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Chunk


class LexicalIndex:
    """BM25 over the chunks of a run."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self.chunks = list(chunks)

    def search(self, text: str, k: int = 5) -> list[tuple[Chunk, float]]:
        """The ``k`` best chunks for ``text`` with their scores, best first."""
        return []

    def covers(self, question: str) -> bool:
        """True when some chunk holds the question's key terms (the knowledge answers it)."""
        return False
