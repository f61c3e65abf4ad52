"""OpenAI Evals samples JSONL: ``input`` (a string or chat messages) and ``ideal``.

``input`` as a string is the prompt. As a message list it is kept in ``Case.messages``
(system prompts included, as the Foundry reader does); each user message is a turn and
an assistant message between them the previous turn's response, so a list with several
user messages is a conversation. A list with no user message (only a system message,
as many registry samples are) holds the instruction the model answers: its text is the
prompt. ``ideal`` (a string, or a list of acceptable answers)
is the last turn's expected response: the first answer, with the whole list kept in
``Case.extra["ideal"]`` when there are several. Other keys go to ``Case.extra``.
Read-only: Evals samples are written by the eval's own code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Message

FORMAT = "openai-evals"


def is_evals_keys(row: dict[str, Any]) -> bool:
    """True for an Evals sample: ``input`` (string or message list) and ``ideal``, or a
    chat message list under ``input`` alone (model-graded samples have no ``ideal``; no
    other format keeps its messages under that key)."""
    inp = row.get("input")
    messages = (
        isinstance(inp, list)
        and bool(inp)
        and all(isinstance(m, dict) and "role" in m for m in inp)
    )
    return messages or (isinstance(inp, str) and "ideal" in row)


class OpenAIEvalsFormat(Format):
    """OpenAI Evals samples JSONL (input, ideal)."""

    name = FORMAT
    label = "OpenAI Evals samples JSONL (input as text or chat messages, ideal)"
    extensions = (".jsonl",)
    writable = False

    def sniff(self, src: InputFile) -> float:
        """Sure when the first line is an Evals sample."""
        if src.suffix not in (".jsonl", ".json", ""):
            return 0.0
        first = c.first_json_objects(src, 1)
        return 0.98 if first and is_evals_keys(first[0]) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each sample into a case."""
        path = c.display_path(src)
        recs = c.read_jsonl_records(src, FORMAT)
        cases = [_case(r, path) for r in recs.records]
        return ReadResult(c.dataset_of(cases, src, FORMAT), recs.findings, FORMAT)


def _case(rec: c.Record, path: str) -> Case:
    from datasetkit.core.model import Case, Message, Turn
    from datasetkit.formats.foundry import turns_from_messages

    v = rec.values
    case = Case(source=rec.source(path))
    inp = v.get("input")
    if isinstance(inp, list):
        messages = [Message.model_validate(m) for m in inp if isinstance(m, dict)]
        turns = turns_from_messages(messages)[0]
        if turns:
            case.messages = messages
            case.turns = turns
        else:
            # Only instructions (a system message, as many registry evals have): they
            # are what the model is asked, so they are the prompt.
            case.turns = [Turn(prompt=_instructions(messages))]
        if len(turns) > 1:
            case.kind = "conversation"
    else:
        case.turns = [Turn(prompt=c.as_text(inp) or "")]
    ideal = v.get("ideal")
    last = case.turns[-1]
    if isinstance(ideal, list):
        last.expected_response = c.as_text(ideal[0]) if ideal else None
    else:
        last.expected_response = c.as_text(ideal)
    for k, value in v.items():
        if k == "input" or (k == "ideal" and not (isinstance(value, list) and len(value) > 1)):
            continue
        case.extra[k] = value
    return case


def _instructions(messages: list[Message]) -> str:
    """The text of the messages of a sample that has no user message, in order."""
    from datasetkit.formats.foundry import message_text

    return "\n\n".join(t for m in messages if (t := message_text(m)))


PEER = c.Peer(OpenAIEvalsFormat(), rank=40)
