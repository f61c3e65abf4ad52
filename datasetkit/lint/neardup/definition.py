"""What makes two cases near-duplicates: the keys their prompts are compared by, the
threshold, and the test for one pair (:func:`near_duplicate`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from datasetkit.lint.neardup.meaning import meaningful_difference
from datasetkit.lint.text import normalize

# lint's default threshold (near-duplicate-threshold in the lint configuration).
DEFAULT_THRESHOLD = 0.9


def prompt_key(prompts: str | Iterable[str]) -> str:
    """The text a case is compared by: each prompt normalised, joined with U+001F."""
    if isinstance(prompts, str):
        prompts = [prompts]
    return "\x1f".join(normalize(p) for p in prompts)


def joined_prompts(prompts: str | Iterable[str]) -> str:
    """A case's prompts as one text, as :func:`meaningful_difference` compares them."""
    return prompts if isinstance(prompts, str) else "\n".join(prompts)


def sorted_words(key: str) -> str:
    """The words of ``key`` in sorted order: the same words in another order compare equal."""
    return " ".join(sorted(key.split()))


def near_duplicate(
    a: str | Sequence[str],
    b: str | Sequence[str],
    threshold: float = DEFAULT_THRESHOLD,
    *,
    reorder: bool = False,
) -> float | None:
    """The similarity of two cases' prompts when they are near-duplicates, else None.

    ``a`` and ``b`` are a prompt or the prompts of a conversation. With ``reorder`` the
    same words in another order count too (a stricter test than lint's, for generation).
    """
    ka, kb = prompt_key(a), prompt_key(b)
    if not ka.replace("\x1f", "") or not kb.replace("\x1f", ""):
        return None
    if ka == kb:
        return 1.0
    from rapidfuzz import fuzz

    cutoff = threshold * 100 - 1e-4
    score = fuzz.ratio(ka, kb, score_cutoff=cutoff)
    if reorder:
        score = max(score, fuzz.ratio(sorted_words(ka), sorted_words(kb), score_cutoff=cutoff))
    if score < cutoff or meaningful_difference(joined_prompts(a), joined_prompts(b)):
        return None
    return float(score) / 100.0
