"""The one definition of a near-duplicate, shared by lint, the LLM engine's dedupe and the
generation gate.

Two cases are near-duplicates when the keys of their prompts (:func:`prompt_key`) are at
least ``threshold`` similar and their words differ in nothing that changes what they ask
(:func:`meaningful_difference`). Identical keys count too (similarity 1.0); lint reports
those as repeated prompts rather than near-duplicates.

``definition`` holds the keys, the threshold and the test for one pair; ``meaning`` the
word-by-word test; ``search`` finds every similar pair of a set (lint); ``index`` finds
a new case's near-duplicate among those seen so far (generation).
"""

from __future__ import annotations

from datasetkit.lint.neardup.definition import DEFAULT_THRESHOLD, near_duplicate, prompt_key
from datasetkit.lint.neardup.index import NearDuplicateIndex
from datasetkit.lint.neardup.meaning import meaningful_difference
from datasetkit.lint.neardup.search import near_duplicate_pairs

__all__ = [
    "DEFAULT_THRESHOLD",
    "NearDuplicateIndex",
    "meaningful_difference",
    "near_duplicate",
    "near_duplicate_pairs",
    "prompt_key",
]
