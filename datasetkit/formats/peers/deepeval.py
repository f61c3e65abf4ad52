"""DeepEval goldens: a JSON array of ``Golden`` (or ``ConversationalGolden``) objects.

``Golden``: ``input`` is the prompt, ``expected_output`` the expected response,
``actual_output`` the recorded answer, ``context`` (a list of chunks, joined with a blank
line) the context, ``name`` the case name. ``additional_metadata`` entries and every
other field (``retrieval_context``, ``comments``, ``source_file``, ``tools_called``, ...)
go to ``Case.extra`` in source order; the writer puts the golden's own fields back at
the top and everything else into ``additional_metadata``.

``ConversationalGolden``: ``turns`` (role/content) make a conversation, one turn per
user message; without turns it is a simulation seed (``scenario``). ``scenario`` is the
case description either way; ``expected_outcome`` and ``user_description`` are extra.
The writer writes single-turn goldens only (conversations and seeds are reported).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset

FORMAT = "deepeval"
# Golden fields that are not a model field but stay at the top level when written.
GOLDEN_FIELDS = (
    "input", "actual_output", "expected_output", "context", "retrieval_context",
    "additional_metadata", "comments", "tools_called", "expected_tools", "source_file",
    "name", "custom_column_key_values", "multimodal",
)  # fmt: skip
_CARRY = "datasetkit"


def is_deepeval_keys(keys: set[str]) -> bool:
    """True when a record's keys are a DeepEval golden's."""
    golden = "input" in keys and bool(
        {"expected_output", "actual_output", "retrieval_context"} & keys
    )
    conversational = "scenario" in keys and bool({"expected_outcome", "turns"} & keys)
    return golden or conversational


class DeepEvalFormat(Format):
    """DeepEval goldens JSON (Golden and ConversationalGolden)."""

    name = FORMAT
    label = "DeepEval goldens JSON (input, expected_output, context, ...)"
    extensions = (".json",)

    def sniff(self, src: InputFile) -> float:
        """Sure for a JSON array whose first object is a golden."""
        if src.suffix not in (".json", ""):
            return 0.0
        if not src.head(65536).removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"["):
            return 0.0
        first = c.first_json_objects(src, 1)
        return 0.98 if first and is_deepeval_keys(set(first[0])) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each golden into a case."""
        path = c.display_path(src)
        recs = c.read_json_array(src, FORMAT)
        cases = [_case(r, path) for r in recs.records]
        return ReadResult(c.dataset_of(cases, src, FORMAT), recs.findings, FORMAT)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write a JSON array of goldens (2-space indent, as DeepEval saves them)."""
        skips = c.Skips(FORMAT)
        goldens = [_golden(case) for case in c.writable_cases(dataset.cases, skips)]
        text = json.dumps(goldens, ensure_ascii=False, indent=2) + "\n"
        c.write_text_atomic(dest, [text])
        return WriteResult([dest], skips.findings(), cases=len(goldens))


def _case(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Turn

    v = rec.values
    if "input" not in v and "scenario" in v:
        return _conversational(rec, path)
    case = Case(source=rec.source(path), name=c.as_text(v.get("name")))
    turn = Turn(prompt=c.as_text(v.get("input")) or "")
    turn.expected_response = c.as_text(v.get("expected_output"))
    turn.response = c.as_text(v.get("actual_output"))
    used = {"input", "expected_output", "actual_output", "name"}
    if v.get("context") is not None:
        turn.context, keep = c.join_chunks(v["context"])
        used.add("context")
        if keep:
            # Kept to split the text back, in the layout: not a second context column.
            turn.extensions = {FORMAT: {"chunks": c.chunk_memo(v["context"])}}
    for k, value in v.items():
        if k in used:
            continue
        if k == "additional_metadata" and isinstance(value, dict):
            for mk, mv in value.items():
                if mk == _CARRY:
                    c.restore_carry(case, mv)
                elif mk in c.CASE_FACTS and isinstance(mv, str) and mv:
                    setattr(case, mk, mv)
                else:
                    case.extra[mk if mk not in v else f"additional_metadata.{mk}"] = mv
        else:
            case.extra[k] = value
    case.turns = [turn]
    return case


def _conversational(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Message, Seed
    from datasetkit.formats.foundry import turns_from_messages

    v = rec.values
    case = Case(source=rec.source(path), name=c.as_text(v.get("name")))
    case.description = c.as_text(v.get("scenario"))
    turns = v.get("turns")
    if isinstance(turns, list) and turns:
        case.kind = "conversation"
        case.messages = [
            Message(role=str(t.get("role", "user")), content=c.as_text(t.get("content")) or "")
            for t in turns
            if isinstance(t, dict)
        ]
        case.turns = turns_from_messages(case.messages)[0]
    else:
        case.kind = "seed"
        case.seed = Seed(description=case.description or "")
    for k, value in v.items():
        if k not in ("scenario", "turns", "name"):
            case.extra[k] = value
    return case


def _golden(case: Case) -> dict[str, Any]:
    turn = case.turns[0]
    out: dict[str, Any] = {"input": turn.prompt}
    if turn.response is not None:
        out["actual_output"] = turn.response
    if turn.expected_response is not None:
        out["expected_output"] = turn.expected_response
    if turn.context is not None:
        layout = (turn.extensions or {}).get(FORMAT) or {}
        kept = layout.get("chunks", case.extra.get("context"))
        out["context"] = c.split_chunks(turn.context, kept)
    meta: dict[str, Any] = {}
    for k, value in case.extra.items():
        if k == "context" and "context" in out:
            continue
        if k.startswith("additional_metadata."):
            meta[k[len("additional_metadata.") :]] = value
        elif k in GOLDEN_FIELDS and k != "additional_metadata":
            out[k] = value
        else:
            meta[k] = value
    for name in c.CASE_FACTS:
        if getattr(case, name) is not None:
            meta.setdefault(name, getattr(case, name))
    carry = c.carry_for(case, FORMAT, ("description", "tags", "extensions"))
    if carry:
        meta[_CARRY] = carry
    if meta:
        out["additional_metadata"] = meta
    if case.name is not None:
        out["name"] = case.name
    return out


PEER = c.Peer(DeepEvalFormat(), rank=30)
