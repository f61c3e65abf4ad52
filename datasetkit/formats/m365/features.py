"""Which versioned features an M365 eval document uses, and the lowest schema version that
covers them all: the checks the schema does not make (it is cumulative, see :mod:`.versions`).

Each feature is found where it is used (a JSON Pointer) and named for people; the version
that introduced it comes from the version table.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.m365.evaluators import M365_RESERVED
from datasetkit.formats.m365.versions import (
    CITATION_FORMAT_SINCE,
    ERROR_CODE_SINCE,
    EVALUATOR_SINCE,
    FEATURE_SINCE,
    FIELD_SINCE,
    LEGACY_VERSION,
    version_key,
)

# Reserved names by their lower case: a custom evaluator may take none of them.
_RESERVED_LOWER = {name.lower() for name in M365_RESERVED}


@dataclass(frozen=True)
class FeatureUse:
    """A feature found in a document: what, which version introduced it, and where."""

    feature: str
    since: str
    pointer: str
    key: bool = True  # point at the member name rather than its value


def _turn_features(turn: dict[str, Any], base: str) -> Iterator[FeatureUse]:
    if "evaluators" in turn:
        yield FeatureUse(
            "per-item `evaluators`", FIELD_SINCE["evaluators"], pointer_join(base, "evaluators")
        )
        evs = turn["evaluators"]
        if isinstance(evs, dict):
            yield from _evaluator_features(evs, pointer_join(base, "evaluators"))
    if "evaluators_mode" in turn:
        yield FeatureUse(
            "`evaluators_mode`",
            FIELD_SINCE["evaluators_mode"],
            pointer_join(base, "evaluators_mode"),
        )
    for name in ("allowed_tools", "allowed_tools_mode"):
        if name in turn:
            yield FeatureUse(f"`{name}`", FIELD_SINCE[name], pointer_join(base, name))
    if "tags" in turn:
        yield FeatureUse(
            "`tags` on items and turns", FIELD_SINCE["tags"], pointer_join(base, "tags")
        )
    if "diagnostics" in turn and isinstance(turn["diagnostics"], dict):
        diag = turn["diagnostics"]
        if "retrieval_executions" in diag:
            yield FeatureUse(
                "`diagnostics.retrieval_executions`",
                FIELD_SINCE["diagnostics.retrieval_executions"],
                pointer_join(base, "diagnostics", "retrieval_executions"),
            )
        if "tool_calls" in diag:
            yield FeatureUse(
                "`diagnostics.tool_calls`",
                FIELD_SINCE["diagnostics.tool_calls"],
                pointer_join(base, "diagnostics", "tool_calls"),
            )
    err = turn.get("error")
    if isinstance(err, dict):
        yield FeatureUse(
            "`error` as an object {code, message}",
            FEATURE_SINCE["error-object"],
            pointer_join(base, "error"),
        )
        code = err.get("code")
        if isinstance(code, str) and code in ERROR_CODE_SINCE:
            yield FeatureUse(
                f"error code `{code}`",
                ERROR_CODE_SINCE[code],
                pointer_join(base, "error", "code"),
                False,
            )
    scores = turn.get("scores")
    if isinstance(scores, dict):
        for k, v in scores.items():
            if isinstance(v, dict) and v.get("result") == "error" and "code" in v:
                yield FeatureUse(
                    "error `code` on a score",
                    FIELD_SINCE["scores.code"],
                    pointer_join(base, "scores", k, "code"),
                )


def _evaluator_features(evs: dict[str, Any], base: str) -> Iterator[FeatureUse]:
    for name, opts in evs.items():
        where = pointer_join(base, name)
        since = EVALUATOR_SINCE.get(name)
        if since is not None:
            # The first evaluators came with evaluator configuration itself.
            if since != FIELD_SINCE["evaluators"]:
                yield FeatureUse(f"the `{name}` evaluator", since, where)
        elif name.lower() not in _RESERVED_LOWER:
            yield FeatureUse("custom evaluators", FEATURE_SINCE["custom-evaluators"], where)
            if isinstance(opts, dict):
                t = opts.get("threshold")
                if isinstance(t, (int, float)) and not isinstance(t, bool) and not (1 <= t <= 5):
                    yield FeatureUse(
                        "custom evaluator thresholds outside 1-5 (code-only evaluators)",
                        FEATURE_SINCE["custom-any-threshold"],
                        pointer_join(where, "threshold"),
                        False,
                    )
        citation_format = opts.get("citation_format") if isinstance(opts, dict) else None
        if name == "Citations" and citation_format == "markdown":
            yield FeatureUse(
                "`citation_format: markdown`",
                CITATION_FORMAT_SINCE["markdown"],
                pointer_join(where, "citation_format"),
                False,
            )


def feature_uses(doc: dict[str, Any]) -> Iterator[FeatureUse]:
    """Every versioned feature a document uses, in document order."""
    meta = doc.get("metadata")
    if isinstance(meta, dict):
        for name in ("agentName", "cliVersion"):
            if name in meta:
                yield FeatureUse(
                    f"`metadata.{name}`",
                    FIELD_SINCE[f"metadata.{name}"],
                    pointer_join("/metadata", name),
                )
    if "default_evaluators" in doc:
        yield FeatureUse(
            "`default_evaluators`", FIELD_SINCE["default_evaluators"], "/default_evaluators"
        )
        if isinstance(doc["default_evaluators"], dict):
            yield from _evaluator_features(doc["default_evaluators"], "/default_evaluators")
    if "default_allowed_tools" in doc:
        yield FeatureUse(
            "`default_allowed_tools`",
            FIELD_SINCE["default_allowed_tools"],
            "/default_allowed_tools",
        )
    items = doc.get("items")
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        base = pointer_join("/items", i)
        if "turns" in item:
            yield FeatureUse(
                "multi-turn threads (`turns`)", FIELD_SINCE["turns"], pointer_join(base, "turns")
            )
            if "tags" in item:
                yield FeatureUse(
                    "`tags` on threads", FIELD_SINCE["tags"], pointer_join(base, "tags")
                )
            summary = item.get("summary")
            if isinstance(summary, dict) and (
                "turns_partial" in summary or "turns_errored" in summary
            ):
                yield FeatureUse(
                    "6-field thread `summary`",
                    FIELD_SINCE["summary.turns_partial"],
                    pointer_join(base, "summary"),
                )
            turns = item.get("turns")
            if isinstance(turns, list):
                for t, turn in enumerate(turns):
                    if isinstance(turn, dict):
                        yield from _turn_features(turn, pointer_join(base, "turns", t))
        else:
            if "status" in item or "error" in item:
                yield FeatureUse(
                    "`status`/`error` on single-turn items", FIELD_SINCE["item.status"], base
                )
            yield from _turn_features(item, base)


def minimum_version(doc: dict[str, Any], floor: str = LEGACY_VERSION) -> str:
    """The lowest schema version that covers every feature ``doc`` uses (at least ``floor``)."""
    best = floor
    for use in feature_uses(doc):
        if version_key(use.since) > version_key(best):
            best = use.since
    return best
