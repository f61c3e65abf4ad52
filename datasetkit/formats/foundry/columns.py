"""Non-standard Foundry column names, and the one piece of advice given for each.

``validate`` (``foundry.column.nonstandard``) and ``lint`` (``lint.foundry.column-mapping``)
both describe a column through :func:`column_advice`, so they never disagree on what a
column means or how to fix it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

# Column -> (the standard Foundry column it stands for, the canonical field for --map).
ALIASES: dict[str, tuple[str, str | None]] = {
    "question": ("query", "prompt"),
    "questions": ("query", "prompt"),
    "input": ("query", "prompt"),
    "inputs": ("query", "prompt"),
    "prompt": ("query", "prompt"),
    "user_input": ("query", "prompt"),
    "output": ("response", None),
    "outputs": ("response", None),
    "completion": ("response", None),
    "truth": ("ground_truth", "expected_response"),
    "gt": ("ground_truth", "expected_response"),
    "expected": ("ground_truth", "expected_response"),
    "expected_output": ("ground_truth", "expected_response"),
    "expected_response": ("ground_truth", "expected_response"),
    "expected_answer": ("ground_truth", "expected_response"),
    "reference": ("ground_truth", "expected_response"),
    "groundtruth": ("ground_truth", "expected_response"),
    "chat_history": ("messages", "conversation"),
    "contexts": ("context", None),
    "documents": ("context", None),
    "tools": ("tool_definitions", None),
}
# "answer" is the expected answer in Q&A sheets (question,answer) and the answer being
# scored in RAG-metric rows (question,answer,documents): the other columns decide.
AMBIGUOUS = "answer"
_EXPECTED_COLUMNS = frozenset(
    {"ground_truth", *(k for k, (std, _) in ALIASES.items() if std == "ground_truth")}
)
_RESPONSE_COLUMNS = frozenset({"response", "output", "outputs", "completion"})


@dataclass(frozen=True)
class ColumnAdvice:
    """What a non-standard column stands for, and the message and fix to show."""

    standard: str
    message: str
    hint: str


def column_advice(column: str, row_columns: Collection[str]) -> ColumnAdvice | None:
    """The advice for a non-standard ``column`` of a row with ``row_columns``, or None."""
    name = column.strip().lower()
    if name == AMBIGUOUS:
        return _answer_advice(column, {c.strip().lower() for c in row_columns})
    if name not in ALIASES:
        return None
    std, canon = ALIASES[name]
    convert = f", or convert with --map {canon}={column}" if canon else ""
    return ColumnAdvice(
        std,
        f"column {column!r} is not a standard Foundry column; evaluators look for {std!r}",
        f"rename it to {std!r}, map it (data_mapping "
        f'{{"{std}": "{{{{item.{column}}}}}"}}){convert}',
    )


def _answer_advice(column: str, cols: set[str]) -> ColumnAdvice:
    base = f"column {column!r} is not a standard Foundry column; "
    if cols & _RESPONSE_COLUMNS:
        # The row already has the answer being scored: this one is the reference.
        std, canon = "ground_truth", "expected_response"
    elif cols & _EXPECTED_COLUMNS:
        std, canon = "response", None
    else:
        return ColumnAdvice(
            "ground_truth",
            base + "evaluators look for 'ground_truth' (the expected answer) or "
            "'response' (the answer being scored)",
            f"rename it to 'ground_truth' if it holds the expected answer (or convert with "
            f"--map expected_response={column}), or to 'response' if it holds the answer "
            "being scored",
        )
    convert = f", or convert with --map {canon}={column}" if canon else ""
    return ColumnAdvice(
        std,
        base + f"evaluators look for {std!r}",
        f'rename it to {std!r}, map it (data_mapping {{"{std}": "{{{{item.{column}}}}}"}}){convert}',
    )
