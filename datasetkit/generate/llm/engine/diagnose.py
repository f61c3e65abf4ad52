"""Why replies could not be used, in words a user can act on.

A small model that cannot follow the reply shape gives "invalid_output: candidates:
Field required" for every slot, which reads as if datasetkit's own schema were wrong.
:class:`ReplyTally` counts the replies that were not JSON, that were JSON of another
shape, and that repeat the prompt, and :meth:`ReplyTally.message` says it once:
"7 of 7 replies were not valid JSON; the model repeats the prompt: use a larger model
or --structured json_schema".
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

from datasetkit.generate.llm.wire.units import Unit

_WORDS = re.compile(r"\w+")


def _shingles(text: str, n: int = 6) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORDS.findall(text)]
    return {tuple(words[i : i + n]) for i in range(max(0, len(words) - n + 1))}


def repeats_prompt(reply: str, messages: list[dict[str, str]]) -> bool:
    """Whether a reply is mostly the prompt said back (runs of six words taken from it)."""
    said = _shingles(reply)
    if len(said) < 3:
        return False
    prompt: set[tuple[str, ...]] = set()
    for m in messages:
        prompt |= _shingles(str(m.get("content") or ""))
    return len(said & prompt) >= 0.3 * len(said)


@dataclass
class ReplyTally:
    """Replies read in a run, and how many could not be used, by why."""

    replies: int = 0
    not_json: int = 0
    wrong_shape: int = 0
    echoes: int = 0
    example: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, u: Unit) -> None:
        """Count the parsed (or not) reply of ``u``."""
        if u.result is None or u.result.source not in ("api", "journal", "cache", "batch"):
            return
        error = u.error or ""
        with self.lock:
            self.replies += 1
            if error.startswith(("invalid_json", "truncated_reply", "empty_reply")):
                self.not_json += 1
            elif error.startswith("invalid_output"):
                self.wrong_shape += 1
                self.example = self.example or error.split(":", 1)[1].strip()[:120]
            else:
                return
            if repeats_prompt(u.result.content or "", u.messages):
                self.echoes += 1

    def message(self, mode: str, rejected: tuple[str, ...] = ()) -> str | None:
        """One sentence on the unusable replies (None when every reply could be used);
        ``rejected`` are the modes the server did not take (not to be suggested)."""
        bad = self.not_json + self.wrong_shape
        if not bad:
            return None
        fix = (
            "use a larger model or --structured json_schema"
            if mode != "json_schema" and "json_schema" not in rejected
            else "use a larger model"
        )
        echo = "; the model repeats the prompt" if self.echoes * 2 >= bad else ""
        if self.not_json >= self.wrong_shape:
            return f"{self.not_json} of {self.replies} replies were not valid JSON{echo}: {fix}"
        return (
            f"{self.wrong_shape} of {self.replies} replies were JSON of another shape than "
            f"asked (e.g. {self.example}){echo}: the model does not follow the reply "
            f"schema; {fix}"
        )
