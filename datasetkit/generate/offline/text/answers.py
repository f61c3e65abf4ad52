"""What answers a section's heading: the first sentences of the text under it that say
something, and the list its opening introduces."""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.words import is_fluff, sentences
from datasetkit.generate.offline.text.lists import ListRun, items_answer
from datasetkit.knowledge.model import Section


def opening_sentences(text: str, limit: int = 400, key: str | None = None) -> str:
    """The first sentences of ``text`` that say something (tone-setting ones skipped).

    With ``key`` (the heading's head noun, "mission"), the answer starts at the first
    sentence that names it when the opening does not ("Our mission is to ...").
    """
    # "IMPORTANT PLAN INFORMATION: ..." - a running label the PDF printed, not an answer.
    text = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", text.strip())
    out = ""
    if key and len(text) > 480:
        said = sentences(text)
        named = [i for i, x in enumerate(said) if re.search(rf"(?i)\b{re.escape(key)}", x)]
        if named and named[0] >= 2:
            # The sentence that names the heading's subject is the answer, whatever its tone.
            out, text = said[named[0]], " ".join(said[named[0] + 1 :])
            if len(out) >= 60:
                return out
    # A short paragraph (a policy's three sentences) is the answer whole: its last
    # sentence is often the rule itself ("<Thing> is strictly prohibited").
    whole = len(text) <= 480
    for s in sentences(text):
        if not s.endswith((".", "!", "?", ")", "。")):
            if out:
                break
            continue  # a heading-like line, or an introduction ending in ":"
        if not out and (is_fluff(s) or len(s) < 20):
            continue
        if out and len(out) + 1 + len(s) > (480 if whole else limit):
            break
        out = f"{out} {s}".strip()
        if len(out) >= 160 and not whole:
            break
    return out


def section_answer(body: Sequence[Section], runs: Sequence[ListRun]) -> tuple[str, str]:
    """What answers the heading of a section: its opening, and the list it introduces."""
    first = body[0]
    if first.kind == "list_item":
        run = next(r for r in runs if r.items[0] is first)
        return items_answer(run.items), items_answer(run.items)
    for run in runs:
        if run.intro is first:
            text = first.text.strip() + "\n" + items_answer(run.items)
            return text, text
    # An introduction followed by the rules it introduces: the rules are the answer too.
    for run in runs:
        nxt = body[1] if len(body) > 1 else None
        if nxt is not None and (run.intro is nxt or run.items[0] is nxt) and len(run.items) >= 2:
            lead = opening_sentences(first.text) or first.text.strip()[:400]
            intro = run.intro.text.strip() + "\n" if run.intro is nxt and run.intro else ""
            text = f"{lead}\n{intro}{items_answer(run.items)}"
            if len(text) <= 1500:
                return text, f"{first.text}\n{intro}{items_answer(run.items)}"
    return opening_sentences(first.text) or first.text.strip()[:400], first.text
