"""What the content rules share: example documents, short quotes, a case's texts and places."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

from datasetkit.core.language.detect import detect
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit


def example_doc(*items: str) -> str:
    """An M365 evaluation document of ``items``, for a rule's bad and good examples."""
    return '{"schemaVersion": "1.11.0", "items": [' + ", ".join(items) + "]}"


def example_item(prompt: str, expected: str | None = None, ext: str = "") -> str:
    """One item of :func:`example_doc`: a prompt, its expected response, its extensions."""
    out = '{"prompt": ' + json.dumps(prompt)
    if expected is not None:
        out += ', "expected_response": ' + json.dumps(expected)
    if ext:
        out += ', "extensions": ' + ext
    return out + "}"


def short_quote(text: str, limit: int = 60) -> str:
    """``text`` on one line, cut to ``limit`` characters, for quoting in a message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def case_texts(ctx: LintContext) -> Iterator[tuple[int, int, str, str]]:
    """``(case, turn, field, text)`` for every prompt and expected response."""
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            yield ci, ti, "prompt", turn.prompt
            if turn.expected_response is not None:
                yield ci, ti, "expected_response", turn.expected_response
        if case.seed is not None:
            yield ci, -1, "description", case.seed.description


def case_place(ctx: LintContext, ci: int, ti: int) -> str:
    """How a message names case ``ci`` (and its turn ``ti``, in a conversation of several)."""
    case = ctx.cases[ci]
    if ti >= 0 and case.kind == "conversation" and len(case.turns) > 1:
        return f"{ctx.case_label(ci)} turn {ti + 1}"
    return ctx.case_label(ci)


def hit_at(
    ctx: LintContext, ci: int, ti: int, field: str, message: str, hint: str, **data: Any
) -> Hit:
    """A hit on ``field`` of case ``ci``, turn ``ti`` (as :func:`case_texts` yields them)."""
    key = "seed" if field == "description" else field
    return Hit(message, hint, case=ci, turn=ti if ti >= 0 else None, key=key, data=data)


# How a message names each field :func:`case_texts` yields.
FIELD_WORD = {
    "prompt": "prompt",
    "expected_response": "expected response",
    "description": "seed description",
}


def case_fact(ctx: LintContext, ci: int, key: str) -> object:
    """A fact a generated case keeps in its extensions (an M365 item's sit on its turn)."""
    case = ctx.cases[ci]
    for ext in (case.extensions, case.turns[0].extensions if case.turns else None):
        facts = (ext or {}).get("datasetkit")
        if isinstance(facts, dict) and key in facts:
            return facts[key]
    return None


def case_language(ctx: LintContext, ci: int) -> str | None:
    """The language a generated case records; for a hand-written case, the one its first
    prompt is written in when the detector is sure of it; else None (read as English)."""
    lang = case_fact(ctx, ci, "language")
    if isinstance(lang, str):
        return lang
    case = ctx.cases[ci]
    return _prompt_language(case.turns[0].prompt) if case.turns else None


# How sure the detector must be before a hand-written prompt is read by the checks of its
# language rather than English ones (the level the project's wrong-language check uses).
_SURE = 0.45


@functools.lru_cache(maxsize=4096)
def _prompt_language(prompt: str) -> str | None:
    # Every rule asks for each case: the prompt is read once.
    found = detect(prompt)
    return found.language if found.language and found.confidence >= _SURE else None
