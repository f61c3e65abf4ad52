"""Realistic benchmark data of any size: M365 eval documents, Foundry JSONL rows, prompts.

Everything is seeded, so the same size gives the same bytes. Prompts are varied (many
openers, topics, names, numbers) with a share built from a few templates (the shape that
makes near-duplicate search expensive); items carry tool calls, multi-turn threads and
evaluators; a seeded share of rows or items is broken in ways a user really breaks them
(a missing field, a wrong type, an unknown key, a role out of place).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TOPICS = [
    "vacation days",
    "parental leave",
    "expense reports",
    "VPN token",
    "laptop order",
    "badge access",
    "payroll date",
    "health insurance",
    "travel booking",
    "password reset",
    "printer setup",
    "meeting rooms",
    "pension plan",
    "sick leave",
    "overtime pay",
    "relocation support",
    "claim status",
    "order refund",
    "shipping address",
    "gift card balance",
]
OPENERS = [
    "How do I",
    "Who approves",
    "What is the deadline for",
    "Where can I find",
    "Can I change",
    "Why was I charged for",
    "When does the policy on",
    "Explain the rules for",
    "Is there a limit on",
    "Which form covers",
]
# Templates that differ in one number only put every prompt they make into the same LSH
# buckets: the shape that made near-duplicate search quadratic.
TEMPLATES = [
    "What is the status of order {n}?",
    "Summarise ticket {n} in two sentences.",
    "What is the status of order {n} placed by {name}?",
    "Summarise ticket {n} for {name} in two sentences.",
    "Book a meeting room in {city} for {name} on day {d}.",
    "How many {topic} does {name} have left in {city}?",
]
CITIES = ["Seattle", "Dublin", "Paris", "Tokyo", "Austin", "Oslo", "Lagos", "Lima", "Pune"]
_SYLL = ["ber", "lin", "ova", "tek", "mar", "sol", "din", "ra", "qu", "zel", "hof", "pan"]
_FILLER = (
    "The policy applies to full-time staff; part-time staff accrue pro rata. Requests go "
    "through the HR portal and need a manager's approval within five working days. "
)


class Prompts:
    """An endless seeded stream of prompts: varied ones and a share from templates."""

    def __init__(self, seed: int, templated: float = 0.3, names: int = 5000) -> None:
        self.rng = random.Random(seed)
        self.templated = templated
        self.names = [
            "".join(self.rng.choice(_SYLL) for _ in range(4)).title() for _ in range(names)
        ]

    def next(self, i: int) -> str:
        rng = self.rng
        if rng.random() < self.templated:
            return rng.choice(TEMPLATES).format(
                n=rng.randint(10000, 99999),
                name=rng.choice(self.names),
                city=rng.choice(CITIES),
                d=rng.randint(1, 28),
                topic=rng.choice(TOPICS),
            )
        return (
            f"{rng.choice(OPENERS)} {rng.choice(TOPICS)} for {rng.choice(self.names)} in the "
            f"{rng.choice(CITIES)} office ({rng.choice(self.names)} team), case {i}?"
        )


def prompts(n: int, seed: int = 11, templated: float = 0.3) -> list[str]:
    """``n`` prompts, ``templated`` of them from a few templates."""
    gen = Prompts(seed, templated, names=max(5000, n // 2))
    return [gen.next(i) for i in range(n)]


# --- M365 eval documents ---------------------------------------------------------------


def _m365_item(i: int, rng: random.Random, gen: Prompts) -> dict[str, Any]:
    kind = i % 10
    if kind == 0:  # a thread
        return {
            "name": f"Thread {i}",
            "turns": [
                {"prompt": gen.next(i), "expected_response": f"Answer {i}: see section {i % 97}."},
                {"prompt": "And if I am part-time?", "expected_response": "Pro rata, same portal."},
            ],
        }
    item: dict[str, Any] = {
        "prompt": gen.next(i),
        "expected_response": f"Answer {i}: {_FILLER[: 60 + rng.randint(0, 80)]}",
        "extensions": {"id": f"tc-{i}", "category": rng.choice(TOPICS)},
    }
    if kind in (1, 2):
        item["evaluators"] = {"Similarity": {"threshold": 4}, "Relevance": {}}
    if kind == 3:
        item["allowed_tools"] = ["contoso_get-order-status"]
    return item


def _break_m365(item: dict[str, Any], rng: random.Random) -> None:
    """A mistake the schema catches: a missing prompt, a wrong type, an unknown key."""
    how = rng.randrange(3)
    if "turns" in item:
        item["turns"][0]["prompt"] = ""
    elif how == 0:
        del item["prompt"]
        item["question"] = "What was asked?"
    elif how == 1:
        item["expected_response"] = 42
    else:
        item["notes"] = "an unknown key"


def m365_items(n: int, errors: float = 0.0, seed: int = 3) -> Iterator[dict[str, Any]]:
    """``n`` M365 items; ``errors`` of them broken."""
    rng = random.Random(seed)
    gen = Prompts(seed + 1, names=max(5000, n // 2))
    for i in range(n):
        item = _m365_item(i, rng, gen)
        if errors and rng.random() < errors:
            _break_m365(item, rng)
        yield item


def write_m365(path: Path, n: int, errors: float = 0.0, seed: int = 3) -> Path:
    """An M365 1.11 document of ``n`` items, pretty-printed as people keep them."""
    doc = {
        "schemaVersion": "1.11.0",
        "metadata": {"name": f"Bench {n}", "tags": ["bench"]},
        "default_evaluators": {"Relevance": {}, "Coherence": {}},
        "items": list(m365_items(n, errors, seed)),
    }
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# --- Foundry JSONL rows ----------------------------------------------------------------


def _tool_call_row(i: int, rng: random.Random, gen: Prompts) -> dict[str, Any]:
    call = f"call_{i}"
    order = rng.randint(10000, 99999)
    return {
        "messages": [
            {"role": "system", "content": "You are the order assistant for Contoso Retail."},
            {"role": "user", "content": [{"type": "text", "text": gen.next(i)}]},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_call",
                        "tool_call_id": call,
                        "name": "get_order",
                        "arguments": {"order": order, "expand": ["items", "shipping"]},
                    }
                ],
            },
            {
                "role": "tool",
                "tool_call_id": call,
                "content": [
                    {
                        "type": "tool_result",
                        "tool_result": {
                            "status": rng.choice(["open", "shipped", "late"]),
                            "days": i % 30,
                        },
                    }
                ],
            },
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": f"Order {order} is on its way. {_FILLER[:120]}"}
                ],
            },
        ],
        "tool_definitions": [
            {
                "type": "function",
                "name": "get_order",
                "description": "Look up an order by its number.",
                "parameters": {
                    "type": "object",
                    "properties": {"order": {"type": "integer"}, "expand": {"type": "array"}},
                    "required": ["order"],
                },
            }
        ],
        "id": f"row-{i}",
    }


def _multi_turn_row(i: int, rng: random.Random, gen: Prompts) -> dict[str, Any]:
    turns = []
    for k in range(rng.randint(2, 3)):
        turns.append({"role": "user", "content": gen.next(i * 7 + k)})
        turns.append({"role": "assistant", "content": _FILLER[: 150 + rng.randint(0, 120)]})
    return {
        "messages": turns,
        "ground_truth": f"Answer {i}: see section {i % 97}.",
        "id": f"row-{i}",
    }


def _query_row(i: int, rng: random.Random, gen: Prompts) -> dict[str, Any]:
    return {
        "query": gen.next(i),
        "response": _FILLER * 2,
        "context": _FILLER * 3,
        "ground_truth": f"Answer {i}: {_FILLER[: 200 + rng.randint(0, 100)]}",
        "id": f"row-{i}",
    }


def _break_foundry(row: dict[str, Any], rng: random.Random) -> None:
    """A mistake a row check catches: a bad role, a missing content, a wrong type."""
    if "messages" in row:
        how = rng.randrange(3)
        msg = row["messages"][min(1, len(row["messages"]) - 1)]
        if how == 0:
            msg["role"] = "customer"
        elif how == 1:
            del msg["content"]
        else:
            row["messages"] = {"role": "user"}
    else:
        row["query"] = ["not", "a", "string"]


def foundry_rows(n: int, errors: float = 0.0, seed: int = 5) -> Iterator[dict[str, Any]]:
    """``n`` Foundry rows of about 1 KB: tool calls, multi-turn threads, query/response.

    The mistakes draw from a generator of their own, so a file with ``errors`` holds the
    same rows as the clean file of the same seed, a share of them broken: the two
    compare the cost of the broken rows alone."""
    rng = random.Random(seed)
    breaks = random.Random(seed + 2)
    gen = Prompts(seed + 1, names=max(5000, n // 20))
    makers = (_tool_call_row, _tool_call_row, _multi_turn_row, _query_row)
    for i in range(n):
        row = makers[i % len(makers)](i, rng, gen)
        if errors and breaks.random() < errors:
            _break_foundry(row, breaks)
        yield row


def write_foundry(path: Path, n: int, errors: float = 0.0, seed: int = 5) -> Path:
    """A Foundry JSONL file of ``n`` rows (one JSON object a line)."""
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for row in foundry_rows(n, errors, seed):
            fh.write(json.dumps(row, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    return path


def write_prompts_jsonl(path: Path, n: int, templated: float = 0.3, seed: int = 11) -> Path:
    """A Foundry query/response file whose prompts are ``templated`` from templates (for lint)."""
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for i, p in enumerate(prompts(n, seed, templated)):
            row = {"query": p, "ground_truth": f"Answer {i}: see section {i % 97}.", "id": f"p-{i}"}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path
