"""Near-duplicate detection for generated questions.

Texts are normalised (see :func:`grounding.normalise`), cut into character 4-gram
shingles and summarised by a MinHash signature; locality-sensitive hashing over bands
of the signature finds candidate pairs without comparing every pair, and each
candidate is confirmed with a rapidfuzz similarity (ratio or token-sort ratio, so
reordered words still count). Exact normalised matches are caught by a hash set.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from .grounding import normalise

_PRIME = (1 << 61) - 1
_NUM_PERM = 32
_BANDS = 16  # 2 rows a band: candidates from a Jaccard of about 0.25 up


def _shingles(text: str, k: int = 4) -> set[int]:
    padded = f" {text} "
    grams = {padded[i : i + k] for i in range(max(1, len(padded) - k + 1))}
    return {
        int.from_bytes(hashlib.blake2b(g.encode(), digest_size=8).digest(), "big") for g in grams
    }


@dataclass
class NearDuplicateIndex:
    """An index of texts that answers "is this a near-duplicate of something seen?"."""

    threshold: float = 88.0
    _exact: dict[str, str] = field(default_factory=dict)
    _texts: dict[str, str] = field(default_factory=dict)
    _buckets: dict[tuple[int, bytes], list[str]] = field(default_factory=lambda: defaultdict(list))
    _perm: Any = None

    def __post_init__(self) -> None:
        import numpy as np

        rng = np.random.default_rng(1729)  # fixed: signatures must be comparable across runs
        self._perm = (
            rng.integers(1, _PRIME, size=_NUM_PERM, dtype=np.uint64),
            rng.integers(0, _PRIME, size=_NUM_PERM, dtype=np.uint64),
        )

    def _bands(self, norm: str) -> list[tuple[int, bytes]]:
        import numpy as np

        sh = np.fromiter(_shingles(norm), dtype=np.uint64)
        a, b = self._perm
        # (a*x + b) mod p in 64 bits: uint64 arithmetic wraps, which is still a fine hash.
        sig = ((sh[:, None] * a[None, :] + b[None, :]) % np.uint64(_PRIME)).min(axis=0)
        rows = _NUM_PERM // _BANDS
        return [(i, sig[i * rows : (i + 1) * rows].tobytes()) for i in range(_BANDS)]

    def find(self, text: str, *, exclude: Collection[str] = ()) -> str | None:
        """The key of an indexed near-duplicate of ``text`` (not one of ``exclude``), or None."""
        norm = normalise(text)
        if not norm:
            return None
        if norm in self._exact and self._exact[norm] not in exclude:
            return self._exact[norm]

        from rapidfuzz import fuzz

        seen: set[str] = set()
        for band in self._bands(norm):
            for key in self._buckets.get(band, ()):
                if key in seen or key in exclude:
                    continue
                seen.add(key)
                other = self._texts[key]
                if _numbers(norm) != _numbers(other):
                    continue  # "plan 1" and "plan 2" are different questions
                score = max(fuzz.ratio(norm, other), fuzz.token_sort_ratio(norm, other))
                if score >= self.threshold:
                    return key
        return None

    def add(self, key: str, text: str) -> None:
        """Index ``text`` under ``key``."""
        norm = normalise(text)
        if not norm:
            return
        self._exact.setdefault(norm, key)
        self._texts[key] = norm
        for band in self._bands(norm):
            self._buckets[band].append(key)

    def add_all(self, items: Iterable[tuple[str, str]]) -> None:
        """Index many (key, text) pairs."""
        for key, text in items:
            self.add(key, text)

    def __len__(self) -> int:
        return len(self._texts)


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+(?:[.,]\d+)*", text))


def case_text(prompts: Iterable[str]) -> str:
    """The text a case is compared by: its prompts joined."""
    return " / ".join(p for p in prompts if p)
