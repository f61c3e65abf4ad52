"""Yes/no questions about one item of a coverage list: "Does PerksPlus cover food and
supplements?" -> "No. ...", "Does PerksPlus cover travel expenses?" -> "No ... (unless
related to a fitness program)". Of a list of what is covered, a few items are asked too
("Does PerksPlus cover scuba diving lessons?" -> "Yes. ..."): the user does not know the
answer, and the agent must; they come after the exclusions and conditions (tier 2, and
plain ones last within it).

A list of what a plan or program covers (or does not) answers many questions a user
asks one item at a time. The verdict comes from the list's polarity (its introduction or
heading says "covered" or "not covered"), never from the item itself, and the answer
quotes the item as the list gives it, conditions included ("Travel expenses (unless
related to a fitness program)").
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Section

_NEGATIVE = re.compile(
    r"(?i)\b(?:not (?:be )?covered|exclu(?:ded|sions?)|not eligible|does not cover|do not cover|"
    r"not reimburs\w*|not included)\b"
)
_POSITIVE = re.compile(r"(?i)\b(?:covers?|covered|eligible|reimburs\w*)\b")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]*[A-Z]?\w*(?:\s+[A-Z][a-z]*[A-Z]?\w*){0,3}\b")
_PROGRAM_TITLE = re.compile(
    r"(?i)\b(?:program|programme|plan|benefits?|perks|reimbursement|scheme)\b"
)
# Items asked about per list. Every item of a list is a question users ask ("Does PerksPlus
# cover travel expenses?", "... horseback riding lessons?"), so up to eight are (blind
# reviewers kept every one and counted the items left out as missing); the planner asks
# them after the document's own rules and figures (tier 2), plain "Yes" items last.
_PER_LIST = 8
_PLAIN_YES = 5  # plain "Yes. X is covered" items per list of what is covered


def _owner(intro: str, ctx: DocContext, title: str | None) -> str | None:
    """Who covers: a name the introduction gives ("PerksPlus", "Northwind Standard"), else
    the program a title names first ("PerksPlus Health and Wellness Reimbursement
    Program"); never the employer a plan document merely belongs to."""
    for m in _CAPITALISED.finditer(intro):
        words = m.group(0).split()
        while words and not _is_name(words[0], ctx):
            words = words[1:]  # "The Northwind Standard plan": not "The"
        while words and not _is_name(words[-1], ctx):
            words = words[:-1]
        if words:
            return " ".join(words)
    if ctx.subject and title and _PROGRAM_TITLE.search(title):
        return ctx.subject
    return None


def _is_name(word: str, ctx: DocContext) -> bool:
    return ctx.words.name(word) or bool(re.search(r"[a-z][A-Z]", word))


def _item_noun(text: str) -> tuple[str, str]:
    """The item as a question names it (no condition, lower case) and its condition."""
    core = text.strip().rstrip(".;")
    cond = ""
    m = re.search(r"\s*\((?P<cond>[^()]+)\)\s*$", core)
    if m:
        cond, core = m.group("cond"), core[: m.start()]
    return core[:1].lower() + core[1:] if not core[:2].isupper() else core, cond


def _spread(items: list[Section], n: int) -> list[Section]:
    """Up to ``n`` items, the first and the last among them, evenly spread between."""
    if len(items) <= n:
        return items
    step = (len(items) - 1) / (n - 1)
    return [items[round(i * step)] for i in range(n)]


@form(
    "coverage item",
    content="lists",
    order=60,
    asks="lookup",
    languages=ENGLISH,
    kinds=("membership",),
    alone=("membership",),
)
def coverage_items(text: TextChunk) -> list[Candidate]:
    """Up to two yes/no questions per coverage list, each about one item."""
    ctx = text.ctx
    heading = str(text.heading) if text.heading else None
    title = str(text.title) if text.title else None
    out: list[Candidate] = []
    for run in text.runs:
        intro = run.intro.text if run.intro is not None else ""
        said = f"{intro} {heading or ''}"
        if len(run.items) < 3 or (not _POSITIVE.search(said) and not _NEGATIVE.search(said)):
            continue
        no = bool(_NEGATIVE.search(said))
        owner = _owner(intro, ctx, title)
        items = [
            s
            for s in run.items
            if len(s.text.split()) <= 10
            and not re.search(r"[:,;]", re.sub(r"\([^()]*\)", "", s.text))
            and not s.text.rstrip().endswith(".")
        ]
        if owner is None or len(items) < 2:
            continue
        plain = 0
        for item in _spread(items, _PER_LIST):
            noun, cond = _item_noun(item.text)
            if not no and not cond:
                plain += 1
                if plain > _PLAIN_YES:
                    continue
            if len(noun.split()) < 1 or re.search(r"(?i)\b(?:other|etc|and more)\b", noun):
                continue
            be = "are" if is_plural(noun.split()[-1]) or " and " in noun else "is"
            subject = noun[:1].upper() + noun[1:]
            verdict = f"No. {subject} {be} not covered" if no else f"Yes. {subject} {be} covered"
            answer = f"{verdict} by {owner}" + (f" ({cond})." if cond else ".")
            if no and cond and cond.lower().startswith("unless "):
                # "Travel expenses (unless related to a fitness program)": not a flat "No"
                # (reviewers: it contradicts the exception), but when it is.
                answer = f"Only if {cond[7:]}: otherwise {noun} {be} not covered by {owner}."
            evidence = (intro + "\n" if intro else "") + "\n".join(s.text for s in run.items)
            question = f"Does {owner} cover {noun}?"
            tier = 3 if not no and not cond else 2
            out.append(
                Candidate(
                    question, answer, evidence, item, "membership", tier, (item.text.strip(),)
                )
            )
    return out
