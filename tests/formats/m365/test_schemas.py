"""datasetkit's own eval-document schemas, checked against the official schema copies.

"Agree" means: for the same document, our schema for a version and the official file for
that version give the same verdict (valid or invalid). This is checked on every official
fixture and corpus dataset, and on several hundred documents derived from the valid
fixtures by small deterministic edits (the mistakes users actually make, and the features
each version added), each judged by every version, so that agreement covers the
constraints themselves and not only the files at hand.

Where the spec and an official copy disagree, the official copy wins at its version:
ExactMatch's case_sensitive defaults to false (the Learn evaluators page says true),
RetrievalQuery's includes/excludes are optional string arrays (Learn: required strings),
RetrievalResult requires capability (a Learn sample leaves it out), and the first
published 1.4.0 file is treated as 1.4.0 although version.json said 1.3.0 at the time.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from datasetkit.core.findings import DatasetkitError
from datasetkit.formats.m365 import schemas, versions
from tests.conftest import CORPUS, ROOT

M365 = CORPUS / "m365"
OFFICIAL_DIR = M365 / "schema"
OURS_DIR = ROOT / "schemas" / "m365"

# Official copy folder -> our version it must agree with.
OFFICIAL: dict[str, str] = {
    "v1.4.0-oldid_d403fea": "1.4.0",
    "v1.4.0_15c1991": "1.4.0",
    "v1.5.0_4779b28": "1.5.0",
    "v1.6.0_1eadf60": "1.6.0",
    "v1.7.0_67ed7d2": "1.7.0",
    "v1.8.0_506ca46": "1.8.0",
    "v1.10.0_09f9871": "1.10.0",
    "v1.11.0_136e786": "1.11.0",
    # The Work IQ copy says 1.2.0 in its examples, but its evaluator list and score map
    # already contain Similarity, which the changelog dates to 1.3.0; everything else (open
    # evaluator options, string turn error, four-field summary, no item status) predates
    # 1.4.0. So its content is 1.3.0 and it is compared with our 1.3.0. Our 1.2.0 is
    # compared with this copy minus Similarity (see DERIVED below).
    "v1.2.0_work-iq-copy": "1.3.0",
}


def official_file(folder: str) -> Path:
    name = "prompts-schema.json" if "work-iq" in folder else "eval-document.schema.json"
    return OFFICIAL_DIR / folder / name


def _without_similarity(schema: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(schema)
    names = out["$defs"]["EvaluatorMap"]["propertyNames"]["enum"]
    names.remove("Similarity")
    del out["$defs"]["ScoreCollection"]["properties"]["similarity"]
    return out


def _without_evaluation_crashed(schema: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(schema)
    out["$defs"]["ErrorObject"]["properties"]["code"]["enum"].remove("evaluationCrashed")
    return out


# Versions with no official copy, compared with an official copy edited by exactly the
# changelog entry that separates the two versions (an inference, so kept apart from the
# true copies): 1.2.0 = the 1.3-era copy without Similarity; 1.9.0 = 1.10.0 without the
# evaluationCrashed code (1.10.0's only change).
DERIVED: dict[str, tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "1.2.0": ("v1.2.0_work-iq-copy", _without_similarity),
    "1.9.0": ("v1.10.0_09f9871", _without_evaluation_crashed),
}


@cache
def official_validator(folder: str) -> Draft202012Validator:
    schema = json.loads(official_file(folder).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, format_checker=FormatChecker())


@cache
def derived_validator(version: str) -> Draft202012Validator:
    folder, edit = DERIVED[version]
    schema = edit(json.loads(official_file(folder).read_text(encoding="utf-8")))
    return Draft202012Validator(schema, format_checker=FormatChecker())


def ours(version: str, doc: Any) -> bool:
    return schemas.validator_for(version).is_valid(doc)


def _files(pattern: str) -> list[Path]:
    return sorted(M365.glob(pattern)) if M365.is_dir() else []


EXAMPLES_VALID = _files("schema/examples_*/valid/*.json")
EXAMPLES_INVALID = _files("schema/examples_*/invalid/*.json")
# Every dataset or results file in the corpus, including the CLI's .bak.* backups.
DATASETS = [p for p in _files("*.json*") if p.is_file()]
DOCUMENTS = EXAMPLES_VALID + EXAMPLES_INVALID + DATASETS


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def rel(path: Path) -> str:
    return path.relative_to(M365).as_posix()


def test_corpus_has_every_file_these_tests_compare(corpus: Path) -> None:
    assert all(official_file(folder).is_file() for folder in OFFICIAL)
    assert len(EXAMPLES_VALID) == 10
    assert len(EXAMPLES_INVALID) == 16
    assert len(DATASETS) == 20


# --------------------------------------------------------------------------- fixtures


@pytest.mark.parametrize(
    ("folder", "path"),
    [(folder, path) for folder in OFFICIAL for path in DOCUMENTS],
    ids=[f"{folder}:{rel(path)}" for folder in OFFICIAL for path in DOCUMENTS],
)
def test_verdict_matches_official_copy(folder: str, path: Path) -> None:
    doc = load(path)
    expected = official_validator(folder).is_valid(doc)
    assert ours(OFFICIAL[folder], doc) is expected, (
        f"our {OFFICIAL[folder]} says {'invalid' if expected else 'valid'}, "
        f"the official {folder} says {'valid' if expected else 'invalid'}"
    )


@pytest.mark.parametrize(
    ("version", "path"),
    [(version, path) for version in DERIVED for path in DOCUMENTS],
    ids=[f"{version}:{rel(path)}" for version in DERIVED for path in DOCUMENTS],
)
def test_verdict_matches_derived_official_copy(version: str, path: Path) -> None:
    doc = load(path)
    assert ours(version, doc) is derived_validator(version).is_valid(doc)


@pytest.mark.parametrize("path", EXAMPLES_VALID, ids=rel)
def test_every_valid_example_passes_latest_v1(path: Path) -> None:
    errors = [e.message for e in schemas.validator_for(versions.LATEST_V1).iter_errors(load(path))]
    assert errors == []


@pytest.mark.parametrize("path", EXAMPLES_INVALID, ids=rel)
def test_every_invalid_example_fails_latest_v1(path: Path) -> None:
    assert not ours(versions.LATEST_V1, load(path))


# --------------------------------------------------------------------------- mutations

Doc = dict[str, Any]
Mutation = Callable[[Doc], None]
MUTATIONS: dict[str, Mutation] = {}


def mutation(name: str) -> Callable[[Mutation], Mutation]:
    def register(fn: Mutation) -> Mutation:
        MUTATIONS[name] = fn
        return fn

    return register


def single(doc: Doc) -> Doc:
    """The first single-turn item, appended when the document has none."""
    for item in doc["items"]:
        if isinstance(item, dict) and "prompt" in item:
            return item
    doc["items"].append({"prompt": "What is the leave policy?"})
    return doc["items"][-1]


def thread(doc: Doc) -> Doc:
    """The first thread, appended when the document has none."""
    for item in doc["items"]:
        if isinstance(item, dict) and "turns" in item:
            return item
    doc["items"].append({"name": "Added thread", "turns": [{"prompt": "Hello"}]})
    return doc["items"][-1]


def turn(doc: Doc) -> Doc:
    return thread(doc)["turns"][0]


def evaluators(item: Doc) -> Doc:
    item["evaluators_mode"] = "replace"
    item["evaluators"] = {}
    return item["evaluators"]


def _set(getter: Callable[[Doc], Doc], key: str, value: Any) -> Mutation:
    def apply(doc: Doc) -> None:
        getter(doc)[key] = copy.deepcopy(value)

    return apply


def _drop(getter: Callable[[Doc], Doc], key: str) -> Mutation:
    def apply(doc: Doc) -> None:
        getter(doc).pop(key, None)

    return apply


def _root(doc: Doc) -> Doc:
    return doc


def _metadata(doc: Doc) -> Doc:
    meta = doc.setdefault("metadata", {})
    return meta if isinstance(meta, dict) else doc


# Root: required keys, types, versions, extra keys.
for _name, _fn in {
    "root.drop-schemaVersion": _drop(_root, "schemaVersion"),
    "root.drop-items": _drop(_root, "items"),
    "root.items-empty": _set(_root, "items", []),
    "root.items-object": _set(_root, "items", {"prompt": "x"}),
    "root.schemaVersion-2.0.0": _set(_root, "schemaVersion", "2.0.0"),
    "root.schemaVersion-short": _set(_root, "schemaVersion", "1.2"),
    "root.schemaVersion-number": _set(_root, "schemaVersion", 1.4),
    "root.unknown-key": _set(_root, "description", "root keys are open"),
    "root.prompts-key": _set(_root, "prompts", ["legacy"]),
    "root.$schema-number": _set(_root, "$schema", 42),
    "root.metadata-string": _set(_root, "metadata", "about"),
    "metadata.unknown-key": _set(_metadata, "owner", "team"),
    "metadata.createdAt-not-a-date": _set(_metadata, "createdAt", "yesterday"),
    "metadata.tags-numbers": _set(_metadata, "tags", [1, 2]),
    "metadata.agentName-number": _set(_metadata, "agentName", 7),
    "metadata.extensions-list": _set(_metadata, "extensions", ["x"]),
    "default_evaluators.misspelt": _set(_root, "default_evaluators", {"Relavance": {}}),
    "default_evaluators.lowercase": _set(_root, "default_evaluators", {"relevance": {}}),
    "default_evaluators.array": _set(_root, "default_evaluators", ["Relevance"]),
    "default_evaluators.similarity": _set(_root, "default_evaluators", {"Similarity": {}}),
    "default_allowed_tools.ok": _set(_root, "default_allowed_tools", ["contoso_get-order"]),
    "default_allowed_tools.blank": _set(_root, "default_allowed_tools", ["   "]),
    "default_allowed_tools.string": _set(_root, "default_allowed_tools", "contoso_get-order"),
}.items():
    MUTATIONS[_name] = _fn

# Single-turn item: fields, unknown keys, output fields in each era's shape.
for _name, _fn in {
    "item.drop-prompt": _drop(single, "prompt"),
    "item.prompt-empty": _set(single, "prompt", ""),
    "item.prompt-number": _set(single, "prompt", 7),
    "item.unknown-testId": _set(single, "testId", "T-001"),
    "item.unknown-category": _set(single, "category", "billing"),
    "item.both-prompt-and-turns": _set(single, "turns", [{"prompt": "Hi"}]),
    "item.expected-number": _set(single, "expected_response", 5),
    "item.context-empty": _set(single, "context", ""),
    "item.tags": _set(single, "tags", ["smoke"]),
    "item.tags-numbers": _set(single, "tags", [1]),
    "item.extensions-string": _set(single, "extensions", "x"),
    "item.extensions-open": _set(single, "extensions", {"com.contoso.id": 1}),
    "item.evaluators_mode-merge": _set(single, "evaluators_mode", "merge"),
    "item.evaluators_mode-replace": _set(single, "evaluators_mode", "replace"),
    "item.evaluators-array": _set(single, "evaluators", ["Relevance"]),
    "item.status-partial": _set(single, "status", "partial"),
    "item.status-skipped": _set(single, "status", "skipped"),
    "item.error-string": _set(single, "error", "HTTP 503"),
    "item.error-object": _set(single, "error", {"code": "agentRequestFailed", "message": "503"}),
    "item.error-unknown-code": _set(single, "error", {"code": "somethingElse", "message": "x"}),
    "item.error-evaluationCrashed": _set(
        single, "error", {"code": "evaluationCrashed", "message": "crashed"}
    ),
    "item.error-toolCallNotAllowed": _set(
        single, "error", {"code": "toolCallNotAllowed", "message": "refused"}
    ),
    "item.error-agentTimeout": _set(single, "error", {"code": "agentTimeout", "message": "slow"}),
    "item.error-no-message": _set(single, "error", {"code": "agentRequestFailed"}),
    "item.error-empty-code": _set(single, "error", {"code": "", "message": "x"}),
    "item.error-empty-message": _set(single, "error", {"code": "agentTimeout", "message": ""}),
    "item.response-number": _set(single, "response", 3),
    "item.diagnostics-tool-calls-extra-key": _set(
        single,
        "diagnostics",
        {"tool_calls": {"selected_functions": None, "executions": [], "raw": {}}},
    ),
    "item.diagnostics-tool-calls-execution": _set(
        single,
        "diagnostics",
        {
            "tool_calls": {
                "selected_functions": [{"plugin_name": "contoso", "function_name": None}],
                "executions": [
                    {"plugin_name": "c", "function_name": "f", "response_status": "200"}
                ],
            }
        },
    ),
    "item.diagnostics-evidence-error-other": _set(
        single,
        "diagnostics",
        {"tool_calls": {"selected_functions": None, "executions": None, "evidence_error": "?"}},
    ),
    "item.error-extra-key": _set(
        single, "error", {"code": "turnSkipped", "message": "m", "retry": True}
    ),
    "item.citations-index-0": _set(single, "citations", [{"index": 0}]),
    "item.citations-open": _set(single, "citations", [{"index": 1, "page": 3}]),
    "item.diagnostics-retrieval": _set(
        single,
        "diagnostics",
        {
            "retrieval_executions": [
                {
                    "capability": None,
                    "queries": [{"queryString": "leave", "filterExpression": None}],
                    "retrievalHits": [{"rank": 1, "webUrl": None, "extracts": [{"text": "x"}]}],
                }
            ]
        },
    ),
    "item.diagnostics-retrieval-bad-rank": _set(
        single, "diagnostics", {"retrieval_executions": [{"retrievalHits": [{"rank": "1"}]}]}
    ),
    "item.diagnostics-tool-calls": _set(
        single, "diagnostics", {"tool_calls": {"selected_functions": [], "executions": None}}
    ),
    "item.diagnostics-tool-calls-partial": _set(
        single, "diagnostics", {"tool_calls": {"selected_functions": []}}
    ),
    "item.allowed_tools": _set(single, "allowed_tools", ["contoso_get-order"]),
    "item.allowed_tools-empty-entry": _set(single, "allowed_tools", [""]),
    "item.allowed_tools_mode-replace": _set(single, "allowed_tools_mode", "replace"),
}.items():
    MUTATIONS[_name] = _fn


# Evaluator options, set on the first single-turn item.
def _evaluator(name: str, options: Any) -> Mutation:
    def apply(doc: Doc) -> None:
        evaluators(single(doc))[name] = copy.deepcopy(options)

    return apply


_CALL = {"tool": {"plugin_name": "contoso", "function_name": "get-order"}}
for _name, (_ev, _opts) in {
    "ev.Relevance-default": ("Relevance", {}),
    "ev.Relevance-threshold-3": ("Relevance", {"threshold": 3}),
    "ev.Relevance-threshold-6": ("Relevance", {"threshold": 6}),
    "ev.Relevance-threshold-0": ("Relevance", {"threshold": 0}),
    "ev.Relevance-threshold-string": ("Relevance", {"threshold": "3"}),
    "ev.Relevance-unknown-option": ("Relevance", {"weight": 1}),
    "ev.Relevance-options-object": ("Relevance", {"options": {"k": 1}}),
    "ev.Relevance-not-object": ("Relevance", "fast"),
    "ev.Groundedness-threshold-5": ("Groundedness", {"threshold": 5}),
    "ev.Similarity": ("Similarity", {"threshold": 4}),
    "ev.Citations-threshold-0": ("Citations", {"threshold": 0}),
    "ev.Citations-threshold-fraction": ("Citations", {"threshold": 1.5}),
    "ev.Citations-markdown": ("Citations", {"citation_format": "markdown"}),
    "ev.Citations-format-number": ("Citations", {"citation_format": 1}),
    "ev.ExactMatch-threshold": ("ExactMatch", {"threshold": 1}),
    "ev.ExactMatch-case-string": ("ExactMatch", {"case_sensitive": "yes"}),
    "ev.ExactMatch-citation-format": ("ExactMatch", {"citation_format": "bracket"}),
    "ev.PartialMatch-threshold-half": ("PartialMatch", {"threshold": 0.5}),
    "ev.PartialMatch-threshold-1.5": ("PartialMatch", {"threshold": 1.5}),
    "ev.RetrievalQuery-ok": ("RetrievalQuery", {"capability": "Email", "selector": "leave"}),
    "ev.RetrievalQuery-no-selector": ("RetrievalQuery", {"capability": "Email"}),
    "ev.RetrievalQuery-empty-include": (
        "RetrievalQuery",
        {"capability": "Email", "selector": "x", "includes": [""]},
    ),
    "ev.RetrievalQuery-threshold": (
        "RetrievalQuery",
        {"capability": "Email", "selector": "x", "threshold": 1},
    ),
    "ev.RetrievalResult-count": (
        "RetrievalResult",
        {"capability": "Email", "min_expected_count": 1},
    ),
    "ev.RetrievalResult-count-0": (
        "RetrievalResult",
        {"capability": "Email", "min_expected_count": 0},
    ),
    "ev.RetrievalResult-no-assertion": ("RetrievalResult", {"capability": "Email"}),
    "ev.RetrievalResult-webUrl": (
        "RetrievalResult",
        {"capability": "Email", "expected_items": [{"webUrl": "https://x"}]},
    ),
    "ev.RetrievalResult-items": (
        "RetrievalResult",
        {
            "capability": "Email",
            "max_rank": 3,
            "expected_items": [{"retrievalExtract_contains": "x"}],
        },
    ),
    "ev.custom-threshold-1": ("answer_length", {"threshold": 1}),
    "ev.custom-threshold-10": ("answer_length", {"threshold": 10}),
    "ev.custom-threshold-0.7": ("answer_length", {"threshold": 0.7}),
    "ev.custom-options": ("professional_tone", {"options": {"samples": 5}}),
    "ev.custom-unknown-option": ("professional_tone", {"weight": 2}),
    "ev.custom-name-digit-first": ("1judge", {}),
    "ev.custom-name-dash": ("my-judge", {}),
    "ev.misspelt-builtin": ("Relavance", {}),
    "ev.ToolCallAccuracy": ("ToolCallAccuracy", {}),
    "ev.ToolCallSelection-ok": ("ToolCallSelection", {"calls": [_CALL]}),
    "ev.ToolCallSelection-no-calls": ("ToolCallSelection", {"calls": []}),
    "ev.ToolCallSelection-allow-extra": (
        "ToolCallSelection",
        {"calls": [_CALL], "allow_additional_calls": False},
    ),
    "ev.ToolCallExecution-empty-identity": (
        "ToolCallExecution",
        {"calls": [{"tool": {"plugin_name": "", "function_name": "f"}}]},
    ),
    "ev.RetrievalQuery-empty-capability": ("RetrievalQuery", {"capability": "", "selector": "x"}),
    "ev.RetrievalResult-max-rank-0": (
        "RetrievalResult",
        {"capability": "Email", "max_rank": 0, "min_expected_count": 2},
    ),
    "ev.ToolCallSelection-empty-label": (
        "ToolCallSelection",
        {"calls": [{"id": "", **_CALL}]},
    ),
    "ev.ToolCallSelection-missing-function": (
        "ToolCallSelection",
        {"calls": [{"tool": {"plugin_name": "contoso"}}]},
    ),
    "ev.custom-options-not-object": ("answer_length", {"options": "fast"}),
    "ev.Citations-threshold-1": ("Citations", {"threshold": 1, "citation_format": "inline"}),
    "ev.ToolCallExecution-threshold": ("ToolCallExecution", {"calls": [_CALL], "threshold": 1}),
}.items():
    MUTATIONS[_name] = _evaluator(_ev, _opts)


def _score(key: str, value: Any) -> Mutation:
    def apply(doc: Doc) -> None:
        item = single(doc)
        item.setdefault("scores", {})[key] = copy.deepcopy(value)

    return apply


_ERRORED = {"result": "error", "error": "Evaluator failed: timeout"}
for _name, (_key, _value) in {
    "scores.relevance-ok": ("relevance", {"score": 4, "result": "pass", "threshold": 3}),
    "scores.relevance-6": ("relevance", {"score": 6, "result": "pass", "threshold": 3}),
    "scores.relevance-no-threshold": ("relevance", {"score": 4, "result": "pass"}),
    "scores.relevance-evaluator-number": (
        "relevance",
        {"score": 4, "result": "pass", "threshold": 3, "evaluator": 5},
    ),
    "scores.relevance-errored": ("relevance", _ERRORED),
    "scores.relevance-errored-with-score": ("relevance", {**_ERRORED, "score": 1}),
    "scores.relevance-errored-code": ("relevance", {**_ERRORED, "code": "judgeTimeout"}),
    "scores.relevance-errored-bad-code": ("relevance", {**_ERRORED, "code": "oops"}),
    "scores.relevance-errored-tool-code": (
        "relevance",
        {**_ERRORED, "code": "toolCallEvidenceIndeterminate"},
    ),
    "scores.similarity-bad": ("similarity", {"score": 9}),
    "scores.toolCallAccuracy-bad": ("toolCallAccuracy", {"score": "high"}),
    "scores.citations-ok": ("citations", {"count": 2, "result": "pass", "threshold": 1}),
    "scores.citations-errored": ("citations", _ERRORED),
    "scores.exactMatch-no-match": ("exactMatch", {"result": "pass"}),
    "scores.partialMatch-errored": ("partialMatch", _ERRORED),
    "scores.retrievalQuery-bad-code": (
        "retrievalQuery",
        {"score": 1, "result": "pass", "threshold": 1, "diagnostic_code": "fine"},
    ),
    "scores.retrievalResult-matched-extra": (
        "retrievalResult",
        {
            "score": 1,
            "result": "pass",
            "threshold": 1,
            "diagnostic_code": "pass",
            "matched_items": [{"extractMatch": "x", "matchedHitRank": 1, "reason": "ok"}],
        },
    ),
    "scores.toolCallSelection-pass-1": (
        "toolCallSelection",
        {"score": 1, "result": "pass", "threshold": 1, "reason": "selected"},
    ),
    "scores.toolCallSelection-pass-0": (
        "toolCallSelection",
        {"score": 0, "result": "pass", "threshold": 1, "reason": "selected"},
    ),
    "scores.toolCallExecution-fail-0": (
        "toolCallExecution",
        {"score": 0, "result": "fail", "threshold": 1, "reason": "not run"},
    ),
    "scores.relevance-errored-empty": ("relevance", {"result": "error", "error": ""}),
    "scores.citations-negative-count": (
        "citations",
        {"count": -1, "result": "fail", "threshold": 1},
    ),
    "scores.retrievalResult-matched-no-extract": (
        "retrievalResult",
        {
            "score": 0,
            "result": "fail",
            "threshold": 1,
            "diagnostic_code": "not_retrieved",
            "missing_items": [{"reason": "absent"}],
        },
    ),
    "scores.toolCallSelection-empty-reason": (
        "toolCallSelection",
        {"score": 1, "result": "pass", "threshold": 1, "reason": ""},
    ),
    "scores.toolCallExecution-threshold-0.5": (
        "toolCallExecution",
        {"score": 1, "result": "pass", "threshold": 0.5, "reason": "ran"},
    ),
    "scores.custom-key": ("answer_length", {"anything": True}),
}.items():
    MUTATIONS[_name] = _score(_key, _value)


def _many_turns(count: int) -> Mutation:
    def apply(doc: Doc) -> None:
        t = thread(doc)
        t["turns"] = [{"prompt": f"Turn {n}"} for n in range(1, count + 1)]

    return apply


_SUMMARY4 = {"turns_total": 1, "turns_passed": 1, "turns_failed": 0, "overall_status": "pass"}
_SUMMARY6 = {**_SUMMARY4, "turns_partial": 0, "turns_errored": 0}
for _name, _fn in {
    "thread.drop-turns": _drop(thread, "turns"),
    "thread.turns-empty": _set(thread, "turns", []),
    "thread.turns-20": _many_turns(20),
    "thread.turns-21": _many_turns(21),
    "thread.turns-object": _set(thread, "turns", {"prompt": "x"}),
    "thread.both-prompt-and-turns": _set(thread, "prompt", "Hi"),
    "thread.unknown-key": _set(thread, "owner", "me"),
    "thread.tags": _set(thread, "tags", ["flow"]),
    "thread.evaluators": _set(thread, "evaluators", {"Relevance": {}}),
    "thread.status": _set(thread, "status", "pass"),
    "thread.summary-4-fields": _set(thread, "summary", _SUMMARY4),
    "thread.summary-6-fields": _set(thread, "summary", _SUMMARY6),
    "thread.summary-error": _set(thread, "summary", {**_SUMMARY6, "overall_status": "error"}),
    "thread.summary-partial": _set(thread, "summary", {**_SUMMARY4, "overall_status": "partial"}),
    "thread.summary-5-fields": _set(
        thread, "summary", {k: v for k, v in _SUMMARY6.items() if k != "turns_errored"}
    ),
    "thread.summary-extra-key": _set(thread, "summary", {**_SUMMARY6, "turns_skipped": 0}),
    "thread.summary-total-0": _set(thread, "summary", {**_SUMMARY6, "turns_total": 0}),
    "thread.conversation_id-number": _set(thread, "conversation_id", 12),
    "turn.unknown-key": _set(turn, "notes", "check"),
    "turn.typo": _set(turn, "expeceted_response", "Hello"),
    "turn.prompt-empty": _set(turn, "prompt", ""),
    "turn.drop-prompt": _drop(turn, "prompt"),
    "turn.nested-turns": _set(turn, "turns", [{"prompt": "x"}]),
    "turn.error-string": _set(turn, "error", "HTTP 503"),
    "turn.error-object": _set(turn, "error", {"code": "turnSkipped", "message": "skipped"}),
    "turn.status-partial": _set(turn, "status", "partial"),
    "turn.status-error": _set(turn, "status", "error"),
    "turn.tags": _set(turn, "tags", ["step"]),
    "turn.allowed_tools": _set(turn, "allowed_tools", ["contoso_get-order"]),
    "turn.evaluators-similarity": _set(turn, "evaluators", {"Similarity": {}}),
    "turn.evaluators-custom": _set(turn, "evaluators", {"tone_check": {"threshold": 2}}),
    "turn.diagnostics": _set(turn, "diagnostics", {"anything": 1}),
}.items():
    MUTATIONS[_name] = _fn


def target(name: str) -> str:
    """What a mutation edits: the top level, the first single-turn item or the first thread."""
    prefix = name.split(".", 1)[0]
    if prefix in ("item", "ev", "scores"):
        return "prompt"
    if prefix in ("thread", "turn"):
        return "turns"
    return "root"


def first_of(doc: Doc, kind: str) -> Doc | None:
    return next((i for i in doc["items"] if isinstance(i, dict) and kind in i), None)


def variants(doc: Doc, names: Iterable[str] | None = None) -> Iterator[tuple[str, Doc]]:
    """The named mutations (default: all that apply), each on a fresh copy of ``doc``.

    A document is valid exactly when its top level and each of its items are, and the
    items a mutation does not touch are compared unedited by the fixture tests. So an item
    or thread edit keeps only the edited item, and a top-level edit keeps the first item
    of each kind.
    """
    for name in MUTATIONS if names is None else names:
        kind = target(name)
        if kind == "root":
            kept = [i for i in (first_of(doc, "prompt"), first_of(doc, "turns")) if i is not None]
        else:
            first = first_of(doc, kind)
            if first is None:
                continue
            kept = [first]
        mutated = copy.deepcopy({**doc, "items": kept})
        MUTATIONS[name](mutated)
        yield name, mutated


# How many examples each mutation is applied to, by what it edits. Thread edits get one
# more run because fewer examples have threads.
RUNS_PER_MUTATION = {"root": 2, "prompt": 2, "turns": 3}


@cache
def assignments() -> dict[Path, tuple[str, ...]]:
    """Which mutations each valid example gets: every mutation goes to a few examples that
    have what it edits (RUNS_PER_MUTATION), the examples taking turns.

    The schemas have no rules linking one field to another (beyond prompt-or-turns, which
    the edits themselves exercise), so which valid example an edit starts from matters
    little; spreading the catalogue gives each example a few dozen variants and keeps the
    run fast, while every mutation is still checked against every version.
    """
    docs = {path: load(path) for path in EXAMPLES_VALID}
    chosen: dict[Path, list[str]] = {path: [] for path in EXAMPLES_VALID}
    turn_of: dict[str, int] = {}
    for name in MUTATIONS:
        kind = target(name)
        fits = [p for p in EXAMPLES_VALID if kind == "root" or first_of(docs[p], kind)]
        if not fits:
            continue
        n = turn_of.get(kind, 0)
        turn_of[kind] = n + 1
        runs = min(RUNS_PER_MUTATION[kind], len(fits))
        for k in range(runs):
            # Spread the runs of one mutation apart so they start from different examples.
            chosen[fits[(n + k * len(fits) // runs) % len(fits)]].append(name)
    return {path: tuple(names) for path, names in chosen.items()}


@cache
def seed_variants(path: Path) -> list[tuple[str, Doc]]:
    return list(variants(load(path), assignments()[path]))


@cache
def official_verdicts(folder: str, path: Path) -> tuple[bool, ...]:
    validator = official_validator(folder)
    return tuple(validator.is_valid(d) for _, d in seed_variants(path))


def derived_verdicts(version: str, path: Path) -> tuple[bool, ...]:
    validator = derived_validator(version)
    return tuple(validator.is_valid(d) for _, d in seed_variants(path))


@pytest.mark.corpus
def test_mutation_catalogue_is_large_and_deterministic() -> None:
    assert len(MUTATIONS) >= 100
    seed = load(EXAMPLES_VALID[0]) if EXAMPLES_VALID else {"schemaVersion": "1.0.0", "items": []}
    first = [json.dumps(d, sort_keys=True) for _, d in variants(seed)]
    second = [json.dumps(d, sort_keys=True) for _, d in variants(seed)]
    assert first == second
    # Each mutation changes the document (none is a silent no-op on this seed).
    original = json.dumps(seed, sort_keys=True)
    assert original not in first
    # Spread over the examples, every mutation still runs on several of them, and every
    # example gets a few dozen variants.
    runs = [name for path in EXAMPLES_VALID for name, _ in seed_variants(path)]
    assert all(runs.count(name) == RUNS_PER_MUTATION[target(name)] for name in MUTATIONS)
    assert all(len(seed_variants(path)) >= 20 for path in EXAMPLES_VALID)


def _verdict_mismatches(
    version: str, expected: tuple[bool, ...], path: Path, rewrite_version: str | None = None
) -> list[str]:
    mismatches = []
    for (name, doc), valid in zip(seed_variants(path), expected, strict=True):
        if rewrite_version is not None:
            if not isinstance(doc.get("schemaVersion"), str) or not re.fullmatch(
                r"1\.\d+\.\d+", doc["schemaVersion"]
            ):
                continue
            doc = {**doc, "schemaVersion": rewrite_version}
        if ours(version, doc) is not valid:
            mismatches.append(f"{name}: official {'valid' if valid else 'invalid'}")
    return mismatches


# The old-$id 1.4.0 copy differs from v1.4.0_15c1991 only in its $id, so mutating
# against both would repeat every validation; the fixture tests still cover it.
MUTATION_FOLDERS = [folder for folder in OFFICIAL if folder != "v1.4.0-oldid_d403fea"]


@pytest.mark.parametrize(
    ("folder", "path"),
    [(folder, path) for folder in MUTATION_FOLDERS for path in EXAMPLES_VALID],
    ids=[f"{folder}:{path.name}" for folder in MUTATION_FOLDERS for path in EXAMPLES_VALID],
)
def test_mutated_examples_match_official_copy(folder: str, path: Path) -> None:
    assert _verdict_mismatches(OFFICIAL[folder], official_verdicts(folder, path), path) == []


@pytest.mark.parametrize(
    ("version", "path"),
    [(version, path) for version in DERIVED for path in EXAMPLES_VALID],
    ids=[f"{version}:{path.name}" for version in DERIVED for path in EXAMPLES_VALID],
)
def test_mutated_examples_match_derived_official_copy(version: str, path: Path) -> None:
    assert _verdict_mismatches(version, derived_verdicts(version, path), path) == []


@pytest.mark.parametrize("path", EXAMPLES_VALID, ids=lambda p: p.name)
def test_preview_2_0_0_is_1_11_0_with_a_2x_version(path: Path) -> None:
    # Spec §8: the v2 body is modelled on the 1.11.0 file. So a 1.x document, relabelled
    # 2.0.0, must get from our 2.0.0 the verdict the official 1.11.0 gives the original.
    expected = official_verdicts("v1.11.0_136e786", path)
    assert _verdict_mismatches("2.0.0", expected, path, rewrite_version="2.0.0") == []


@pytest.mark.corpus
def test_mutations_discriminate_between_versions() -> None:
    # Agreement is only meaningful if the variants hit constraints that change between
    # versions: check that some defining edits flip verdicts exactly where they should.
    seed = load(next(p for p in EXAMPLES_VALID if p.name == "mixed-single-and-multi-turn.json"))
    docs = dict(variants(seed))

    def accepted_by(name: str) -> list[str]:
        return [v for v in versions.KNOWN_VERSIONS[:-1] if ours(v, docs[name])]

    v1 = list(versions.KNOWN_VERSIONS[:-1])
    assert accepted_by("item.unknown-testId") == ["1.0.0", "1.1.0"]
    assert accepted_by("ev.Similarity") == [v for v in v1 if v not in ("1.2.0",)]
    assert accepted_by("ev.RetrievalQuery-ok") == ["1.0.0", "1.1.0", *v1[5:]]
    assert accepted_by("ev.custom-threshold-10")[2:] == v1[7:]
    assert accepted_by("item.tags") == ["1.0.0", "1.1.0", "1.9.0", "1.10.0", "1.11.0"]
    assert accepted_by("item.error-evaluationCrashed") == [
        v for v in v1 if v not in ("1.2.0", "1.3.0", "1.9.0")
    ]
    assert accepted_by("item.allowed_tools") == ["1.0.0", "1.1.0", "1.11.0"]
    # 1.0 and 1.1 have no threads: an item without a prompt is invalid there.
    assert accepted_by("thread.turns-20") == v1[2:]
    assert accepted_by("thread.turns-21") == []
    assert accepted_by("thread.summary-4-fields") == ["1.2.0", "1.3.0"]
    assert accepted_by("thread.summary-6-fields") == v1[4:]
    assert accepted_by("root.items-empty") == []


# --------------------------------------------------------------------------- versions
# without an official copy: their defining change, accepted or rejected as the changelog
# says.


def doc(version: str, *items: Any, **root: Any) -> Doc:
    return {"schemaVersion": version, **root, "items": list(items)}


ITEM = {"prompt": "How many leave days do I have?"}


def test_1_0_0_keeps_every_object_open() -> None:
    early = {**ITEM, "testId": "T-1", "category": "hr", "notes": "from Learn docs"}
    assert ours("1.0.0", doc("1.0.0", early, owner="hr-team"))
    assert ours(
        "1.0.0",
        doc(
            "1.0.0",
            {
                **ITEM,
                "scores": {"relevance": {"score": 4, "result": "pass", "threshold": 3, "note": 1}},
            },
        ),
    )
    # Its typed parts still hold: prompt required and non-empty, scores in range.
    assert not ours("1.0.0", doc("1.0.0", {"testId": "T-1"}))
    assert not ours("1.0.0", doc("1.0.0", {"prompt": ""}))
    assert not ours(
        "1.0.0",
        doc(
            "1.0.0",
            {
                **ITEM,
                "scores": {"toolCallAccuracy": {"score": 9, "result": "pass", "threshold": 3}},
            },
        ),
    )
    assert not ours("1.0.0", doc("1.0.0"))


def test_1_1_0_adds_evaluator_configuration_with_open_names() -> None:
    configured = {
        **ITEM,
        "evaluators": {"ExactMatch": {"case_sensitive": True}},
        "evaluators_mode": "replace",
    }
    assert ours(
        "1.1.0", doc("1.1.0", configured, default_evaluators={"Relevance": {"threshold": 4}})
    )
    # Names are not a closed list yet, and objects still accept extra keys.
    assert ours("1.1.0", doc("1.1.0", {**ITEM, "evaluators": {"ToolCallAccuracy": {"weight": 1}}}))
    assert not ours("1.1.0", doc("1.1.0", {**ITEM, "evaluators_mode": "merge"}))
    assert not ours("1.1.0", doc("1.1.0", ITEM, default_evaluators=["Relevance"]))
    assert not ours(
        "1.1.0", doc("1.1.0", {**ITEM, "evaluators": {"Relevance": {"threshold": "high"}}})
    )
    # 1.0.0 had no evaluator fields, so it does not type them (everything was open).
    assert ours("1.0.0", doc("1.0.0", {**ITEM, "evaluators_mode": "merge"}))


def test_1_2_0_closes_items_and_adds_threads() -> None:
    thread_ = {
        "name": "Follow-up",
        "turns": [{"prompt": "Hi", "status": "error", "error": "HTTP 503"}],
    }
    assert ours("1.2.0", doc("1.2.0", ITEM, thread_))
    assert not ours("1.2.0", doc("1.2.0", {**ITEM, "testId": "T-1"}))
    assert not ours("1.2.0", doc("1.2.0", {**ITEM, "turns": [{"prompt": "Hi"}]}))
    assert not ours("1.2.0", doc("1.2.0", {"turns": [{"prompt": f"{n}"} for n in range(21)]}))
    # Before 1.4 a turn error is text and single items carry no status.
    assert not ours(
        "1.2.0", doc("1.2.0", {"turns": [{"prompt": "Hi", "error": {"code": "x", "message": "y"}}]})
    )
    assert not ours("1.2.0", doc("1.2.0", {**ITEM, "status": "pass"}))
    # The evaluator list is closed and does not yet contain Similarity.
    assert not ours("1.2.0", doc("1.2.0", {**ITEM, "evaluators": {"Similarity": {}}}))
    assert not ours("1.2.0", doc("1.2.0", {**ITEM, "evaluators": {"Relevance": {"weight": 1}}}))


def test_1_3_0_adds_similarity() -> None:
    similar = {**ITEM, "evaluators": {"Similarity": {"threshold": 4}}}
    assert ours("1.3.0", doc("1.3.0", similar))
    assert not ours("1.2.0", doc("1.2.0", similar))
    bad_score = {**ITEM, "scores": {"similarity": {"score": 9, "result": "pass", "threshold": 3}}}
    assert not ours("1.3.0", doc("1.3.0", bad_score))
    # In 1.2.0 the score map is open and similarity is not one of its typed keys.
    assert ours("1.2.0", doc("1.2.0", bad_score))


@pytest.mark.corpus
def test_1_9_0_adds_tags_and_error_code_lists() -> None:
    tagged = doc(
        "1.9.0",
        {**ITEM, "tags": ["a"]},
        {"tags": ["b"], "turns": [{"prompt": "Hi", "tags": ["c"]}]},
    )
    assert ours("1.9.0", tagged)
    # The official 1.8.0 file has no tags on items, threads or turns; neither does ours.
    for where in range(3):
        only_one = copy.deepcopy(tagged)
        if where == 0:
            del only_one["items"][1]["tags"], only_one["items"][1]["turns"][0]["tags"]
        elif where == 1:
            del only_one["items"][0]["tags"], only_one["items"][1]["turns"][0]["tags"]
        else:
            del only_one["items"][0]["tags"], only_one["items"][1]["tags"]
        assert not official_validator("v1.8.0_506ca46").is_valid(only_one)
        assert not ours("1.8.0", only_one)
    errored = {
        **ITEM,
        "scores": {"relevance": {"result": "error", "error": "x", "code": "judgeTimeout"}},
    }
    assert ours("1.9.0", doc("1.9.0", errored))
    assert not ours("1.8.0", doc("1.8.0", errored))
    free_code = {**ITEM, "status": "error", "error": {"code": "networkDown", "message": "x"}}
    assert ours("1.8.0", doc("1.8.0", free_code))
    assert not ours("1.9.0", doc("1.9.0", free_code))
    crashed = {**ITEM, "status": "error", "error": {"code": "evaluationCrashed", "message": "x"}}
    assert not ours("1.9.0", doc("1.9.0", crashed))
    assert ours("1.10.0", doc("1.10.0", crashed))


def test_2_0_0_takes_2x_documents_and_the_tool_call_example() -> None:
    # The tool-call dataset of spec §8.
    example = {
        "schemaVersion": "2.0.0",
        "default_allowed_tools": ["zavainsurance_get-claim-summary"],
        "items": [
            {
                "prompt": "Summarize claim CN202504991",
                "evaluators": {
                    "ToolCallSelection": {
                        "calls": [
                            {
                                "id": "summary",
                                "tool": {
                                    "plugin_name": "zavainsurance",
                                    "function_name": "get-claim-summary",
                                },
                            }
                        ],
                        "allow_additional_calls": True,
                    },
                    "ToolCallExecution": {
                        "calls": [
                            {
                                "tool": {
                                    "plugin_name": "zavainsurance",
                                    "function_name": "get-claim-summary",
                                }
                            }
                        ]
                    },
                },
                "evaluators_mode": "replace",
            }
        ],
    }
    assert ours("2.0.0", example)
    assert not ours("2.0.0", {**example, "schemaVersion": "1.11.0"})
    assert not ours("1.11.0", example)
    assert ours("1.11.0", {**example, "schemaVersion": "1.11.0"})
    assert not ours("2.0.0", {**example, "schemaVersion": "3.0.0"})


# --------------------------------------------------------------------------- the files


def schema_files() -> list[Path]:
    return sorted(OURS_DIR.glob("eval-document-*.schema.json"))


@pytest.mark.parametrize("version", versions.KNOWN_VERSIONS)
def test_schema_file_is_valid_draft_2020_12(version: str) -> None:
    schema = schemas.load_schema(version)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert (
        schema["$id"] == f"https://datasetkit.dev/schemas/m365/eval-document-{version}.schema.json"
    )
    assert schema["$id"] == schemas.SCHEMA_BASE_URL + f"m365/{schemas.schema_file_name(version)}"
    major = version.split(".")[0]
    assert schema["properties"]["schemaVersion"]["pattern"] == f"^{major}\\.\\d+\\.\\d+$"


def _walk_properties(node: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    yield f"{where}/properties/{name}", sub
            yield from _walk_properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _walk_properties(value, f"{where}/{n}")


@pytest.mark.parametrize("version", versions.KNOWN_VERSIONS)
def test_every_property_and_definition_explains_itself(version: str) -> None:
    schema = schemas.load_schema(version)
    named = list(_walk_properties(schema)) + [
        (f"/$defs/{k}", v) for k, v in schema["$defs"].items()
    ]
    # Branch-only sub-schemas (if/then/else) restate a property's value; they need no text.
    undocumented = [
        where
        for where, sub in named
        if not re.search(r"/(if|then|else)/", where)
        and not (sub.get("title") and sub.get("description"))
    ]
    assert undocumented == []


def _strings(node: Any, key: str) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for k, value in node.items():
            if k == key and isinstance(value, str):
                found.add(value)
            found |= _strings(value, key)
    elif isinstance(node, list):
        for value in node:
            found |= _strings(value, key)
    return found


def test_wording_and_definitions_are_our_own(corpus: Path) -> None:
    official_text: set[str] = set()
    official_defs: set[str] = set()
    for folder in OFFICIAL:
        official = load(official_file(folder))
        official_text |= _strings(official, "description")
        official_defs |= set(official.get("$defs", {}))
    for version in versions.KNOWN_VERSIONS:
        schema = schemas.load_schema(version)
        assert _strings(schema, "description") & official_text == set(), version
        assert set(schema["$defs"]) & official_defs == set(), version


def test_defaults_the_spec_gives_are_declared() -> None:
    defs = schemas.load_schema("1.11.0")["$defs"]
    assert defs["llm_options"]["properties"]["threshold"]["default"] == 3
    assert defs["citations_options"]["properties"]["threshold"]["default"] == 1
    assert defs["citations_options"]["properties"]["citation_format"]["default"] == "oai_unicode"
    assert defs["exact_match_options"]["properties"]["case_sensitive"]["default"] is False
    assert defs["partial_match_options"]["properties"]["threshold"]["default"] == 0.5
    assert defs["retrieval_result_options"]["properties"]["max_rank"]["default"] == 10
    assert defs["tool_selection_options"]["properties"]["allow_additional_calls"]["default"] is True
    item = defs["single_turn_item"]["properties"]
    assert item["evaluators_mode"]["default"] == "extend"
    assert item["allowed_tools_mode"]["default"] == "extend"
    assert (
        schemas.load_schema("1.6.0")["$defs"]["custom_options"]["properties"]["threshold"][
            "default"
        ]
        == 3
    )


def test_versions_index_lists_every_schema() -> None:
    index = load(OURS_DIR / "versions.json")
    listed = [entry["version"] for entry in index["versions"]]
    assert tuple(listed) == versions.KNOWN_VERSIONS
    assert index["latest_v1"] == versions.LATEST_V1
    assert index["preview"] == "2.0.0"
    assert [p.name for p in schema_files()] == sorted(
        entry["schema"] for entry in index["versions"]
    )
    assert all(entry["introduced"] for entry in index["versions"])
    assert "Similarity" in versions.version_summary("1.3.0")


def test_schema_files_are_what_the_builder_writes() -> None:
    # The files are generated from tools/build_m365_schemas.py; a hand edit (or an edit of
    # the builder without re-running it) shows up here.
    spec = importlib.util.spec_from_file_location(
        "build_m365_schemas", ROOT / "tools" / "build_m365_schemas.py"
    )
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    expected = builder.expected_files()
    actual = {p.name: p.read_text(encoding="utf-8") for p in OURS_DIR.iterdir() if p.is_file()}
    assert actual == expected
    assert builder.VERSIONS == versions.KNOWN_VERSIONS


# --------------------------------------------------------------------------- the module


def test_load_schema_reads_once_and_hands_out_copies() -> None:
    first = schemas.load_schema("1.4.0")
    first["properties"].clear()
    assert schemas.load_schema("1.4.0")["properties"]
    assert schemas.validator_for("1.4.0") is schemas.validator_for("1.4.0")
    assert schemas.validator_for("1.4.0").is_valid(doc("1.4.0", ITEM))


def test_validator_checks_formats() -> None:
    checker = schemas.validator_for("1.11.0").format_checker
    assert isinstance(checker, FormatChecker)
    bad_date = doc("1.11.0", ITEM, metadata={"createdAt": "last Tuesday"})
    # jsonschema checks date-time only when its optional rfc3339 library is installed;
    # when it is, a made-up date must be rejected, as editors using the schema do.
    if "date-time" in checker.checkers:
        assert not ours("1.11.0", bad_date)
    else:
        assert ours("1.11.0", bad_date)
    assert ours("1.11.0", doc("1.11.0", ITEM, metadata={"createdAt": "2026-05-01T09:30:00Z"}))


def test_unknown_version_is_a_located_error() -> None:
    with pytest.raises(DatasetkitError) as caught:
        schemas.load_schema("1.9.5")
    assert "1.9.5" in caught.value.message
    assert "1.9.0" in caught.value.hint  # points at resolve_version's answer
    with pytest.raises(DatasetkitError, match=r"3\.0\.0"):
        schemas.validator_for("3.0.0")
    with pytest.raises(DatasetkitError):
        schemas.schema_text_path("latest")


def test_schema_text_path_is_the_file_load_schema_reads() -> None:
    for version in versions.KNOWN_VERSIONS:
        path = schemas.schema_text_path(version)
        assert json.loads(path.read_text(encoding="utf-8")) == schemas.load_schema(version)


def test_resources_come_from_the_checkout_when_the_package_is_not_importable(monkeypatch) -> None:
    def missing(name: str) -> Any:
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(schemas.importlib.resources, "files", missing)
    path = schemas.schema_text_path("1.8.0")
    assert Path(str(path)) == OURS_DIR / "eval-document-1.8.0.schema.json"


def test_resources_come_from_the_package_when_it_is_importable(monkeypatch, tmp_path: Path) -> None:
    # What an installed wheel looks like: datasetkit/_schemas/m365/... inside the package.
    packaged = tmp_path / "_schemas"
    (packaged / "m365").mkdir(parents=True)
    for source in OURS_DIR.iterdir():
        (packaged / "m365" / source.name).write_bytes(source.read_bytes())
    seen = []

    def files(name: str) -> Path:
        seen.append(name)
        return packaged

    monkeypatch.setattr(schemas.importlib.resources, "files", files)
    assert (
        schemas.schema_text_path("1.11.0") == packaged / "m365" / "eval-document-1.11.0.schema.json"
    )
    assert seen == ["datasetkit._schemas"]
