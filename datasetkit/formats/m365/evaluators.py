"""The built-in M365 evaluators: scores, scales and options, retired and reserved names,
and what an item gets when it names none.

Facts from the eval-document spec (§4.7 options, §5 pitfalls, §6 scales), shared by the
format's checks and lint's rules. The version that introduced each evaluator is in the
version table (:mod:`.versions`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class OptionSpec:
    """One option an evaluator takes: its JSON type and, for numbers, the allowed range."""

    kind: str  # "number", "integer", "boolean", "string", "array", "object"
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True)
class EvaluatorSpec:
    """A built-in M365 evaluator: its score, scale and options, and what it needs."""

    name: str
    score_key: str
    kind: str  # "llm", "count", "string", "deterministic"
    scale: str  # for people: "1-5", "0-1", ...
    options: dict[str, OptionSpec] = field(default_factory=dict)
    required_options: tuple[str, ...] = ()
    needs_expected_response: bool = False


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
        ),
        EvaluatorSpec(
            "ToolCallSelection",
            "toolCallSelection",
            "deterministic",
            "pass/fail (threshold fixed at 1.0)",
            {"calls": OptionSpec("array"), "allow_additional_calls": OptionSpec("boolean")},
            required_options=("calls",),
        ),
        EvaluatorSpec(
            "ToolCallExecution",
            "toolCallExecution",
            "deterministic",
            "pass/fail (threshold fixed at 1.0)",
            {"calls": OptionSpec("array")},
            required_options=("calls",),
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


def m365_case_match(name: str) -> str | None:
    """The reserved name that ``name`` matches case-insensitively but not exactly."""
    folded = name.casefold()
    for known in M365_RESERVED:
        if known.casefold() == folded and known != name:
            return known
    return None
