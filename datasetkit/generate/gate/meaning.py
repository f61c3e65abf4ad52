"""Meaning checks of the gate: does the answer say what the evidence says?

The evidence is the source sentence(s), or table rows written ``Header: value; ...``.
Each check returns ``(code, message)`` or None; a check that cannot judge (a yes/no
whose evidence sets other conditions, an unknown language) passes the case, because
a good case wrongly rejected costs as much as a bad one let through.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from datasetkit.core.language.detect import STOPWORDS
from datasetkit.core.language.words import LOANWORDS, VOCAB_TEXT
from datasetkit.generate.gate import polarity as gate_polarity
from datasetkit.generate.gate import words as W
from datasetkit.generate.gate.units import CONVERT
from datasetkit.generate.gate.values import (
    UNITS,
    DateValue,
    Part,
    Quantity,
    TimeValue,
    canonical_text,
    dates,
    header_units,
    parts,
    quantities,
    times,
)

Problem = tuple[str, str]

_STOP = frozenset().union(*STOPWORDS.values())
_VOCAB = frozenset(" ".join(VOCAB_TEXT.values()).split()) | frozenset(LOANWORDS.split())
_ALIASES: dict[str, set[str]] = {}
for _alias, _units in UNITS.items():
    for _u in _units:
        _ALIASES.setdefault(_u, set()).add(_alias)


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_POSSESSIVE = re.compile(r"['’]s\b")
_NON_WORD = re.compile(r"[^\w]+|_")


@lru_cache(maxsize=8192)
def norm(text: str) -> str:
    """Casefolded words and numbers, possessives dropped, everything else a space."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _POSSESSIVE.sub("", text)
    return " ".join(_NON_WORD.sub(" ", text).split())


def check(
    question: str,
    answer: str,
    evidence: str,
    *,
    language: str | None = None,
    context: str = "",
    numbers: bool = True,
    polarity: bool = True,
) -> Problem | None:
    """The first way the answer disagrees with the evidence, or None."""
    if not evidence.strip():
        return None
    q, a, ev = canonical_text(question), canonical_text(answer), canonical_text(evidence)
    d_q, d_a, d_e = (
        dates(q, language=language),
        dates(a, language=language),
        dates(ev, language=language),
    )
    t_q, t_a, t_e = times(q), times(a), times(ev)
    found = _dates(d_a, d_e + d_q) or _times(t_a, t_e + t_q, ev)
    if found:
        return found
    found = _entities(q, a, ev, context, language)
    if found:
        return found
    if numbers:
        # An answer may repeat the question's figure to refute it ("No, 30 days, not
        # 45"), not to confirm it ("Yes, it is a 4-season tent").
        lang = (language or "en").split("-")[0].casefold()
        refutes = gate_polarity.negated(a, lang) or gate_polarity.said_no(a, lang)
        found = _numbers(
            q, a, ev, _spans(d_q, t_q), _spans(d_a, t_a), _spans(d_e, t_e), refutes=refutes
        )
        if found:
            return found
    if polarity:
        return gate_polarity.polarity(q, a, ev, language)
    return None


def _spans(ds: list[DateValue], ts: list[TimeValue]) -> list[tuple[int, int]]:
    return [(d.start, d.end) for d in ds] + [(t.start, t.end) for t in ts]


# ----- dates and times --------------------------------------------------------------------


def _dates(answer: list[DateValue], known: list[DateValue]) -> Problem | None:
    for d in answer:
        if any(d.matches(k) for k in known):
            continue
        said = ", ".join(dict.fromkeys(k.text for k in known)) if known else ""
        return "date_mismatch", (
            f"the answer gives the date {d.text!r}; "
            + (f"the evidence gives {said}" if said else "the evidence gives no date")
        )
    return None


def _times(answer: list[TimeValue], known: list[TimeValue], evidence: str) -> Problem | None:
    for t in answer:
        if any(t.matches(k) for k in known):
            continue
        hour = (t.minutes // 60) % 12 or 12
        if t.minutes % 60 == 0 and re.search(rf"(?<![\d:]){hour}(?![\d:])", evidence):
            continue  # "from 9 to 5" said as "9:00 to 5:00"
        said = ", ".join(k.text for k in known) if known else "no time"
        return "number_mismatch", f"the answer says {t.text!r}; the evidence says {said}"
    return None


# ----- named things -----------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    """A name in a text: capitalised words, codes, a product with its number."""

    text: str
    words: tuple[str, ...]


_TOKEN = re.compile(r"[^\W_](?:[\w&+'’-]*[\w+])?")
_CONNECTORS = frozenset(
    ["of", "&", "and", "de", "du", "des", "la", "le", "von", "van", "der", "for", "y", "e"]
)


_DIGIT = re.compile(r"\d")
_ALPHA = re.compile(r"[^\W\d_]")
_CAMEL = re.compile(r"[a-z][A-Z]")


def _ident(tok: str) -> bool:
    """A code, a camel-cased name or an acronym ("AI-1009", "FitPass", "GDPR")."""
    if _DIGIT.search(tok):
        return bool(_ALPHA.search(tok))
    return bool(_CAMEL.search(tok)) or (tok.isupper() and len(tok) >= 2)


def names(text: str) -> list[Name]:
    """The names in ``text``; a single capitalised word opening a sentence is not one."""
    return list(_names(text))


@lru_cache(maxsize=4096)
def _names(text: str) -> tuple[Name, ...]:
    toks = list(_TOKEN.finditer(text))
    out: list[Name] = []
    i = 0
    while i < len(toks):
        first = i
        tok = toks[i].group(0)
        before = text[: toks[i].start()].rstrip(" \t\"'“‘(*•-")
        initial = not before or before[-1] in ".!?:;\n"
        after_digit = toks[i].start() > 0 and (
            text[toks[i].start() - 1].isdigit()
            or (text[toks[i].start() - 1] in ".," and text[max(0, toks[i].start() - 2)].isdigit())
        )
        starts = (
            not tok[:1].isdigit()
            and not after_digit
            and (_ident(tok) or (tok[:1].isupper() and tok.casefold() not in _STOP))
        )
        if not starts:
            i += 1
            continue
        j = i + 1
        while j < len(toks):
            gap = text[toks[j - 1].end() : toks[j].start()]
            nxt = toks[j].group(0)
            if gap not in (" ", "\u00a0"):
                break
            if nxt[:1].isupper() or _ident(nxt):
                j += 1
            elif nxt.isdigit() and len(nxt) <= 4:
                j += 1
                break
            elif (
                nxt.casefold() in _CONNECTORS
                and j + 1 < len(toks)
                and toks[j + 1].group(0)[:1].isupper()
                and text[toks[j].end() : toks[j + 1].start()] == " "
            ):
                j += 2
            else:
                break
        span = text[toks[i].start() : toks[j - 1].end()]
        i = j
        if initial and j - first == 1 and not _ident(tok):
            continue
        words = tuple(norm(span).split())
        if not words or all(w in W.MONTHS or w in W.WEEKDAYS or w.isdigit() for w in words):
            continue
        out.append(Name(span, words))
    return tuple(out)


def _known_word(w: str, known: set[str]) -> bool:
    return w in known or w.rstrip("s") in known or f"{w}s" in known or f"{w}es" in known


def _name_like(word: str, language: str | None) -> bool:
    if any(ch.isdigit() for ch in word):
        return True
    forms = {
        word,
        word[:-1] if word.endswith("s") else word,
        word[:-2] if word.endswith("es") else word,
    }
    if any(f in W.GENERIC_NAMES or f in _STOP or f in _VOCAB for f in forms):
        return False
    if word in W.MONTHS or word in W.WEEKDAYS or len(word) < 2:
        return False
    return (language or "en") != "de"  # German capitalises every noun


def _sibling(name: Name, known: list[Name], language: str | None) -> Name | None:
    """A known name that is this one with another number or another distinguishing word
    ("Basecamp 4" for "Basecamp 6", "Gold Plan" for "Silver Plan")."""
    if len(name.words) < 2:
        return None
    # German capitalises every noun: there a word is a name only when it is a code.
    words_name = (language or "en").split("-")[0] != "de"
    for k in known:
        if len(k.words) != len(name.words) or k.words == name.words:
            continue
        pairs = list(zip(name.words, k.words, strict=True))
        diff = [(a, b) for a, b in pairs if a != b]
        same = [a for a, b in pairs if a == b]
        if not same or not diff:
            continue
        if all(
            (a.isdigit() and b.isdigit())
            or (
                a.isalpha()
                and b.isalpha()
                and a not in W.GENERIC_NAMES
                and b not in W.GENERIC_NAMES
                and words_name
            )
            for a, b in diff
        ):
            return k
    return None


def _entities(q: str, a: str, ev: str, context: str, language: str | None) -> Problem | None:
    known_text = f"{q}\n{ev}\n{context}"
    known_norm = f" {norm(known_text)} "
    known_words = set(known_norm.split())
    known_names = names(ev) + names(q) + names(context)
    for name in names(a):
        phrase = " ".join(name.words)
        if f" {phrase} " in known_norm:
            continue
        sib = _sibling(name, known_names, language)
        if sib is not None and f" {' '.join(sib.words)} " in known_norm:
            return (
                "entity_mismatch",
                f"the answer names {name.text!r}; the evidence names {sib.text!r}",
            )
        missing = [w for w in name.words if not _known_word(w, known_words)]
        if any(_name_like(w, language) for w in missing):
            return (
                "entity_mismatch",
                f"the answer names {name.text!r}, which the evidence does not mention",
            )
    return None


# ----- numbers and units ------------------------------------------------------------------


def _with_header_units(found: list[Quantity], ev_parts: list[Part]) -> list[Quantity]:
    spans = [hu for p in ev_parts if p.row for hu in header_units(p)]
    if not spans:
        return found
    out = []
    for e in found:
        unit = next((u for s, t, u in spans if s <= e.start < t), None)
        if unit and not e.units:
            e = Quantity(e.values, unit, e.text, e.start, e.end, True, e.word, e.after)
        out.append(e)
    return out


def _said(qs: list[Quantity]) -> str:
    texts = list(dict.fromkeys(q.text for q in qs))
    return ", ".join(texts[:3]) + (" ..." if len(texts) > 3 else "")


def _unit_in(units: frozenset[str], text: str) -> bool:
    t = f" {text.casefold()} "
    for u in units:
        for alias in _ALIASES.get(u, {u.casefold()}) | {u.casefold()}:
            if len(alias) <= 1 and alias.isalpha():
                continue
            if alias in "$€£¥₹₩" and alias in t:
                return True
            if re.search(rf"(?<![^\W\d_]){re.escape(alias)}(?![^\W\d_])", t):
                return True
    return False


def _unit_ok(a: Quantity, e: Quantity, question: str) -> bool:
    if not e.units:
        return True
    if a.units:
        return bool(a.units & e.units)
    if e.implied or any(u in a.after.split() for u in e.units):
        return True
    return _unit_in(e.units, question)


def _base(q: Quantity) -> set[tuple[str, float]]:
    return {
        (CONVERT[u][0], round(v * CONVERT[u][1], 6))
        for u in q.units
        if u in CONVERT
        for v in q.values
    }


def _equal(x: Quantity, e: Quantity) -> bool:
    """Equal values ("1,500" and "1.5k"), or equal amounts in units that convert exactly
    ("2 weeks" and "14 days")."""
    return bool(x.values & e.values) or bool(_base(x) & _base(e))


def _numbers(
    q: str,
    a: str,
    ev: str,
    mask_q: list[tuple[int, int]],
    mask_a: list[tuple[int, int]],
    mask_e: list[tuple[int, int]],
    *,
    refutes: bool = False,
) -> Problem | None:
    ev_parts = parts(ev)
    in_q = quantities(q, masked=mask_q)
    in_e = _with_header_units(quantities(ev, masked=mask_e), ev_parts)
    subject = _subject_terms(q, ev_parts)
    in_a = quantities(a, masked=mask_a)
    for x in in_a:
        if x.word and not x.units:
            continue  # "one of the plans": a word, not a figure
        same = [e for e in in_e if _equal(x, e)] or _scaled(x, in_e, ev)
        if not same:
            if any(_equal(x, y) for y in in_q) and (refutes or _compared(x, in_a, in_e)):
                continue
            like = [e for e in in_e if x.units and e.units & x.units] or in_e
            return "number_mismatch", (
                f"the answer says {x.text}; "
                + (f"the evidence says {_said(like)}" if like else "the evidence gives no number")
            )
        fits = [e for e in same if _unit_ok(x, e, q) or bool(_base(x) & _base(e))]
        if not fits:
            if refutes and any(y.values & x.values and y.units & x.units for y in in_q):
                continue
            if not x.units:
                return "unit_mismatch", (
                    f"the answer gives {x.text} without the unit; the evidence says {_said(same)}"
                )
            return "unit_mismatch", f"the answer says {x.text}; the evidence says {_said(same)}"
        bound = _bound_elsewhere(x, fits, ev_parts, subject, ev)
        if bound:
            return "number_mismatch", bound
    return None


# A note that states the scale a table's figures are printed in ("In millions, except
# per-share amounts"): a figure of the table said with that scale ("$89,498 million") is
# the figure printed ("89,498").
_SCALE_NOTE = re.compile(r"(?i)\bin\s+(thousands|millions|billions)\b")
_SCALES = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}


def _scaled(x: Quantity, in_e: list[Quantity], ev: str) -> list[Quantity]:
    """The evidence's figures that ``x`` says in the scale the evidence's note states."""
    notes = {_SCALES[m.group(1).lower()] for m in _SCALE_NOTE.finditer(ev)}
    out = []
    for factor in notes:
        shown = {round(v / factor, 6) for v in x.values}
        out += [e for e in in_e if {round(v, 6) for v in e.values} & shown]
    return out


def _compared(x: Quantity, in_a: list[Quantity], in_e: list[Quantity]) -> bool:
    """The answer sets the question's figure beside the evidence's ("10 days is within
    the 30-day window"), rather than asserting it ("Yes, a 4-season tent")."""
    for y in in_a:
        if y is x or not (y.units & x.units or not (y.units or x.units)):
            continue
        if any(_equal(y, e) for e in in_e):
            return True
    return False


def _subject_terms(q: str, ev_parts: list[Part]) -> list[str]:
    """What the question is about, as far as it tells the evidence's parts apart."""
    if len(ev_parts) < 2:
        return []
    terms = {" ".join(n.words) for n in names(q)}
    for p in ev_parts:
        for value in p.cells.values():
            v = norm(value)
            # A row's key ("Travel paid by a third party"); figures are what is asked.
            if (
                v
                and len(v) > 2
                and not any(ch.isdigit() for ch in v)
                and f" {v} " in f" {norm(q)} "
            ):
                terms.add(v)
    normed = [f" {norm(p.text)} " for p in ev_parts]
    return [t for t in terms if 0 < sum(f" {t} " in n for n in normed) < len(ev_parts)]


def _bound_elsewhere(
    x: Quantity, fits: list[Quantity], ev_parts: list[Part], subject: list[str], ev: str
) -> str | None:
    """The answer's number belongs to another row or another named thing of the evidence."""
    if not subject:
        return None

    def mentions(p: Part) -> bool:
        n = f" {norm(p.text)} "
        return any(f" {t} " in n for t in subject)

    about = [p for p in ev_parts if mentions(p)]
    holders = [p for p in ev_parts if any(p.start <= e.start < p.end for e in fits)]
    if not about or not holders or any(mentions(p) for p in holders):
        return None
    subject_names = [Name(t, tuple(t.split())) for t in subject]
    for p in holders:
        if p.row:
            continue
        if not any(_sibling(n, subject_names, None) for n in names(p.text)):
            return None
    where = holders[0]
    return (
        f"the answer says {x.text}, which the evidence gives for something else: "
        f"{_short(where.text)!r}"
    )
