"""Prompt flow data rows: a question with its ``chat_history`` of inputs and outputs.

Any harness's row whose history column (``chat_history``, ``conversation_history``,
``history``: see ``HISTORY_KEYS``) lists earlier chat messages is read the same way: the
history is the earlier turns, the other columns take their roles from the column-role
resolver when they have no prompt flow name (``expected_answer``, ``id``, ``notes``).

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


# Column names (compacted) of an earlier exchange kept beside the prompt.
HISTORY_KEYS = frozenset({"chathistory", "conversationhistory", "history", "messagehistory"})


def history_key(row: dict[str, Any]) -> str | None:
    """The row's history column, by name."""
    from datasetkit.core.headers import compact_header

    return next((k for k in row if compact_header(k) in HISTORY_KEYS), None)


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
    key = history_key(row)
    history = row.get(key) if key is not None else None
    if isinstance(history, list) and history:
        return (
            all(_history_entry(h) for h in history)
            and _role_key(row, _PROMPT, "prompt") is not None
        )
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


def _role_key(
    row: dict[str, Any], keys: tuple[str, ...], role: str, skip: set[str] | frozenset = frozenset()
) -> str | None:
    """The key holding ``role``: a prompt flow name, else a name the column-role resolver
    gives that role (``expected_answer``, ``user_question``)."""
    from datasetkit.core.roles import field_for

    own, _ = _first(row, keys)
    if own is not None:
        return own
    return next((k for k in row if k not in skip and field_for(k) == role), None)


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


def _history_memo(history: list[Any], turns: list[Turn]) -> dict[str, Any]:
    """What gives the history column back from its turns: the inputs/outputs key names,
    or the list itself when rebuilding would not give it back (the text is not kept twice
    when it would)."""
    first = history[0] if history and isinstance(history[0], dict) else {}
    ins, outs = first.get("inputs"), first.get("outputs")
    memo: dict[str, Any] = {}
    if isinstance(ins, dict) and isinstance(outs, dict) and len(ins) == len(outs) == 1:
        memo["names"] = [next(iter(ins)), next(iter(outs))]
    if c.history_of(turns, memo) != history:
        memo = {"chat_history": c.json_value(history)}
    return memo


def _case(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Turn

    v = rec.values
    case = Case(source=rec.source(path))
    used: set[str] = set()
    hkey = history_key(v)
    history = v.get(hkey) if hkey is not None else None
    if hkey is not None and isinstance(history, list):
        used.add(hkey)
        case.turns = _earlier_turns(history)
    turn = Turn(prompt="")
    roles = ((_PROMPT, "prompt"), (_RESPONSE, "response"), (_EXPECTED, "expected_response"))
    for keys, attr in roles:
        k = _role_key(v, keys, attr, used)
        if k is not None and c.as_text(v[k]) is not None:
            used.add(k)
            setattr(turn, attr, c.as_text(v[k]))
    turn.prompt = turn.prompt or ""
    for attr in ("id", "category", "notes"):
        k = _role_key(v, (), attr, used)
        if k is not None and isinstance(v[k], str) and v[k]:
            used.add(k)
            setattr(case, attr, v[k])
    k, ctx = _first(v, _CONTEXT)
    if k is not None:
        turn.context, keep = c.join_chunks(ctx)
        if not keep:
            used.add(k)
    case.turns.append(turn)
    if len(case.turns) > 1 and isinstance(history, list):
        case.kind = "conversation"
        # For a target of single prompts the history goes back to being a column.
        turn.extensions = {FORMAT: {"key": hkey, **_history_memo(history, case.turns[:-1])}}
    case.extra = {k: value for k, value in v.items() if k not in used}
    return case


PEER = c.Peer(PromptflowFormat(), rank=50)
