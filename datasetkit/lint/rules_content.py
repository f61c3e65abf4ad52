"""Content rules for every format: prompts, expected responses, duplicates, ids, categories.

They follow the test-design advice of the M365 evaluation docs: clear and specific
prompts, realistic expected responses, error-handling cases, categories and stable
regression ids.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from functools import cached_property
from typing import Any

from ..findings import Severity
from ..model import Case
from .context import LintContext
from .neardup import meaningful_difference
from .registry import Hit, rule
from .text import (
    find_invisible,
    find_mojibake,
    find_placeholder,
    normalize,
    similarity,
    vague_reason,
)


def _doc(*items: str) -> str:
    return '{"schemaVersion": "1.11.0", "items": [' + ", ".join(items) + "]}"


def _item(prompt: str, expected: str | None = None, ext: str = "") -> str:
    out = '{"prompt": ' + json.dumps(prompt)
    if expected is not None:
        out += ', "expected_response": ' + json.dumps(expected)
    if ext:
        out += ', "extensions": ' + ext
    return out + "}"


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _texts(ctx: LintContext) -> Iterator[tuple[int, int, str, str]]:
    """``(case, turn, field, text)`` for every prompt and expected response."""
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            yield ci, ti, "prompt", turn.prompt
            if turn.expected_response is not None:
                yield ci, ti, "expected_response", turn.expected_response
        if case.seed is not None:
            yield ci, -1, "description", case.seed.description


def _where(ctx: LintContext, ci: int, ti: int) -> str:
    case = ctx.cases[ci]
    if ti >= 0 and case.kind == "conversation" and len(case.turns) > 1:
        return f"{ctx.case_label(ci)} turn {ti + 1}"
    return ctx.case_label(ci)


def _hit_at(
    ctx: LintContext, ci: int, ti: int, field: str, message: str, hint: str, **data: Any
) -> Hit:
    key = "seed" if field == "description" else field
    return Hit(message, hint, case=ci, turn=ti if ti >= 0 else None, key=key, data=data)


_FIELD_WORD = {
    "prompt": "prompt",
    "expected_response": "expected response",
    "description": "seed description",
}


@rule(
    "lint.prompt.empty",
    Severity.ERROR,
    "Prompt is empty or only whitespace.",
    explanation="""
An empty prompt sends nothing to the agent; a whitespace-only prompt passes the M365
schema's minLength check but is just as empty. Either way the run spends a request on
a test that cannot tell anything.
""",
    bad=_doc(_item("   ")),
    good=_doc(_item("How do I request parental leave?")),
    supersedes=("m365.schema.empty-string",),
)
def check_prompt_empty(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if "$value" in turn.extra:
                continue  # not an object at all: the schema reports it
            if not turn.prompt and ctx.family == "foundry":
                continue  # a row without query (e.g. response + ground_truth for NLP metrics)
            if not turn.prompt.strip():
                what = "empty" if not turn.prompt else "only whitespace"
                yield _hit_at(
                    ctx,
                    ci,
                    ti,
                    "prompt",
                    f"the prompt of {_where(ctx, ci, ti)} is {what}",
                    "write the question the user asks, or delete the test case",
                )


@rule(
    "lint.expected.empty",
    Severity.WARNING,
    "Expected response is present but empty or whitespace-only.",
    explanation="""
An expected response of "" or "   " is not "no expectation": comparison evaluators and
test methods compare the agent's answer with it and fail every time. Leave the field
out when there is no reference answer.
""",
    bad=_doc(_item("How do I request parental leave?", " ")),
    good=_doc(
        _item("How do I request parental leave?", "Submit a leave request in the HR portal.")
    ),
)
def check_expected_empty(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            exp = turn.expected_response
            # An empty CSV cell means "no expected response", not an empty one.
            if exp is None or (exp == "" and ctx.is_csv):
                continue
            if not exp.strip():
                yield _hit_at(
                    ctx,
                    ci,
                    ti,
                    "expected_response",
                    f"the expected response of {_where(ctx, ci, ti)} is {'empty' if not exp else 'only whitespace'}",
                    "write the answer you expect, or remove the field when there is none",
                )


@rule(
    "lint.prompt.vague",
    Severity.WARNING,
    'Prompt is too vague to test ("Tell me about returns").',
    explanation="""
A prompt such as "Tell me about returns" or a bare keyword has no single good answer,
so evaluators score noise and a regression cannot be told from a different but fine
answer. Ask what a real user would ask, with the specifics that decide the answer.
""",
    bad=_doc(_item("Tell me about returns")),
    good=_doc(_item("Can I return a laptop I bought online 40 days ago without a receipt?")),
)
def check_vague(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            # Follow-up turns of a conversation may be short ("yes", "the second one").
            if ti > 0:
                continue
            reason = vague_reason(turn.prompt)
            if reason:
                yield _hit_at(
                    ctx,
                    ci,
                    ti,
                    "prompt",
                    f"prompt {_short(turn.prompt)!r} of {_where(ctx, ci, ti)} is too vague to test: {reason}",
                    "ask a specific question a real user would ask (who, what, which case), "
                    "so one answer is clearly right",
                    prompt=turn.prompt,
                )


@rule(
    "lint.expected.repeats-prompt",
    Severity.WARNING,
    "Expected response repeats the prompt.",
    explanation="""
An expected response that is the prompt again (often a copy-paste slip when filling a
spreadsheet) makes similarity evaluators reward an agent that echoes the question.
""",
    bad=_doc(
        _item(
            "What is the deadline for open enrolment?", "What is the deadline for open enrolment?"
        )
    ),
    good=_doc(
        _item("What is the deadline for open enrolment?", "Open enrolment closes on 15 November.")
    ),
    settings=("near-duplicate-threshold",),
)
def check_repeats_prompt(ctx: LintContext) -> Iterator[Hit]:
    threshold = ctx.config.near_duplicate_threshold
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if not turn.expected_response:
                continue
            p, e = normalize(turn.prompt), normalize(turn.expected_response)
            if not p or not e:
                continue
            score = similarity(p, e)
            if score >= threshold:
                yield _hit_at(
                    ctx,
                    ci,
                    ti,
                    "expected_response",
                    f"the expected response of {_where(ctx, ci, ti)} repeats its prompt "
                    f"({score:.0%} similar): {_short(turn.expected_response)!r}",
                    "write the answer the agent should give, not the question",
                    similarity=round(score, 3),
                )


@rule(
    "lint.text.placeholder",
    Severity.WARNING,
    "Placeholder text left in a prompt or expected response ([agent name], TODO, lorem ipsum).",
    explanation="""
Templates and generated sets carry slots such as "[agent name]", "<your company>",
"{{product}}", "TODO" or "lorem ipsum". Left in, the agent is asked about a bracketed
placeholder and the expected response describes nothing real.
""",
    bad=_doc(_item("What can [agent name] help me with?", "TODO")),
    good=_doc(
        _item("What can the HR assistant help me with?", "Leave, benefits and payroll questions.")
    ),
)
def check_placeholder(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in _texts(ctx):
        found = find_placeholder(text)
        if found:
            what, kind = found
            yield _hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {_FIELD_WORD[field]} of {_where(ctx, ci, ti)} still contains {kind}: {what!r}",
                "replace the placeholder with the real value (or delete the test case)",
                placeholder=what,
            )


class _Dupes:
    """Duplicate groups of a dataset, computed once and shared by the duplicate rules."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx

    @cached_property
    def identical(self) -> dict[int, int]:
        """Case index -> index of the first identical case before it."""
        first: dict[str, int] = {}
        out: dict[int, int] = {}
        for i, case in enumerate(self.ctx.cases):
            digest = case_digest(case)
            if digest in first:
                out[i] = first[digest]
            else:
                first[digest] = i
        return out

    @cached_property
    def same_prompt(self) -> dict[int, int]:
        """Case index -> first case with the same normalised prompt (not identical cases)."""
        first: dict[str, int] = {}
        out: dict[int, int] = {}
        for i in range(len(self.ctx.cases)):
            key = self.ctx.case_key(i)
            if not key.replace("\x1f", ""):
                continue
            if key in first:
                if i not in self.identical:
                    out[i] = first[key]
            else:
                first[key] = i
        return out

    @cached_property
    def repeats(self) -> dict[int, int]:
        """Repeated prompts that expect (and carry) the same answers: true duplicates."""
        return {i: j for i, j in self.same_prompt.items() if not self._answers_differ(i, j)}

    @cached_property
    def variants(self) -> dict[int, int]:
        """Repeated prompts with a different response or expected response: a deliberate set."""
        return {i: j for i, j in self.same_prompt.items() if self._answers_differ(i, j)}

    def _answers_differ(self, i: int, j: int) -> bool:
        # Only two written answers that differ make a set; a missing one is an oversight.
        for a, b in zip(self.ctx.cases[i].turns, self.ctx.cases[j].turns, strict=False):
            for x, y in ((a.expected_response, b.expected_response), (a.response, b.response)):
                nx, ny = normalize(x or ""), normalize(y or "")
                if nx and ny and nx != ny:
                    return True
        return False

    def _raw_prompt(self, i: int) -> str:
        case = self.ctx.cases[i]
        if case.turns:
            return "\n".join(t.prompt for t in case.turns)
        return case.seed.description if case.seed is not None else ""

    @cached_property
    def near(self) -> dict[int, tuple[int, float]]:
        """Case index -> (most similar earlier case, similarity), above the threshold."""
        from .neardup import near_duplicate_pairs
        from .neardup_meaning import digit_runs

        reps: dict[str, int] = {}
        for i in range(len(self.ctx.cases)):
            key = self.ctx.case_key(i)
            if key.replace("\x1f", "") and key not in reps:
                reps[key] = i
        keys = list(reps)
        # Prompts whose digits differ are never near-duplicates (meaningful_difference
        # says so first), so they are not paired at all: templated sets stay linear.
        groups = [digit_runs(self._raw_prompt(i)) for i in reps.values()]
        pairs = near_duplicate_pairs(keys, self.ctx.config.near_duplicate_threshold, groups)
        best: dict[int, tuple[int, float]] = {}
        for a, b, score in pairs:
            ia, ib = reps[keys[a]], reps[keys[b]]
            # Similar characters, different question ("chapter 1" / "chapter 2").
            if meaningful_difference(self._raw_prompt(ia), self._raw_prompt(ib)):
                continue
            first, later = (ia, ib) if ia < ib else (ib, ia)
            if later not in best or score > best[later][1]:
                best[later] = (first, score)
        return best


def case_digest(case: Case) -> str:
    """A hash of everything a case carries (its source location excluded)."""
    payload = json.dumps(
        case.model_dump(mode="json"), sort_keys=True, ensure_ascii=False, default=str
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _dupes(ctx: LintContext) -> _Dupes:
    cached = getattr(ctx, "_dupes", None)
    if cached is None:
        cached = _Dupes(ctx)
        ctx._dupes = cached  # type: ignore[attr-defined]
    return cached


def _ref(ctx: LintContext, i: int) -> str:
    src = ctx.cases[i].source
    label = ctx.case_label(i)
    if src is not None and src.line is not None and "line" not in label:
        label += f", line {src.line}"
    return label


@rule(
    "lint.case.duplicate",
    Severity.WARNING,
    "Test case is an exact copy of an earlier one.",
    explanation="""
Two identical test cases cost two agent calls and two judge calls and count twice in
pass rates, which skews every aggregate. `lint --fix` removes the later copies.
""",
    bad=_doc(
        _item("How do I reset my VPN token?", "Use the self-service portal."),
        _item("How do I reset my VPN token?", "Use the self-service portal."),
    ),
    good=_doc(
        _item("How do I reset my VPN token?", "Use the self-service portal."),
        _item("How do I request a new laptop?", "Open a hardware ticket."),
    ),
    fixable=True,
)
def check_case_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(_dupes(ctx).identical.items()):
        yield Hit(
            f"{ctx.case_label(i)} is an exact copy of {_ref(ctx, first)}: "
            f"{_short(ctx.cases[i].first_prompt or ctx.case_key(i))!r}",
            "delete the copy ('datasetkit lint --fix' removes exact duplicates)",
            case=i,
            data={"duplicate_of": first},
        )


@rule(
    "lint.prompt.duplicate",
    Severity.WARNING,
    "Prompt repeats an earlier prompt, and neither its response nor its expected response differs.",
    explanation="""
The same question asked twice with the same expected response (or none) tests the same
behaviour twice and weights it double in the results. Text is compared after Unicode
NFKC, casefolding and removing punctuation and extra whitespace. A repeated prompt
whose written response or expected response differs from the earlier one's is a
deliberate set (graded variants of one query) and is reported by lint.prompt.variants
instead; a repeat that only lacks the answer the other has is still reported here.
""",
    bad=_doc(
        _item("How do I reset my VPN token?", "Use the portal."),
        _item("how do I reset my VPN token", "Use the portal."),
    ),
    good=_doc(
        _item("How do I reset my VPN token?", "Use the portal."),
        _item("How do I unlock my VPN account after 5 failed logins?", "Call the help desk."),
    ),
)
def check_prompt_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(_dupes(ctx).repeats.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} repeats {_ref(ctx, first)}: "
            f"{_short(ctx.cases[i].first_prompt)!r}",
            "merge the two test cases, or change one so it tests something different",
            case=i,
            key="prompt" if ctx.cases[i].turns else None,
            turn=0 if ctx.cases[i].turns else None,
            data={"duplicate_of": first},
        )


@rule(
    "lint.prompt.variants",
    Severity.INFO,
    "Prompt repeats an earlier prompt with a different response or expected response.",
    explanation="""
Sets that grade evaluators repeat one query with several responses (good, partial,
wrong) or several expected responses on purpose. That is not an accident, so it is
only noted: check that each variant is meant, and give the cases ids or categories
that say which variant they are.
""",
    bad=_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days a year."}',
        '{"prompt": "What is the PTO policy?", "response": "I do not know."}',
    ),
    good=_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days a year."}',
        '{"prompt": "How do I book PTO?", "response": "In the HR portal."}',
    ),
)
def check_prompt_variants(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(_dupes(ctx).variants.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} repeats {_ref(ctx, first)} with a different "
            f"response or expected response: {_short(ctx.cases[i].first_prompt)!r}",
            "keep it if the set grades several answers to one query on purpose; "
            "otherwise merge the cases",
            case=i,
            key="prompt" if ctx.cases[i].turns else None,
            turn=0 if ctx.cases[i].turns else None,
            data={"variant_of": first},
        )


@rule(
    "lint.prompt.near-duplicate",
    Severity.WARNING,
    "Prompt is nearly the same as an earlier prompt (similarity at or above the threshold).",
    explanation="""
Prompts that differ by a typo, punctuation, word order or a filler word usually test
the same behaviour. Similarity is the normalised Indel similarity (rapidfuzz ratio) of
the normalised texts; the default threshold 0.9 is set with near-duplicate-threshold in
the configuration. Prompts that differ in a number, ordinal or identifier ("chapter 1" /
"chapter 2", "plan A" / "plan B"), a negation, a word part that changes the meaning
("supervised" / "unsupervised" / "self-supervised", "legal" / "illegal") or opposite
words ("minimum" / "maximum", "full-time" / "part-time") ask different things and are
not reported.
""",
    bad=_doc(
        _item("How do I reset my VPN token for the London office?"),
        _item("How do I reset the VPN token for the London office?"),
    ),
    good=_doc(
        _item("How do I reset my VPN token for the London office?"),
        _item("Who do I call when the London office printer jams?"),
    ),
    settings=("near-duplicate-threshold",),
)
def check_near_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, (first, score) in sorted(_dupes(ctx).near.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} is {score:.0%} similar to {_ref(ctx, first)}: "
            f"{_short(ctx.cases[i].first_prompt or ctx.case_key(i))!r}",
            "keep one of them, or make the difference between them meaningful",
            case=i,
            key="prompt" if ctx.cases[i].turns else None,
            turn=0 if ctx.cases[i].turns else None,
            data={"similar_to": first, "similarity": round(score, 3)},
        )


def case_test_id(case: Case) -> str | None:
    """A case's test id: ``Case.id``, else an id kept in its extensions."""
    if case.id:
        return case.id
    for ext in (case.extensions, *(t.extensions for t in case.turns)):
        if isinstance(ext, dict):
            for key in ("id", "testId", "test_id", "test_case_id"):
                value = ext.get(key)
                if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
                    return str(value)
    return None


@rule(
    "lint.case.duplicate-id",
    Severity.ERROR,
    "Two test cases share a test id.",
    explanation="""
Test ids tie results across runs (regression tracking). Two cases with one id make
their results overwrite or shadow each other in reports and comparisons.
""",
    bad=_doc(
        _item("How do I reset my VPN token?", ext='{"id": "vpn-01"}'),
        _item("How do I order a new laptop?", ext='{"id": "vpn-01"}'),
    ),
    good=_doc(
        _item("How do I reset my VPN token?", ext='{"id": "vpn-01"}'),
        _item("How do I order a new laptop?", ext='{"id": "hw-01"}'),
    ),
)
def check_duplicate_id(ctx: LintContext) -> Iterator[Hit]:
    first: dict[str, int] = {}
    for i, case in enumerate(ctx.cases):
        tid = case_test_id(case)
        if tid is None:
            continue
        if tid in first:
            yield Hit(
                f"{ctx.case_label(i)} has test id {tid!r}, already used by {_ref(ctx, first[tid])}",
                "give every test case its own id",
                case=i,
                data={"id": tid, "first": first[tid]},
            )
        else:
            first[tid] = i


def case_category(case: Case) -> str | None:
    """A case's category: ``Case.category``, else one kept in its extensions."""
    if case.category:
        return case.category
    for ext in (case.extensions, *(t.extensions for t in case.turns)):
        if isinstance(ext, dict) and isinstance(ext.get("category"), str) and ext["category"]:
            return str(ext["category"])
    return None


@rule(
    "lint.category.singleton",
    Severity.WARNING,
    "A category is used by one test case only (likely a typo of another).",
    explanation="""
Categories group results ("billing", "refunds"). A category that only one case uses,
in a dataset whose other categories are shared, is usually a misspelling ("biling") and
splits the per-category numbers.
""",
    bad=_doc(
        *[_item(f"How do I pay invoice INV-{n}?", ext='{"category": "billing"}') for n in (1, 2)],
        _item("How do I pay invoice INV-3 by card?", ext='{"category": "biling"}'),
    ),
    good=_doc(
        *[_item(f"How do I pay invoice INV-{n}?", ext='{"category": "billing"}') for n in (1, 2, 3)]
    ),
)
def check_singleton_category(ctx: LintContext) -> Iterator[Hit]:
    cats = [case_category(c) for c in ctx.cases]
    counts = Counter(c for c in cats if c)
    if len(counts) < 2 or not any(n > 1 for n in counts.values()):
        return
    shared = [c for c, n in counts.items() if n > 1]
    for i, cat in enumerate(cats):
        if not cat or counts[cat] != 1:
            continue
        from rapidfuzz import process

        best = process.extractOne(cat, shared)
        close = best[0] if best and best[1] >= 75 else None
        yield Hit(
            f"category {cat!r} of {ctx.case_label(i)} is used only once"
            + (f"; did you mean {close!r}?" if close else ""),
            f"use {close!r}"
            if close
            else "use one of the shared categories, or add more cases to this one",
            case=i,
            data={"category": cat, "suggestion": close},
        )


@rule(
    "lint.text.whitespace",
    Severity.INFO,
    "Prompt or expected response has leading or trailing whitespace.",
    explanation="""
Spaces and line breaks around a prompt or expected response are invisible in most
editors but count for ExactMatch, change token counts, and make duplicates look
different. `lint --fix` trims them.
""",
    bad=_doc(_item("How do I reset my VPN token?  ", "Use the portal.\n")),
    good=_doc(_item("How do I reset my VPN token?", "Use the portal.")),
    fixable=True,
)
def check_whitespace(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in _texts(ctx):
        if text and text.strip() and text != text.strip():
            side = (
                "leading and trailing"
                if text[0].isspace() and text[-1].isspace()
                else ("leading" if text[0].isspace() else "trailing")
            )
            yield _hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {_FIELD_WORD[field]} of {_where(ctx, ci, ti)} has {side} whitespace: {text!r}"[
                    :200
                ],
                "trim it ('datasetkit lint --fix' does it)",
            )


@rule(
    "lint.text.invisible",
    Severity.WARNING,
    "Prompt or expected response contains control or invisible characters.",
    explanation="""
Zero-width spaces, byte order marks, bidirectional overrides and control characters
come from copy-paste out of web pages and chat tools. They are invisible, break exact
matching and duplicate detection, and bidirectional controls can hide text.
""",
    bad=_doc(_item("How do I reset my\u200b VPN token?")),
    good=_doc(_item("How do I reset my VPN token?")),
)
def check_invisible(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in _texts(ctx):
        found = find_invisible(text)
        if found:
            offset, name = found
            yield _hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {_FIELD_WORD[field]} of {_where(ctx, ci, ti)} contains a {name} at character {offset + 1}",
                "delete the invisible character (retype the text around it)",
                character=f"U+{ord(text[offset]):04X}",
            )


@rule(
    "lint.text.mojibake",
    Severity.WARNING,
    "Text shows signs of a broken encoding (\u00e2\u20ac\u2122 for \u2019).",
    explanation="""
"Ã©" for "é" or "â€™" for "’" means UTF-8 text was once read as Windows-1252 and saved
again. The agent and the judge see the garbled characters.
""",
    bad=_doc(_item("What\u00e2\u20ac\u2122s the caf\u00c3\u00a9 menu today?")),
    good=_doc(_item("What\u2019s the caf\u00e9 menu today?")),
)
def check_mojibake(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in _texts(ctx):
        seq = find_mojibake(text)
        if seq:
            yield _hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {_FIELD_WORD[field]} of {_where(ctx, ci, ti)} contains {seq!r}, "
                "UTF-8 text that was decoded with the wrong encoding",
                "re-type the affected characters, or re-export the source as UTF-8",
                sequence=seq,
            )


@rule(
    "lint.dataset.empty",
    Severity.ERROR,
    "The dataset has no test cases.",
    explanation="""
A file without test cases runs nothing: runevals reports zero prompts and Foundry
evaluates zero rows, and a CI check that only looks at the exit code passes.
""",
    bad='{"schemaVersion": "1.11.0", "items": []}',
    good=_doc(_item("How do I reset my VPN token?")),
    supersedes=("m365.schema.empty",),
)
def check_empty_dataset(ctx: LintContext) -> Iterator[Hit]:
    if not ctx.cases:
        yield Hit(
            "the dataset has no test cases",
            "add test cases (datasetkit new adds one), or remove the file",
            pointer="/items" if ctx.family == "m365" else "",
        )


_EDGE_WORDS = (
    "edge",
    "negative",
    "error",
    "refus",
    "out-of-scope",
    "out of scope",
    "oos",
    "adversarial",
    "safety",
    "invalid",
    "jailbreak",
    "injection",
    "robust",
    "unhappy",
    "fallback",
)


def _labels(case: Case) -> list[str]:
    labels = [case.category or "", case.name or "", *(case.tags or [])]
    cat = case_category(case)
    if cat:
        labels.append(cat)
    for t in case.turns:
        labels.extend(t.tags or [])
    return [lab.lower() for lab in labels if lab]


_MIN_CASES_FOR_COVERAGE = 10


@rule(
    "lint.coverage.no-categories",
    Severity.INFO,
    "A dataset of 10 or more cases has no categories or tags.",
    explanation="""
The evaluation guidance recommends grouping test cases by scenario (categories or
tags) so results can be read per area and regressions located. Without any grouping
a pass rate is one number for everything.
""",
    bad=_doc(*[_item(f"How do I pay invoice INV-{n} by card?") for n in range(10)]),
    good=_doc(
        *[
            _item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(10)
        ]
    ),
)
def check_no_categories(ctx: LintContext) -> Iterator[Hit]:
    if len(ctx.cases) < _MIN_CASES_FOR_COVERAGE:
        return
    if any(case_category(c) or c.tags or any(t.tags for t in c.turns) for c in ctx.cases):
        return
    yield Hit(
        f"none of the {len(ctx.cases)} test cases has a category or tags",
        'give each case a category or tags (M365: "tags" or extensions.category) to read results per area',
        pointer="",
    )


@rule(
    "lint.coverage.no-ids",
    Severity.INFO,
    "A dataset of 10 or more cases has no test ids.",
    explanation="""
Stable test ids let you compare runs case by case and track regressions. Without ids,
editing a prompt's wording makes it a new case in every comparison.
""",
    bad=_doc(*[_item(f"How do I pay invoice INV-{n} by card?") for n in range(10)]),
    good=_doc(
        *[
            _item(f"How do I pay invoice INV-{n} by card?", ext=f'{{"id": "inv-{n}"}}')
            for n in range(10)
        ]
    ),
)
def check_no_ids(ctx: LintContext) -> Iterator[Hit]:
    if len(ctx.cases) < _MIN_CASES_FOR_COVERAGE:
        return
    if any(case_test_id(c) for c in ctx.cases):
        return
    yield Hit(
        f"none of the {len(ctx.cases)} test cases has a test id",
        "give each case a stable id (M365: extensions.id; Foundry: an id column)",
        pointer="",
    )


@rule(
    "lint.coverage.no-edge-cases",
    Severity.INFO,
    "A dataset of 10 or more cases has no case marked as an error-handling or edge case.",
    explanation="""
Good evaluation sets test how the agent handles what it should not or cannot answer:
out-of-scope requests, missing information, invalid input, harmful requests. Mark them
with a category or tag (edge, negative, out-of-scope, safety, ...) so the set shows
that it covers them.
""",
    bad=_doc(
        *[
            _item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(10)
        ]
    ),
    good=_doc(
        *[
            _item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(9)
        ],
        _item("Pay every invoice of every customer now", ext='{"category": "out-of-scope"}'),
    ),
)
def check_no_edge_cases(ctx: LintContext) -> Iterator[Hit]:
    if len(ctx.cases) < _MIN_CASES_FOR_COVERAGE:
        return
    for case in ctx.cases:
        if any(word in label for label in _labels(case) for word in _EDGE_WORDS):
            return
    yield Hit(
        f"none of the {len(ctx.cases)} test cases is marked as an edge or error-handling case",
        'add cases for out-of-scope, ambiguous, invalid or harmful requests and tag them (e.g. category "edge")',
        pointer="",
    )
