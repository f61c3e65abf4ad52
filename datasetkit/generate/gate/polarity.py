"""The gate's yes/no and negation check: an answer that says yes where the evidence says
no (or the reverse), in the gate's languages.

The evidence is cut into clauses (at ";", ":" and contrasting words such as "but"), and
a yes/no or a claim of the answer is compared with the clause it is about (the one that
holds most of its words). Nothing is judged when the question and the clause set
different conditions ("after 30 days" / "within 30 days"), when a negation only says
"no cost", or when a clause holds two negations: the check passes what it cannot read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from datasetkit.core.language.detect import STOPWORDS
from datasetkit.generate.gate import words as W
from datasetkit.generate.gate.values import parts

Problem = tuple[str, str]


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LETTERS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+(?:[.,]\d+)?")


def _tokens(text: str) -> list[str]:
    t = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    t = re.sub(r"\bn'(?=[^\W\d_])", "ne ", t)  # French "n'est" -> "ne est"
    return _LETTERS.findall(t)


@lru_cache(maxsize=16)
def _not_negations(lang: str) -> re.Pattern[str] | None:
    phrases = W.NOT_NEGATIONS.get(lang, ())
    if not phrases:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(p) for p in phrases) + r")\b")


@dataclass(frozen=True)
class _Negation:
    count: int
    weak: bool


def negated(text: str, lang: str) -> bool:
    """The text holds a negation (not counting "no later than" and the like)."""
    return _negation(text, lang).count > 0


def _negation(text: str, lang: str) -> _Negation:
    t = " ".join(_tokens(text))
    phrases = _not_negations(lang)
    if phrases is not None:
        t = phrases.sub(" ", t)
    toks = t.split()
    strong = W.words_for(W.NEGATORS, lang) - W.words_for(W.WEAK_NEGATORS, lang)
    weak_words = W.words_for(W.WEAK_NEGATORS, lang)
    predicates = W.words_for(W.NEGATIVE_PREDICATES, lang)
    count = 0
    weak = False
    for i, w in enumerate(toks):
        if w in strong or w in predicates or (lang == "en" and w.endswith("n't")):
            count += 1
        elif w in weak_words:
            if lang == "en" and w == "no" and i + 1 < len(toks) and toks[i + 1] == "longer":
                count += 1
            else:
                weak = True
    if lang == "fr" and "ne" in toks:
        count -= sum(1 for w in toks if w in {"pas", "jamais", "rien", "aucun", "aucune", "plus"})
        count = max(count, 1)
    return _Negation(count, weak)


def _content(text: str, lang: str) -> list[str]:
    stop = STOPWORDS.get(lang, frozenset()) | STOPWORDS["en"]
    neg = W.words_for(W.NEGATORS, lang) | W.words_for(W.NEGATIVE_PREDICATES, lang)
    yes_no = W.words_for(W.YES, lang) | W.words_for(W.NO, lang)
    return [
        w
        for w in _tokens(text)
        if w not in stop
        and w not in neg
        and w not in yes_no
        and not w.endswith("n't")
        and len(w) > 1
    ]


def _stem(w: str) -> str:
    return w[:5] if len(w) > 5 else w


def _coverage(words: list[str], clause_words: list[str]) -> float:
    if not words:
        return 0.0
    have = {_stem(w) for w in clause_words}
    return sum(1 for w in words if _stem(w) in have) / len(words)


def _clauses(text: str, lang: str) -> list[str]:
    contrasts = "|".join(re.escape(c) for c in W.CONTRASTS.get(lang, ()))
    out: list[str] = []
    for p in parts(text):
        pieces = re.split(
            rf"\s*[;:]\s+|,?\s+(?:{contrasts})\b,?\s*" if contrasts else r"\s*[;:]\s+",
            p.text,
            flags=re.I,
        )
        # A question in the evidence (a FAQ's own) states nothing either way.
        out.extend(c for c in pieces if c and c.strip() and not c.rstrip().endswith("?"))
    return out


def _conditions(toks: list[str], lang: str) -> set[str]:
    cond = W.words_for(W.CONDITIONS, lang)
    numeric = W.words_for(W.NUMERIC_CONDITIONS, lang)
    out = {w for w in toks if w in cond}
    for i, w in enumerate(toks):
        if w in numeric and any(t[:1].isdigit() for t in toks[i + 1 : i + 3]):
            out.add(w)
    return out


def _extra_conditions(claim: str, clause: str, lang: str) -> bool | None:
    """None when the claim sets conditions or figures the clause does not; else whether
    the clause sets conditions the claim leaves out."""
    tc, te = _tokens(claim), _tokens(clause)
    cc, ce = _conditions(tc, lang), _conditions(te, lang)
    if not cc <= ce or not {w for w in tc if w[:1].isdigit()} <= {w for w in te if w[:1].isdigit()}:
        return None
    return cc != ce


def _comparable(a: str, b: str, lang: str) -> bool:
    """Same conditions and limits in both ("after 30 days" is not "within 30 days")."""
    ta, tb = _tokens(a), _tokens(b)
    if _conditions(ta, lang) != _conditions(tb, lang):
        return False
    na = {w for w in ta if w[:1].isdigit()}
    return na <= {w for w in tb if w[:1].isdigit()}


def said_no(a: str, lang: str) -> bool:
    """The answer opens with "no" (in ``lang``)."""
    toks = _tokens(a)
    if not toks or toks[0] not in W.words_for(W.NO, lang):
        return False
    if lang in ("es", "it"):
        # Spanish and Italian "no" also negates a verb: "No está cubierto."
        return bool(re.match(r"\s*no\s*(?:[,.!;:]|$)", a, re.I))
    return True


def polarity(q: str, a: str, ev: str, language: str | None) -> Problem | None:
    """A yes/no or a claim of the answer that the evidence says the opposite of."""
    lang = (language or "en").split("-")[0].casefold()
    if lang not in W.LANGUAGES:
        return None
    toks = _tokens(a)
    if not toks:
        return None
    first = toks[0]
    said_yes = first in W.words_for(W.YES, lang)
    answered_no = said_no(a, lang)
    clauses = _clauses(ev, lang)
    if not clauses:
        return None
    if said_yes or answered_no:
        found = _yes_no(q, clauses, lang, said_yes)
        if found:
            return found
    body = re.sub(r"^\s*[^\W\d_]+\s*[,.!;:-]\s*", "", a) if (said_yes or answered_no) else a
    return _claims(body, clauses, lang)


def _best(words: list[str], clauses: list[str], lang: str) -> list[tuple[float, str]]:
    scored = [(_coverage(words, _content(c, lang)), c) for c in clauses]
    return sorted(scored, key=lambda x: -x[0])


# A list item such as "Medical treatments and procedures" states nothing by itself: its
# polarity is its list's ("not covered: ..."), which the clause does not carry.
_EN_VERBS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "cannot",
        "will",
        "may",
        "must",
        "should",
        "shall",
        "would",
        "could",
        "might",
        "cover",
        "covers",
        "include",
        "includes",
        "offer",
        "offers",
        "provide",
        "provides",
        "pay",
        "pays",
        "apply",
        "applies",
        "allow",
        "allows",
        "require",
        "requires",
    ]
)


def _verbless(clause: str, lang: str) -> bool:
    if lang != "en":
        return False
    toks = _tokens(clause)
    return not any(t in _EN_VERBS or t.endswith(("ed", "n't")) for t in toks)


def _yes_no(q: str, clauses: list[str], lang: str, said_yes: bool) -> Problem | None:
    qw = _content(q, lang)
    if len(qw) < 2:
        return None
    clauses = [c for c in clauses if not _verbless(c, lang)]
    if not clauses:
        return None
    ranked = _best(qw, clauses, lang)
    cov, clause = ranked[0]
    if cov < 0.6 or not _comparable(q, clause, lang):
        return None
    qn, en = _negation(q, lang), _negation(clause, lang)
    # "Isn't it covered?" - "No, it isn't" and "Yes, it is" mean the same: not judged.
    if qn.weak or en.weak or qn.count > 0 or en.count > 1:
        return None
    for other_cov, other in ranked[1:]:
        if other_cov >= cov - 0.1 and (_negation(other, lang).count > 0) != (en.count > 0):
            return None  # two passages, opposite answers: cannot tell
    expected_yes = en.count == 0
    if said_yes == expected_yes:
        return None
    word = "yes" if said_yes else "no"
    return "polarity_mismatch", f"the answer says {word}; the evidence says {_short(clause)!r}"


def _claims(body: str, clauses: list[str], lang: str) -> Problem | None:
    for claim in _clauses(body, lang):
        cw = _content(claim, lang)
        if len(cw) < 2:
            continue
        cov, clause = _best(cw, clauses, lang)[0]
        if cov < 0.8 or _coverage(_content(clause, lang), cw) < 0.5:
            continue
        extra = _extra_conditions(claim, clause, lang)
        if extra is None:
            continue
        cn, en = _negation(claim, lang), _negation(clause, lang)
        if cn.weak or en.weak or cn.count > 1 or en.count > 1:
            continue
        if extra and not (cn.count == 1 and en.count == 0):
            # "refundable within 14 days" refutes "not refundable", but "not refundable
            # after 14 days" does not refute "refundable".
            continue
        if (cn.count == 1) != (en.count == 1):
            return "polarity_mismatch", (
                f"the answer says {_short(claim)!r}; the evidence says {_short(clause)!r}"
            )
    return None
