"""What a form reads once per document (its subject, its catalogue, its running text),
remembered while that document is in use.

A document is remembered by its identity. The document object is held beside the result:
an object's id is given to the next object once it is freed, and another document must
never get this one's result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class PerDocument(Generic[T]):
    """Results computed once per document object, the last ``size`` or so of them."""

    def __init__(self, size: int = 64) -> None:
        self._held: dict[int, tuple[object, T]] = {}
        self._size = size

    def get(self, doc: object, compute: Callable[[], T]) -> T:
        """``doc``'s result, computed by ``compute`` the first time it is asked for."""
        held = self._held.get(id(doc))
        if held is not None and held[0] is doc:
            return held[1]
        found = compute()
        if len(self._held) > self._size:
            self._held.clear()  # a run reads a few documents; a long-lived process many
        self._held[id(doc)] = (doc, found)
        return found
