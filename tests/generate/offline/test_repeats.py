"""A set never asks again, as a question of its own, what a question the document asks
(or a task with its steps) already answers in full."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator, normalize
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

GUIDE_MD = """\
# Fabrikam Bikes Service Guide

## How do I book a repair?

Call the workshop on 0800 555 0199 and give your frame number. A technician calls you
back within 2 business days to agree a date.

## How to send a bike for a warranty check

1. Pack the bike in its original box.
2. Attach the label from your warranty email.
3. Hand the box to the courier within 14 days of the email.

## Which parts are never covered?

Tyres, brake pads and chains are never covered, because they wear with normal use.

## Opening hours

The workshop is open from 9:00 to 17:00 on weekdays. Saturday repairs cost 15 EUR extra.
"""


def _cases(tmp_path: Path) -> list[tuple[str, str]]:
    path = tmp_path / "service.md"
    path.write_text(GUIDE_MD, encoding="utf-8")
    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, 30, 3, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    turns = [c.case.turns[0] for c in result.cases]
    return [(t.prompt, t.expected_response) for t in turns]


def _bare(answer: str) -> str:
    # A yes/no answer quotes the sentence after its "No." or "Yes.".
    text = normalize(answer)
    for lead in ("no ", "yes "):
        if text.startswith(lead):
            return text[len(lead) :]
    return text


def test_no_case_asks_one_sentence_of_an_answer_the_document_gives_in_full(
    tmp_path: Path,
) -> None:
    cases = _cases(tmp_path)
    questions = {q for q, _ in cases}
    # The document's own questions and its task are asked, with their whole answers.
    assert "How do I book a repair?" in questions
    assert "Which parts are never covered?" in questions
    for q, a in cases:
        for other_q, other_a in cases:
            if other_q == q:
                continue
            assert _bare(a) not in normalize(other_a), (
                f"{q!r} asks again part of what {other_q!r} answers: {a!r}"
            )
    # The rest of the document is still asked about.
    assert any("Saturday" in a or "9:00" in a for _, a in cases)
