"""Test methods <-> M365 evaluators (and passing score <-> similarity threshold)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from datasetkit.core.headers import compact_header
from datasetkit.formats.copilot_studio.spec import (
    EXT,
    METHOD_ALIASES,
    QUALITY_EVALUATORS,
    SCORED_METHODS,
)

if TYPE_CHECKING:
    # Annotations only: naming a method (method_id) needs no model.
    from datasetkit.core.model import Case, Dataset, Turn

# ---------------------------------------------------------------------------
# Test methods <-> M365 evaluators


def similarity_threshold(passing_score: float) -> float:
    """A Copilot Studio passing score (0-100) as an M365 Similarity threshold (1-5)."""
    return round(1 + 4 * passing_score / 100, 2)


def passing_score(threshold: float) -> int | float:
    """An M365 Similarity threshold (1-5) as a Copilot Studio passing score (0-100)."""
    value = round((threshold - 1) * 25, 2)
    return int(value) if float(value).is_integer() else value


def method_id(text: str) -> str | None:
    """The method id for a cell such as ``CompareMeaning`` or ``Compare meaning``."""
    return METHOD_ALIASES.get(compact_header(text))


def evaluators_for_methods(methods: list[dict[str, Any]]) -> dict[str, dict[str, Any]] | None:
    """The M365 evaluators that grade like these Copilot Studio test methods.

    General quality -> Relevance + Coherence; Compare meaning and Text similarity ->
    Similarity (passing score p -> threshold 1 + 4p/100); Exact match -> ExactMatch
    (case-sensitive, as Copilot Studio compares character for character); Keyword /
    partial match -> PartialMatch. Tool use, Content safety and Custom have no M365
    counterpart and stay in the case's extensions only.
    """
    out: dict[str, dict[str, Any]] = {}
    for m in methods:
        kind = m.get("type")
        if kind == "GeneralQuality":
            out.setdefault("Relevance", {})
            out.setdefault("Coherence", {})
        elif kind in SCORED_METHODS:
            opts: dict[str, Any] = {}
            score = m.get("passing_score")
            if (
                isinstance(score, (int, float))
                and not isinstance(score, bool)
                and 0 <= score <= 100
            ):
                opts["threshold"] = similarity_threshold(score)
            out["Similarity"] = opts
        elif kind == "ExactMatch":
            out["ExactMatch"] = {"case_sensitive": True}
        elif kind in ("PartialMatch", "KeywordMatch"):
            out["PartialMatch"] = {}
    return out or None


@dataclass
class _Mapped:
    """Methods derived from M365 evaluators, and what had no Copilot Studio equivalent."""

    methods: list[dict[str, Any]]
    unmapped: list[str] = field(default_factory=list)
    # (evaluator, what changed) for options that do not carry over.
    changed: list[tuple[str, str]] = field(default_factory=list)


def methods_for_evaluators(evaluators: dict[str, Any] | None) -> _Mapped:
    """The Copilot Studio test methods closest to a set of M365 evaluators."""
    out = _Mapped([])
    if not evaluators:
        return out
    seen: set[str] = set()

    def add(entry: dict[str, Any]) -> None:
        if entry["type"] not in seen:
            seen.add(entry["type"])
            out.methods.append(entry)

    for name, raw in evaluators.items():
        opts = raw if isinstance(raw, dict) else {}
        if name in QUALITY_EVALUATORS:
            add({"type": "GeneralQuality"})
        elif name == "Similarity":
            entry: dict[str, Any] = {"type": "CompareMeaning"}
            t = opts.get("threshold")
            if isinstance(t, (int, float)) and not isinstance(t, bool) and 1 <= t <= 5:
                entry["passing_score"] = passing_score(t)
            add(entry)
        elif name == "ExactMatch":
            if not opts.get("case_sensitive"):
                out.changed.append(
                    ("ExactMatch", "case-insensitive in M365, case-sensitive in Copilot Studio")
                )
            add({"type": "ExactMatch"})
        elif name == "PartialMatch":
            t = opts.get("threshold")
            if _is_number(t) and t != 0.5:
                out.changed.append(("PartialMatch", f"threshold {t} has no Copilot Studio setting"))
            add({"type": "PartialMatch"})
        else:
            out.unmapped.append(name)
    return out


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _effective_evaluators(turn: Turn, dataset: Dataset) -> dict[str, Any] | None:
    """The evaluators M365 would run on ``turn`` (None: the system defaults)."""
    defaults = dataset.default_evaluators
    if turn.evaluators is None:
        return defaults
    if turn.evaluators_mode == "replace":
        return turn.evaluators
    base = defaults if defaults is not None else {"Relevance": {}, "Coherence": {}}
    return {**base, **turn.evaluators}


def case_methods(case: Case, dataset: Dataset) -> _Mapped:
    """The case's test methods: its Copilot Studio extension when it still matches the
    turns' evaluators (nothing edited since it was read), else derived from them."""
    ext = case_extension(case)
    methods = ext.get("methods")
    if isinstance(methods, list):
        expected = evaluators_for_methods([m for m in methods if isinstance(m, dict)])
        turns_ok = all(
            t.evaluators is None
            or (t.evaluators == expected and t.evaluators_mode in (None, "replace"))
            for t in case.turns
        )
        if turns_ok:
            return _Mapped([dict(m) for m in methods if isinstance(m, dict)])
    merged = _Mapped([])
    for turn in case.turns:
        part = methods_for_evaluators(_effective_evaluators(turn, dataset))
        for m in part.methods:
            if all(m["type"] != x["type"] for x in merged.methods):
                merged.methods.append(m)
        merged.unmapped += [u for u in part.unmapped if u not in merged.unmapped]
        merged.changed += [c for c in part.changed if c not in merged.changed]
    return merged


def case_extension(case: Case) -> dict[str, Any]:
    """The case's ``extensions["copilot_studio"]`` ({} when it has none)."""
    ext = (case.extensions or {}).get(EXT)
    return ext if isinstance(ext, dict) else {}
