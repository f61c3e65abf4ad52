"""The rule that a prompt names whose document it asks about, not only its kind.

The test is :func:`datasetkit.lint.pasted_headings.names_document`.
"""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.lint.context import LintContext
from datasetkit.lint.pasted_headings import names_document
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.casetext import (
    case_language,
    case_place,
    example_doc,
    example_item,
    hit_at,
)


@rule(
    "lint.prompt.names-document",
    Severity.WARNING,
    'Prompt asks what "the document" or "the <kind of document>" says, naming no one\'s.',
    explanation="""
"What are the third-party service providers in the Privacy Policy?" or "What is the
notice period in the document?" name only a kind of document. An agent holds many
privacy policies, handbooks and guides, and each has an answer; a grader cannot tell
which is meant. Name the organisation, product or programme the document is about
("Which third-party service providers does Contoso use?").
""",
    bad=example_doc(
        example_item("What are the service providers in the Privacy Policy?", "Hosting.")
    ),
    good=example_doc(example_item("Which service providers does Contoso use?", "Hosting.")),
)
def check_names_document(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        prompt = case.turns[0].prompt if case.turns else ""
        found = names_document(prompt, case_language(ctx, ci)) if prompt.strip() else None
        if found:
            yield hit_at(
                ctx,
                ci,
                0,
                "prompt",
                f"the prompt of {case_place(ctx, ci, 0)} names no one's document: {found}",
                "name the organisation, product or programme the document is about",
                prompt=prompt,
            )
