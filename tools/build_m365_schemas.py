"""Build datasetkit's JSON Schemas for the Microsoft 365 Copilot eval document.

The thirteen files under ``schemas/m365/`` are generated from this one description so
that they stay consistent with each other and differ exactly where the format's
changelog says a version changed something. Each builder takes the *feature level* of
the version being written (2.0.0 uses the 1.11.0 level, the best available model of the
v2 preview) and adds or tightens what that level introduced.

Usage (from the repository root)::

    python tools/build_m365_schemas.py          # (re)write the files
    python tools/build_m365_schemas.py --check  # exit 1 if a file is stale

The schema files are the published artefacts; this script is only how they are made.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

# Run as a script, the folder on sys.path is tools/; the package lives one level up.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from datasetkit.schemas import (
    KNOWN_VERSIONS,
    LATEST_V1,
    PREVIEW_VERSIONS,
    parse_version,
)

Schema = dict[str, Any]
Level = tuple[int, int, int]

# The list of versions is datasetkit.schemas.KNOWN_VERSIONS; this script writes it into
# schemas/m365/versions.json.
VERSIONS: tuple[str, ...] = KNOWN_VERSIONS
(PREVIEW,) = PREVIEW_VERSIONS
# Only the opening of the v2 file is public; its body is modelled on this v1 version.
FEATURE_LEVEL_OF = {"2.0.0": "1.11.0"}

# (release date or None, what the version introduced): one line each, from the changelog.
HISTORY: dict[str, tuple[str | None, str]] = {
    "1.0.0": (
        "2026-02-19",
        "First schema: schemaVersion, metadata and items (prompt, expected_response, "
        "response, context, citations, scores, extensions); every object accepts extra keys.",
    ),
    "1.1.0": (
        "2026-03-30",
        "Evaluator configuration: default_evaluators, per-item evaluators and "
        "evaluators_mode; metadata.agentName and metadata.cliVersion.",
    ),
    "1.2.0": (
        "2026-04-22",
        "Multi-turn threads of 1 to 20 turns beside single-turn items; items, threads and "
        "turns reject unknown keys; closed list of evaluator names; turn status with a text "
        "error; four-field thread summary.",
    ),
    "1.3.0": ("2026-04-30", "Similarity evaluator and its similarity score."),
    "1.4.0": (
        "2026-05-14",
        "Unified error reporting: status and an {code, message} error on items and turns, "
        "errored score entries, six-field thread summary.",
    ),
    "1.5.0": (
        "2026-05-27",
        "RetrievalQuery and RetrievalResult evaluators; typed options for each evaluator, "
        "unknown evaluator names rejected.",
    ),
    "1.6.0": (
        "2026-06-15",
        "Custom evaluators (any identifier; threshold 1 to 5 and free-form options); "
        "diagnostics.retrieval_executions; retrieval extracts judged by an LLM.",
    ),
    "1.7.0": ("2026-07-10", "Code-only custom evaluators: a custom threshold may be any number."),
    "1.8.0": ("2026-07-20", "Markdown-link citation format, [N](url#suffix)."),
    "1.9.0": (
        "2026-07-29",
        "tags on items, threads and turns; enumerated error codes on error objects, and an "
        "optional code on errored scores.",
    ),
    "1.10.0": ("2026-08-18", "Error code evaluationCrashed, emitted by evaluate-only runs."),
    "1.11.0": (
        None,
        "Tool approval lists (default_allowed_tools, allowed_tools, allowed_tools_mode), "
        "ToolCallSelection and ToolCallExecution evaluators, diagnostics.tool_calls.",
    ),
    "2.0.0": (
        None,
        "Preview major version used by CLI v2; modelled on 1.11.0 with a 2.x schemaVersion.",
    ),
}

DRAFT = "https://json-schema.org/draft/2020-12/schema"
EVALUATOR_NAME_PATTERN = "^[a-zA-Z][a-zA-Z0-9_]*$"


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def field(title: str, description: str, schema: Schema | None = None, **extra: Any) -> Schema:
    """A property schema that starts with the text editors show on hover."""
    out: Schema = {"title": title, "description": description}
    out.update(schema or {})
    out.update(extra)
    return out


def text(title: str, description: str, **extra: Any) -> Schema:
    return field(title, description, {"type": "string"}, **extra)


def open_object(title: str, description: str) -> Schema:
    return field(title, description, {"type": "object", "additionalProperties": True})


def string_list(title: str, description: str) -> Schema:
    return field(title, description, {"type": "array", "items": {"type": "string"}})


def citation_formats(level: Level) -> list[str]:
    formats = ["oai_unicode", "bracket", "mixed"]
    if level >= (1, 8, 0):
        formats.insert(2, "markdown")
    return formats


# --------------------------------------------------------------------------- metadata


def metadata_def(level: Level) -> Schema:
    props: Schema = {
        "name": text("Name", "Short human-readable name of this evaluation set."),
        "description": text("Description", "What this evaluation set tests, in a sentence or two."),
        "createdAt": text(
            "Created at",
            "When the document was created, as an ISO 8601 date-time such as 2026-05-01T09:30:00Z.",
            format="date-time",
        ),
        "createdBy": text("Created by", "Person, team or tool that wrote the document."),
        "evaluatedAt": text(
            "Evaluated at",
            "When the evaluation run happened (ISO 8601 date-time). Written by the CLI in results.",
            format="date-time",
        ),
        "tags": string_list("Tags", "Labels for grouping and filtering whole evaluation sets."),
        "agentId": text(
            "Agent ID",
            "Identifier of the Microsoft 365 agent under test (a GUID or a title ID such as "
            "T_...declarativeAgent).",
        ),
    }
    if level >= (1, 1, 0):
        props["agentName"] = text(
            "Agent name", "Display name of the agent under test. Written by the CLI in results."
        )
        props["cliVersion"] = text(
            "CLI version", "Version of the evaluation CLI that produced this document."
        )
    props["extensions"] = open_object(
        "Extensions",
        "Your own document-level fields. Name them in reverse-domain style "
        "(com.contoso.team) so they never clash with future schema fields; they are echoed "
        "into results unchanged.",
    )
    return field(
        "Document metadata",
        "Optional facts about the evaluation set as a whole. Extra keys are allowed.",
        {"type": "object", "additionalProperties": True, "properties": props},
    )


# --------------------------------------------------------------------------- items


def extensions_field(where: str) -> Schema:
    return open_object(
        "Extensions",
        f"Your own {where}-level fields (for example an ID or a category). Anything is "
        "allowed inside and it is echoed into results unchanged.",
    )


def tags_field(where: str) -> Schema:
    return string_list(
        "Tags",
        f"Labels for grouping and filtering this {where} in reports; echoed into results.",
    )


def expected_text(level: Level) -> str:
    users = [
        name
        for name, since in (
            ("Similarity", (1, 3, 0)),
            ("ExactMatch", (1, 1, 0)),
            ("PartialMatch", (1, 1, 0)),
        )
        if level >= since
    ]
    if not users:
        return "The ideal answer, for evaluators that compare the response with it."
    return (
        f"The ideal answer. Needed by the {', '.join(users[:-1])} and {users[-1]} evaluators; "
        "other evaluators ignore it."
        if len(users) > 1
        else f"The ideal answer. Needed by the {users[0]} evaluator."
    )


def prompt_fields(level: Level, where: str) -> Schema:
    """The fields a single-turn item and a turn share (in schema order)."""
    noun = "prompt" if where == "item" else "turn"
    props: Schema = {
        "prompt": field(
            "Prompt",
            "What the user says to the agent. Must not be empty."
            if where == "item"
            else "What the user says to the agent in this turn. Must not be empty.",
            {"type": "string", "minLength": 1},
        ),
        "expected_response": text("Expected response", expected_text(level)),
        "response": text(
            "Response",
            "The agent's actual answer. Written by the CLI in results"
            + (" (or supplied for evaluate-only runs)" if level >= (1, 10, 0) else "")
            + "; leave it out of input datasets.",
        ),
        "context": text(
            "Grounding context",
            "Reference text for the judge (Groundedness"
            + (" and custom evaluators" if level >= (1, 6, 0) else "")
            + "). The agent never sees it.",
        ),
    }
    if level >= (1, 1, 0):
        props["evaluators"] = field(
            "Evaluators",
            f"Evaluators for this {noun}, by name, each with its options ({{}} for defaults). "
            "Combined with default_evaluators according to evaluators_mode.",
            ref("evaluator_map"),
        )
        props["evaluators_mode"] = field(
            "Evaluators mode",
            f"extend: run default_evaluators plus this {noun}'s evaluators (a {noun} entry "
            f"overrides a default of the same name). replace: run only this {noun}'s "
            "evaluators.",
            ref("combine_mode"),
            default="extend",
        )
    if level >= (1, 11, 0):
        props["allowed_tools"] = field(
            "Allowed tools",
            f"Tool calls the CLI may approve for this {noun} when the agent pauses to ask for "
            "confirmation. Combined with default_allowed_tools according to "
            "allowed_tools_mode.",
            ref("tool_allowlist"),
        )
        props["allowed_tools_mode"] = field(
            "Allowed tools mode",
            f"extend: approve default_allowed_tools plus this {noun}'s list. replace: approve "
            f"only this {noun}'s list.",
            ref("combine_mode"),
            default="extend",
        )
    props["citations"] = field(
        "Citations",
        "Citations found in the agent's response. Written by the CLI in results.",
        {"type": "array", "items": ref("citation")},
    )
    props["scores"] = field(
        "Scores",
        "One result per evaluator that ran, keyed by camelCase evaluator name. Written by the "
        "CLI in results.",
        ref("scores"),
    )
    if level >= (1, 6, 0):
        props["diagnostics"] = field(
            "Diagnostics",
            "Runtime evidence kept beside the scores (retrieval activity"
            + (", tool calls" if level >= (1, 11, 0) else "")
            + "). Written by the CLI in results.",
            ref("diagnostics"),
        )
    return props


def outcome_fields(level: Level, noun: str) -> Schema:
    """status and error, as results carry them for an item or a turn."""
    if level >= (1, 4, 0):
        return {
            "status": field(
                "Status",
                f"Outcome of this {noun}: pass (every evaluator passed, or none ran), fail (an "
                "evaluator failed), partial (a response came back but an evaluator could not "
                "run) or error (no usable response). Written by the CLI in results.",
                {"type": "string", "enum": ["pass", "fail", "partial", "error"]},
            ),
            "error": field(
                "Error",
                f"Why this {noun} ended in error or partial. Written by the CLI in results.",
                ref("error_object"),
            ),
        }
    return {
        "status": field(
            "Status",
            f"Outcome of this {noun}: pass, fail or error. Written by the CLI in results.",
            {"type": "string", "enum": ["pass", "fail", "error"]},
        ),
        "error": text(
            "Error",
            f"Error message when the {noun}'s status is error. Written by the CLI in results.",
        ),
    }


def open_item_def(level: Level) -> Schema:
    """1.0 and 1.1: one kind of item, and every object accepts extra keys.

    No official file of these versions survives; the fields and types are the changelog's
    and those of the next known copy (prompt non-empty, score shapes unchanged).
    """
    props = prompt_fields(level, "item")
    props["extensions"] = extensions_field("item")
    return field(
        "Evaluation item",
        "One prompt to send to the agent, with what to expect and, in results, what came "
        "back. Extra keys are accepted in this version.",
        {
            "type": "object",
            "required": ["prompt"],
            "additionalProperties": True,
            "properties": props,
        },
    )


def single_turn_def(level: Level) -> Schema:
    props = prompt_fields(level, "item")
    if level >= (1, 4, 0):
        props.update(outcome_fields(level, "item"))
    if level >= (1, 9, 0):
        props["tags"] = tags_field("item")
    props["extensions"] = extensions_field("item")
    return field(
        "Single-turn item",
        "One prompt evaluated on its own. Unknown keys are rejected: put your own fields "
        "under extensions. An item has either prompt (single-turn) or turns (thread), never "
        "both.",
        {
            "type": "object",
            "required": ["prompt"],
            "additionalProperties": False,
            "properties": props,
            "not": {"required": ["turns"]},
        },
    )


def thread_def(level: Level) -> Schema:
    props: Schema = {
        "name": text("Name", "Label for this conversation in reports."),
        "description": text("Description", "What this conversation tests."),
        "turns": field(
            "Turns",
            "The user's messages in order; they are sent one after another in one "
            "conversation. 1 to 20 turns.",
            {"type": "array", "minItems": 1, "maxItems": 20, "items": ref("turn")},
        ),
        "conversation_id": text(
            "Conversation ID", "Identifier of the conversation the turns ran in."
        ),
        "summary": field(
            "Summary",
            "Turn counts and overall outcome of the thread. Written by the CLI in results.",
            ref("thread_summary"),
        ),
    }
    if level >= (1, 9, 0):
        props["tags"] = tags_field("thread")
    props["extensions"] = extensions_field("thread")
    return field(
        "Multi-turn thread",
        "A conversation of several turns that share context. Evaluators are set per turn or "
        "through default_evaluators; a thread has no evaluators of its own. Unknown keys are "
        "rejected.",
        {
            "type": "object",
            "required": ["turns"],
            "additionalProperties": False,
            "properties": props,
            "not": {"required": ["prompt"]},
        },
    )


def turn_def(level: Level) -> Schema:
    props = prompt_fields(level, "turn")
    props.update(outcome_fields(level, "turn"))
    if level >= (1, 9, 0):
        props["tags"] = tags_field("turn")
    props["extensions"] = extensions_field("turn")
    return field(
        "Turn",
        "One user message inside a thread, with the same fields as a single-turn item. "
        "Unknown keys are rejected.",
        {
            "type": "object",
            "required": ["prompt"],
            "additionalProperties": False,
            "properties": props,
        },
    )


def thread_summary_def(level: Level) -> Schema:
    count_total = field(
        "Turns in total", "How many turns the thread had.", {"type": "integer", "minimum": 1}
    )

    def count(title: str, what: str) -> Schema:
        return field(title, f"How many turns {what}.", {"type": "integer", "minimum": 0})

    props: Schema = {
        "turns_total": count_total,
        "turns_passed": count("Turns passed", "passed"),
        "turns_failed": count("Turns failed", "failed"),
    }
    if level >= (1, 4, 0):
        props["turns_partial"] = count("Turns partial", "ended partial")
        props["turns_errored"] = count("Turns errored", "ended in error (including skipped turns)")
        props["overall_status"] = field(
            "Overall status",
            "error if any turn errored, else partial if any turn was partial, else fail if any "
            "turn failed, else pass.",
            {"type": "string", "enum": ["pass", "fail", "partial", "error"]},
        )
    else:
        props["overall_status"] = field(
            "Overall status",
            "pass: every turn passed; partial: some turns failed; fail: every turn failed or "
            "the thread errored.",
            {"type": "string", "enum": ["pass", "partial", "fail"]},
        )
    return field(
        "Thread summary",
        "Aggregate outcome of a thread, written by the CLI in results. All counts are required.",
        {
            "type": "object",
            "required": list(props),
            "additionalProperties": False,
            "properties": props,
        },
    )


# --------------------------------------------------------------------------- evaluators


def builtin_names(level: Level) -> list[str]:
    names = ["Relevance", "Coherence", "Groundedness"]
    if level >= (1, 3, 0):
        names.append("Similarity")
    names += ["Citations", "ExactMatch", "PartialMatch"]
    if level >= (1, 5, 0):
        names += ["RetrievalQuery", "RetrievalResult"]
    if level >= (1, 11, 0):
        names += ["ToolCallSelection", "ToolCallExecution"]
    return names


BUILTIN_TEXT = {
    "Relevance": ("LLM judge: does the response address the prompt? Scored 1 to 5.", "llm_options"),
    "Coherence": (
        "LLM judge: is the response well organised and readable? Scored 1 to 5.",
        "llm_options",
    ),
    "Groundedness": (
        "LLM judge: is the response supported by the grounding context? Scored 1 to 5.",
        "llm_options",
    ),
    "Similarity": (
        "LLM judge: how close is the response to expected_response? Scored 1 to 5.",
        "llm_options",
    ),
    "Citations": ("Counts the citations in the response.", "citations_options"),
    "ExactMatch": (
        "Passes when the trimmed response equals expected_response.",
        "exact_match_options",
    ),
    "PartialMatch": (
        "Token overlap between the response and expected_response, 0 to 1.",
        "partial_match_options",
    ),
    "RetrievalQuery": (
        "Checks the search queries the agent issued to a retrieval capability.",
        "retrieval_query_options",
    ),
    "RetrievalResult": (
        "Checks what a retrieval capability returned (count and expected content).",
        "retrieval_result_options",
    ),
    "ToolCallSelection": (
        "Checks which tools the agent selected, from Developer Info diagnostics.",
        "tool_selection_options",
    ),
    "ToolCallExecution": (
        "Checks that expected tools ran successfully, from Developer Info diagnostics.",
        "tool_execution_options",
    ),
}


def evaluator_map_def(level: Level) -> Schema:
    title = "Evaluator map"
    if level < (1, 2, 0):
        return field(
            title,
            "Evaluators by name (for example Relevance, Coherence, Groundedness, Citations, "
            "ExactMatch, PartialMatch), each with its options; {} means the evaluator's "
            "defaults. Names are not checked in this version.",
            {"type": "object", "additionalProperties": ref("evaluator_options")},
        )
    if level < (1, 5, 0):
        names = builtin_names(level)
        return field(
            title,
            "Evaluators by name, each with its options; {} means the evaluator's defaults. "
            f"Allowed names: {', '.join(names)}.",
            {
                "type": "object",
                "propertyNames": {"enum": names},
                "additionalProperties": ref("evaluator_options"),
            },
        )
    props = {
        name: field(name, BUILTIN_TEXT[name][0], ref(BUILTIN_TEXT[name][1]))
        for name in builtin_names(level)
    }
    if level < (1, 6, 0):
        return field(
            title,
            "Evaluators by name, each with options of its own shape; {} means the "
            "evaluator's defaults. Only the built-in names are allowed.",
            {"type": "object", "properties": props, "additionalProperties": False},
        )
    return field(
        title,
        "Evaluators by name, each with its options; {} means the evaluator's defaults. A "
        "built-in name gets that evaluator's options. Any other identifier (letters, digits "
        "and _, starting with a letter) names a custom evaluator found at run time in "
        "custom-evaluators/<name>/. A misspelt built-in name therefore passes this schema and "
        "fails only when the CLI runs.",
        {
            "type": "object",
            "propertyNames": {"pattern": EVALUATOR_NAME_PATTERN},
            "properties": props,
            "additionalProperties": ref("custom_options"),
        },
    )


def llm_threshold() -> Schema:
    return field(
        "Threshold",
        "Lowest score that passes, on the judge's 1 to 5 scale.",
        {"type": "number", "minimum": 1, "maximum": 5},
        default=3,
    )


def citation_format_field(level: Level) -> Schema:
    formats = citation_formats(level)
    return field(
        "Citation format",
        "How citations are written in responses: oai_unicode (OpenAI unicode markers), "
        "bracket (legacy [^1^] markers), "
        + ("markdown ([N](url) links), " if "markdown" in formats else "")
        + "mixed (detect all of them). Other values are not rejected here.",
        {"type": "string"},
        default="oai_unicode",
        examples=formats,
    )


def case_sensitive_field() -> Schema:
    # The official schema's default (false) wins over the Learn evaluators page (true).
    return field(
        "Case sensitive",
        "Compare letter case too. Matching ignores case unless this is true.",
        {"type": "boolean"},
        default=False,
    )


def options_object(title: str, description: str, props: Schema, **extra: Any) -> Schema:
    return field(
        title,
        description,
        {"type": "object", "additionalProperties": False, "properties": props},
        **extra,
    )


def evaluator_option_defs(level: Level) -> Schema:
    defs: Schema = {}
    if level < (1, 5, 0):
        options = options_object(
            "Evaluator options",
            "Options for one evaluator; {} keeps its defaults. The same shape serves every "
            "evaluator, and each evaluator reads the fields that concern it.",
            {
                "threshold": field(
                    "Threshold",
                    "Pass mark. Its scale depends on the evaluator: 1 to 5 for LLM judges "
                    "(default 3), a whole number of at least 1 for Citations (default 1), 0 to 1 "
                    "for PartialMatch (default 0.5). The range is checked when the CLI runs.",
                    {"type": "number"},
                ),
                "citation_format": citation_format_field(level),
                "case_sensitive": case_sensitive_field(),
                "options": open_object("Options", "Extra settings for the evaluator."),
            },
        )
        if level < (1, 2, 0):
            options["additionalProperties"] = True
            options["description"] += " Extra keys are accepted in this version."
        defs["evaluator_options"] = options
        return defs

    defs["llm_options"] = options_object(
        "LLM judge options",
        "Options for Relevance, Coherence, Groundedness and Similarity; {} keeps the defaults.",
        {"threshold": llm_threshold()},
    )
    defs["citations_options"] = options_object(
        "Citations options",
        "Settings of the Citations evaluator.",
        {
            "threshold": field(
                "Minimum citations",
                "How many citations the response needs to pass.",
                {"type": "integer", "minimum": 1},
                default=1,
            ),
            "citation_format": citation_format_field(level),
        },
    )
    defs["exact_match_options"] = options_object(
        "ExactMatch options",
        "Options for ExactMatch. It has no threshold: the response matches or it does not.",
        {"case_sensitive": case_sensitive_field()},
    )
    defs["partial_match_options"] = options_object(
        "PartialMatch options",
        "Options for PartialMatch.",
        {
            "threshold": field(
                "Threshold",
                "Lowest overlap score that passes, from 0 to 1.",
                {"type": "number", "minimum": 0, "maximum": 1},
                default=0.5,
            ),
            "case_sensitive": case_sensitive_field(),
        },
    )
    # Optional string arrays, as in the official schema (Learn calls them required strings).
    nonempty_terms = {"type": "array", "items": {"type": "string", "minLength": 1}}
    query = options_object(
        "RetrievalQuery options",
        "Which retrieval query to look for and what it must contain. There is no threshold: "
        "every check must pass.",
        {
            "capability": field(
                "Capability",
                "Retrieval capability whose queries are checked, for example "
                "OneDriveAndSharePoint, Email, TeamsMessages, Meetings, People or "
                "GraphConnectors.",
                {"type": "string", "minLength": 1},
            ),
            "selector": field(
                "Selector",
                "Text that picks the query to check: a query matches when it contains this, "
                "ignoring case (the filter expression is not searched).",
                {"type": "string", "minLength": 1},
            ),
            "includes": field(
                "Must include", "Terms that must all appear in the matched query.", nonempty_terms
            ),
            "excludes": field(
                "Must exclude", "Terms that must not appear in the matched query.", nonempty_terms
            ),
        },
    )
    query["required"] = ["capability", "selector"]
    defs["retrieval_query_options"] = query
    result = options_object(
        "RetrievalResult options",
        "What a retrieval capability must return. Set expected_items, min_expected_count or "
        "both. There is no threshold: every check must pass.",
        {
            "capability": field(
                "Capability",
                "Retrieval capability whose results are checked.",
                {"type": "string", "minLength": 1},
            ),
            "max_rank": field(
                "Maximum rank",
                "Only results ranked this high or better are considered.",
                {"type": "integer", "minimum": 1},
                default=10,
            ),
            "min_expected_count": field(
                "Minimum result count",
                "How many results must come back within max_rank. At least 1; leave the field "
                "out when you do not want a count check.",
                {"type": "integer", "minimum": 1},
            ),
            "expected_items": field(
                "Expected items",
                "Content that must be found among the results, one entry per expectation.",
                {"type": "array", "minItems": 1, "items": ref("expected_retrieval_item")},
            ),
        },
    )
    result["required"] = ["capability"]
    result["anyOf"] = [{"required": ["expected_items"]}, {"required": ["min_expected_count"]}]
    defs["retrieval_result_options"] = result
    judged = level >= (1, 6, 0)
    expected = options_object(
        "Expected retrieval item",
        "One expectation about retrieved content. Matching by URL is not supported.",
        {
            "retrievalExtract_contains": field(
                "Extract contains",
                "A claim an LLM judge must find supported by the retrieved extracts."
                if judged
                else "Text that must appear, ignoring case, in the extract of at least one result.",
                {"type": "string", "minLength": 1},
            )
        },
    )
    expected["required"] = ["retrievalExtract_contains"]
    defs["expected_retrieval_item"] = expected
    if level >= (1, 6, 0):
        code_only = level >= (1, 7, 0)
        threshold = (
            field(
                "Threshold",
                "A result passes when score >= threshold, on whatever scale your evaluator "
                "scores. Keep LLM judges on 1 to 5 (default 3); code-only evaluators default to "
                "1, which suits a 0/1 score.",
                {"type": "number"},
            )
            if code_only
            else field(
                "Threshold",
                "Lowest score that passes, on the judge's 1 to 5 scale.",
                {"type": "number", "minimum": 1, "maximum": 5},
                default=3,
            )
        )
        defs["custom_options"] = options_object(
            "Custom evaluator options",
            "Options for an evaluator of your own in custom-evaluators/<name>/"
            + (
                " (an LLM judge with <name>.prompty, or code only with just <name>.py)."
                if code_only
                else " (an LLM judge: <name>.py with <name>.prompty)."
            ),
            {
                "threshold": threshold,
                "options": open_object(
                    "Options", "Settings passed unchanged to your evaluator's constructor."
                ),
            },
        )
    if level >= (1, 11, 0):
        defs.update(tool_option_defs())
    return defs


def tool_option_defs() -> Schema:
    identity = options_object(
        "Tool identity",
        "A tool as Developer Info names it: the plugin and the function within it.",
        {
            "plugin_name": field(
                "Plugin name", "Plugin that provides the tool.", {"type": "string", "minLength": 1}
            ),
            "function_name": field(
                "Function name", "Function of the plugin.", {"type": "string", "minLength": 1}
            ),
        },
    )
    identity["required"] = ["plugin_name", "function_name"]
    call = options_object(
        "Expected tool call",
        "One tool the agent is expected to use.",
        {
            "id": field(
                "Label",
                "Your name for this expectation, shown in diagnostics only.",
                {"type": "string", "minLength": 1},
            ),
            "tool": field("Tool", "The tool expected.", ref("tool_identity")),
        },
    )
    call["required"] = ["tool"]

    def calls(description: str) -> Schema:
        return field(
            "Expected calls",
            description,
            {"type": "array", "minItems": 1, "items": ref("expected_tool_call")},
        )

    selection = options_object(
        "ToolCallSelection options",
        "Which tools the agent must select. Needs CLI v2 diagnostics; there is no threshold.",
        {
            "calls": calls(
                "Tools that must be selected. Listing a tool twice changes nothing: selection "
                "checks which tools were chosen, not how often."
            ),
            "allow_additional_calls": field(
                "Allow other calls",
                "Whether selecting tools that are not listed is acceptable.",
                {"type": "boolean"},
                default=True,
            ),
        },
    )
    selection["required"] = ["calls"]
    execution = options_object(
        "ToolCallExecution options",
        "Which tools must run successfully. Needs CLI v2 diagnostics; there is no threshold.",
        {
            "calls": calls(
                "Tools that must run with a successful HTTP result. Listing a tool n times "
                "requires n successful runs."
            )
        },
    )
    execution["required"] = ["calls"]
    return {
        "tool_selection_options": selection,
        "tool_execution_options": execution,
        "expected_tool_call": call,
        "tool_identity": identity,
    }


# --------------------------------------------------------------------------- scores


def result_field() -> Schema:
    return field(
        "Result", "Whether this evaluator passed.", {"type": "string", "enum": ["pass", "fail"]}
    )


def reason_field() -> Schema:
    return text("Reason", "Why the evaluator gave this result.")


def score_object(title: str, description: str, required: list[str], props: Schema) -> Schema:
    return field(
        title,
        description,
        {"type": "object", "required": required, "additionalProperties": True, "properties": props},
    )


def score_defs(level: Level) -> Schema:
    defs: Schema = {}
    llm_props: Schema = {
        "score": field(
            "Score",
            "Judge score from 1 (worst) to 5 (best).",
            {"type": "number", "minimum": 1, "maximum": 5},
        ),
        "result": result_field(),
        "threshold": field(
            "Threshold",
            "Pass mark that was applied.",
            {"type": "number", "minimum": 1, "maximum": 5},
        ),
        "reason": reason_field(),
    }
    if level < (1, 4, 0):
        llm_props["evaluator"] = text(
            "Evaluator", "Which evaluator implementation produced this score."
        )
    defs["llm_score"] = score_object(
        "LLM judge result",
        "Result of a 1 to 5 LLM judge. Extra keys are allowed.",
        ["score", "result", "threshold"],
        llm_props,
    )
    defs["citations_score"] = score_object(
        "Citations result",
        "Result of the Citations evaluator. Extra keys are allowed.",
        ["count", "result", "threshold"],
        {
            "count": field(
                "Count", "Citations found in the response.", {"type": "integer", "minimum": 0}
            ),
            "result": result_field(),
            "threshold": field(
                "Minimum citations",
                "How many citations were needed to pass.",
                {"type": "integer", "minimum": 0},
            ),
            "format": text(
                "Format",
                "Citation format that was detected.",
                examples=citation_formats(level),
            ),
            "citations": field(
                "Citations",
                "The citations that were parsed.",
                {"type": "array", "items": ref("citation")},
            ),
        },
    )
    if level >= (1, 1, 0):
        defs["exact_match_score"] = score_object(
            "ExactMatch result",
            "Result of ExactMatch. Extra keys are allowed.",
            ["match", "result"],
            {
                "match": field(
                    "Match",
                    "Whether the trimmed response equalled expected_response (ignoring case "
                    "unless case_sensitive was set).",
                    {"type": "boolean"},
                ),
                "result": result_field(),
                "reason": reason_field(),
            },
        )
        defs["partial_match_score"] = score_object(
            "PartialMatch result",
            "Result of PartialMatch. Extra keys are allowed.",
            ["score", "result", "threshold"],
            {
                "score": field(
                    "Score",
                    "Overlap from 0 (none) to 1 (complete).",
                    {"type": "number", "minimum": 0, "maximum": 1},
                ),
                "result": result_field(),
                "threshold": field(
                    "Threshold",
                    "Pass mark that was applied.",
                    {"type": "number", "minimum": 0, "maximum": 1},
                ),
                "reason": reason_field(),
            },
        )
    if level >= (1, 5, 0):
        defs.update(retrieval_score_defs(level))
    if level >= (1, 11, 0):
        tool_score = score_object(
            "Tool-call result",
            "Result of ToolCallSelection or ToolCallExecution: score 1 with pass, or 0 with "
            "fail. Extra keys are allowed.",
            ["score", "result", "threshold", "reason"],
            {
                "score": field(
                    "Score",
                    "1 when the expectations were met, otherwise 0.",
                    {"type": "number", "enum": [0, 1]},
                ),
                "result": result_field(),
                "threshold": field("Threshold", "Always 1.", {"type": "number", "const": 1.0}),
                "reason": field(
                    "Reason",
                    "Which expectations were met or missed.",
                    {"type": "string", "minLength": 1},
                ),
            },
        )
        # pass must come with 1 and fail with 0.
        tool_score["if"] = {"properties": {"result": {"const": "pass"}}}
        tool_score["then"] = {"properties": {"score": {"const": 1.0}}}
        tool_score["else"] = {"properties": {"score": {"const": 0.0}}}
        defs["tool_call_score"] = tool_score
    if level >= (1, 4, 0):
        errored: Schema = {
            "result": field(
                "Result",
                "Always error for this kind of entry.",
                {"type": "string", "const": "error"},
            ),
            "error": field(
                "Error", "Why the evaluator produced no result.", {"type": "string", "minLength": 1}
            ),
        }
        if level >= (1, 9, 0):
            errored["code"] = field(
                "Error code",
                "Category of the failure: emptyAgentResponse (blank response), "
                "judgeOutputUnparseable, judgeAuthenticationError, judgeRateLimited, "
                "judgeTimeout (judge problems), evaluatorConfigurationError, evaluatorLoadError, "
                "invalidEvaluatorResult (custom evaluator problems), evaluatorError (anything "
                "else)"
                + (
                    ", toolCallEvidenceIndeterminate (diagnostics could not decide a tool-call "
                    "verdict)."
                    if level >= (1, 11, 0)
                    else "."
                ),
                {"type": "string", "enum": score_error_codes(level)},
            )
        defs["errored_score"] = field(
            "Errored result",
            "Entry for an evaluator that could not produce a result. It carries no score or "
            "threshold, and no other keys.",
            {
                "type": "object",
                "required": ["result", "error"],
                "additionalProperties": False,
                "properties": errored,
            },
        )
    return defs


def score_error_codes(level: Level) -> list[str]:
    codes = [
        "emptyAgentResponse",
        "judgeOutputUnparseable",
        "judgeAuthenticationError",
        "judgeRateLimited",
        "judgeTimeout",
        "evaluatorConfigurationError",
        "evaluatorLoadError",
        "invalidEvaluatorResult",
        "evaluatorError",
    ]
    if level >= (1, 11, 0):
        codes.append("toolCallEvidenceIndeterminate")
    return codes


def item_error_codes(level: Level) -> list[str]:
    codes = [
        "agentRequestFailed",
        "agentAuthenticationError",
        "agentRateLimited",
        "agentTimeout",
        "agentResponseUnparseable",
    ]
    if level >= (1, 11, 0):
        codes.append("toolCallNotAllowed")
    codes += ["turnSkipped", "evaluatorsFailed"]
    if level >= (1, 10, 0):
        codes.append("evaluationCrashed")
    return codes


def retrieval_score_defs(level: Level) -> Schema:
    judged = level >= (1, 6, 0)
    string_list_ = {"type": "array", "items": {"type": "string"}}
    query = score_object(
        "RetrievalQuery result",
        "Result of RetrievalQuery: score 1 on pass, 0 on fail. Extra keys are allowed.",
        ["score", "result", "threshold", "diagnostic_code"],
        {
            "score": field(
                "Score", "1 on pass, 0 on fail.", {"type": "number", "minimum": 0, "maximum": 1}
            ),
            "result": result_field(),
            "threshold": field("Threshold", "Always 1.", {"type": "number"}),
            "diagnostic_code": field(
                "Diagnostic code",
                "pass, or which check failed.",
                {
                    "type": "string",
                    "enum": [
                        "pass",
                        "no_matching_query",
                        "required_terms_missing",
                        "excluded_terms_found",
                        "mixed_term_failure",
                        "retrieval_failure",
                    ],
                },
            ),
            "reason": reason_field(),
            "matched_queries": field(
                "Matched queries", "Queries the selector matched.", string_list_
            ),
            "includes_missing": field(
                "Missing terms", "Required terms absent from every matched query.", string_list_
            ),
            "excludes_found": field(
                "Forbidden terms found", "Excluded terms present in a matched query.", string_list_
            ),
        },
    )
    result = score_object(
        "RetrievalResult result",
        "Result of RetrievalResult: the share of expected items found. Extra keys are allowed.",
        ["score", "result", "threshold", "diagnostic_code"],
        {
            "score": field(
                "Score",
                "Share of expected items found, 0 to 1 (1 on a full pass).",
                {"type": "number", "minimum": 0, "maximum": 1},
            ),
            "result": result_field(),
            "threshold": field("Threshold", "Always 1: every check must pass.", {"type": "number"}),
            "diagnostic_code": field(
                "Diagnostic code",
                "pass, or which check failed.",
                {
                    "type": "string",
                    "enum": ["pass", "not_retrieved", "count_below_minimum", "error"],
                },
            ),
            "reason": reason_field(),
            "results_evaluated": field(
                "Results evaluated",
                "How many results within max_rank were examined.",
                {"type": "integer", "minimum": 0},
            ),
            "matched_items": field(
                "Matched items",
                "Expected items that were found.",
                {"type": "array", "items": ref("retrieval_match")},
            ),
            "missing_items": field(
                "Missing items",
                "Expected items that were not found.",
                {"type": "array", "items": ref("retrieval_miss")},
            ),
            "extract_failures": field(
                "Extract failures",
                "Missing items for which results came back but none supported the expectation.",
                {"type": "array", "items": ref("retrieval_miss")},
            ),
        },
    )
    match_props: Schema = {
        "extractMatch": text(
            "Expectation",
            "The retrievalExtract_contains text that was "
            + ("supported by the evidence." if judged else "found."),
        ),
        "matchedHitUrl": text("Result URL", "webUrl of the result that satisfied it."),
    }
    miss_props: Schema = {
        "extractMatch": text(
            "Expectation",
            "The retrievalExtract_contains text that was "
            + ("not supported by the evidence." if judged else "not found."),
        )
    }
    if judged:
        match_props["matchedHitRank"] = field(
            "Result rank",
            "Rank of the best result that supported it (within max_rank).",
            {"type": "integer"},
        )
        match_props["reason"] = text("Reason", "The judge's one-sentence rationale.")
        miss_props["reason"] = text("Reason", "The judge's one-sentence rationale.")
    match = options_object(
        "Matched retrieval item", "An expected item that was found.", match_props
    )
    match["required"] = ["extractMatch"]
    miss = options_object(
        "Missing retrieval item", "An expected item that was not found.", miss_props
    )
    miss["required"] = ["extractMatch"]
    return {
        "retrieval_query_score": query,
        "retrieval_result_score": result,
        "retrieval_match": match,
        "retrieval_miss": miss,
    }


# exactMatch and partialMatch are typed from 1.1.0, when their evaluators arrived (the
# 1.2-era copy already has these shapes). toolCallAccuracy, listed by the 1.0.0
# changelog, is typed only before 1.2.0: later files leave it to the open score map.
SCORE_KEYS: list[tuple[str, str, str, str]] = [
    # (key, first level, result def, hover text)
    ("relevance", "1.0.0", "llm_score", "Relevance judge result (1 to 5)."),
    ("coherence", "1.0.0", "llm_score", "Coherence judge result (1 to 5)."),
    ("groundedness", "1.0.0", "llm_score", "Groundedness judge result (1 to 5)."),
    ("similarity", "1.3.0", "llm_score", "Similarity judge result (1 to 5)."),
    ("citations", "1.0.0", "citations_score", "Citations evaluator result."),
    ("exactMatch", "1.1.0", "exact_match_score", "ExactMatch result."),
    ("partialMatch", "1.1.0", "partial_match_score", "PartialMatch result (0 to 1)."),
    ("retrievalQuery", "1.5.0", "retrieval_query_score", "RetrievalQuery result."),
    ("retrievalResult", "1.5.0", "retrieval_result_score", "RetrievalResult result."),
    ("toolCallSelection", "1.11.0", "tool_call_score", "ToolCallSelection result."),
    ("toolCallExecution", "1.11.0", "tool_call_score", "ToolCallExecution result."),
]


def scores_def(level: Level) -> Schema:
    props: Schema = {}
    for key, first, target, hover in SCORE_KEYS:
        if level < parse_version(first):
            continue
        if level >= (1, 4, 0):
            # From 1.4 each entry is either a real result or an errored record.
            props[key] = field(
                key,
                hover + " An evaluator that could not run leaves an errored entry instead.",
                {"oneOf": [ref(target), ref("errored_score")]},
            )
        else:
            props[key] = field(key, hover, ref(target))
        if key == "groundedness" and level < (1, 2, 0):
            props["toolCallAccuracy"] = field(
                "toolCallAccuracy", "Tool call accuracy judge result (1 to 5).", ref("llm_score")
            )
    return field(
        "Scores",
        "Results by evaluator, under camelCase keys (relevance for Relevance). Only evaluators "
        "that ran appear. Other keys, such as custom evaluators' results, are allowed.",
        {"type": "object", "additionalProperties": True, "properties": props},
    )


# --------------------------------------------------------------------------- output extras


def citation_def() -> Schema:
    return field(
        "Citation",
        "One citation in a response. Extra keys are allowed.",
        {
            "type": "object",
            "required": ["index"],
            "additionalProperties": True,
            "properties": {
                "index": field(
                    "Index",
                    "Position of the citation, counting from 1.",
                    {"type": "integer", "minimum": 1},
                ),
                "text": text("Text", "The cited passage."),
                "source": text("Source", "Where it comes from: a URL or a document name."),
            },
        },
    )


def error_object_def(level: Level) -> Schema:
    if level >= (1, 9, 0):
        code = field(
            "Error code",
            "Category: agentRequestFailed, agentAuthenticationError, agentRateLimited, "
            "agentTimeout, agentResponseUnparseable (the agent request failed)"
            + (
                ", toolCallNotAllowed (the agent asked for a tool not in allowed_tools)"
                if level >= (1, 11, 0)
                else ""
            )
            + ", turnSkipped (an earlier turn failed), evaluatorsFailed (an evaluator could not "
            "run)"
            + (
                ", evaluationCrashed (evaluation stopped before any result)."
                if level >= (1, 10, 0)
                else "."
            ),
            {"type": "string", "enum": item_error_codes(level)},
        )
    else:
        code = field(
            "Error code",
            "Category, for example agentRequestFailed, turnSkipped or evaluatorsFailed.",
            {"type": "string", "minLength": 1},
        )
    return field(
        "Error object",
        "What went wrong with an item or turn: a code for programs and a message for people.",
        {
            "type": "object",
            "required": ["code", "message"],
            "additionalProperties": False,
            "properties": {
                "code": code,
                "message": field(
                    "Message", "Readable explanation.", {"type": "string", "minLength": 1}
                ),
            },
        },
    )


def nullable(kind: str) -> Schema:
    return {"type": [kind, "null"]}


def diagnostics_defs(level: Level) -> Schema:
    extract = field(
        "Extract",
        "A snippet of a retrieved result.",
        {
            "type": "object",
            "additionalProperties": True,
            "properties": {"text": text("Text", "The snippet.")},
        },
    )
    hit = field(
        "Retrieval hit",
        "One result a retrieval capability returned.",
        {
            "type": "object",
            "additionalProperties": True,
            "properties": {
                "rank": field("Rank", "Position of the result (may be null).", nullable("integer")),
                "webUrl": field("URL", "Where the result lives (may be null).", nullable("string")),
                "extracts": field(
                    "Extracts", "Snippets of the result.", {"type": "array", "items": extract}
                ),
            },
        },
    )
    query = field(
        "Retrieval query",
        "One query the agent issued.",
        {
            "type": "object",
            "additionalProperties": True,
            "properties": {
                "queryString": field("Query", "The query text (may be null).", nullable("string")),
                "filterExpression": field(
                    "Filter", "Filter applied to the query (may be null).", nullable("string")
                ),
            },
        },
    )
    execution = field(
        "Retrieval execution",
        "What one retrieval capability did during the response. Every field may be null.",
        {
            "type": "object",
            "additionalProperties": True,
            "properties": {
                "capability": field(
                    "Capability", "Name of the capability, e.g. Email.", nullable("string")
                ),
                "status": field(
                    "Status", "How the execution ended, e.g. success.", nullable("string")
                ),
                "totalResultCount": field(
                    "Result count", "Results the capability reported.", nullable("integer")
                ),
                "queries": field("Queries", "Queries issued.", {"type": "array", "items": query}),
                "retrievalHits": field(
                    "Hits", "Results returned.", {"type": "array", "items": hit}
                ),
            },
        },
    )
    props: Schema = {
        "retrieval_executions": field(
            "Retrieval executions",
            "Retrieval activity: what each capability was asked and returned.",
            {"type": "array", "items": ref("retrieval_execution")},
        )
    }
    defs: Schema = {"retrieval_execution": execution}
    if level >= (1, 11, 0):
        props["tool_calls"] = field(
            "Tool calls",
            "Developer Info evidence about tool use, kept so evaluate-only runs can re-score "
            "tool-call evaluators.",
            ref("tool_call_evidence"),
        )
        defs.update(tool_evidence_defs())
    defs["diagnostics"] = field(
        "Diagnostics",
        "Runtime evidence by category, written by the CLI beside the scores. Extra categories "
        "are allowed.",
        {"type": "object", "additionalProperties": True, "properties": props},
    )
    return defs


def tool_evidence_defs() -> Schema:
    observed = options_object(
        "Observed tool",
        "A tool identity seen in Developer Info. A null part means it was missing or "
        "unreadable; the entry is kept because it may still change a verdict.",
        {
            "plugin_name": field(
                "Plugin name", "Normalised plugin name, or null.", nullable("string")
            ),
            "function_name": field(
                "Function name", "Normalised function name, or null.", nullable("string")
            ),
        },
    )
    observed["required"] = ["plugin_name", "function_name"]
    run = options_object(
        "Observed tool execution",
        "A tool run seen in Developer Info, with its HTTP status.",
        {
            "plugin_name": field(
                "Plugin name", "Normalised plugin name, or null.", nullable("string")
            ),
            "function_name": field(
                "Function name", "Normalised function name, or null.", nullable("string")
            ),
            "response_status": field(
                "HTTP status", "HTTP status of the run, or null.", nullable("integer")
            ),
        },
    )
    run["required"] = ["plugin_name", "function_name", "response_status"]
    evidence = options_object(
        "Tool-call evidence",
        "What Developer Info showed about tool selection and execution. null means no "
        "evidence; [] means an authoritative none.",
        {
            "selected_functions": field(
                "Selected functions",
                "Tools the agent selected, or null when unknown.",
                {"type": ["array", "null"], "items": ref("observed_tool")},
            ),
            "executions": field(
                "Executions",
                "Tools that ran, with HTTP outcomes, or null when unknown.",
                {"type": ["array", "null"], "items": ref("observed_tool_execution")},
            ),
            "evidence_error": field(
                "Evidence error",
                "Why no authoritative evidence was available.",
                {
                    "type": "string",
                    "enum": [
                        "Multiple Developer Info artifacts were returned; no authoritative "
                        "telemetry snapshot could be identified."
                    ],
                },
            ),
        },
    )
    evidence["required"] = ["selected_functions", "executions"]
    return {
        "tool_call_evidence": evidence,
        "observed_tool": observed,
        "observed_tool_execution": run,
    }


def tool_allowlist_defs() -> Schema:
    return {
        "tool_allowlist": field(
            "Tool allowlist",
            "Full tool identifiers (namespace_toolname, as in the confirmation request) the CLI "
            "may approve, matched exactly and case-sensitively after trimming. [] approves "
            "nothing, and so does leaving the list out.",
            {
                "type": "array",
                "items": {
                    "type": "string",
                    "minLength": 1,
                    "pattern": "\\S",
                    "description": "One tool identifier, e.g. zavainsurance_get-claim-summary; "
                    "not blank.",
                },
            },
            examples=[
                ["zavainsurance_get-claim-summary"],
                ["learnmicro_microsoft_docs_search", "learnmicro_microsoft_docs_fetch"],
                [],
            ],
        ),
    }


# --------------------------------------------------------------------------- document


def build(version: str) -> Schema:
    """The whole schema document for one version."""
    level = parse_version(FEATURE_LEVEL_OF.get(version, version))
    major = parse_version(version)[0]
    date, introduced = HISTORY[version]
    defs: Schema = {"metadata": metadata_def(level)}
    if level >= (1, 2, 0):
        defs["item"] = field(
            "Item",
            "A single-turn item (with prompt) or a multi-turn thread (with turns).",
            {"oneOf": [ref("single_turn_item"), ref("thread")]},
        )
        defs["single_turn_item"] = single_turn_def(level)
        defs["thread"] = thread_def(level)
        defs["turn"] = turn_def(level)
        defs["thread_summary"] = thread_summary_def(level)
    else:
        defs["item"] = open_item_def(level)
    if level >= (1, 1, 0):
        defs["evaluator_map"] = evaluator_map_def(level)
        defs.update(evaluator_option_defs(level))
        defs["combine_mode"] = field(
            "Combine mode",
            "extend merges with the file-level defaults; replace ignores them.",
            {"type": "string", "enum": ["extend", "replace"]},
            default="extend",
        )
    if level >= (1, 11, 0):
        defs.update(tool_allowlist_defs())
    defs["scores"] = scores_def(level)
    defs.update(score_defs(level))
    defs["citation"] = citation_def()
    if level >= (1, 4, 0):
        defs["error_object"] = error_object_def(level)
    if level >= (1, 6, 0):
        defs.update(diagnostics_defs(level))

    props: Schema = {
        "$schema": field(
            "Schema URI",
            "URI of a JSON Schema for editors to validate against. Ignored by the CLI.",
            {"type": "string", "format": "uri"},
        ),
        "schemaVersion": field(
            "Schema version",
            f"Version of the eval document format, MAJOR.MINOR.PATCH. Any {major}.x version "
            f"is accepted here; whether the features used exist in the declared version is "
            "checked by datasetkit's linter, not by this schema.",
            {"type": "string", "pattern": f"^{major}\\.\\d+\\.\\d+$"},
            examples=[version],
        ),
        "metadata": field("Metadata", "Optional facts about the evaluation set.", ref("metadata")),
    }
    if level >= (1, 1, 0):
        props["default_evaluators"] = field(
            "Default evaluators",
            "Evaluators for every item and turn that does not replace them. When present they "
            "replace the built-in defaults (Relevance and Coherence) entirely.",
            ref("evaluator_map"),
        )
    if level >= (1, 11, 0):
        props["default_allowed_tools"] = field(
            "Default allowed tools",
            "Tool calls the CLI may approve for every item when the agent pauses to ask for "
            "confirmation. Leaving it out approves nothing.",
            ref("tool_allowlist"),
        )
    props["items"] = field(
        "Items",
        "The evaluation cases: single-turn items"
        + (" and multi-turn threads" if level >= (1, 2, 0) else "")
        + ". At least one.",
        {"type": "array", "minItems": 1, "items": ref("item")},
    )
    modelled = (
        f" Only the opening of the official {major}.x file is public; the rest follows "
        f"{FEATURE_LEVEL_OF[version]}."
        if version in FEATURE_LEVEL_OF
        else ""
    )
    return {
        "$schema": DRAFT,
        "$id": f"urn:datasetkit:m365:eval-document:{version}",
        "title": f"Microsoft 365 Copilot eval document, schema {version}",
        "description": (
            "An evaluation dataset for the Microsoft 365 Copilot evaluations CLI (runevals), "
            "which is also the shape of its JSON results. "
            f"Version {version}"
            + (f" ({date})" if date else "")
            + f" introduced: {introduced}{modelled}"
        ),
        "$comment": (
            "Written by datasetkit from the format's published changelog and field reference; "
            "not a copy of the official schema file. Extra keys are allowed at the top level."
        ),
        "type": "object",
        "required": ["schemaVersion", "items"],
        "additionalProperties": True,
        "properties": props,
        "$defs": defs,
    }


def versions_index() -> Schema:
    return {
        "format": "Microsoft 365 Copilot eval document",
        "versions": [
            {
                "version": v,
                "released": HISTORY[v][0],
                "preview": v == PREVIEW,
                "schema": schema_file_name(v),
                "introduced": HISTORY[v][1],
            }
            for v in VERSIONS
        ],
        "latest_v1": LATEST_V1,
        "preview": PREVIEW,
    }


def schema_file_name(version: str) -> str:
    return f"eval-document-{version}.schema.json"


def render(doc: Schema) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def expected_files() -> dict[str, str]:
    """File name -> exact text, for every file this script owns."""
    files = {schema_file_name(v): render(build(v)) for v in VERSIONS}
    files["versions.json"] = render(versions_index())
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="report stale files, write nothing")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "schemas" / "m365",
        help="output folder (default: schemas/m365 in this checkout)",
    )
    args = parser.parse_args(argv)
    stale = []
    for name, content in expected_files().items():
        target = args.out / name
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == content:
            continue
        stale.append(name)
        if not args.check:
            # Imported here so --check works without the package installed.
            from datasetkit.io import atomic_write_text

            args.out.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, content)
    verb = "stale" if args.check else "written"
    for name in stale:
        print(f"{verb}: {args.out / name}", file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
