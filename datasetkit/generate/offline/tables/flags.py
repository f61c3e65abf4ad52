"""A yes/no column asked as a user asks it: "Required" -> "Which properties are
required?", "Is the parentKey property required?"; "Has End" -> "Does the Page Load event
have an end?"; never "Which properties have a required of No?".

A flag's header is a word that says what a "Yes" means: an adjective or participle
("Required", "Optional", "Billable"), "Is/Has/Can ..." ("Is Active", "Has End", "Can
Export"), or a verb with its object ("Requires Approval", "Supports SSO"). A header that
is none of these (a noun: "Parking", "Status") is not asked, since whether "Yes" means
"has one" or "is one" is not said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_YES = frozenset(("yes", "y", "true", "✓", "✔", "x", "ja", "oui", "sí", "si"))
_NO = frozenset(("no", "n", "false", "✗", "✘", "nein", "non"))

# Flag words that are adjectives; and the endings most adjectives and participles have.
_ADJECTIVES = frozenset(
    re.findall(
        r"[a-z]+",
        """required optional mandatory active inactive enabled disabled deprecated billable
    taxable refundable remote available visible hidden public private default primary
    approved completed eligible exempt included excluded paid open closed valid verified
    current confidential internal external editable nullable unique indexed encrypted
    supported recommended certified licensed insured""",
    )
)
_ADJECTIVE_END = re.compile(r"(?i)^[a-z]{3,}(?:ed|able|ible|ive|ory)$")
_VERBS = {
    "has": "have",
    "requires": "require",
    "supports": "support",
    "includes": "include",
    "needs": "need",
    "allows": "allow",
    "uses": "use",
    "contains": "contain",
    "accepts": "accept",
    "offers": "offer",
}


@dataclass(frozen=True)
class Flag:
    """What a yes/no header says: "is required", "has an end", "can export"."""

    kind: str  # "be", "verb" or "can"
    verb: str  # the base form: "have", "require"; "" for "be"
    words: str  # "required", "an end", "export"


def yes_no(value: str) -> bool | None:
    """True for a yes, False for a no, None for anything else."""
    v = value.strip().casefold()
    return True if v in _YES else False if v in _NO else None


def flag_of(header: str) -> Flag | None:
    """What a yes/no column's header says a "Yes" is; None when it says nothing a
    question can hold."""
    words = re.sub(r"[?:*]+$", "", header.strip()).split()
    if not words or len(words) > 4 or not all(re.fullmatch(r"[A-Za-z][\w-]*", w) for w in words):
        return None
    first = words[0].casefold()
    rest = " ".join(w if _acronym(w) else w.lower() for w in words[1:])
    if first == "is" and len(words) >= 2:
        return Flag("be", "", rest)
    if first == "can" and len(words) >= 2:
        return Flag("can", "", rest)
    if first in _VERBS and len(words) >= 2:
        obj = rest
        # An irregular plural ("children", "people") takes no article either.
        plural = obj.endswith("s") or obj in ("children", "people", "staff")
        if len(words) == 2 and not plural and not _acronym(words[1]):
            obj = f"{'an' if obj[:1] in 'aeiou' else 'a'} {obj}"  # "has an end"
        return Flag("verb", _VERBS[first], obj)
    if len(words) == 1 and (first in _ADJECTIVES or _ADJECTIVE_END.match(first)):
        return Flag("be", "", first)
    return None


def _acronym(word: str) -> bool:
    return len(word) > 1 and word.isupper()


def flag_cell_question(flag: Flag, row: str) -> str:
    """ "Is the parentKey property required?", "Does the Page Load event have an end?"."""
    if flag.kind == "be":
        return f"Is {row} {flag.words}?"
    if flag.kind == "can":
        return f"Can {row} {flag.words}?"
    return f"Does {row} {flag.verb} {flag.words}?"


def flag_filter_question(flag: Flag, entities: str, yes: bool, one: bool) -> str:
    """ "Which properties are required?", "Which events do not have an end?" (``one``:
    the one row that is: "Which property is not required?")."""
    if flag.kind == "be":
        be = "is" if one else "are"
        return f"Which {entities} {be}{'' if yes else ' not'} {flag.words}?"
    if flag.kind == "can":
        return f"Which {entities} {'can' if yes else 'cannot'} {flag.words}?"
    if yes:
        verb = _third_person(flag.verb) if one else flag.verb
        return f"Which {entities} {verb} {flag.words}?"
    return f"Which {entities} {'does' if one else 'do'} not {flag.verb} {flag.words}?"


def _third_person(verb: str) -> str:
    return "has" if verb == "have" else f"{verb}s"
