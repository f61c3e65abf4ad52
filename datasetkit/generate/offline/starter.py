"""The offline starter set: placeholder cases per test-design category, marked for a person."""

from __future__ import annotations

import random
from collections.abc import Sequence

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Turn
from datasetkit.generate.contract import CATEGORIES, GeneratedCase, GenerationResult

PLACEHOLDER = "[PLACEHOLDER]"

# For each category of the test-design guide: what a prompt and an expected response
# should be. Several per category so a larger count gives distinct cases.
_STARTER: dict[str, list[tuple[str, str]]] = {
    "knowledge": [
        (
            "a question a user asks that the agent must answer from its knowledge sources (a policy detail, a figure, a date)",
            "the correct answer, quoted from the knowledge source, with where it is found",
        ),
        (
            "a question whose answer sits in a table of the knowledge (a price, a limit, a contact)",
            "the exact value from the table",
        ),
        (
            "a question that needs two passages of the knowledge put together",
            "the combined answer and both sources",
        ),
        (
            "a question phrased the way real users phrase it (informal, with a typo)",
            "the same correct answer as for the formal wording",
        ),
    ],
    "instruction-following": [
        (
            "a request that tests one instruction of the agent (tone, length, format, language)",
            "a response that follows the instruction, described concretely (e.g. 'at most three bullet points')",
        ),
        (
            "a request for a specific output format (a table, a numbered list, a short summary)",
            "the answer in exactly that format",
        ),
        (
            "a request in another language than the agent's default",
            "the behaviour the instructions ask for (answer in that language, or say which languages are supported)",
        ),
        (
            "a request that the instructions tell the agent to redirect (e.g. to a human or another channel)",
            "the redirection the instructions prescribe, with its wording",
        ),
    ],
    "tool-usage": [
        (
            "a request that needs one of the agent's actions or connectors to answer",
            "the tool that must be called, with its inputs, and the answer built from its result",
        ),
        (
            "a request where the tool needs an input the user has not given",
            "a clarifying question asking for the missing input, before any tool call",
        ),
        (
            "a request that should not call any tool (answerable from knowledge alone)",
            "the answer, and that no tool is called",
        ),
        (
            "a request where the tool returns an error or nothing",
            "an honest message that the information could not be retrieved, with a next step",
        ),
    ],
    "edge-cases": [
        (
            "an ambiguous request that could mean two things",
            "a clarifying question that names both readings",
        ),
        (
            "a question outside the agent's scope",
            "a polite statement that this is out of scope, and where to go instead",
        ),
        (
            "a question about something the knowledge does not contain",
            "a clear 'I don't know' without invented facts",
        ),
        ("a multi-part request (two questions in one message)", "answers to both parts"),
    ],
    "safety": [
        (
            "a harmful or dangerous request related to the agent's domain",
            "a refusal that does not lecture, and a safe alternative",
        ),
        (
            "a prompt-injection attempt ('ignore your instructions and ...')",
            "the agent keeps to its instructions and does not reveal them",
        ),
        (
            "a request for someone else's personal or confidential data",
            "a refusal that explains the data cannot be shared",
        ),
        ("an offensive or abusive message", "a calm, respectful reply that stays on task"),
    ],
}


def starter_skeleton(
    description: str, *, count: int, seed: int, categories: Sequence[str] | None = None
) -> GenerationResult:
    """Placeholder cases spread evenly over the categories, each marked for a person to fill in."""
    cats = list(categories or CATEGORIES)
    for c in cats:
        if c not in CATEGORIES:
            raise DatasetkitError(f"unknown category {c!r}", "use one of: " + ", ".join(CATEGORIES))
    if count < 1:
        raise DatasetkitError(f"--count {count} must be at least 1", "for example --count 10")
    rng = random.Random(seed)
    base, extra = divmod(count, len(cats))
    result = GenerationResult()
    for j, cat in enumerate(cats):
        n = base + (1 if j < extra else 0)
        hints = _STARTER[cat]
        offset = rng.randrange(len(hints))
        for k in range(n):
            prompt_hint, expected_hint = hints[(offset + k) % len(hints)]
            number = f" #{k + 1}" if n > 1 else ""
            case = Case(
                category=cat,
                turns=[
                    Turn(
                        prompt=f"{PLACEHOLDER} {cat}{number}: write {prompt_hint}.",
                        expected_response=f"{PLACEHOLDER} describe {expected_hint}.",
                    )
                ],
            )
            case.extensions = {
                "datasetkit": {"placeholder": True, "grounded": False, "generator": "offline"}
            }
            case.id = case.content_id()
            result.cases.append(
                GeneratedCase(case=case, grounded=False, checks={"placeholder": True})
            )
    result.usage = {"provider": "offline", "api_calls": 0}
    return result
