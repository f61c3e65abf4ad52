"""Facts the Foundry and Copilot Studio rules check against: evaluators, columns, limits
and test methods.

Foundry facts come from the evaluation-dataset spec (§8), Copilot Studio test methods
from the test-set spec (§5). The M365 evaluators are in
:mod:`datasetkit.formats.m365.evaluators`, Foundry's tools in
:mod:`datasetkit.formats.foundry.tools`: the formats' own checks need them too.
"""

from __future__ import annotations

from dataclasses import dataclass

# ------------------------------------------------------------------------- Foundry

# Evaluators that compare the response with ``ground_truth`` (rows without it get
# misleading scores rather than being skipped).
FOUNDRY_GROUND_TRUTH_EVALUATORS = frozenset(
    {
        "similarity",
        "f1_score",
        "bleu_score",
        "gleu_score",
        "meteor_score",
        "rouge_score",
        "response_completeness",
    }
)

FOUNDRY_STANDARD_COLUMNS = frozenset(
    {
        "messages",
        "query",
        "response",
        "ground_truth",
        "context",
        "tool_definitions",
        "tool_calls",
        "test_case_description",
        "desired_num_turns",
        "id",
        "category",
        "test_case_id",
        "test_case_category",
        "simulation_configuration",
        "actions",
        "expected_actions",
        "retrieval_ground_truth",
        "retrieved_documents",
        "conversation",
    }
)

# -------------------------------------------------------------------- Copilot Studio


@dataclass(frozen=True)
class TestMethod:
    """A Copilot Studio test method: what each case needs, and which set types allow it."""

    id: str
    label: str
    needs: str | None  # "expected_response", "keywords", "capabilities" or None
    conversation: bool  # allowed on conversation (multi-turn) sets


CS_METHODS: dict[str, TestMethod] = {
    m.id: m
    for m in (
        TestMethod("GeneralQuality", "General quality", None, True),
        TestMethod("CompareMeaning", "Compare meaning", "expected_response", False),
        TestMethod("TextSimilarity", "Text similarity", "expected_response", False),
        TestMethod("ExactMatch", "Exact match", "expected_response", False),
        TestMethod("KeywordMatch", "Keyword match", "keywords", True),
        TestMethod("PartialMatch", "Keyword match (PartialMatch)", "keywords", True),
        TestMethod("ToolUse", "Tool use", "capabilities", False),
        TestMethod("CapabilityUse", "Tool use (CapabilityUse)", "capabilities", False),
        TestMethod("ContentSafety", "Content safety", None, True),
        TestMethod("Custom", "Custom", None, True),
    )
}

# Display names (old and new UI wording) -> method id.
CS_METHOD_ALIASES = {
    "general quality": "GeneralQuality",
    "quality": "GeneralQuality",
    "ai metrics": "GeneralQuality",
    "compare meaning": "CompareMeaning",
    "text similarity": "TextSimilarity",
    "similarity": "TextSimilarity",
    "exact match": "ExactMatch",
    "keyword match": "KeywordMatch",
    "partial match": "PartialMatch",
    "tool use": "ToolUse",
    "capability use": "CapabilityUse",
    "capabilities match": "CapabilityUse",
    "content safety": "ContentSafety",
    "custom": "Custom",
    "classification": "Custom",
}


def cs_method(name: str) -> TestMethod | None:
    """The test method a cell or sidecar names (enum id or display name, any case)."""
    key = name.strip()
    if key in CS_METHODS:
        return CS_METHODS[key]
    folded = key.casefold().replace("_", " ")
    for mid, method in CS_METHODS.items():
        if mid.casefold() == key.casefold().replace(" ", ""):
            return method
    alias = CS_METHOD_ALIASES.get(folded)
    return CS_METHODS.get(alias) if alias else None


CS_MAX_CASES = 100
CS_MAX_CONVERSATIONS = 20
CS_MAX_CONVERSATION_PAIRS = 6
CS_QUESTION_WARN = 500
CS_QUESTION_MAX = 1000
