"""M365 evaluator rules: names, options, thresholds and what each evaluator needs."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.jsonloc import escape_token, pointer_join
from datasetkit.formats.m365.evaluators import (
    M365_CUSTOM_OPTIONS,
    M365_EVALUATORS,
    M365_RETIRED,
    OptionSpec,
    m365_case_match,
)
from datasetkit.formats.m365.versions import CITATION_FORMAT_SINCE, FEATURE_SINCE, older_than
from datasetkit.io.files import is_dir
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import JsonDocument
from datasetkit.lint.registry import Hit, fixes, rule


@dataclass
class EvaluatorUse:
    """One evaluator entry in a document: its name, options and where it is."""

    name: str
    options: Any
    where: str  # for people: "default_evaluators" or "item 3"
    pointer: str | None = None
    case: int | None = None
    turn: int | None = None

    def hit(self, message: str, hint: str, sub: str | None = None, **data: Any) -> Hit:
        """A Hit at this entry (or at option ``sub`` inside it)."""
        token = escape_token(self.name)
        tail = token + (f"/{escape_token(sub)}" if sub else "")
        if self.pointer is not None:
            return Hit(message, hint, pointer=f"{self.pointer}/{tail}", data=data)
        return Hit(
            message, hint, case=self.case, turn=self.turn, key=f"evaluators/{tail}", data=data
        )


def evaluator_uses(ctx: LintContext) -> Iterator[EvaluatorUse]:
    """Every evaluator named in the document, defaults first."""
    ds = ctx.dataset
    for name, opts in (ds.default_evaluators or {}).items():
        yield EvaluatorUse(name, opts, "default_evaluators", pointer="/default_evaluators")
    for ci, case in enumerate(ds.cases):
        for ti, turn in enumerate(case.turns):
            where = ctx.case_label(ci) + (f" turn {ti + 1}" if case.kind == "conversation" else "")
            for name, opts in (turn.evaluators or {}).items():
                yield EvaluatorUse(name, opts, where, case=ci, turn=ti)


def _custom_folder_exists(ctx: LintContext, name: str) -> bool:
    dirs = [Path.cwd() / "custom-evaluators"]
    if ctx.path and ctx.path not in ("-", "<stdin>", "<dataset>"):
        here = Path(ctx.path).resolve().parent
        dirs += [here / "custom-evaluators", here.parent / "custom-evaluators"]
    return any(is_dir(d / name) for d in dirs)


def _closest(name: str) -> str | None:
    candidates = list(M365_EVALUATORS) + list(M365_RETIRED)
    lowered = {c.lower(): c for c in candidates}
    match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.8)
    return lowered[match[0]] if match else None


def _doc(item: str, defaults: str = "") -> str:
    head = f'"default_evaluators": {defaults}, ' if defaults else ""
    return '{"schemaVersion": "1.11.0", ' + head + '"items": [' + item + "]}"


@rule(
    "lint.evaluator.unknown",
    Severity.ERROR,
    "Evaluator name is a misspelt built-in (and no custom evaluator has that name).",
    explanation="""
Since schema 1.6 any identifier is accepted as a custom evaluator name, so a misspelt
built-in such as "Relavance" passes the schema. runevals then looks for a folder
custom-evaluators/Relavance/, finds none, and fails the run with "Unknown evaluator".
""",
    bad=_doc('{"prompt": "What is our parental leave policy?", "evaluators": {"Relavance": {}}}'),
    good=_doc('{"prompt": "What is our parental leave policy?", "evaluators": {"Relevance": {}}}'),
    families=("m365",),
    supersedes=("m365.evaluator.unknown", "m365.schema.unknown-evaluator"),
)
def check_unknown(ctx: LintContext) -> Iterator[Hit]:
    for use in evaluator_uses(ctx):
        name = use.name
        if name in M365_EVALUATORS or name in M365_RETIRED or m365_case_match(name):
            continue
        close = _closest(name)
        if close is None or _custom_folder_exists(ctx, name):
            continue
        yield use.hit(
            f"unknown evaluator {name!r} in {use.where}; did you mean {close!r}?",
            f"rename it to {close!r} (a custom evaluator needs a folder custom-evaluators/{name}/)",
            evaluator=name,
            suggestion=close,
        )


# Validate reports a wrong-case name (m365.evaluator.case) and lint shows that finding
# as it is, so both commands give one fault the same code and place; lint fixes it.
@fixes("m365.evaluator.case", on=JsonDocument)
def rename_evaluators(doc: JsonDocument, found: list[Finding]) -> None:
    """Evaluator keys in the wrong case renamed to their M365 spelling."""
    for ptr, evs in _evaluator_maps(doc.value):
        for name in evs:
            right = m365_case_match(name)
            if right is None or right in M365_RETIRED or right in evs:
                continue  # renaming onto an existing key would lose one of them
            message = f"renamed evaluator {name!r} to {right!r}"
            doc.rename_key("m365.evaluator.case", pointer_join(ptr, name), right, message)


def _evaluator_maps(doc: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every evaluator map of a document as written (a legacy one too), with its pointer."""
    base = "/items" if isinstance(doc, dict) else ""
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(doc, dict) and isinstance(doc.get("default_evaluators"), dict):
        out.append(("/default_evaluators", doc["default_evaluators"]))
    items = doc.get("items") if isinstance(doc, dict) else doc
    if (
        isinstance(doc, dict)
        and not isinstance(items, list)
        and isinstance(doc.get("prompts"), list)
    ):
        items, base = doc["prompts"], "/prompts"
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("evaluators"), dict):
            out.append((pointer_join(base, i, "evaluators"), item["evaluators"]))
        for t, turn in enumerate(item.get("turns") or []):
            if isinstance(turn, dict) and isinstance(turn.get("evaluators"), dict):
                out.append((pointer_join(base, i, "turns", t, "evaluators"), turn["evaluators"]))
    return out


@rule(
    "lint.evaluator.reserved",
    Severity.ERROR,
    "Evaluator name is retired or reserved (ToolCallAccuracy).",
    explanation="""
ToolCallAccuracy was a built-in in early previews and has been removed; its name stays
reserved, so it cannot be a custom evaluator either. runevals fails or skips it, and the
tool-call scores you expect never appear.
""",
    bad=_doc('{"prompt": "Book a meeting room for 3pm", "evaluators": {"ToolCallAccuracy": {}}}'),
    good=_doc('{"prompt": "Book a meeting room for 3pm", "evaluators": {"Relevance": {}}}'),
    families=("m365",),
    supersedes=("m365.evaluator.retired",),
)
def check_reserved(ctx: LintContext) -> Iterator[Hit]:
    retired = {k.lower(): (k, why) for k, why in M365_RETIRED.items()}
    for use in evaluator_uses(ctx):
        found = retired.get(use.name.lower())
        if found is None:
            continue
        yield use.hit(
            f"{use.name!r} in {use.where} is a retired, reserved evaluator name: {found[1]}",
            "remove it; to check tool calls use ToolCallSelection / ToolCallExecution (schema 2.x preview)",
            evaluator=use.name,
        )


@rule(
    "lint.evaluator.needs-expected-response",
    Severity.ERROR,
    "Similarity, ExactMatch or PartialMatch runs on a prompt without an expected_response.",
    explanation="""
The comparison evaluators score the agent's answer against expected_response. The
schema leaves expected_response optional, so a prompt without one validates, but the
evaluator then compares with an empty string and the run reports a meaningless failure.
Evaluators inherited from default_evaluators count too.
""",
    bad=_doc('{"prompt": "How many vacation days do new hires get?"}', '{"Similarity": {}}'),
    good=_doc(
        '{"prompt": "How many vacation days do new hires get?", '
        '"expected_response": "New hires get 20 vacation days a year."}',
        '{"Similarity": {}}',
    ),
    families=("m365",),
)
def check_needs_expected(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if turn.expected_response is not None and turn.expected_response.strip():
                continue
            active = ctx.effective_evaluators(turn)
            needing = [
                n
                for n in active
                if (spec := M365_EVALUATORS.get(n)) and spec.needs_expected_response
            ]
            if not needing:
                continue
            origin = (
                ""
                if turn.evaluators and any(n in turn.evaluators for n in needing)
                else " (from default_evaluators)"
            )
            where = ctx.case_label(ci) + (f" turn {ti + 1}" if case.kind == "conversation" else "")
            yield Hit(
                f"{where} runs {', '.join(needing)}{origin} but has no expected_response",
                "add an expected_response, or remove the comparison evaluator from this prompt "
                '(evaluators_mode "replace" with the evaluators it can use)',
                case=ci,
                turn=ti,
                data={"evaluators": needing},
            )


def _check_value(spec: OptionSpec, value: Any) -> str | None:
    """Why ``value`` does not fit ``spec`` (None when it fits)."""
    if spec.kind in ("number", "integer"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None  # a wrong type is the schema's finding
        if spec.kind == "integer" and isinstance(value, float) and not value.is_integer():
            return "must be a whole number"
        if spec.minimum is not None and value < spec.minimum:
            return f"is below {spec.minimum:g}"
        if spec.maximum is not None and value > spec.maximum:
            return f"is above {spec.maximum:g}"
    return None


@rule(
    "lint.evaluator.threshold-range",
    Severity.ERROR,
    "Evaluator threshold is outside the evaluator's scale.",
    explanation="""
Each evaluator scores on its own scale: the LLM judges (Relevance, Coherence,
Groundedness, Similarity) 1-5, PartialMatch 0-1, Citations counts citations (an integer
of at least 1). A threshold of 70 for Similarity (a percentage habit from other tools)
or 4 for PartialMatch can never be reached, so every prompt fails.
""",
    bad=_doc(
        '{"prompt": "Summarise the travel policy", "expected_response": "Economy class.", '
        '"evaluators": {"Similarity": {"threshold": 70}}}'
    ),
    good=_doc(
        '{"prompt": "Summarise the travel policy", "expected_response": "Economy class.", '
        '"evaluators": {"Similarity": {"threshold": 4}}}'
    ),
    families=("m365",),
    supersedes=("m365.schema.out-of-range",),
)
def check_threshold(ctx: LintContext) -> Iterator[Hit]:
    version = ctx.dataset.schema_version
    for use in evaluator_uses(ctx):
        if not isinstance(use.options, dict) or "threshold" not in use.options:
            continue
        value = use.options["threshold"]
        spec = M365_EVALUATORS.get(use.name)
        if spec is not None:
            opt = spec.options.get("threshold")
            if opt is None:
                continue  # not an option of this evaluator: lint.evaluator.option-unknown
            scale = spec.scale
        elif m365_case_match(use.name) or use.name in M365_RETIRED:
            continue
        else:
            # Custom evaluators: 1-5 for an LLM judge before 1.7; any number since.
            if not older_than(version, FEATURE_SINCE["custom-any-threshold"]):
                continue
            opt = OptionSpec("number", 1, 5)
            scale = "1-5 (custom evaluators before schema 1.7)"
        why = _check_value(opt, value)
        if why is None:
            continue
        yield use.hit(
            f"{use.name} threshold {json.dumps(value)} in {use.where} {why}: the scale is {scale}",
            f"use a threshold on the {scale} scale",
            sub="threshold",
            evaluator=use.name,
            value=value,
        )


@rule(
    "lint.evaluator.option-unknown",
    Severity.ERROR,
    "Evaluator is given an option it does not take.",
    explanation="""
Every evaluator has a fixed set of options: ExactMatch has no threshold, RetrievalQuery
and RetrievalResult have a fixed threshold of 1.0, case_sensitive exists only on
ExactMatch and PartialMatch, citation_format only on Citations. Schemas before 1.5
shared one option object, so these mistakes pass validation there and are silently
ignored at run time.
""",
    bad=_doc(
        '{"prompt": "What is the office address?", "expected_response": "1 Main St", '
        '"evaluators": {"ExactMatch": {"threshold": 0.8}}}'
    ),
    good=_doc(
        '{"prompt": "What is the office address?", "expected_response": "1 Main St", '
        '"evaluators": {"ExactMatch": {"case_sensitive": false}}}'
    ),
    families=("m365",),
    supersedes=("m365.schema.unknown-field",),
)
def check_options(ctx: LintContext) -> Iterator[Hit]:
    for use in evaluator_uses(ctx):
        if not isinstance(use.options, dict):
            continue
        spec = M365_EVALUATORS.get(use.name)
        if spec is not None:
            allowed = spec.options
        elif m365_case_match(use.name) or use.name in M365_RETIRED:
            continue
        else:
            allowed = M365_CUSTOM_OPTIONS
        for opt in use.options:
            if opt in allowed:
                continue
            close = difflib.get_close_matches(opt, list(allowed), n=1, cutoff=0.7)
            takes = ", ".join(allowed) if allowed else "no options"
            hint = (
                f"rename it to {close[0]!r}" if close else f"remove it ({use.name} takes: {takes})"
            )
            h = use.hit(
                f"{use.name} in {use.where} does not take the option {opt!r}"
                + (f"; did you mean {close[0]!r}?" if close else ""),
                hint,
                sub=opt,
                evaluator=use.name,
                option=opt,
            )
            h.at_key = True
            yield h


@rule(
    "lint.evaluator.replace-empty",
    Severity.ERROR,
    'evaluators_mode "replace" with no evaluators: the prompt is not scored at all.',
    explanation="""
"replace" means: run only this prompt's own evaluators instead of the defaults. With no
evaluators (or an empty object) nothing runs, and the prompt passes without being
scored - usually the evaluators were meant to be listed next to it.
""",
    bad=_doc('{"prompt": "Who approves expense reports?", "evaluators_mode": "replace"}'),
    good=_doc(
        '{"prompt": "Who approves expense reports?", "evaluators_mode": "replace", '
        '"evaluators": {"Relevance": {}}}'
    ),
    families=("m365",),
)
def check_replace_empty(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if turn.evaluators_mode == "replace" and not turn.evaluators:
                where = ctx.case_label(ci) + (
                    f" turn {ti + 1}" if case.kind == "conversation" else ""
                )
                yield Hit(
                    f'{where} has evaluators_mode "replace" but no evaluators, so nothing scores it',
                    'list the evaluators to run in "evaluators", or remove evaluators_mode to use the defaults',
                    case=ci,
                    turn=ti,
                    key="evaluators_mode",
                )


@rule(
    "lint.evaluator.mode-without-evaluators",
    Severity.INFO,
    'evaluators_mode "extend" with no evaluators has no effect.',
    explanation="""
"extend" (the default) adds the prompt's own evaluators to the defaults. Without any
evaluators on the prompt, the setting does nothing; it is often left over from an edit
that removed the evaluators.
""",
    bad=_doc('{"prompt": "Who approves expense reports?", "evaluators_mode": "extend"}'),
    good=_doc('{"prompt": "Who approves expense reports?"}'),
    families=("m365",),
)
def check_mode_without(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if turn.evaluators_mode == "extend" and not turn.evaluators:
                yield Hit(
                    f'{ctx.case_label(ci)} sets evaluators_mode "extend" without evaluators; it has no effect',
                    "remove evaluators_mode, or add the evaluators it should extend the defaults with",
                    case=ci,
                    turn=ti,
                    key="evaluators_mode",
                )


@rule(
    "lint.evaluator.citation-format",
    Severity.WARNING,
    "Citations citation_format is not a documented value.",
    explanation="""
The schema has no enum for citation_format; the documented values are oai_unicode (the
default), bracket, mixed and markdown (since 1.8). Official samples use "inline", which
is none of them: the citation detector's behaviour for it is undefined, so citation
counts may be zero.
""",
    bad=_doc(
        '{"prompt": "Cite the leave policy", "evaluators": {"Citations": {"citation_format": "inline"}}}'
    ),
    good=_doc(
        '{"prompt": "Cite the leave policy", "evaluators": {"Citations": {"citation_format": "mixed"}}}'
    ),
    families=("m365",),
)
def check_citation_format(ctx: LintContext) -> Iterator[Hit]:
    version = ctx.dataset.schema_version
    for use in evaluator_uses(ctx):
        if use.name != "Citations" or not isinstance(use.options, dict):
            continue
        fmt = use.options.get("citation_format")
        if not isinstance(fmt, str):
            continue
        known = ", ".join(CITATION_FORMAT_SINCE)
        if fmt not in CITATION_FORMAT_SINCE:
            close = difflib.get_close_matches(
                fmt.lower(), list(CITATION_FORMAT_SINCE), n=1, cutoff=0.6
            )
            yield use.hit(
                f"citation_format {fmt!r} in {use.where} is not a documented value"
                + (f"; did you mean {close[0]!r}?" if close else ""),
                f"use one of: {known} ('mixed' detects both marker styles)",
                sub="citation_format",
                value=fmt,
            )
        elif older_than(version, CITATION_FORMAT_SINCE[fmt]):
            yield use.hit(
                f"citation_format {fmt!r} in {use.where} came with schema {CITATION_FORMAT_SINCE[fmt]}, "
                f"but the document declares {version}",
                f'declare "schemaVersion": "{CITATION_FORMAT_SINCE[fmt]}" or newer, or use "mixed"',
                sub="citation_format",
                value=fmt,
            )


@rule(
    "lint.evaluator.groundedness-context",
    Severity.INFO,
    "Groundedness runs on a prompt that has no context to ground against.",
    explanation="""
Groundedness judges whether the answer is supported by grounding text. The "context"
field supplies it to the judge (the agent never sees it). Without context the judge has
only the prompt, and scores say little about hallucination.
""",
    bad=_doc('{"prompt": "What is the claims deadline?", "evaluators": {"Groundedness": {}}}'),
    good=_doc(
        '{"prompt": "What is the claims deadline?", "context": "Claims must be filed within 30 days.", '
        '"evaluators": {"Groundedness": {}}}'
    ),
    families=("m365",),
)
def check_groundedness_context(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if (
                "Groundedness" in ctx.effective_evaluators(turn)
                and not (turn.context or "").strip()
            ):
                yield Hit(
                    f"{ctx.case_label(ci)} runs Groundedness without a context",
                    'add "context" with the source text the answer should be grounded in',
                    case=ci,
                    turn=ti,
                )
