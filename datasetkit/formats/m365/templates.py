"""Starter datasets for ``datasetkit init`` (the JSON files in ``templates/``)."""

from __future__ import annotations

from datasetkit.core.findings import DatasetkitError
from datasetkit.io.resources import data_root

TEMPLATE_DESCRIPTIONS = {
    "basic": "three single-turn prompts with the default Relevance and Coherence evaluators",
    "knowledge-base": "grounded answers: Groundedness, Similarity and Citations, with context",
    "tool-usage": "prompts that call plugin actions, with allowed-tool lists (schema 1.11)",
    "multi-turn": "conversations with follow-ups and corrections, plus one single prompt",
    "regression": "stable test ids and tags, ExactMatch and PartialMatch checks",
}


def names() -> list[str]:
    """The template names, in the order they are documented."""
    return list(TEMPLATE_DESCRIPTIONS)


def load(name: str) -> bytes:
    """The bytes of template ``name``."""
    if name not in TEMPLATE_DESCRIPTIONS:
        raise DatasetkitError(f"unknown template {name!r}", f"use one of: {', '.join(names())}")
    return (data_root("templates") / f"{name}.json").read_bytes()
