"""The rule that a prompt names its subject when the rest of its set does.

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
from datasetkit.lint.subject import asks_a_definition, names_something, shared_subject


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
