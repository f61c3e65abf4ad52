"""Narrative prose: who did what, where and why, asked of clauses a named person is the
subject of.

Stories, news articles, case narratives and incident reports tell what named people did,
where and why: "Ana travelled to Lisbon after the meeting", "Ana Ruiz closed the clinic
because the roof leaked", "Tomas grew up in Porto". Such a text has no headings that ask
anything, no rules and few figures: without this form it gives nothing.

A clause is asked when its subject is a name the document writes as one (capitalised
inside sentences, never in lower case; a title such as "Dr." before it is kept), or the
name its heading gives the passage (a case narrative under the person's name). A role set
after the name ("Ana Ruiz, the head nurse, closed ...") is passed over to reach the verb:

- "<Name> <went / moved / travelled ...> to <Place>", "<Name> grew up in <Place>":
  "Where did <Name> go <when>?";
- "<Name> <did> <the thing> because / to / so that <reason>": "Why did <Name> <do the
  thing>?";
- "<Name> <did> <the thing>": "Who <did> <the thing>?";
- "<Name> is employed as a <job>", "<Name> was born in <Place>": what they work as, where
  they were born.

Who a person is ("Who is <Name>?", answered by their role) and what they said ("What did
<Name> say?") are not asked: reviewers kept no such case on documents nobody tuned for.
The answer is the whole sentence. A verb is read as past only when its base form is an
English word, so the question is grammatical. English only: the question's clause is
rebuilt from English verb forms.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.past_tense import IRREGULAR_PAST, past_base
from datasetkit.generate.offline.text.past_events import sentence_name
from datasetkit.generate.offline.text.view import Sentence

_TITLE = r"(?:Mr|Mrs|Ms|Dr|Prof|Sir|Dame|Capt|Sgt|Lt|Col|Gen|Rev|St)\.?"
# A name: a title, then up to four capitalised words (an initial among them).
_NAME = rf"(?P<name>(?:{_TITLE}\s+)?[A-Z][\w'’-]+(?:\s+(?:[A-Z]\.|[A-Z][\w'’-]+)){{0,3}})"
# "<Name>, a leading astrobiologist at the agency, <verb> ...": the role passed over.
# "<Name>, convinced of the plan, <verb> ...": a participle's phrase, passed over alike.
_APPOSITION = re.compile(
    rf"^{_NAME},\s+(?P<role>(?:a|an|the)\s+[^,;:\"“”()]{{3,90}}?|[a-z]+(?:ed|ing)\s[^,;:\"“”()]"
    r"{3,60}?),\s+(?P<rest>[a-z].+)$"
)
# "<Name> <verb> to <Place>", "<Name> grew up on <Place>": a named place, or (for going)
# a place named by its kind ("to the shops", "into the aisle").
_WENT = re.compile(
    rf"^{_NAME}\s+(?P<verb>[a-z]+)(?P<particle>\s+(?:up|back|away|off|out|home))?\s+"
    r"(?P<prep>to|into|towards|toward|in|on|at)\s+"
    r"(?P<place>(?:the\s+)?[A-Z][\w'’-]+(?:\s+(?:of\s+)?[A-Z][\w'’-]+){0,4}|the\s+[a-z]+)"
    r"(?P<rest>.*)$"
)
# "<Name> <verb> <object> because|to|in order to|so that <reason>": why; "<Name> <verb>
# <the object>": who.
_DID = re.compile(
    rf"^{_NAME}\s+(?:(?P<adverb>[a-z]+ly)\s+)?(?:had\s+)?(?P<verb>[a-z]+)\s+"
    r"(?P<object>(?:[a-z]|[A-Z](?=[\w'’-]*\s*[.;,]|[\w'’-]*\s+(?:[A-Z]|and\b|to\b|in\b|on\b)))"
    r"[\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,6}?)"
    r"(?P<rest>(?:\s*,)?\s+(?:because|in order to|so that|to [a-z]+|after|before|when|while|"
    r"until|in|at|on|by|with|without|within|during|through|into|over|under|as|for|from|and)\b.*"
    r"|\s*[.;,].*)$"
)
# "<Name> <verb> <what> because|to|in order to|so that <reason>": why, in the same clause.
_WHY = re.compile(
    rf"^{_NAME}\s+(?:(?P<adverb>[a-z]+ly)\s+)?(?:had\s+)?(?P<verb>[a-z]+)\s+"
    r"(?P<object>[^,;:\"“]{3,80}?)\s+(?:because|in order to|so that|"
    r"to (?!the\b|a\b|an\b)[a-z]+(?<!s)\b)"
)
_SETTING = re.compile(
    r"^(?:In|On|During|After|Before|By|Since|Later|That)\b[^,]{1,40},\s+(?=[A-Z])"
)
# A word ending in "-ing" in the object: a clause of its own ("with installations scaling
# to ..."), whose "to" is no purpose.
_GERUND = re.compile(r"\b[a-z]{3,}ing\b")
# When the clause happened, kept at the end of a question: "after the meeting".
_FUNCTION_WORD = r"(?:with|in|on|at|to|for|of|from|by|and|or|but|the|a|an|his|her|their|its)\b"
_WHEN = re.compile(
    r"^\s+(?P<when>(?:after|before|during|at the end of)\s+(?:the|his|her|their|a)\s+"
    rf"(?!{_FUNCTION_WORD})[a-z][\w'’-]*(?:\s+(?!{_FUNCTION_WORD})[a-z][\w'’-]*)?)(?=[\s,.;]|$)"
)
# Verbs of going somewhere ("to", "into"), and of being somewhere ("in", "on", "at").
_MOVING = frozenset(
    [
        "go",
        "come",
        "move",
        "travel",
        "return",
        "fly",
        "sail",
        "drive",
        "walk",
        "run",
        "head",
        "flee",
        "escape",
        "retreat",
        "relocate",
        "emigrate",
        "journey",
        "ride",
        "hurry",
        "rush",
        "row",
        "swim",
        "climb",
    ]
)
_STAYING = frozenset(
    ["live", "grow", "settle", "stay", "work", "study", "teach", "hide", "wait", "land", "arrive"]
)
# Irregular pasts a narrative tells with that ``past_base`` leaves out. "found", "read",
# "set" are present forms too, but not after one named person (who "finds", "reads").
_STORY_PAST = {
    "kept": "keep", "felt": "feel", "heard": "hear", "stood": "stand", "sat": "sit",
    "spoke": "speak", "knew": "know", "thought": "think", "caught": "catch", "drove": "drive",
    "rode": "ride", "flew": "fly", "swam": "swim", "threw": "throw", "wore": "wear",
    "hid": "hide", "fled": "flee", "slept": "sleep", "lent": "lend", "broke": "break",
    "stole": "steal", "shook": "shake", "ate": "eat", "drank": "drink", "forgot": "forget",
    "got": "get", "did": "do", "said": "say", "understood": "understand", "woke": "wake",
    "found": "find", "read": "read", "set": "set", "put": "put", "cut": "cut", "shut": "shut",
    "let": "let", "hit": "hit", "lit": "light", "fed": "feed", "dug": "dig", "hung": "hang",
}  # fmt: skip
# Words a question cannot carry over: they point at text the question does not show.
_POINTING = re.compile(
    r"(?i)\b(?:this|that|these|those|such|it|its|they|them|their|he|she|him|his|her|there|"
    r"here|then|also|again|same|similar|other|another|former|latter)\b"
)
# The head of a role that names a person: a doer's ending ("operator", "scientist",
# "librarian", "student") or a title of office.
# Roles a company plays as often as a person ("a leader in", "a provider of", "the largest
# customer"): they do not show the name is a person's.
_SHARED_ROLE = re.compile(
    r"(?i)^(?:leader|provider|manufacturer|supplier|customer|client|vendor|distributor|retailer|"
    r"developer|publisher|producer|maker|member|partner|owner|holder|carrier|insurer|lender|"
    r"player|pioneer|competitor|contractor|investor|buyer|seller|sponsor|winner)$"
)
# The last word of an organisation's name.
_ORGANISATION = re.compile(
    r"\b(?:Inc|Corp|Corporation|Ltd|LLC|PLC|GmbH|AG|Company|Co|Group|Holdings|Bank|University|"
    r"College|Institute|Foundation|Association|Agency|Department|Logistics|Traders|Systems|"
    r"Solutions|Services|Partners|Industries|Electronics|Technologies|Labs|Airlines|Motors|"
    r"Media|Software|Council|Board|Ministry|Office)\.?$"
)
_PERSON_HEAD = re.compile(
    r"(?i)(?:er|or|ist|ian|ant|ent|eer|ee|ess)$|^(?:lead|head|chief|chair|mayor|nurse|doctor|"
    r"judge|clerk|pilot|chef|coach|captain|staff|minister|spokesperson|spokeswoman|spokesman|"
    r"wife|husband|son|daughter|mother|father|sister|brother|widow|friend|colleague)$"
)
_ROLE_END = re.compile(r"\s(?:at|of|in|on|for|from|with|who|whose|since|to|and)\s.*$")
# "<Name> is single, employed as a waiter": the work a case narrative or a profile gives.
_EMPLOYED = re.compile(
    rf"^{_NAME}\s+(?P<be>is|was)\b[^.;]{{0,40}}?\bemployed\s+as\s+(?:a|an)\s+[a-z]"
)
# "<Name> was born in <Place>"
_BORN = re.compile(rf"^{_NAME}\s+was\s+born\s+(?:in|at)\s+(?:the\s+)?[A-Z]")
_NOT_NAME = re.compile(
    r"^(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|God|Christmas)$"
)


def _name(raw: str, said: Sentence) -> str | None:
    """``raw`` when the document writes it as a name (a title before it is kept)."""
    title = re.match(rf"{_TITLE}\s+", raw)
    core = raw[title.end() :] if title else raw
    if not core or _NOT_NAME.match(core.split()[0]):
        return None
    if re.fullmatch(r"[A-Z]{2,}s?", core.split()[0]):
        return None  # an acronym ("CSPs", "NASA"): an organisation or a kind, no person
    # A name the document writes as one, or the name its heading gives the passage (a case
    # narrative under the person's name).
    if sentence_name(core, said) is None and core not in said.path[-1:]:
        return None
    return raw


def _person(role: str) -> bool:
    """True when an apposition's role names a person ("the night shift supervisor")."""
    head = _ROLE_END.sub("", role).split()
    if not head or _SHARED_ROLE.match(head[-1]):
        return False
    return bool(_PERSON_HEAD.search(head[-1]))


def _without_role(text: str, said: Sentence) -> str:
    """``text`` without the role set after its subject's name ("Ana Ruiz, the head nurse,
    closed ..." -> "Ana Ruiz closed ..."), when the name is a person's."""
    m = _APPOSITION.match(text)
    if m is None or _ORGANISATION.search(m.group("name")):
        return text
    role = m.group("role")
    if role.startswith(("a ", "an ", "the ")) and not _person(role):
        return text
    return f"{m.group('name')} {m.group('rest')}"


def _work_or_birth(text: str, said: Sentence) -> str | None:
    m = _EMPLOYED.match(text)
    if m is not None:
        name = _name(m.group("name"), said)
        return f"What {m.group('be')} {name} employed as?" if name else None
    m = _BORN.match(text)
    if m is not None:
        name = _name(m.group("name"), said)
        return f"Where was {name} born?" if name else None
    return None


def _where(text: str, said: Sentence) -> str | None:
    m = _WENT.match(text)
    if m is None:
        return None
    base = _past(m.group("verb"))
    name = _name(m.group("name"), said)
    going = m.group("prep") in ("to", "into", "towards", "toward") and base in _MOVING
    being = m.group("place")[:1].isupper() and base in _STAYING | _MOVING and not going
    if name is None or not (going or (being and m.group("prep") in ("in", "on", "at"))):
        return None
    when = _WHEN.match(m.group("rest"))
    tail = f" {when.group('when')}" if when and not _POINTING.search(when.group("when")) else ""
    particle = (m.group("particle") or "").rstrip()
    return f"Where did {name} {base}{particle}{tail}?"


def _past(verb: str) -> str | None:
    """The base form of a past-tense verb, or None."""
    if verb.startswith("re") and verb[2:] in _STORY_PAST | IRREGULAR_PAST:
        return "re" + (_STORY_PAST | IRREGULAR_PAST)[verb[2:]]  # "rebuilt", "retold"
    if verb.endswith("lled") and past_base(verb) is None:
        # "travelled", "labelled": the British spelling doubles the "l".
        return past_base(verb[:-3] + "ed") or past_base(verb)
    return _STORY_PAST.get(verb) or past_base(verb)


def _why_or_who(text: str, said: Sentence) -> str | None:
    why = _WHY.match(text)
    if why is not None and _GERUND.search(why.group("object")):
        why = None  # "... helping out with a move to git": the "to" is no purpose
    m = why or _DID.match(text)
    if m is None:
        return None
    base = _past(m.group("verb"))
    name = _name(m.group("name"), said)
    obj = m.group("object")
    if base is None or name is None or base in ("be", "have") or _POINTING.search(obj):
        return None
    if why is not None:
        adverb = f"{m.group('adverb')} " if m.group("adverb") else ""
        return f"Why did {name} {adverb}{base} {obj}?"
    named = obj[:1].isupper() and _name(obj, said) is not None
    if not named and (not re.match(r"^(?:the|a|an)\s", obj) or len(obj.split()) < 2):
        return None  # "Who lost her keys?": whose, the question cannot say
    return f"Who {m.group('verb')} {obj}?"


@form(
    "narrative clause",
    content="statement",
    order=56,
    asks="lookup",
    languages=ENGLISH,
    answer="sentence",
    kinds=("narrative",),
)
def narrative_clause(said: Sentence) -> Fact | None:
    """Where a named person went, why or who did something, asked of a sentence of
    narrative prose; the answer is the whole sentence."""
    text = said.sentence.strip()
    if said.section.kind == "heading" or not text.endswith((".", '"', "”", "!")) or len(text) > 500:
        return None
    # Asides in brackets (a handle, a link) and a phrase of time or place before the
    # subject ("In 2013, ...") are not the clause's.
    text = " ".join(text.split())
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\s*\([^()]*\)", "", text)
    text = _SETTING.sub("", text)
    text = _without_role(text, said)
    for ask in (_work_or_birth, _where, _why_or_who):
        question = ask(text, said)
        if question is not None and len(question.split()) >= 3:
            return Fact(re.sub(r"\s+", " ", question), said.sentence, "narrative")
    return None
