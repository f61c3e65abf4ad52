"""A dated past event, asked when it happened: "<Name> <did something> in <year>" ->
"When did <name> <do something>?", "In <year>, <name> <did something>" alike, and
"<Name> was <done> ... in <year>" -> "When was <name> <done> ...?". Read by the
sentence fact form when none of its other shapes asks the sentence, after the
scheduled events of ``events``.

The pages that tell a history (an encyclopedic article, a company's story, a press
release, a product's background) state most of their facts this way. The subject is a
name the document writes as one (capitalised inside sentences, or an acronym it uses),
or "it" / "the company" when the sentence before it opens with the name the document is
about (its title, its organisation). A verb is read as past only when its base form is an
English word, so the question is grammatical; the answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.past_tense import is_participle, past_base
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.offline.text.dates import DATE
from datasetkit.generate.offline.text.view import Sentence

# The date may stand without a comma before a name ("In <year> <Name> was ...").
_LEADING_DATE = re.compile(
    rf"^(?:In|On|By|During)\s+(?:the\s+)?{DATE}(?:,\s+|\s+(?=[A-Z][a-z]))(?P<main>.+)$"
)
# The date a clause ends its event with: what comes after it is left out of the question.
_TRAILING_DATE = re.compile(rf"\s+(?:in|on)\s+(?:the\s+)?{DATE}(?=[\s,;.)]|$)")
# Where the event's own words end: another clause, an aside, a second verb.
_CLAUSE_END = re.compile(
    r"\s*(?:[,;:(\[–—]|\s(?:and|but|which|who|while|when|where|after|before|because|as|"
    r"since|until|although|though|whereas|however)\s)"
)
_PRONOUN = re.compile(r"^(?:It|The company|The firm|The organi[sz]ation)$")
_CONNECTOR = {"of", "and", "&", "de", "du", "von", "van", "der", "la", "le", "the"}
# Words a question cannot carry over from the sentence: they point at text it does not show.
_POINTING = re.compile(
    r"(?i)\b(?:this|that|these|those|such|there|here|then|later|also|again|it|they|them|he|"
    r"she|him|her|latter|former|above|below|following)\b"
)
_BE = {"was", "were"}


def _is_name(token: str, words: DocWords) -> bool:
    core = token.strip("'’")
    if re.fullmatch(r"[A-Z]\.", core):
        return True  # an initial: "Julius E. Pitrap"
    if core.endswith(("'s", "’s")):
        core = core[:-2]
    if re.fullmatch(r"[A-Z][A-Z0-9&-]{1,7}", core):
        return core in words.upper  # an acronym the running text uses
    return bool(re.fullmatch(r"[A-Z][\w.-]*", core)) and words.name(core)


def _named(subject: str, words: DocWords) -> bool:
    """True when ``subject`` is a name: capitalised words ("of", "and" between them), one
    of them a name the document writes as one."""
    tokens = subject.split()
    if not tokens or len(tokens) > 6 or tokens[-1] in _CONNECTOR:
        return False
    first = tokens[1:] if tokens[0] == "The" and len(tokens) > 1 else tokens
    capitalised = all(
        re.fullmatch(r"[A-Z][\w.'’&-]*", t) or (i and t in _CONNECTOR) for i, t in enumerate(first)
    )
    # A sentence's first word is capitalised anyway: it alone is no evidence of a name.
    named = any(_is_name(t, words) for t in first[1:]) or (
        _is_name(first[0], words) and not words.common(first[0])
    )
    return capitalised and named


def _said(subject: str) -> str:
    """The subject as it reads inside a question: "The Tilburg Museum" -> "the Tilburg Museum"."""
    return "the" + subject[3:] if subject.startswith("The ") else subject


def sentence_name(raw: str, said: Sentence) -> str | None:
    """``raw`` as a question says it, when it is a name the document writes as one."""
    return _said(raw) if _named(raw, said.ctx.words) else None


def document_subject(said: Sentence) -> str | None:
    """The name the document is about: its subject or organisation, else a title that is a
    name on its own ("IBM", "Acme Corporation")."""
    ctx = said.ctx
    if ctx.subject or ctx.org:
        return ctx.subject or ctx.org
    title = (said.text_chunk.title or "").strip()
    return title if title and _named(title, ctx.words) else None


_OPENING_PHRASE = re.compile(r"^(?:In|On|Since|During|By|After|Before|From|Until)\b[^,]{1,60},\s+")


def _about(before: str, named: str) -> bool:
    """True when the clause ``before`` is about ``named``: it opens with the name, after
    a phrase of time or place ("Since the 1990s, IBM has ...")."""
    before = _OPENING_PHRASE.sub("", before.strip())
    return before.startswith((named + " ", f"The {named} "))


def _subject_of(raw: str, said: Sentence, before: str) -> str | None:
    """The named subject of a clause: a name, or a pronoun the clause before resolves."""
    if _PRONOUN.match(raw) or raw == "it":
        named = document_subject(said)
        # "It" names the document's subject only right after a clause about it.
        return named if named and _about(before, named) else None
    return sentence_name(raw, said)


def _event(main: str, said: Sentence, dated: bool, before: str) -> str | None:
    """The question of a clause "<subject> <past verb> <rest>", or None."""
    tokens = main.split()
    for i in range(1, min(len(tokens), 8)):
        verb = tokens[i]
        # "re-elected", "co-founded": the participle after its prefix.
        passive = (
            verb in _BE and i + 1 < len(tokens) and is_participle(tokens[i + 1].split("-")[-1])
        )
        base = None if passive else past_base(verb) if verb.islower() else None
        if not passive and base is None:
            continue
        subject = _subject_of(" ".join(tokens[:i]), said, before)
        if subject is None:
            return None
        after = " ".join(tokens[i + 2 :] if passive else tokens[i + 1 :])
        if not dated:
            when = _TRAILING_DATE.search(after)
            if when is None:
                return None
            after = after[: when.start()]
            if _CLAUSE_END.search(after):
                return None  # the date belongs to another clause than the verb's
        after = _CLAUSE_END.split(after, maxsplit=1)[0].strip().rstrip(".")
        if len(after.split()) > 12 or _POINTING.search(after) or re.search(r"\d", after):
            return None
        if passive:
            return f"When {verb} {subject} {tokens[i + 1]} {after}".rstrip() + "?"
        if not after and base in ("be", "have"):
            return None
        return f"When did {subject} {base} {after}".rstrip() + "?"
    return None


_CITATION = re.compile(r"\[\d+\](?::\s*\d+)?")


def past_event(said: Sentence) -> Fact | None:
    """When a named subject did what a sentence dates, answered by the whole sentence.
    Each clause of a sentence joined by semicolons is read on its own."""
    text = _CITATION.sub("", said.sentence).strip()
    if not text.endswith((".", ")")) or len(text) > 600 or said.section.kind == "heading":
        return None
    before = said.before
    for clause in re.split(r";\s+", text.rstrip(".")):
        lead = _LEADING_DATE.match(clause)
        main = lead.group("main") if lead else clause
        question = _event(main, said, bool(lead), before)
        if question is not None and len(question.split()) >= 4:
            return Fact(re.sub(r"\s+", " ", question), said.sentence, "when")
        before = clause
    return None
