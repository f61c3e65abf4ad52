"""Kept for code that imports it (the PDF reader): the one language detector is
:mod:`datasetkit.language`, shared by ingestion and generation.
"""

from __future__ import annotations

from ..language import detect


def detect_language(text: str) -> str | None:
    """The language code :func:`datasetkit.language.detect` gives ``text`` (None when unsure)."""
    return detect(text).language
