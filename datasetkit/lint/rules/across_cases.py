"""Rules across cases: duplicate cases and prompts, near-duplicates, shared ids, stray categories.

Regression ids must be stable and unique, and each case should test something the
others do not (the test-design advice of the M365 evaluation docs).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from functools import cached_property

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.model import Case
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import CsvTable, JsonDocument, JsonLines
from datasetkit.lint.neardup import meaningful_difference
from datasetkit.lint.registry import Hit, fixes, rule
from datasetkit.lint.rules.casetext import example_doc, example_item, short_quote
from datasetkit.lint.text import normalize


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
        from datasetkit.lint.neardup import near_duplicate_pairs
        from datasetkit.lint.neardup.meaning import digit_runs

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
    from datasetkit.core.plain import plain

    try:
        payload = json.dumps(plain(case), sort_keys=True, ensure_ascii=False, default=str)
    except RecursionError:
        # Deeper than the encoder goes (the parser barely read it): such a case is
        # compared by what it says, never taken for a copy of another on its extras.
        payload = json.dumps([case.id, [t.prompt for t in case.turns]], default=str)
    # A lone surrogate (a broken \ud800 escape, reported by the readers) still hashes.
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


def duplicate_groups(ctx: LintContext) -> _Dupes:
    """The duplicate groups of ``ctx``'s cases, computed once (the rules and stats share them)."""
    cached = getattr(ctx, "_dupes", None)
    if cached is None:
        # A streamed part of a file: the groups come from facts over the whole file.
        cached = ctx.facts.dupes(ctx) if ctx.facts is not None else _Dupes(ctx)
        ctx._dupes = cached  # type: ignore[attr-defined]
    return cached


def _ref(ctx: LintContext, i: int) -> str:
    return ctx.ref(i)


@rule(
    "lint.case.duplicate",
    Severity.WARNING,
    "Test case is an exact copy of an earlier one.",
    explanation="""
Two identical test cases cost two agent calls and two judge calls and count twice in
pass rates, which skews every aggregate. `lint --fix` removes the later copies.
""",
    bad=example_doc(
        example_item("How do I reset my VPN token?", "Use the self-service portal."),
        example_item("How do I reset my VPN token?", "Use the self-service portal."),
    ),
    good=example_doc(
        example_item("How do I reset my VPN token?", "Use the self-service portal."),
        example_item("How do I request a new laptop?", "Open a hardware ticket."),
    ),
    fixable=True,
)
def check_case_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(duplicate_groups(ctx).identical.items()):
        yield Hit(
            f"{ctx.case_label(i)} is an exact copy of {_ref(ctx, first)}: "
            f"{short_quote(ctx.cases[i].first_prompt or ctx.case_key(i))!r}",
            "delete the copy ('datasetkit lint --fix' removes exact duplicates)",
            case=i,
            data={"duplicate_of": first},
        )


@fixes("lint.case.duplicate", on=JsonDocument)
def remove_duplicate_items(doc: JsonDocument, found: list[Finding]) -> None:
    for f in found:
        if f.location.pointer:
            message = f"removed {f.location.pointer}, an exact copy of an earlier item"
            doc.remove_element(f.code, f.location.pointer, message, f.location.line)


@fixes("lint.case.duplicate", on=JsonLines)
def remove_duplicate_records(lines: JsonLines, found: list[Finding]) -> None:
    for f in found:
        if f.location.line:
            lines.remove(f.code, f.location.line, "removed an exact copy of an earlier record")


@fixes("lint.case.duplicate", on=CsvTable)
def remove_duplicate_rows(table: CsvTable, found: list[Finding]) -> None:
    for f in found:
        record = table.record(f.location.line)
        if record is not None:
            table.remove(f.code, record, "removed an exact copy of an earlier row")


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
    bad=example_doc(
        example_item("How do I reset my VPN token?", "Use the portal."),
        example_item("how do I reset my VPN token", "Use the portal."),
    ),
    good=example_doc(
        example_item("How do I reset my VPN token?", "Use the portal."),
        example_item(
            "How do I unlock my VPN account after 5 failed logins?", "Call the help desk."
        ),
    ),
)
def check_prompt_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(duplicate_groups(ctx).repeats.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} repeats {_ref(ctx, first)}: "
            f"{short_quote(ctx.cases[i].first_prompt)!r}",
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
    bad=example_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days a year."}',
        '{"prompt": "What is the PTO policy?", "response": "I do not know."}',
    ),
    good=example_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days a year."}',
        '{"prompt": "How do I book PTO?", "response": "In the HR portal."}',
    ),
)
def check_prompt_variants(ctx: LintContext) -> Iterator[Hit]:
    for i, first in sorted(duplicate_groups(ctx).variants.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} repeats {_ref(ctx, first)} with a different "
            f"response or expected response: {short_quote(ctx.cases[i].first_prompt)!r}",
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
    bad=example_doc(
        example_item("How do I reset my VPN token for the London office?"),
        example_item("How do I reset the VPN token for the London office?"),
    ),
    good=example_doc(
        example_item("How do I reset my VPN token for the London office?"),
        example_item("Who do I call when the London office printer jams?"),
    ),
    settings=("near-duplicate-threshold",),
)
def check_near_duplicate(ctx: LintContext) -> Iterator[Hit]:
    for i, (first, score) in sorted(duplicate_groups(ctx).near.items()):
        yield Hit(
            f"the prompt of {ctx.case_label(i)} is {score:.0%} similar to {_ref(ctx, first)}: "
            f"{short_quote(ctx.cases[i].first_prompt or ctx.case_key(i))!r}",
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
    bad=example_doc(
        example_item("How do I reset my VPN token?", ext='{"id": "vpn-01"}'),
        example_item("How do I order a new laptop?", ext='{"id": "vpn-01"}'),
    ),
    good=example_doc(
        example_item("How do I reset my VPN token?", ext='{"id": "vpn-01"}'),
        example_item("How do I order a new laptop?", ext='{"id": "hw-01"}'),
    ),
)
def check_duplicate_id(ctx: LintContext) -> Iterator[Hit]:
    for i, tid, first in _reused_ids(ctx):
        yield Hit(
            f"{ctx.case_label(i)} has test id {tid!r}, already used by {_ref(ctx, first)}",
            "give every test case its own id",
            case=i,
            data={"id": tid, "first": first},
        )


def _reused_ids(ctx: LintContext) -> Iterator[tuple[int, str, int]]:
    """``(case, id, first case with that id)`` for each case whose id was used before."""
    if ctx.facts is not None:
        yield from ctx.facts.reused_ids(ctx)
        return
    first: dict[str, int] = {}
    for i, case in enumerate(ctx.cases):
        tid = case_test_id(case)
        if tid is None:
            continue
        if tid in first:
            yield i, tid, first[tid]
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
    bad=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n}?", ext='{"category": "billing"}')
            for n in (1, 2)
        ],
        example_item("How do I pay invoice INV-3 by card?", ext='{"category": "biling"}'),
    ),
    good=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n}?", ext='{"category": "billing"}')
            for n in (1, 2, 3)
        ]
    ),
)
def check_singleton_category(ctx: LintContext) -> Iterator[Hit]:
    cats = [case_category(c) for c in ctx.cases]
    counts = Counter(c for c in cats if c) if ctx.facts is None else ctx.facts.categories
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
