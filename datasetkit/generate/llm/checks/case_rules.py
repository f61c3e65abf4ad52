"""Small rules about generated cases: which evaluators suit one, and which rejection
reasons concern grounding (with ``--ungrounded flag`` such cases are kept, marked)."""

from __future__ import annotations

import re
from typing import Any

from datasetkit.generate.questions import NEGATIVE_TYPES

# Reasons that concern grounding: with ungrounded="flag" such cases are kept, marked.
GROUNDING_REASONS = frozenset(
    {
        "evidence_not_found",
        "no_evidence",
        "answer_not_supported_by_evidence",
        "answer_number_not_in_evidence",
        "single_source_for_multi_section",
        "unanswerable_detail_in_source",
        "unanswerable_covered_by_source",
        # The quality gate's meaning checks (datasetkit.generate.gate.admit).
        "number_mismatch",
        "unit_mismatch",
        "date_mismatch",
        "entity_mismatch",
        "polarity_mismatch",
    }
)


def suggest_evaluators(
    question_type: str, answer: str, *, documents: bool = True
) -> dict[str, dict[str, Any]]:
    """Evaluators that fit a case: match for short facts, similarity/groundedness for prose."""
    if question_type in NEGATIVE_TYPES or not documents:
        return {"Similarity": {}}
    words = answer.split()
    out: dict[str, dict[str, Any]] = {}
    if len(words) == 1 and re.search(r"\d", words[0]):
        out["ExactMatch"] = {}
    elif len(words) <= 6:
        out["PartialMatch"] = {"threshold": 0.5}
    else:
        out["Similarity"] = {}
        out["Groundedness"] = {}
    if question_type in ("multi-section", "comparison", "procedural", "aggregation", "list"):
        out["Citations"] = {}
    return out
