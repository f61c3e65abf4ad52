"""Ragas test sets: 0.1 and 0.2 column names, in CSV, JSONL or a JSON array.

One case per sample. ``user_input``/``question`` is the prompt, ``reference``/
``ground_truth`` (or the first of ``ground_truths``) the expected response,
``reference_contexts``/``contexts`` (else ``retrieved_contexts``) the context, chunks
joined with a blank line, and ``response``/``answer`` the recorded answer. A list that
the joined text cannot give back (a chunk with a blank line, several ground truths) is
kept under its own key in ``Case.extra``, like every other field (``evolution_type``,
``metadata``, ``episode_done``, ``synthesizer_name``, ...). A multi-turn sample
(``user_input`` as a message list) is a conversation.

CSV cells holding a list or dict (JSON, or the Python repr pandas writes) are read back
as lists and dicts. The writer writes JSONL with the names the sample was read with
(0.2 names for cases from other formats).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset, Message

FORMAT = "ragas"
# Role -> the keys that hold it, preferred first (0.2 names before 0.1 names).
ROLE_KEYS: dict[str, tuple[str, ...]] = {
    "prompt": ("user_input", "question"),
    "expected_response": ("reference", "ground_truth", "ground_truths"),
    "context": ("reference_contexts", "contexts", "retrieved_contexts"),
    "response": ("response", "answer"),
}
DEFAULT_KEYS = {
    "prompt": "user_input",
    "expected_response": "reference",
    "context": "reference_contexts",
    "response": "response",
}
_LIST_KEYS = {
    "contexts", "ground_truths", "retrieved_contexts", "reference_contexts", "multi_responses",
    "metadata", "rubrics", "reference_tool_calls", "user_input",
}  # fmt: skip


def is_ragas_keys(keys: set[str]) -> bool:
    """True when a record's keys are a Ragas sample's (0.1 or 0.2 names)."""
    v01 = (
        "question" in keys and "contexts" in keys and bool({"ground_truth", "ground_truths"} & keys)
    )
    v02 = "user_input" in keys and bool(
        {"reference", "retrieved_contexts", "reference_contexts"} & keys
    )
    return v01 or v02


class RagasFormat(Format):
    """Ragas test set (0.1/0.2 names; CSV, JSONL or JSON array)."""

    name = FORMAT
    label = (
        "Ragas test set (question/contexts/ground_truth or user_input/reference; CSV, JSONL, JSON)"
    )
    extensions = (".jsonl", ".csv", ".json")
    written_suffixes = (".jsonl",)  # read in three shapes, written as JSONL

    def sniff(self, src: InputFile) -> float:
        """Sure when the first record has Ragas's marker fields."""
        if src.suffix in (".csv", ".tsv"):
            keys = set(c.csv_header(src))
        elif src.suffix in (".jsonl", ".json", ""):
            first = c.first_json_objects(src, 1)
            keys = set(first[0]) if first else set()
        else:
            return 0.0
        return 0.98 if is_ragas_keys(keys) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each sample into a case."""
        path = c.display_path(src)
        head = src.head(64).removeprefix(b"\xef\xbb\xbf").lstrip()
        if src.suffix in (".csv", ".tsv") or head[:1] not in (b"{", b"["):
            recs = c.read_csv_records(src, FORMAT)
            for r in recs.records:
                r.values = {
                    k: (c.json_value(c.parse_list_cell(v)) if k in _LIST_KEYS else v)
                    for k, v in r.values.items()
                }
        elif head.startswith(b"["):
            recs = c.read_json_array(src, FORMAT)
        else:
            recs = c.read_jsonl_records(src, FORMAT)
        cases = [_case(r, path) for r in recs.records]
        return ReadResult(c.dataset_of(cases, src, FORMAT), recs.findings, FORMAT)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write Ragas JSONL, one sample per line; conversations and seeds are reported."""
        skips = c.Skips(FORMAT)
        cases = c.writable_cases(dataset.cases, skips)
        c.write_text_atomic(dest, (c.dumps(_record(case)) + "\n" for case in cases))
        return WriteResult([dest], skips.findings(), cases=len(cases))


def _role_key(values: dict[str, Any], role: str) -> str | None:
    """The key holding ``role``: a Ragas name, else another harness's name for it that
    the column-role resolver knows (DeepEval's ``expected_output`` beside Ragas keys)."""
    own = next((k for k in ROLE_KEYS[role] if k in values), None)
    if own is not None:
        return own
    from datasetkit.core.roles import field_for

    taken = {k for keys in ROLE_KEYS.values() for k in keys}
    return next((k for k in values if k not in taken and field_for(k) == role), None)


def _case(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Turn

    v = rec.values
    case = Case(source=rec.source(path))
    keys = {role: k for role in ROLE_KEYS if (k := _role_key(v, role)) is not None}
    used = set(keys.values())
    prompt = v.get(keys.get("prompt", ""), "")
    if isinstance(prompt, list):
        case.kind = "conversation"
        case.messages = [_message(m) for m in prompt if isinstance(m, dict)]
        from datasetkit.formats.foundry import turns_from_messages

        case.turns = turns_from_messages(case.messages)[0] or [Turn(prompt="")]
        turn = case.turns[-1]
    else:
        turn = Turn(prompt=c.as_text(prompt) or "")
        case.turns = [turn]
    exp_key = keys.get("expected_response")
    if exp_key is not None:
        exp = v[exp_key]
        if isinstance(exp, list):
            turn.expected_response = c.as_text(exp[0]) if exp else None
            if len(exp) != 1:
                used.discard(exp_key)  # several ground truths: the list stays in extra
        else:
            turn.expected_response = c.as_text(exp)
    ctx_key = keys.get("context")
    chunks = None
    if ctx_key is not None:
        turn.context, keep = c.join_chunks(v[ctx_key])
        if keep:
            # The list the joined text cannot give back travels in the layout, not as
            # a second copy of the context in every other format's columns.
            chunks = v[ctx_key]
    if "response" in keys:
        turn.response = c.as_text(v[keys["response"]])
    for k, value in v.items():
        if k == "datasetkit":
            c.restore_carry(case, value)
        elif k in c.CASE_FACTS and isinstance(value, str) and value:
            setattr(case, k, value)
        elif k not in used:
            case.extra[k] = c.json_value(value)
    layout: dict[str, Any] = {"keys": keys, "fields": list(v)}
    if chunks is not None:
        layout["chunks"] = c.chunk_memo(chunks)
    turn.extensions = {FORMAT: layout}
    return case


def _message(m: dict[str, Any]) -> Message:
    """A Ragas message (``type``: human/ai/tool) as a chat message."""
    from datasetkit.core.model import Message

    role = {"human": "user", "ai": "assistant", "tool": "tool"}.get(
        str(m.get("type", m.get("role", ""))), str(m.get("role") or m.get("type") or "user")
    )
    return Message(role=role, content=c.as_text(m.get("content")) or "")


def _record(case: Case) -> dict[str, Any]:
    turn = case.turns[0]
    layout = (turn.extensions or {}).get(FORMAT) or {}
    keys = {**DEFAULT_KEYS, **(layout.get("keys") or {})}
    values: dict[str, Any] = {}
    values[keys["prompt"]] = turn.prompt
    if turn.context is not None:
        kept = layout.get("chunks", case.extra.get(keys["context"]))
        values[keys["context"]] = c.split_chunks(turn.context, kept)
    if turn.expected_response is not None:
        if keys["expected_response"] == "ground_truths":
            kept = case.extra.get("ground_truths")
            ok = isinstance(kept, list) and kept[:1] == [turn.expected_response]
            values["ground_truths"] = kept if ok else [turn.expected_response]
        else:
            values[keys["expected_response"]] = turn.expected_response
    if turn.response is not None:
        values[keys["response"]] = turn.response
    for k, value in case.extra.items():
        values.setdefault(k, value)
    for name in c.CASE_FACTS:
        if getattr(case, name) is not None:
            values.setdefault(name, getattr(case, name))
    carry = c.carry_for(case, FORMAT, ("description", "name", "tags", "extensions"))
    if carry:
        values["datasetkit"] = carry
    order = [k for k in layout.get("fields") or [] if k in values]
    return {k: values[k] for k in order + [k for k in values if k not in order]}


PEER = c.Peer(RagasFormat(), rank=20)
