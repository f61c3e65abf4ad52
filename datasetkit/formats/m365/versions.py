"""What each M365 eval schema version introduced, for the checks the schema does not make.

The official schema is cumulative: a document that declares ``1.0.0`` and uses
``RetrievalQuery`` validates against the current file. ``runevals`` accepts such
files (and writes ``1.0.0`` itself when it upgrades a legacy file), so datasetkit
warns, naming the version that introduced the feature.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from datasetkit.core.jsonloc import pointer_join

BUILTIN_EVALUATORS: dict[str, str] = {
    # name -> version that introduced it
    "Relevance": "1.1.0",
    "Coherence": "1.1.0",
    "Groundedness": "1.1.0",
    "Citations": "1.1.0",
    "ExactMatch": "1.1.0",
    "PartialMatch": "1.1.0",
    "Similarity": "1.3.0",
    "RetrievalQuery": "1.5.0",
    "RetrievalResult": "1.5.0",
    "ToolCallSelection": "1.11.0",
    "ToolCallExecution": "1.11.0",
}

# Names a custom evaluator may not take (runevals compares case-insensitively).
RESERVED_EVALUATORS: tuple[str, ...] = (*BUILTIN_EVALUATORS, "ToolCallAccuracy")

# Evaluators that, per the spec, need schema v2 and CLI v2 (preview) at run time.
V2_ONLY_EVALUATORS = ("ToolCallSelection", "ToolCallExecution")


def parse_version(text: str) -> tuple[int, int, int] | None:
    """``"1.11.0"`` -> ``(1, 11, 0)``; None when it is not MAJOR.MINOR.PATCH."""
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1]), int(parts[2])


def version_key(text: str) -> tuple[int, int, int]:
    """Sort key of a version string (invalid ones sort first)."""
    return parse_version(text) or (0, 0, 0)


@dataclass(frozen=True)
class FeatureUse:
    """A feature found in a document: what, which version introduced it, and where."""

    feature: str
    since: str
    pointer: str
    key: bool = True  # point at the member name rather than its value


def _turn_features(turn: dict[str, Any], base: str) -> Iterator[FeatureUse]:
    if "evaluators" in turn:
        yield FeatureUse("per-item `evaluators`", "1.1.0", pointer_join(base, "evaluators"))
        evs = turn["evaluators"]
        if isinstance(evs, dict):
            yield from _evaluator_features(evs, pointer_join(base, "evaluators"))
    if "evaluators_mode" in turn:
        yield FeatureUse("`evaluators_mode`", "1.1.0", pointer_join(base, "evaluators_mode"))
    for name in ("allowed_tools", "allowed_tools_mode"):
        if name in turn:
            yield FeatureUse(f"`{name}`", "1.11.0", pointer_join(base, name))
    if "tags" in turn:
        yield FeatureUse("`tags` on items and turns", "1.9.0", pointer_join(base, "tags"))
    if "diagnostics" in turn and isinstance(turn["diagnostics"], dict):
        diag = turn["diagnostics"]
        if "retrieval_executions" in diag:
            yield FeatureUse(
                "`diagnostics.retrieval_executions`",
                "1.6.0",
                pointer_join(base, "diagnostics", "retrieval_executions"),
            )
        if "tool_calls" in diag:
            yield FeatureUse(
                "`diagnostics.tool_calls`",
                "1.11.0",
                pointer_join(base, "diagnostics", "tool_calls"),
            )
    err = turn.get("error")
    if isinstance(err, dict):
        yield FeatureUse(
            "`error` as an object {code, message}", "1.4.0", pointer_join(base, "error")
        )
        code = err.get("code")
        if code == "evaluationCrashed":
            yield FeatureUse(
                "error code `evaluationCrashed`",
                "1.10.0",
                pointer_join(base, "error", "code"),
                False,
            )
        elif code == "toolCallNotAllowed":
            yield FeatureUse(
                "error code `toolCallNotAllowed`",
                "1.11.0",
                pointer_join(base, "error", "code"),
                False,
            )
    scores = turn.get("scores")
    if isinstance(scores, dict):
        for k, v in scores.items():
            if isinstance(v, dict) and v.get("result") == "error" and "code" in v:
                yield FeatureUse(
                    "error `code` on a score", "1.9.0", pointer_join(base, "scores", k, "code")
                )


def _evaluator_features(evs: dict[str, Any], base: str) -> Iterator[FeatureUse]:
    for name, opts in evs.items():
        where = pointer_join(base, name)
        since = BUILTIN_EVALUATORS.get(name)
        if since is not None:
            if since != "1.1.0":
                yield FeatureUse(f"the `{name}` evaluator", since, where)
        elif name != "ToolCallAccuracy" and name.lower() not in {
            b.lower() for b in RESERVED_EVALUATORS
        }:
            yield FeatureUse("custom evaluators", "1.6.0", where)
            if isinstance(opts, dict):
                t = opts.get("threshold")
                if isinstance(t, (int, float)) and not isinstance(t, bool) and not (1 <= t <= 5):
                    yield FeatureUse(
                        "custom evaluator thresholds outside 1-5 (code-only evaluators)",
                        "1.7.0",
                        pointer_join(where, "threshold"),
                        False,
                    )
        if (
            name == "Citations"
            and isinstance(opts, dict)
            and opts.get("citation_format") == "markdown"
        ):
            yield FeatureUse(
                "`citation_format: markdown`",
                "1.8.0",
                pointer_join(where, "citation_format"),
                False,
            )


def feature_uses(doc: dict[str, Any]) -> Iterator[FeatureUse]:
    """Every versioned feature a document uses, in document order."""
    meta = doc.get("metadata")
    if isinstance(meta, dict):
        for name in ("agentName", "cliVersion"):
            if name in meta:
                yield FeatureUse(f"`metadata.{name}`", "1.1.0", pointer_join("/metadata", name))
    if "default_evaluators" in doc:
        yield FeatureUse("`default_evaluators`", "1.1.0", "/default_evaluators")
        if isinstance(doc["default_evaluators"], dict):
            yield from _evaluator_features(doc["default_evaluators"], "/default_evaluators")
    if "default_allowed_tools" in doc:
        yield FeatureUse("`default_allowed_tools`", "1.11.0", "/default_allowed_tools")
    items = doc.get("items")
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        base = pointer_join("/items", i)
        if "turns" in item:
            yield FeatureUse("multi-turn threads (`turns`)", "1.2.0", pointer_join(base, "turns"))
            if "tags" in item:
                yield FeatureUse("`tags` on threads", "1.9.0", pointer_join(base, "tags"))
            summary = item.get("summary")
            if isinstance(summary, dict) and (
                "turns_partial" in summary or "turns_errored" in summary
            ):
                yield FeatureUse("6-field thread `summary`", "1.4.0", pointer_join(base, "summary"))
            turns = item.get("turns")
            if isinstance(turns, list):
                for t, turn in enumerate(turns):
                    if isinstance(turn, dict):
                        yield from _turn_features(turn, pointer_join(base, "turns", t))
        else:
            if "status" in item or "error" in item:
                yield FeatureUse("`status`/`error` on single-turn items", "1.4.0", base)
            yield from _turn_features(item, base)


def minimum_version(doc: dict[str, Any], floor: str = "1.0.0") -> str:
    """The lowest schema version that covers every feature ``doc`` uses (at least ``floor``)."""
    best = floor
    for use in feature_uses(doc):
        if version_key(use.since) > version_key(best):
            best = use.since
    return best
