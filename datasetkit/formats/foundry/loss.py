"""What a Foundry file cannot hold, counted, and the CSV cells that say it.

Kept apart from the planning and writing of cases (:mod:`.plan`, :mod:`.writer`),
which need the canonical model, so the fast conversion of clean rows
(:mod:`.fast.layout`) loads no model.
"""

from __future__ import annotations

import json
from typing import Any

from datasetkit.core import roles
from datasetkit.core.findings import Finding, Location, Severity


class Loss:
    """What the target could not hold, counted per kind."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[Any]] = {}

    def add(self, kind: str, what: str, reason: str, hint: str) -> None:
        entry = self.kinds.setdefault(kind, [0, what, reason, hint])
        entry[0] += 1

    def findings(self, fmt: str) -> list[Finding]:
        out = []
        for kind, (n, what, reason, hint) in self.kinds.items():
            out.append(
                Finding(
                    f"{fmt}.loss.{kind}",
                    Severity.WARNING,
                    f"{what} not written for {n:,} case{'s' if n != 1 else ''}: {reason}",
                    hint,
                    Location(),
                    data={"field": kind, "count": n},
                )
            )
        return out


CSV_HINT = "write JSONL instead (--to foundry), which holds every field"
# Columns of a CSV row that come from its turn (written first, from the turn's fields).
CSV_TURN_COLUMNS = frozenset(
    {"messages", "conversation", "query", "response", "context", "ground_truth"}
)


def lose_conversation(loss: Loss) -> None:
    """Count a case left out of a CSV file: it has more than one turn."""
    loss.add(
        "conversation",
        "conversations with more than one turn",
        "Foundry CSV is turn-level (one query/response per row); the cases were left out",
        CSV_HINT,
    )


def lose_messages(loss: Loss) -> None:
    """Count a case whose message list a CSV row can only hold as text."""
    loss.add(
        "messages",
        "message lists (system prompts, tool calls, typed content)",
        "CSV cells hold strings only; query/response were written as text",
        CSV_HINT,
    )


def csv_cell(k: str, v: Any, loss: Loss, csv_hint: str) -> str | None:
    """Column ``k``'s value as CSV text; None (and a loss) for what CSV cannot hold."""
    if isinstance(v, (str, int, float, bool)):
        # A number or boolean is ordinary CSV text ("5.0", "true").
        return roles.as_text(v) or ""
    if k in ("tool_definitions", "tools"):
        loss.add("tool_definitions", "tool definitions", "CSV cells hold strings only", csv_hint)
        return None
    if k == "simulation_configuration":
        loss.add(
            "simulation_configuration",
            "seed simulation_configuration objects",
            "CSV cells hold strings only",
            csv_hint,
        )
        return None
    if v is None:
        return ""
    # A list or object column keeps its content as JSON text; the type is what
    # is lost (the Foundry loader reads every cell as a string).
    text = json.dumps(v, ensure_ascii=False)
    loss.add(
        f"column.{k}",
        f"the type of column {k!r} (a list or object)",
        "its content was written as JSON text, since CSV cells hold strings",
        csv_hint,
    )
    return text
