"""Facts a report's narrative states of a named subject, asked as a reader asks them
(English): since when something has held, how many of a thing it counts, what a measure
of it comes to, and what a named study or programme was designed or set out to do.

Country and sector reports, study summaries, annual reports, press releases and
histories state their facts in plain sentences: "<Subject> has been <something> since
<date>", "<Subject> is divided into <N> <things>", "the <measure> of <Subject> is <figure>",
"<the study> was designed to <do>". The subject is named in the question (see
``report_subject``); a sentence whose subject no name resolves is not asked. The answer
is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.past_tense import past_base
from datasetkit.generate.offline.language.words import english_word
from datasetkit.generate.offline.text.dates import DATE
from datasetkit.generate.offline.text.report_subject import KINDS, named_subject
from datasetkit.generate.offline.text.view import Sentence

# Words that point at text the question would not show.
_POINTING = re.compile(
    r"(?i)\b(?:this|that|these|those|such|it|its|they|them|their|he|she|his|her|above|"
    r"below|following|former|latter|same)\b"
)
# Where a clause's own words end: an aside, another clause.
_CLAUSE_END = re.compile(
    r"\s*(?:[,;:(\[–—]|\s(?:and|but|which|who|while|when|where|because|although|whereas)\s)"
)
_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
_NUMBER = rf"(?:\d{{1,3}}(?:[ ,]\d{{3}})+|\d+(?:\.\d+)?(?: (?:million|billion|thousand))?|{_WORDS})"
_ABOUT = r"(?:(?:approximately|about|around|some|more than|over|almost|nearly|roughly|circa) )?"


def _core(words: str) -> str | None:
    """The words of a clause up to where another clause or an aside begins, when they
    read on their own (no pointing word, no figure, short)."""
    words = _CLAUSE_END.split(words, maxsplit=1)[0].strip().rstrip(".")
    if not words or len(words.split()) > 12 or _POINTING.search(words) or re.search(r"\d", words):
        return None
    return words


_SINCE = re.compile(
    rf"^(?P<s>[A-Z][^,;:()]{{1,80}}?) (?P<aux>has|have) (?P<been>been )?(?P<pred>[a-z][^,;:()]{{2,90}}?)"
    rf" since (?:the )?(?:{DATE}|(?:1[6-9]|20)\d0s)\b"
)


def since_when(said: Sentence) -> Fact | None:
    """ "<Subject> has been <X> since <date>" -> "Since when has <Subject> been <X>?"."""
    m = _SINCE.match(said.sentence.strip())
    if m is None:
        return None
    pred = _core(m.group("pred"))
    subject = named_subject(m.group("s"), said)
    if pred is None or subject is None:
        return None
    if not m.group("been") and not re.match(r"[a-z]+ed\b", pred):
        return None  # "has <object> since": not a verb the question can say
    been = "been " if m.group("been") else ""
    aux = "have" if plural_subject(subject) and m.group("aux") == "have" else "has"
    return Fact(f"Since when {aux} {subject} {been}{pred}?", said.sentence, "when")


# The verbs that count the parts or members of a subject, and how a question says them.
_COUNTED = {
    "is divided into": ("is", "divided into"), "are divided into": ("are", "divided into"),
    "is split into": ("is", "split into"), "are split into": ("are", "split into"),
    "is made up of": ("is", "made up of"), "are made up of": ("are", "made up of"),
    "consists of": ("does", "consist of"), "consist of": ("do", "consist of"),
    "comprises": ("does", "comprise"), "comprise": ("do", "comprise"),
    "has": ("does", "have"), "have": ("do", "have"), "had": ("did", "have"),
    "employs": ("does", "employ"), "employed": ("did", "employ"),
    "includes": ("does", "include"), "included": ("did", "include"),
    "enrolled": ("did", "enrol"), "served": ("did", "serve"), "serves": ("does", "serve"),
}  # fmt: skip
_HOW_MANY = re.compile(
    r"^(?P<s>[A-Z][^,;:()]{1,80}?) (?P<verb>"
    + "|".join(sorted(_COUNTED, key=len, reverse=True))
    + rf") {_ABOUT}(?P<n>{_NUMBER}) (?P<noun>(?:[a-z-]+ ){{0,2}}?[a-z-]{{3,}}s)(?=[\s,.;(]|$)"
)


def how_many(said: Sentence) -> Fact | None:
    """ "<Subject> is divided into <N> <things>" -> "How many <things> is <Subject> divided
    into?"; "<Subject> has <N> <things>" -> "How many <things> does <Subject> have?"."""
    m = _HOW_MANY.match(said.sentence.strip())
    if m is None or m.group("noun").split()[-1] in ("years", "days", "times", "percents"):
        return None
    subject = named_subject(m.group("s"), said)
    if subject is None:
        return None
    aux, verb = _COUNTED[m.group("verb")]
    if aux in ("does", "do"):
        aux = "do" if plural_subject(subject) else "does"
    noun = m.group("noun")
    return Fact(f"How many {noun} {aux} {subject} {verb}?", said.sentence, "quantity")


_MEASURES = (
    "population|area|budget|revenue|turnover|size|capacity|membership|workforce|"
    "number of [a-z]+|share of [a-z]+|rate of [a-z]+|[a-z]+ rate|total [a-z]+"
)
_MEASURE = re.compile(
    rf"^(?P<s>The (?:{_MEASURES}) of [^,;:()]{{2,60}}?) (?P<be>is|was|stood at|totalled|"
    rf"totaled|amounted to|reached) {_ABOUT}(?:[$€£]\s?)?\d"
)


def measure_of(said: Sentence) -> Fact | None:
    """ "The <measure> of <Subject> is <figure>" -> "What is the <measure> of <Subject>?"."""
    m = _MEASURE.match(said.sentence.strip())
    if m is None:
        return None
    subject = named_subject(m.group("s"), said)
    if subject is None:
        return None
    be = "was" if m.group("be") == "was" else "is"
    return Fact(f"What {be} {subject}?", said.sentence, "amount")


_AIMED = re.compile(
    r"^(?P<s>[A-Z][^,;:()]{1,80}?) (?:(?P<be>is|was|are|were) (?P<how>designed|intended|meant) to"
    r"|(?P<aim>aims|aimed|seeks|sought) to) (?P<verb>[a-z]+)\b"
)
_GOAL = re.compile(
    rf"^The (?P<w>aim|purpose|objective|goal)s? of (?P<s>(?:the|this) (?:{KINDS})|[A-Z][^,;:()]{{1,60}}?)"
    r" (?P<be>is|was) to [a-z]+"
)


def aimed_at(said: Sentence) -> Fact | None:
    """ "<Study> was designed to <do>" -> "What was <Study> designed to do?"; "The aim of
    <Programme> is to <do>" -> "What is the aim of <Programme>?"."""
    text = said.sentence.strip()
    m = _AIMED.match(text)
    if m is not None:
        subject = named_subject(m.group("s"), said)
        if subject is None:
            return None
        if m.group("be"):
            return Fact(f"What {m.group('be')} {subject} {m.group('how')} to do?", text, "purpose")
        did = "did" if m.group("aim") in ("aimed", "sought") else "does"
        verb = "aim" if m.group("aim").startswith("aim") else "seek"
        return Fact(f"What {did} {subject} {verb} to do?", text, "purpose")
    g = _GOAL.match(text)
    subject = named_subject(g.group("s"), said) if g else None
    if g is None or subject is None:
        return None
    return Fact(f"What {g.group('be')} the {g.group('w')} of {subject}?", text, "purpose")


# What a study does to its subject matter, and the base form a question takes.
_STUDIES = {
    "examines": "examine", "examined": "examine", "measures": "measure", "measured": "measure",
    "quantifies": "quantify", "quantified": "quantify", "assesses": "assess",
    "assessed": "assess", "evaluates": "evaluate", "evaluated": "evaluate",
    "investigates": "investigate", "investigated": "investigate", "estimates": "estimate",
    "estimated": "estimate", "compares": "compare", "compared": "compare",
}  # fmt: skip
_STUDY = re.compile(
    r"^(?P<s>[A-Z][^,;:()]{1,80}?) (?P<verb>" + "|".join(_STUDIES) + r") (?!whether|if|how|why)"
)
_UNDERTAKING = re.compile(rf"(?i)\b(?:{KINDS})$")


def what_it_studies(said: Sentence) -> Fact | None:
    """ "<The study> quantifies <X>" -> "What does <Study> quantify?": what a named study,
    survey or evaluation looks at."""
    m = _STUDY.match(said.sentence.strip())
    if m is None or not _UNDERTAKING.search(m.group("s")):
        return None
    subject = named_subject(m.group("s"), said)
    if subject is None:
        return None
    verb = m.group("verb")
    did = "did" if verb.endswith("ed") else "does"
    return Fact(f"What {did} {subject} {_STUDIES[verb]}?", said.sentence, "scope")


_FOUND = re.compile(
    r"^(?P<s>[A-Z][^,;:()]{1,80}?) (?P<verb>found|showed|revealed|concluded|demonstrated)"
    r" that (?P<that>.+)$"
)
_FOUND_BASE = {"found": "find", "showed": "show", "revealed": "reveal",
               "concluded": "conclude", "demonstrated": "demonstrate"}  # fmt: skip
# Where the subject of a finding's clause ends: its verb (a past form or an auxiliary).
_VERB_AT = re.compile(
    r"^(?:\w+ed|is|are|was|were|has|have|had|can|could|may|might|will|would|did|do|does|"
    r"not|grew|fell|rose|became|remained)$"
)


def what_it_found(said: Sentence) -> Fact | None:
    """ "<The study> showed that <the two groups> differed ..." -> "What did <Study> show
    about <the two groups>?": a finding asked by what it is about."""
    m = _FOUND.match(said.sentence.strip())
    if m is None or not _UNDERTAKING.search(m.group("s")):
        return None
    words = m.group("that").split()
    end = next((i for i, w in enumerate(words) if _VERB_AT.match(w) or past_base(w)), None)
    if end is None or not 1 <= end <= 6:
        return None
    about = " ".join(words[:end])
    if (
        _POINTING.search(about)
        # A clause inside the subject: where it ends, the words do not say.
        or re.search(r"[\d,;:()]|\b(?:who|which|whose|where)\b", about)
        or about.lower() in ("there", "we", "you")
    ):
        return None
    subject = named_subject(m.group("s"), said)
    if subject is None:
        return None
    about = about[:1].lower() + about[1:] if about.split()[0] in ("The", "A", "An") else about
    verb = _FOUND_BASE[m.group("verb")]
    return Fact(f"What did {subject} {verb} about {about}?", said.sentence, "scope")


# A frequency that opens the sentence: "Every fourth year <subject> <does something>".
_EVERY = re.compile(
    r"^(?P<freq>Every (?:(?:second|third|fourth|fifth|two|three|four|five) )?(?:year|month|week)s?"
    r"|Each year|Once a year|Twice a year|Annually),? (?P<s>[A-Za-z][^,;:()]{1,60}?) "
    r"(?P<verb>[a-z]+s) (?P<rest>[a-z][^;:()]{2,120})\.$"
)


def how_often(said: Sentence) -> Fact | None:
    """ "Every fourth year <the government> decides on <X>." -> "How often does <the
    government> decide on <X>?"."""
    m = _EVERY.match(said.sentence.strip())
    if m is None or m.group("verb") in ("is", "has", "was", "does"):
        return None
    # Its object whole ("for <X> and <Y>"), up to an aside.
    rest = re.split(r"\s*[,;(]|\s(?:which|who|because|while)\s", m.group("rest"))[0]
    if len(rest.split()) > 14 or _POINTING.search(rest) or re.search(r"\d", rest):
        return None
    subject = named_subject(m.group("s"), said)
    verb = m.group("verb")
    base = verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes")) else verb[:-1]
    if subject is None or not english_word(base):
        return None
    do = "do" if plural_subject(subject) else "does"
    return Fact(f"How often {do} {subject} {base} {rest}?", said.sentence, "frequency")


def report_fact(said: Sentence) -> Fact | None:
    """The first of the report's fact questions the sentence answers (English)."""
    # A list item counts when it is a sentence of its own (no introduction finishes it).
    prose = said.section.kind in ("paragraph", "page") or (
        said.section.kind == "list_item" and said.intro is None
    )
    if not prose or not said.sentence.rstrip().endswith("."):
        return None
    if len(said.sentence) > 400:
        return None
    asks = (since_when, how_many, measure_of, aimed_at, what_it_studies, what_it_found, how_often)
    for ask in asks:
        found = ask(said)
        if found is not None:
            return found
    return None
