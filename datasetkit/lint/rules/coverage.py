"""Coverage of the whole dataset: no cases at all, no categories, no ids, no edge cases."""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.core.model import Case
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.across_cases import case_category, case_test_id
from datasetkit.lint.rules.casetext import example_doc, example_item


@rule(
    "lint.dataset.empty",
    Severity.ERROR,
    "The dataset has no test cases.",
    explanation="""
A file without test cases runs nothing: runevals reports zero prompts and Foundry
evaluates zero rows, and a CI check that only looks at the exit code passes.
""",
    bad='{"schemaVersion": "1.11.0", "items": []}',
    good=example_doc(example_item("How do I reset my VPN token?")),
    supersedes=("m365.schema.empty",),
)
def check_empty_dataset(ctx: LintContext) -> Iterator[Hit]:
    if ctx.file_level and not ctx.case_count:
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


def is_grouped(case: Case) -> bool:
    """The case has a category or tags (on itself or a turn)."""
    return bool(case_category(case) or case.tags or any(t.tags for t in case.turns))


def has_id(case: Case) -> bool:
    """The case has a test id."""
    return bool(case_test_id(case))


def is_edge(case: Case) -> bool:
    """A label of the case marks it as an edge or error-handling case."""
    return any(word in label for label in _labels(case) for word in _EDGE_WORDS)


# The whole-file tests, by the name streamed facts keep their answers under.
CASE_TESTS = {"grouped": is_grouped, "has-id": has_id, "edge": is_edge}


@rule(
    "lint.coverage.no-categories",
    Severity.INFO,
    "A dataset of 10 or more cases has no categories or tags.",
    explanation="""
The evaluation guidance recommends grouping test cases by scenario (categories or
tags) so results can be read per area and regressions located. Without any grouping
a pass rate is one number for everything.
""",
    bad=example_doc(*[example_item(f"How do I pay invoice INV-{n} by card?") for n in range(10)]),
    good=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(10)
        ]
    ),
)
def check_no_categories(ctx: LintContext) -> Iterator[Hit]:
    if not ctx.file_level or ctx.case_count < _MIN_CASES_FOR_COVERAGE:
        return
    if ctx.any_case("grouped", is_grouped):
        return
    yield Hit(
        f"none of the {ctx.case_count} test cases has a category or tags",
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
    bad=example_doc(*[example_item(f"How do I pay invoice INV-{n} by card?") for n in range(10)]),
    good=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n} by card?", ext=f'{{"id": "inv-{n}"}}')
            for n in range(10)
        ]
    ),
)
def check_no_ids(ctx: LintContext) -> Iterator[Hit]:
    if not ctx.file_level or ctx.case_count < _MIN_CASES_FOR_COVERAGE:
        return
    if ctx.any_case("has-id", has_id):
        return
    yield Hit(
        f"none of the {ctx.case_count} test cases has a test id",
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
    bad=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(10)
        ]
    ),
    good=example_doc(
        *[
            example_item(f"How do I pay invoice INV-{n} by card?", ext='{"category": "billing"}')
            for n in range(9)
        ],
        example_item("Pay every invoice of every customer now", ext='{"category": "out-of-scope"}'),
    ),
)
def check_no_edge_cases(ctx: LintContext) -> Iterator[Hit]:
    if not ctx.file_level or ctx.case_count < _MIN_CASES_FOR_COVERAGE:
        return
    if ctx.any_case("edge", is_edge):
        return
    yield Hit(
        f"none of the {ctx.case_count} test cases is marked as an edge or error-handling case",
        'add cases for out-of-scope, ambiguous, invalid or harmful requests and tag them (e.g. category "edge")',
        pointer="",
    )
