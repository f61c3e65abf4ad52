"""A yes/no question asked of one item of a listed subject ("<A>, <B> and <C> cannot be
<done>" -> "Can <B> be <done>?") or of the first item of a listed object, and of the first
of two coordinated predicates: the answer, the whole sentence, names them all."""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.language.clauses import Clause, plural_subject

_LIST_SUBJECT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def one_of(c: Clause) -> Clause | None:
    """ "<A>, <B> and <C> cannot be <done>" is asked of one of them, as a user in that case
    asks: "Can <B> be <done>?"."""
    if not c.negative or c.kind not in ("modal", "copula") or "," not in c.subject:
        return None
    parts = [p.strip() for p in _LIST_SUBJECT.split(c.subject) if p.strip()]
    if re.match(r"(?i)otherwise\b", parts[-1]):
        return None  # "<adj>, <adj> or otherwise <adj> <things>": the items are no things
    if len(parts) < 3 or any(
        len(p.split()) > 4 or re.match(r"(?i)(?:the|a|an|all|any|some|other)\b", p) for p in parts
    ):
        return None
    item = parts[1]
    verb = c.verb
    if c.kind == "copula" and verb in ("is", "are"):
        verb = "are" if plural_subject(item) else "is"
    return replace(c, subject=item, verb=verb)


def first_listed(rest: str) -> str:
    """ "Does Fabrikam Standard cover emergency services?" -> "No. ... does not cover
    emergency services, mental health ... or out-of-network services.": the first item
    asks, the answer names them all; when the list is followed by where or when it holds
    ("... while performing work"), the question keeps that."""
    listed = re.match(r"^(?P<first>[^,]+?),\s(?P<more>.*\b(?:or|and)\b.*)$", rest)
    if not listed or len(listed.group("first").split()) < 3:
        return rest
    first = listed.group("first")
    where = re.search(
        r"\s(?P<adj>(?:while|during|when|at work|on duty)\b[^,;]*)$", listed.group("more")
    )
    if where:
        adjunct = re.sub(r"\s+or\s+.*$", "", where.group("adj"))
        first = f"{first} {adjunct}"
    return first


def first_predicate(rest: str) -> str:
    """ "... will not be <done> and may result in <Y>": a second predicate the question,
    asked of the first, cannot carry, is left to the answer."""
    return re.sub(r"\s+and\s+(?:may|might|will|can|could|must|should|shall)\s.*$", "", rest)
