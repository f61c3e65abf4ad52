"""The rules that a prompt names its subject: when the rest of its set does, and (a hint)
when its set mixes the cases of several documents.

The test of what a prompt names is :mod:`datasetkit.lint.subject`, the one the offline
generator uses to put a document's subject in its questions.
"""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.core.model import Case
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.casetext import case_place, example_doc, example_item, hit_at
from datasetkit.lint.subject import (
    asks_a_definition,
    names_something,
    names_something_in,
    shared_subject,
)


def case_group(case: Case) -> tuple[str, str] | None:
    """The group a case's first prompt is judged in and the prompt: the document the case
    was generated from ("" when the set does not say: a hand-written set is one group);
    None for a case with no first prompt."""
    if not case.turns or not case.turns[0].prompt.strip():
        return None
    found = None
    # A generated case says its source in its extensions (an M365 item's sit on its turn).
    for ext in (case.extensions, case.turns[0].extensions):
        facts = (ext or {}).get("datasetkit")
        source = facts.get("source") if isinstance(facts, dict) else None
        found = found or (source.get("file") if isinstance(source, dict) else None)
    return (found if isinstance(found, str) else "", case.turns[0].prompt)


def _subjects(ctx: LintContext) -> dict[str, str]:
    """Each group's subject, from the cases at hand (a file linted whole)."""
    groups: dict[str, list[str]] = {}
    for case in ctx.cases:
        found = case_group(case)
        if found:
            groups.setdefault(found[0], []).append(found[1])
    subjects = {g: shared_subject(prompts) for g, prompts in groups.items()}
    return {g: s for g, s in subjects.items() if s}


@rule(
    "lint.prompt.no-subject",
    Severity.WARNING,
    "Prompt names nothing, while most prompts of its set (or its document) name a subject.",
    explanation="""
An agent holds many documents. When most prompts of a set say whose rules or which
product they ask about ("How often are reviews held at Contoso?") and one does not
("How long is the warranty?"), that one has an answer in every document that states a
warranty, and a grader cannot tell which answer is right. Name the subject, the way the
other prompts do. Generated cases are grouped by the document they came from.
""",
    bad=example_doc(
        example_item("How often are reviews held at Contoso?", "Every year."),
        example_item("Who approves leave at Contoso?", "Your manager."),
        example_item("What are Contoso's core values?", "Integrity and care."),
        example_item("How many days of leave do Contoso staff get?", "25 days."),
        example_item("How long is the notice period?", "One month."),
    ),
    good=example_doc(
        example_item("How often are reviews held at Contoso?", "Every year."),
        example_item("Who approves leave at Contoso?", "Your manager."),
        example_item("What are Contoso's core values?", "Integrity and care."),
        example_item("How many days of leave do Contoso staff get?", "25 days."),
        example_item("How long is the notice period at Contoso?", "One month."),
    ),
)
def check_no_subject(ctx: LintContext) -> Iterator[Hit]:
    # A streamed part of a file: the groups' subjects come from facts over the whole file.
    subjects = _subjects(ctx) if ctx.facts is None else ctx.facts.subjects()
    if not subjects:
        return
    for ci, case in enumerate(ctx.cases):
        found = case_group(case)
        if found is None or found[0] not in subjects:
            continue
        if names_something(found[1]) or asks_a_definition(found[1]):
            continue
        file, prompt = found
        subject = subjects[file]
        where = f"the cases from {file}" if file else "the set's prompts"
        yield hit_at(
            ctx,
            ci,
            0,
            "prompt",
            f"the prompt of {case_place(ctx, ci, 0)} names no subject, while most of "
            f"{where} name {subject!r}",
            f"say what it asks about, as the others do (for example, at or for {subject})",
            prompt=prompt,
            subject=subject,
        )


def _mix(ctx: LintContext) -> tuple[int, dict[str, str]]:
    """How many documents the file's cases come from, and the groups' subjects."""
    if ctx.facts is not None:
        return len([g for g in ctx.facts.group_sizes if g]), ctx.facts.subjects()
    groups = {found[0] for case in ctx.cases if (found := case_group(case)) and found[0]}
    return len(groups), _subjects(ctx)


_SOURCE = '{"datasetkit": {"source": {"file": "%s"}}}'


@rule(
    "lint.prompt.unnamed-in-mix",
    Severity.INFO,
    "Prompt names nothing, in a set that mixes cases from several documents.",
    explanation="""
A set generated from several documents holds the cases of each; an agent holds them all.
"How many weeks of holiday do I get?" from one company's handbook has another answer in
every other handbook, and "Wie viele Wochen Ferien habe ich?" reads as general
knowledge. Say whose rule, product or plan the prompt asks about. A document whose other
prompts name one subject is judged by `lint.prompt.no-subject` instead; a prompt in
German counts its capitalised nouns as no names.
""",
    bad=example_doc(
        example_item("Who approves leave at Contoso?", "Your manager.", _SOURCE % "contoso.md"),
        example_item("How long does express delivery take?", "2 days.", _SOURCE % "shop.xlsx"),
    ),
    good=example_doc(
        example_item("Who approves leave at Contoso?", "Your manager.", _SOURCE % "contoso.md"),
        example_item(
            "How long does express delivery take at Fabrikam?", "2 days.", _SOURCE % "shop.xlsx"
        ),
    ),
)
def check_unnamed_in_mix(ctx: LintContext) -> Iterator[Hit]:
    documents, subjects = _mix(ctx)
    if documents < 2:
        return
    for ci, case in enumerate(ctx.cases):
        found = case_group(case)
        if found is None or found[0] in subjects or not found[0]:
            continue  # a document whose prompts share a subject: no-subject judges it
        file, prompt = found
        if names_something_in(prompt) or asks_a_definition(prompt):
            continue
        yield hit_at(
            ctx,
            ci,
            0,
            "prompt",
            f"the prompt of {case_place(ctx, ci, 0)} names no organisation, product or "
            f"document, in a set that mixes the cases of {documents} documents",
            f"say whose it is (for example, the organisation {file} is about)",
            prompt=prompt,
        )
