"""Facts about evaluators and test methods, in one table the rules (and formats) share.

M365 facts come from the eval-document spec (§4.7 options, §5 pitfalls, §6 scales);
Foundry facts from the evaluation-dataset spec (§8); Copilot Studio test methods
from the test-set spec (§5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------------------- M365


@dataclass(frozen=True)
class OptionSpec:
    """One option an evaluator takes: its JSON type and, for numbers, the allowed range."""

    kind: str  # "number", "integer", "boolean", "string", "array", "object"
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True)
class EvaluatorSpec:
    """A built-in M365 evaluator: what it measures on, its options, and when it appeared."""

    name: str
    score_key: str
    kind: str  # "llm", "count", "string", "deterministic"
    scale: str  # for people: "1-5", "0-1", ...
    options: dict[str, OptionSpec] = field(default_factory=dict)
    required_options: tuple[str, ...] = ()
    needs_expected_response: bool = False
    since: str = "1.1.0"
    # The evaluator is only known to work with CLI v2 / schema v2 (preview).
    preview: bool = False


_LLM = {"threshold": OptionSpec("number", 1, 5)}

M365_EVALUATORS: dict[str, EvaluatorSpec] = {
    e.name: e
    for e in (
        EvaluatorSpec("Relevance", "relevance", "llm", "1-5", _LLM),
        EvaluatorSpec("Coherence", "coherence", "llm", "1-5", _LLM),
        EvaluatorSpec("Groundedness", "groundedness", "llm", "1-5", _LLM),
        EvaluatorSpec(
            "Similarity",
            "similarity",
            "llm",
            "1-5",
            _LLM,
            needs_expected_response=True,
            since="1.3.0",
        ),
        EvaluatorSpec(
            "Citations",
            "citations",
            "count",
            "a count of citations (threshold: an integer >= 1)",
            {"threshold": OptionSpec("integer", 1, None), "citation_format": OptionSpec("string")},
        ),
        EvaluatorSpec(
            "ExactMatch",
            "exactMatch",
            "string",
            "pass/fail (no threshold)",
            {"case_sensitive": OptionSpec("boolean")},
            needs_expected_response=True,
        ),
        EvaluatorSpec(
            "PartialMatch",
            "partialMatch",
            "string",
            "0-1",
            {"threshold": OptionSpec("number", 0, 1), "case_sensitive": OptionSpec("boolean")},
            needs_expected_response=True,
        ),
        EvaluatorSpec(
            "RetrievalQuery",
            "retrievalQuery",
            "deterministic",
            "pass/fail (threshold fixed at 1.0)",
            {
                "capability": OptionSpec("string"),
                "selector": OptionSpec("string"),
                "includes": OptionSpec("array"),
                "excludes": OptionSpec("array"),
            },
            required_options=("capability", "selector"),
            since="1.5.0",
        ),
        EvaluatorSpec(
            "RetrievalResult",
            "retrievalResult",
            "deterministic",
            "0-1 (threshold fixed at 1.0)",
            {
                "capability": OptionSpec("string"),
                "max_rank": OptionSpec("integer", 1, None),
                "min_expected_count": OptionSpec("integer", 1, None),
                "expected_items": OptionSpec("array"),
            },
            required_options=("capability",),
            since="1.5.0",
        ),
        EvaluatorSpec(
            "ToolCallSelection",
            "toolCallSelection",
            "deterministic",
            "pass/fail (threshold fixed at 1.0)",
            {"calls": OptionSpec("array"), "allow_additional_calls": OptionSpec("boolean")},
            required_options=("calls",),
            since="1.11.0",
            preview=True,
        ),
        EvaluatorSpec(
            "ToolCallExecution",
            "toolCallExecution",
            "deterministic",
            "pass/fail (threshold fixed at 1.0)",
            {"calls": OptionSpec("array")},
            required_options=("calls",),
            since="1.11.0",
            preview=True,
        ),
    )
}

# Names that are no longer (or never were) usable evaluators but that the CLI still
# reserves, so a custom evaluator cannot take them either.
M365_RETIRED: dict[str, str] = {
    "ToolCallAccuracy": "runevals no longer runs it",
}

# Every name a custom evaluator may not use (compared case-insensitively at runtime).
M365_RESERVED = frozenset(M365_EVALUATORS) | frozenset(M365_RETIRED)

# What an item gets when neither it nor the document names evaluators.
M365_SYSTEM_DEFAULTS = ("Relevance", "Coherence")

# Options of a custom evaluator (CustomEvaluatorOptions).
M365_CUSTOM_OPTIONS = {"threshold": OptionSpec("number"), "options": OptionSpec("object")}

# Documented citation_format values and the schema version that added each.
M365_CITATION_FORMATS = {
    "oai_unicode": "1.1.0",
    "bracket": "1.1.0",
    "mixed": "1.1.0",
    "markdown": "1.8.0",
}

# First schema version with custom evaluators; before it, evaluator names were a closed set.
M365_CUSTOM_SINCE = "1.6.0"
# From 1.7.0 a custom threshold is any number (code-only evaluators); in 1.6 it was 1-5.
M365_CUSTOM_ANY_THRESHOLD_SINCE = "1.7.0"

# Item/turn fields written by runevals into results, which an input dataset should not carry.
M365_OUTPUT_FIELDS = ("response", "citations", "scores", "diagnostics", "status", "error")
M365_THREAD_OUTPUT_FIELDS = ("summary",)

# Fields and the schema version that introduced them (features newer than the declared
# schemaVersion validate against the cumulative schema but an older CLI rejects them).
M365_FIELD_SINCE = {
    "evaluators": "1.1.0",
    "evaluators_mode": "1.1.0",
    "default_evaluators": "1.1.0",
    "turns": "1.2.0",
    "tags": "1.9.0",
    "allowed_tools": "1.11.0",
    "allowed_tools_mode": "1.11.0",
    "default_allowed_tools": "1.11.0",
}

M365_MAX_TURNS = 20


def m365_case_match(name: str) -> str | None:
    """The reserved name that ``name`` matches case-insensitively but not exactly."""
    folded = name.casefold()
    for known in M365_RESERVED:
        if known.casefold() == folded and known != name:
            return known
    return None


def version_tuple(version: str | None) -> tuple[int, ...] | None:
    """``"1.10.0"`` -> ``(1, 10, 0)``; None for a missing or malformed version."""
    if not version:
        return None
    parts = version.strip().split(".")
    try:
        return tuple(int(p) for p in parts[:3])
    except ValueError:
        return None


def older_than(version: str | None, since: str) -> bool:
    """True when ``version`` is a valid 1.x version older than ``since``."""
    v = version_tuple(version)
    s = version_tuple(since)
    if v is None or s is None or v[0] != 1:
        return False
    return v < s


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

# Tools the SDK knows without a definition.
FOUNDRY_BUILTIN_TOOLS = frozenset(
    {
        "code_interpreter",
        "bing_grounding",
        "bing_custom_search",
        "file_search",
        "azure_ai_search",
        "sharepoint_grounding",
        "fabric_dataagent",
    }
)

# Tools the service runs itself (hosted, "built-in"): the agent never sends their results
# back as tool messages, so AIAgentConverter output often has the call and no result
# (bing_grounding never has one; the others only when the run kept an output).
FOUNDRY_HOSTED_TOOLS = FOUNDRY_BUILTIN_TOOLS | frozenset(
    {
        "web_search",
        "web_search_preview",
        "browser_automation",
        "computer_use_preview",
        "image_generation",
        "deep_research",
        "azure_fabric",
        "microsoft_fabric",
        "sharepoint",
    }
)

# Tool names the tool evaluators reject outright.
FOUNDRY_UNSUPPORTED_TOOLS = frozenset(
    {
        "bing_custom_search",
        "bing_grounding",
        "browser_automation",
        "code_interpreter_call",
        "computer_call",
        "openapi_call",
        "web_search",
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

FOUNDRY_SEED_MAX_CHARS = 2500

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
