"""promptfoo assertions and var roles, shared by the CSV and the YAML/JSON readers and
writers: an assertion's type and value, which assertion is the expected answer (and
with which M365 evaluator), and which var is the prompt, the context, the response or
the reference answer."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Severity
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Turn

# Assertions whose value is a reference answer or a rubric (no evaluator of their own),
# in the order they are taken as the expected answer when no match assertion is there.
REFERENCE_TYPES = ("similar", "factuality", "model-graded-factuality", "answer-correctness")
RUBRIC_TYPES = ("llm-rubric", "model-graded-closedqa", "g-eval")

# Assertion types promptfoo's CSV loader recognises after a ``type:`` prefix.
_TYPES = (
    "answer-relevance", "bleu", "classifier", "contains-all", "contains-any", "contains-html",
    "contains-json", "contains-sql", "contains-xml", "contains", "context-faithfulness",
    "context-recall", "context-relevance", "cost", "equals", "factuality", "g-eval", "gleu",
    "icontains-all", "icontains-any", "icontains", "is-html", "is-json", "is-refusal",
    "is-sql", "is-valid-function-call", "is-valid-openai-function-call",
    "is-valid-openai-tools-call", "is-xml", "javascript", "latency", "levenshtein",
    "llm-rubric", "meteor", "model-graded-closedqa", "model-graded-factuality", "moderation",
    "perplexity-score", "perplexity", "python", "regex", "rouge-n", "select-best", "similar",
    "starts-with", "webhook", "word-count",
)  # fmt: skip


_ASSERT = re.compile(
    r"^(not-)?("
    + "|".join(re.escape(t) for t in _TYPES)
    + r")(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$"
)


_LEGACY = {"javascript:": "javascript", "fn:": "javascript", "eval:": "javascript",
           "grade:": "llm-rubric", "llm-rubric:": "llm-rubric", "python:": "python"}  # fmt: skip


# Assertions with an M365 evaluator: type -> (evaluator, case_sensitive).
_MAPPED = {
    "equals": ("ExactMatch", True),
    "contains": ("PartialMatch", True),
    "icontains": ("PartialMatch", False),
    "contains-any": ("PartialMatch", True),
    "icontains-any": ("PartialMatch", False),
}


_PROMPT_WORDS = {"prompt", "question", "query", "input", "message", "utterance", "request", "ask"}


_RESPONSE_NAMES = {"response", "reply", "output", "actualoutput", "completion", "modeloutput",
                   "agentresponse", "generatedanswer", "provideroutput"}  # fmt: skip


_CONTEXT_NAMES = {"context", "contexts"}


def parse_assertion(raw: str) -> dict[str, Any]:
    """One ``__expected`` cell as promptfoo reads it: type, value and threshold."""
    for prefix, kind in _LEGACY.items():
        if raw.startswith(prefix):
            return {"type": kind, "value": raw[len(prefix) :]}
    m = _ASSERT.match(raw)
    if not m:
        return {"type": "equals", "value": raw}
    # "contains: refund" means "refund": the space after the colon is layout, not value.
    value = (m.group(4) or "").lstrip(" \t")
    out: dict[str, Any] = {"type": (m.group(1) or "") + m.group(2), "value": value}
    if m.group(3):
        out["threshold"] = float(m.group(3))
    return out


def _compact(name: str) -> str:
    return re.sub(r"[\s_\-.]+", "", name).lower()


def _words(name: str) -> set[str]:
    """The words of a var name (snake_case, kebab-case and camelCase split)."""
    parts = re.split(r"[\s_\-.]+|(?<=[a-z])(?=[A-Z])", name.strip())
    return {w.lower() for w in parts if w}


def _free_text_length(values: list[str]) -> float:
    """Mean length of the cells that read as prose (not JSON, not numbers)."""
    total = 0
    for v in values:
        s = v.strip()
        if s[:1] in "[{" or re.fullmatch(r"[-+\d.,%]*", s):
            continue
        total += len(s)
    return total / max(len(values), 1)


def choose_roles(
    variables: list[str],
    rows: list[dict[str, str]],
    mapping: dict[str, str],
    preferred: list[str] | None = None,
) -> tuple[dict[str, str], str]:
    """Which var is the prompt (and the context, the response), and why the prompt.

    ``preferred`` are the vars the prompt templates use: among them first."""
    from datasetkit.core.roles import SYNONYMS, field_for

    roles: dict[str, str] = {}
    for role in ("prompt", "context", "response"):
        if role in mapping:
            if mapping[role] not in variables:
                raise DatasetkitError(
                    f"--map {role}={mapping[role]}: the file has no var column of that name",
                    f"use one of: {', '.join(variables)}",
                )
            roles[role] = mapping[role]
    free = [v for v in variables if v not in roles.values()]
    for v in free:
        if "context" not in roles and _compact(v) in _CONTEXT_NAMES:
            roles["context"] = v
        elif "response" not in roles and _compact(v) in _RESPONSE_NAMES:
            roles["response"] = v
        elif "expected_response" not in roles and field_for(v) == "expected_response":
            # A var that holds the reference answer a templated assertion compares
            # with ({{expectedAnswer}}), as promptfoo's own examples name it.
            roles["expected_response"] = v
    why = "named by --map"
    if "prompt" not in roles:
        free = [v for v in variables if v not in roles.values()]
        used = [v for v in preferred or [] if v in free]
        if len(used) == 1:
            roles["prompt"] = used[0]
            return roles, "the prompt template uses it"
        free = used or free
        synonyms = {_compact(s) for s in SYNONYMS["prompt"]}
        named = [v for v in free if _compact(v) in synonyms] or [
            v for v in free if _words(v) & _PROMPT_WORDS
        ]
        if named:
            roles["prompt"], why = named[0], "its name says it is the prompt"
        elif free:
            roles["prompt"] = max(
                free, key=lambda v: _free_text_length([r.get(v, "") for r in rows])
            )
            why = "it has the longest free text"
    return roles, why


def expected_var(
    turn: Turn, values: dict[str, Any], extra: dict[str, Any], layout: dict[str, Any]
) -> None:
    """The var named as the expected answer (``layout["vars"]``) is the turn's expected
    response when no assertion gave one; else it is one more var, kept in ``extra``."""
    roles = layout.get("vars") or {}
    name = roles.get("expected_response")
    if name is None:
        return
    text = c.as_text(values.get(name))
    if turn.expected_response is None and text:
        turn.expected_response = text
        layout["expected_var"] = name
    else:
        del roles["expected_response"]
        if name in values:
            extra[name] = values[name]


def write_expected_var(variables: dict[str, Any], turn: Turn, layout: dict[str, Any]) -> bool:
    """Write the expected response back into the var it was read from; False when it
    was not read from a var (an assertion holds it)."""
    name = layout.get("expected_var")
    if not isinstance(name, str) or turn.expected_response is None:
        return False
    variables[name] = turn.expected_response
    return True


def map_expected(turn: Turn, asserts: list[dict[str, Any]], layout: dict[str, Any]) -> None:
    """Take the first assertion with an evaluator out as the expected answer; else take
    a reference answer (``similar``, ``factuality``), else a rubric, whose assertion
    stays (it is written back as it was)."""
    for i, a in enumerate(asserts):
        if a["type"] in _MAPPED and isinstance(a.get("value"), str):
            evaluator, sensitive = _MAPPED[a["type"]]
            turn.expected_response = a["value"]
            turn.evaluators = {evaluator: {"case_sensitive": sensitive}}
            layout["expected"] = {
                k: a[k] for k in ("column", "raw", "index", "file_sha", "file_path") if k in a
            }
            del asserts[i]
            return
    for kinds in (REFERENCE_TYPES, RUBRIC_TYPES):
        for a in asserts:
            if a["type"] in kinds and isinstance(a.get("value"), str) and a["value"].strip():
                turn.expected_response = a["value"]
                return


def expected_raw(turn: Turn, layout: dict[str, Any], skips: c.Skips) -> str | None:
    """The ``__expected`` text for the turn's expected response and match evaluator."""
    exp = turn.expected_response
    evaluators = turn.evaluators or {}
    if exp is None:
        return None
    stored = layout.get("expected") or {}
    raw = stored.get("raw")
    if isinstance(raw, str):
        a = parse_assertion(raw)
        mapped = _MAPPED.get(a["type"])
        if mapped and a["value"] == exp and mapped[0] in evaluators:
            opts = evaluators[mapped[0]] or {}
            if bool(opts.get("case_sensitive", False)) == mapped[1]:
                return raw
    if "ExactMatch" in evaluators:
        if not (evaluators["ExactMatch"] or {}).get("case_sensitive", False):
            skips.add(
                "exactmatch-case",
                "{n} case-insensitive ExactMatch check{s} written as promptfoo 'equals', "
                "which compares case",
                "edit those to 'icontains:' or a regex if case must not matter",
                Severity.INFO,
            )
        return "equals:" + exp
    if "PartialMatch" in evaluators:
        sensitive = (evaluators["PartialMatch"] or {}).get("case_sensitive", False)
        return ("contains:" if sensitive else "icontains:") + exp
    if any(a.get("value") == exp for a in layout.get("assert", []) if isinstance(a, dict)):
        return None  # already written by the kept reference or rubric assertion
    skips.add(
        "expected-as-similar",
        "{n} expected response{s} with no ExactMatch/PartialMatch written as promptfoo "
        "'similar' assertions (embedding similarity, threshold 0.8)",
        "add ExactMatch or PartialMatch to a case to get 'equals'/'icontains' instead",
        Severity.INFO,
    )
    return "similar:" + exp


def report_unheld(case: Case, turn: Turn, skips: c.Skips) -> None:
    others = [e for e in (turn.evaluators or {}) if e not in ("ExactMatch", "PartialMatch")]
    if others:
        skips.add(
            "evaluators",
            "{n} case{s} with M365 evaluators promptfoo has no assertion for ("
            + ", ".join(sorted(others))
            + "): kept in the __metadata:datasetkit column, which promptfoo does not run",
            "add llm-rubric or similar assertions by hand if promptfoo should grade them",
            Severity.INFO,
        )
