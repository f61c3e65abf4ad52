"""The figure a definition states, asked on its own as users ask it ("How much is the
<fee>?", "How long is a <thing> valid?")."""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate

_VALID_FOR = re.compile(r"\bvalid (?:for|during) (?P<d>(?:up to )?\d[\d,.]* \w+)")
_COSTING = re.compile(r"(?i)\b(?:fee|charge|cost|price|surcharge|penalty|deposit|discount|rate)$")
_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s?(?:%|percent\b|(?:USD|EUR|GBP)\b)")
_DEFINED = re.compile(r"^What (?:is|are) (?P<term>(?:an? |the )?[^?]{2,60})\?$")


def defined_figure(found: Candidate) -> Candidate | None:
    """The figure a definition states, asked on its own as users ask it: "<Fee>: a charge
    of <n>% ..." -> "How much is the <fee>?"; "<Thing>: a <noun> ..., valid for <n>
    months." -> "How long is a <thing> valid?"."""
    m = _DEFINED.match(found.question)
    if m is None or found.question_type != "definition":
        return None
    term = m.group("term")
    bare = re.sub(r"^(?:an? |the )", "", term)
    if _VALID_FOR.search(found.answer):
        be = "are" if found.question.startswith("What are") else "is"
        question = f"How long {be} {term} valid?"
        kind = "term"
    elif _COSTING.search(bare) and _AMOUNT.search(found.answer):
        question = f"How much is the {bare}?"
        kind = "amount"
    else:
        return None
    # "A store credit is a voucher ..., valid for 12 months.": a whole sentence, quoting
    # the definition.
    be = "are" if found.question.startswith("What are") else "is"
    said = found.answer.strip()
    answer = f"{term[:1].upper()}{term[1:]} {be} {said}" if said[:1].islower() else said
    quotes = found.quotes or (said,)
    return Candidate(question, answer, found.evidence, found.section, kind, 0, quotes)
