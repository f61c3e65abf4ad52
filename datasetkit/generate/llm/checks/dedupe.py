"""Near-duplicate detection for generated questions.

One definition of a near-duplicate serves lint, this engine and the generation gate:
:mod:`datasetkit.lint.neardup` (normalised text at least ``threshold`` similar, and no
difference in a number, a negation or a meaning-changing word part). Here the same
words in another order count too, so the engine asks for a fresh question instead of
keeping a reworded copy; a set it keeps never draws lint's near-duplicate warning.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from datasetkit.lint.neardup import NearDuplicateIndex as _Index


class NearDuplicateIndex:
    """An index of texts that answers "is this a near-duplicate of something seen?"."""

    def __init__(self, threshold: float = 88.0) -> None:
        # The engine's settings give the threshold in percent (88); lint's in 0..1.
        self.threshold = threshold
        self._index = _Index(threshold / 100 if threshold > 1 else threshold, reorder=True)

    def find(self, text: str, *, exclude: Collection[str] = ()) -> str | None:
        """The key of the indexed near-duplicate most like ``text``, or None.

        A hit among ``exclude`` (a slot's own earlier question, when the critic rewrites
        it) does not count. Only the most similar text is looked at, so another
        near-duplicate behind an excluded one goes unseen here; the run's gate compares
        every admitted case again.
        """
        hit = self._index.find(text)
        if hit is None or hit[0] in exclude:
            return None
        return hit[0]

    def add(self, key: str, text: str) -> None:
        """Index ``text`` under ``key``."""
        self._index.add(key, text)

    def add_all(self, items: Iterable[tuple[str, str]]) -> None:
        """Index many (key, text) pairs."""
        for key, text in items:
            self.add(key, text)

    def __len__(self) -> int:
        return len(self._index)


def case_text(prompts: Iterable[str]) -> str:
    """The text a case is compared by: its prompts joined."""
    return " / ".join(p for p in prompts if p)
