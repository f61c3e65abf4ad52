"""Prompt flow data rows: a question with its ``chat_history`` of inputs and outputs.

A prompt flow chat flow takes ``question`` (or ``chat_input``) and ``chat_history``, a
list of ``{"inputs": {...}, "outputs": {...}}`` for the earlier exchanges, and answers
with ``answer`` (or ``chat_output``). A row is one case: each history entry a turn
(its input text the prompt, its output text the response) and the row's question the
last turn, whose ``answer`` is the recorded answer and ``ground_truth`` the expected
one; ``documents``/``context`` are its context. Rows without history are single-turn.
Other keys go to ``Case.extra``. Read-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Turn

FORMAT = "promptflow"
_PROMPT = ("question", "chat_input", "query", "input")
_RESPONSE = ("answer", "chat_output", "output", "response")
_EXPECTED = ("ground_truth", "expected_answer", "reference")
_CONTEXT = ("documents", "context", "contexts")
# Keys that make a row Foundry's rather than prompt flow's.
_FOUNDRY = {"messages", "query", "response", "conversation", "test_case_description"}


def _history_entry(h: Any) -> bool:
    """A chat history entry: prompt flow's inputs/outputs, or a chat message."""
    return isinstance(h, dict) and ("inputs" in h or "outputs" in h or "role" in h)


def is_promptflow_row(row: dict[str, Any]) -> bool:
    """A row with a non-empty chat history, or a question answered with documents.

    Rows whose history is empty hold nothing a Foundry reader misses (one question), so
    they are left to it. No Foundry row has a ``chat_history`` of its own (Foundry keeps
    earlier turns in ``messages``), so a history makes the row prompt flow's.
    """
    if "messages" in row or "conversation" in row:
        return False
    history = row.get("chat_history")
    if isinstance(history, list) and history:
        return all(_history_entry(h) for h in history) and any(k in row for k in _PROMPT)
    if _FOUNDRY & set(row):
        return False
    return "question" in row and "answer" in row and "documents" in row


class PromptflowFormat(Format):
    """Prompt flow chat/eval data JSONL (question, chat_history, answer)."""

    name = FORMAT
    label = "Prompt flow data JSONL (question, chat_history of inputs/outputs, answer)"
    extensions = (".jsonl",)
    writable = False

    def sniff(self, src: InputFile) -> float:
        """Sure when an early row has a chat history (or is a RAG eval row)."""
        if src.suffix not in (".jsonl", ""):
            return 0.0
        rows = c.first_json_objects(src, 20)
        return 0.97 if any(is_promptflow_row(r) for r in rows) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each row into a case."""
        path = c.display_path(src)
        recs = c.read_jsonl_records(src, FORMAT)
        cases = [_case(r, path) for r in recs.records]
        return ReadResult(c.dataset_of(cases, src, FORMAT), recs.findings, FORMAT)


def _first(d: dict[str, Any], keys: tuple[str, ...]) -> tuple[str | None, Any]:
    for k in keys:
        if k in d:
            return k, d[k]
    return None, None


def _text_of(d: Any, keys: tuple[str, ...]) -> str:
    """The text of a history entry's inputs/outputs: a known key, else the only value."""
    if not isinstance(d, dict):
        return c.as_text(d) or ""
    key, value = _first(d, keys)
    if key is None and len(d) == 1:
        value = next(iter(d.values()))
    return c.as_text(value) or ""


def _earlier_turns(history: list[Any]) -> list[Turn]:
    """The turns of a chat history: inputs/outputs pairs, or user/assistant messages."""
    from datasetkit.core.model import Turn

    turns: list[Turn] = []
    for h in history:
        if not isinstance(h, dict):
            continue
        if "role" in h:
            text = c.as_text(h.get("content")) or ""
            if h["role"] == "user":
                turns.append(Turn(prompt=text))
            elif h["role"] == "assistant" and turns:
                turns[-1].response = text
            continue
        turns.append(
            Turn(
                prompt=_text_of(h.get("inputs"), _PROMPT),
                response=_text_of(h.get("outputs"), _RESPONSE),
            )
        )
    return turns


def _case(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Turn

    v = rec.values
    case = Case(source=rec.source(path))
    used: set[str] = set()
    history = v.get("chat_history")
    if isinstance(history, list):
        used.add("chat_history")
        case.turns = _earlier_turns(history)
    _, prompt = _first(v, _PROMPT)
    turn = Turn(prompt=c.as_text(prompt) or "")
    for keys, attr in ((_PROMPT, None), (_RESPONSE, "response"), (_EXPECTED, "expected_response")):
        k, value = _first(v, keys)
        if k is not None:
            used.add(k)
            if attr:
                setattr(turn, attr, c.as_text(value))
    k, ctx = _first(v, _CONTEXT)
    if k is not None:
        turn.context, keep = c.join_chunks(ctx)
        if not keep:
            used.add(k)
    case.turns.append(turn)
    if len(case.turns) > 1:
        case.kind = "conversation"
        # For a target of single prompts the history goes back to being a column.
        turn.extensions = {FORMAT: {"chat_history": history}}
    case.extra = {k: value for k, value in v.items() if k not in used}
    return case


PEER = c.Peer(PromptflowFormat(), rank=50)
