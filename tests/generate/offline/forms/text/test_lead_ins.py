"""A lead-in that ends where the means of its task begin ("Delete an account with:" over a
command, "The cache can be cleared by:" over its steps) is asked how to do the task and
answered by everything that follows it; one whose subject points back is not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

GUIDE = """\
# Quayside operations guide

## Accounts

Every harbour master has an account on the quay server. Delete an account with:

```
$ quayctl account delete harbourmaster
```

## Cache

The berth cache can be cleared by:

1. Stopping the quay server.
2. Moving the cache directory aside.
3. Starting the quay server again.

## Pilots

A pilot guides a vessel into the harbour. This can be changed with:

```
$ quayctl pilot set --default none
```
"""


def _cases(tmp_path: Path) -> dict[str, str]:
    page = tmp_path / "guide.md"
    page.write_text(GUIDE, encoding="utf-8")
    chunks = chunk_documents(load([page]), 1500)
    gen = OfflineGenerator()
    result = gen.generate_knowledge(build_plan(chunks, 30, 1, capacity=gen.capacity))
    return {
        gc.case.turns[0].prompt: gc.case.turns[0].expected_response or "" for gc in result.cases
    }


def test_an_order_over_a_command_is_asked_how_to_do_it(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    asked = next(q for q in cases if q.startswith("How do I delete an account"))
    assert cases[asked].endswith("quayctl account delete harbourmaster")


def test_a_passive_lead_in_over_steps_is_asked_with_every_step(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    asked = next(q for q in cases if q.startswith("How can the berth cache be cleared"))
    assert cases[asked].splitlines() == [
        "Stopping the quay server.",
        "Moving the cache directory aside.",
        "Starting the quay server again.",
    ]


def test_a_lead_in_whose_subject_points_back_is_not_asked(tmp_path: Path) -> None:
    assert not any(q.startswith("How can this") for q in _cases(tmp_path))
