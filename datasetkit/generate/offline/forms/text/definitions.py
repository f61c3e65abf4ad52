"""Definitions ("A per diem is a ...", "Term: explanation") and labelled contacts, and
the figure a definition states, asked on its own.

A "Label: value" line is a definition only when the value explains the label (a noun
phrase, "a voucher for ..."); a form field ("Signature: ____"), a value statement
("Quality: We strive ...") or a figure ("Key Result: 4 new deals") is not one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.defined_terms import kind_question
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.forms.text.command_reference import reference_entry
from datasetkit.generate.offline.forms.text.introduced import introduced
from datasetkit.generate.offline.language.definition_words import (
    ARTICLES,
    DEFINITION,
    MEANING_VERBS,
)
from datasetkit.generate.offline.language.imperative import does_task, how_do_i
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import DocWords, is_plural, lower_words
from datasetkit.generate.offline.text.called import (
    called_term,
    illustrates,
    strip_label,
    unlabelled,
)
from datasetkit.generate.offline.text.class_terms import class_definition
from datasetkit.generate.offline.text.continued_definition import continued
from datasetkit.generate.offline.text.entries import ENTRY_LABEL, defined_entry, opens_entry
from datasetkit.generate.offline.text.features import feature_does
from datasetkit.generate.offline.text.glossary import glossary_entry
from datasetkit.generate.offline.text.headed_rights import headed_right
from datasetkit.generate.offline.text.headed_terms import headed_definition
from datasetkit.generate.offline.text.members import member_question
from datasetkit.generate.offline.text.quoted_terms import quoted_definition
from datasetkit.generate.offline.text.theorems import named_result
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Section

_NOT_TERMS = set(
    re.findall(
        r"\S+",
        "it this that there these those he she they we you our your each all any some "
        "which what who here its their his her one es das dies er sie il elle ce cela ello "
        "esto eso él ella below above following "
        # A sentence that opens with a subordinate clause ("Since <X> is a <kind>, it ...")
        # says why or when of its main clause; the word before "is" is no term.
        "since because although though while whereas when whenever if unless once until "
        "da weil obwohl wenn falls puisque lorsque quand si porque aunque cuando",
    )
)
# Labels of a part of the document ("SUMMARY:", "Background:", an article's "Funding:"),
# not terms it explains.
_DOC_PART = re.compile(
    r"(?i)(?:summary|abstract|overview|introduction|background|conclusions?|purpose|scope|notes?|"
    r"comments?|remarks?|description|details|action|agency|dates|addresses|objectives?|results?|"
    r"funding|competing interests|data availability|citation|copyright|(?:academic )?editor)"
)
# Words that show the "term" is a clause, not a name ("<Plural noun> are conducted and ...").
_CLAUSE_WORDS = set(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "will",
        "can",
        "must",
        "may",
        "should",
        "would",
        "could",
        "that",
        "which",
        "who",
        "and",
        "or",
        "not",
        "also",
        "when",
        "if",
        "because",
        "while",
    ]
)
# Words that set a term against something said before it ("another matter", "ein anderes
# Kaliber", "the same rule"): the sentence compares, it defines nothing on its own.
_RELATIVE_WORDS = frozenset(
    [
        "other",
        "another",
        "same",
        "such",
        "andere",
        "anderer",
        "anderes",
        "anderen",
        "gleiche",
        "gleicher",
        "gleiches",
        "solche",
        "solcher",
        "solches",
        "autre",
        "autres",
        "même",
        "mêmes",
        "tel",
        "telle",
        "otro",
        "otra",
        "otros",
        "otras",
        "mismo",
        "misma",
        "tal",
    ]
)
# An abbreviation in brackets after a term ("(QA)", "(LLMs)") and a citation ("(Lee et
# al., 2019)", "(Smith 2020; Wu 2021a)"), with the space before it.
_ASIDES = re.compile(
    r"\s+\((?:[A-Z][A-Za-z0-9-]{0,9}s?|[^()]{0,80}?\b(?:19|20)\d\d[a-z]?(?:[;,][^()]{0,60})?)\)"
)
_FLUFF_PREDICATE = re.compile(
    r"^(?:an?|the)\s+(?:important|great|key|essential|excellent|ideal|wonderful|valuable|"
    r"vital|crucial|critical|serious|big|major|good|shared|top|leader|leading|"
    # "<X> is a very <adjective> experience": how it feels, not what it is.
    r"very|really|truly|extremely|incredibly|often|deeply|isolating|difficult|challenging|"
    r"stressful|overwhelming|frightening|scary|confusing|personal|sensitive|"
    # "... is the subject of <provisions>": where it is dealt with, not what it is.
    r"subject|topic|focus|theme|purpose|responsibility|result|same|"
    # "... is the easiest component to ...", "... is a particular risk": a judgement.
    r"most|least|best|worst|easiest|hardest|simplest|biggest|largest|greatest|particular|"
    # "... is a more efficient <procedure>": a comparison with what came before.
    r"more|less|better|worse|faster|slower|simpler|cheaper|newer|older|"
    r"classic|example|probable|likely|typical|"
    # "<X> is the only <thing> with ...": a finding about it, not what it is.
    r"only|sole|first|last)\b"
    # "<X> is an interesting example of <Y>": a case of Y, not what X is.
    r"|^(?:an?|the)\s+(?:[\w-]+\s+){0,2}(?:example|instance|illustration)s?\s+of\b",
    re.I,
)
# A label over a clause with a subject and its verb ("<Label>: The <someone> must ...",
# "<Label>: A <someone> is more likely ..."): a rule under a label, no explanation of it.
_WHERE_DEALT_WITH = re.compile(
    r"(?i)^[^.]{0,60}?\b(?:is|are)\s+(?:an?|the)\s+(?:subject|topic|focus|theme)\s+of\b"
)
_CLAUSE_AFTER_LABEL = re.compile(
    r"(?i)^(?:(?:the|a|an|each|every|all|any)\s+)?(?:(?!that\b|which\b|who\b)[\w'’-]+\s+){0,3}?"
    r"(?:must|shall|should|will|may|can|cannot|need to)\b"
    r"|^(?:the|a|an|each|every)\s+[\w'’-]+(?:\s+[\"“][^\"”]*[\"”])?\s+(?:is|are|was|were|has|have)\b"
    r"|^\S{1,2}\s+(?:is|are|was|were)\b"  # a symbol's statement ("x is ..."), under a rubric
)
# A bare enumeration of three or more short items: what a label holds, not what it is.
_NO_EXPLANATION = re.compile(
    r"^[^\W\d_][\w -]{0,30}(?:,\s*(?:and\s+|or\s+)?[^\W\d_][\w -]{0,30}){2,}\.?$"
)
# A command-line option named by its flags: "--output, -o".
_OPTION = re.compile(r"^(?P<name>--?[A-Za-z][\w-]*)(?:\s*[,/]\s*`?--?[A-Za-z][\w-]*`?)*$")
_TERM_COLON = re.compile(r"^(?P<term>[^\s:][^:]{0,58}?)\s*[:：]\s+(?P<rest>\S.{2,})$", re.S)
_CONTACT_LABEL = re.compile(
    r"^(?P<name>[\w&' -]{0,30}?)\s*(?P<label>phone|telephone|tel|toll-free|hotline|helpline|"
    r"e-?mail|email address|fax|website|web|url|address|desk)$",
    re.I,
)
_CONTACT_KIND = {
    "e": "email address",
    "w": "website",
    "u": "website",
    "a": "address",
    "f": "fax number",
}
_GLOSSARY = re.compile(r"(?i)glossary|definitions?|terms|terminology|begriffe|glossaire|glosario")


def _article(noun: str, rest: str) -> str:
    if re.match(r"(?i)an?\s", rest):
        return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
    return "the " + noun


# The last word of a heading that names what a reader wants, not who answers the phone.
_WHAT_FOR = re.compile(r"(?i)\b(?:information|info|details|enquiries|inquiries|questions)$")


def _contact_label(
    label: re.Match[str],
    rest: str,
    sentence: str,
    section: Section,
    lang: str,
    ctx: DocContext,
    topic: str | None,
) -> Candidate | None:
    """``Phone: +1 ...`` under "Ethics Helpline", or ``Taxi hotline: +47 ...``."""
    word = label.group("label").lower()
    name = label.group("name").strip()
    if lang != "en" or not (name or topic) or (word == "desk" and not name):
        return None
    if re.search(r"(?i)\b(?:editor|author)s?\b", f"{name} {topic or ''}"):
        return None  # how to reach who wrote the document is no question about its subject
    kind = _CONTACT_KIND.get(word[0], "phone number")
    if word in ("hotline", "helpline", "desk") and name:
        what = lower_words(f"{name} {word}", ctx.words)
        desk = word == "desk" and not re.search(r"\d{3}", rest)
        question = f"Where is the {what}?" if desk else f"What is the {kind} of the {what}?"
    else:
        owner = lower_words(name, ctx.words) if name else topic
        verb = "call" if kind == "phone number" else "use"
        if owner and re.search(r"&|,|\band\b", owner):
            # "Whistleblower & Non-Retaliation" owns no phone: it is what the call is about
            question = f"What {kind} can I {verb} about {owner}?"
        elif owner and not name and _WHAT_FOR.search(owner) and owner[:1].isalpha():
            # A heading "Warranty Information" owns no phone either: it is what the call is for
            question = f"What {kind} can I {verb} for {lower_words(owner, ctx.words, force=True)}?"
        else:
            question = f"What is the {kind} of the {owner}?"
    return Candidate(question, rest, sentence, section, "contact", 1)


def _option(term: str, rest: str, sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "--pages: the pages to convert" -> "What does the --pages option do?"."""
    option = _OPTION.match(term)
    if option is None or lang != "en" or len(rest.split()) < 3:
        return None
    asked = f"What does the {option.group('name')} option do?"
    return Candidate(asked, rest, sentence, section, "definition", 1)


# A label that joins activities ("Packing and Organizing"): what to do, not a term (one
# word in -ing, "Shipping", "Pricing", is often a term).
_ACTIVITY = re.compile(r"(?i)[a-z]+ing(?:(?:,| and| &| or)\s+[a-z]+ing)+")
# Words a label before a colon never holds: a pronoun, or a verb that makes it a clause.
_NOT_A_LABEL = re.compile(
    r"(?i)\b(?:it|this|that|these|those|them|is|are|was|were|has|have|will|can|must)\b"
)


def _not_a_term(term: str) -> bool:
    """A label too long, a pronoun, a part of the document or a number, not a term."""
    return (
        len(term.split()) > 5
        or term.casefold() in _NOT_TERMS
        or bool(_DOC_PART.fullmatch(term))
        or bool(re.search(r"\d{1,2}$|https?$", term))
    )


def _instruction(
    asked: str, label: str, rest: str, sentence: str, section: Section
) -> Candidate | None:
    """ "Install X: <command>": the label is the task and what follows does it; a label
    that orders something else ("Use examples: <why>") is no term either."""
    if not does_task(rest, label):
        return None
    return Candidate(asked, rest, sentence, section, "instruction", 1)


def _colon(
    sentence: str, section: Section, lang: str, ctx: DocContext, topic: str | None
) -> Candidate | None:
    m = _TERM_COLON.match(sentence)
    if m is None:
        return None
    term = m.group("term").strip().strip("*_")
    rest = m.group("rest").strip()
    if _not_a_term(term) or re.fullmatch(r"[_\s.:-]+|\W*", rest) or "__" in rest:
        return None
    label = _CONTACT_LABEL.match(term)
    if label is not None:
        return _contact_label(label, rest, sentence, section, lang, ctx, topic)
    if _OPTION.match(term.strip("`")):
        return _option(term.strip("`"), rest, sentence, section, lang)
    if lang == "en" and (asked := how_do_i(term, ctx.words)):
        return _instruction(asked, term, rest, sentence, section)
    t = TEMPLATES[lang]
    glossary = bool(topic and _GLOSSARY.search(topic))
    explains = bool(re.match(r"(?:an?|the)\s", rest, re.I) or rest[:1].islower())
    if not (explains or glossary) or len(rest.split()) < 3:
        return None
    if _NO_EXPLANATION.match(rest) or rest.split()[0].casefold() in W.words_for(
        W.PREPOSITIONS, lang
    ):
        return None  # "Supplies: paper, forms, ribbons", "Documentation: on programs, ...": what
        # the label holds or is about, no explanation of it
    if re.match(
        r"(?i)(?:we|our|i|you|your|if|when|because|while|unless|as|since|although)\b", rest
    ):
        return None
    if re.search(r"(?i)\b(?:your|you|our|my)\b", term):
        return None  # "Understand your rights: ..." is advice, not a term
    if _CLAUSE_AFTER_LABEL.match(rest) or _WHERE_DEALT_WITH.search(rest):
        return None
    if _NOT_A_LABEL.search(term) or _ACTIVITY.fullmatch(term.strip()):
        return None  # a title with a pronoun, a clause ("<X> is rare:"), or tasks
    if term[:1].islower() and not glossary:
        return None  # a word a line break left before a colon in running text, no label
    if term.casefold() in rest.casefold() and re.search(
        r"(?i)\b(?:does not|do not|is not|are not|will not|cannot|must|covers?|excludes?)\b", rest
    ):
        return None  # "Emergency Services: The plan does not cover emergency services.": a rule
    if lang == "en" and (kinded := kind_question(term, topic)):
        return Candidate(kinded, rest, sentence, section, "definition", 1)
    if lang == "en":
        words = term.split()
        proper = (
            all(w[:1].isupper() for w in words) and not ctx.words.common(words[0])
        ) or term.isupper()
        name = term if proper else _article(lower_words(term, ctx.words), rest)
        if not proper and is_plural(term.split()[-1]):
            # "<Plural Label>: The plan covers ..." -> "What are <plural label>?"
            name = lower_words(term, ctx.words)
            return Candidate(f"What are {name}?", rest, sentence, section, "definition", 1)
    else:
        name = term
    return Candidate(t["definition"].format(term=name), rest, sentence, section, "definition", 1)


_SPECIFIC = re.compile(
    r"\d|[$€£¥%]|\b(?:you|your|we|our|us|employees?|members?|"
    r"required|allowed|permitted|prohibited|eligible|covered|covers?|coverage|"
    r"must|may not|cannot)\b",
    re.I,
)


# "a type of ...", "a <adjective> form of ...", "an individual who ...": a dictionary's words.
_GENERAL_PREDICATE = re.compile(
    r"(?i)^\s*(?:an?\s+|the\s+)?(?:\w+\s+){0,2}(?:types?|forms?|kinds?|branch|category|"
    r"method|practice|field)\s+of\b|^\s*(?:an?\s+)?(?:individual|person|someone|people)\s+who\b"
)


def _dictionary(term: str, rest: str) -> bool:
    """A general-knowledge definition: a lower-case term defined with no name, number,
    policy word or reference to the reader or the organisation in it."""
    words = term.split()
    if any(w[:1].isupper() for w in words[1:]) or (
        words and len(words[0]) > 1 and words[0].isupper()
    ):
        return False  # a name ("Fabrikam Standard") or an acronym ("HSA")
    if not _GENERAL_PREDICATE.match(rest) or _SPECIFIC.search(rest):
        return False
    return not re.search(r"\s[A-Z]", rest)  # a name in the definition ("... by Fabrikam")


# A line's announcement, not a term: "Note: ...", "NB: ...", "Example: ...".
_ANNOUNCEMENT = re.compile(
    r"(?i)^(?:notes?|nb|n\.b\.|examples?|e\.g\.|sources?|caution|warning|tip|hint|important|"
    r"remarks?|ps|see also|figure|table|chart|key|legend|reminder)$"
)
# What is said of a person, not of a thing: their age, their work, their family.
_PERSON_PREDICATE = re.compile(
    r"(?i)\b(?:aged|\d+\s+years?\s+old|years of age|he|she|his|her|him|husband|wife|"
    r"widow(?:er)?|married|earning|earns|employed as|works as)\b"
)
# A clause, not a term: a gerund with its object ("Supporting the vulnerable"), a noun
# and a participle after a phrase ("War in Ukraine escalating"), a comma or a modal in it.
_CLAUSE_TERM = re.compile(
    r"(?i)^\w+ing\s+(?:the|a|an|our|their|its|this|these|those)\b"
    r"|\s(?:in|of|on|at|to|for|from|with)\s.+\s\w+ing$|,|\b(?:will|would|could|can|may|might)\b"
)
# A label that says when or how often ("Once a week (ideally): meet with ...", "Every
# Monday: ...", "Before the visit: ..."): a schedule's entry, what to do then, not a term.
_WHEN_LABEL = re.compile(
    r"(?i)^(?:once|twice|every|daily|weekly|monthly|quarterly|annually|yearly|before|after|"
    r"during|until|within)\b"
)
_ACTIVITY_TERM = re.compile(r"(?i)^\w+ing\s+(?:the|a|an|our|their|its|your|this|these|those)\b")
# A supposition, not what a term is: "Faster disinflation: an easing ... could cool ...".
_SUPPOSED = re.compile(r"(?i)\b(?:could|would|might)\b")


# What sets a term apart from the rest of its class ("a loan that ...", "a forum for posting
# ...", "a tool used to ..."): a relative clause, a purpose or a use. "<X> is a fully
# distributed company" names a class and an opinion of it, and a reader asking "What is
# <X>?" is not answered by it.
_DIFFERENTIA = re.compile(
    r"(?i)\b(?:that|which|who|whom|whose|where)\b|\b(?:used|designed|intended|made)\s+"
    r"(?:to|for|by)\b|\bfor\s+\w+ing\b|\bto\s+(?!(?:the|a|an)\b)[a-z]+\b"
)


def no_differentia(term: str, verb: str, predicate: str) -> bool:
    """True when "<term> is a/the <predicate>" names only a class: no clause, purpose or use
    sets the term apart within the predicate's first sentence. "A <noun> is a <class>" is
    a definition's own shape ("A voucher is a prepaid meal ticket") and stays."""
    if not re.match(r"(?:is|are)\s", verb) or re.match(r"(?:A|An)\s", term):
        return False  # "means", "refers to", "stands for": an explanation, not a class
    first = re.split(r"(?<=[.!?;])\s", predicate.strip(), maxsplit=1)[0]
    return not _DIFFERENTIA.search(first)


def not_a_term(term: str, answer: str, labelled: bool) -> bool:
    """True when a "What is <term>?" cannot be asked: the term is a line's label (Note,
    Example), or one capitalised word the answer speaks of as a person (a name), or (a
    label before a colon) the label is a clause or its text supposes what may happen
    instead of saying what the term is."""
    term = term.strip().strip("*_")
    if _ANNOUNCEMENT.match(term) or (labelled and _CLAUSE_TERM.search(term)):
        return True
    if labelled and _WHEN_LABEL.match(term):
        return True
    person = len(term.split()) == 1 and term[:1].isupper() and not term.isupper()
    if person and _PERSON_PREDICATE.search(answer):
        return True
    return labelled and bool(_SUPPOSED.search(answer))


def _bare_word(m: re.Match[str], plain: str, ctx: DocContext) -> bool:
    """True when the term is one common word with no subject: "the <word>" points back to
    what came before ("the problem", "the goal"), and a bare "<word>" told by what it is
    here ("<Words> are the starting point for ...") is asked as if of the word itself."""
    words = m.group("term").split()
    predicate = m.group("verb").split(None, 1)[-1] + plain[m.end() :]
    common = bool(words) and ctx.words.common(words[-1])
    if words and words[0].casefold() == "the":
        return len(words) == 2 and common
    if len(words) != 1 or not common:
        return False
    return bool(re.match(r"(?i)\s*(?:the|of|not|important|essential|key|what|how)\b", predicate))


def _no_term(term: str) -> bool:
    """Whether the subject of "<term> is a ..." is no term: a pronoun, a clause, or a word
    that sets it against what came before."""
    words = term.split()
    folded = {w.casefold() for w in words}
    return (
        words[0].casefold() in _NOT_TERMS
        or len(term) < 2
        or bool(_CLAUSE_WORDS & folded)
        or bool(_RELATIVE_WORDS & folded)
    )


def definition(
    sentence: str, section: Section, lang: str, ctx: DocContext, topic: str | None = None
) -> Candidate | None:
    """A "What is <term>?" case from one sentence (or list item), or None."""
    if not 12 <= len(sentence) <= 500:
        return None
    colon = _TERM_COLON.match(sentence)
    head = colon or DEFINITION["en"].match(sentence)
    if lang == "en" and head and not_a_term(head.group("term"), sentence, bool(colon)):
        return None
    if lang != "en" and ":" in sentence.rstrip().rstrip(":")[:60]:
        return None  # a "Label: text" line is read as a definition in English only
    found = _colon(sentence, section, lang, ctx, topic) if lang == "en" else None
    if found is not None or _TERM_COLON.match(sentence):
        return found
    pattern = DEFINITION.get(lang)
    # The term read without the asides a paper writes after it: its abbreviation and the
    # works it cites ("<Term> (<ABBR>) (<Author>, <year>) is a ..."); the answer keeps them.
    plain = _ASIDES.sub("", sentence)
    if not (m := pattern.match(plain) if pattern else None):
        return None
    term = m.group("term").strip()
    words = term.split()
    if _no_term(term) or (lang == "en" and _two_words_in_one(term, ctx.words)):
        return None
    if _FLUFF_PREDICATE.match(plain[m.end("verb") - 1 :].strip()) or _FLUFF_PREDICATE.match(
        m.group("verb").split(None, 1)[-1] + plain[m.end() :]
    ):
        return None
    if lang != "en":
        # Outside English a term is a noun phrase with its article ("Die Zeiterfassung
        # ist ...", "Le télétravail est ..."), asked with the article in lower case.
        if words[0].casefold().rstrip("'’") not in ARTICLES.get(lang, ()) or len(words) < 2:
            return None
        term = words[0].lower() + term[len(words[0]) :]
    if lang == "en":
        if words[0] in ("A", "An", "The"):
            term = words[0].lower() + term[len(words[0]) :]
        # A term that titles its own section and is never written in lower case ("Dash"
        # under the heading "Dash") is a name: said as written.
        own = topic and term.casefold() == topic.casefold()
        if not own or any(ctx.words.common(w) for w in term.split()):
            term = lower_words(term, ctx.words, keep_first=term[:1].islower())
    verb = m.group("verb").strip().lower()
    kind = "meaning" if verb.startswith(MEANING_VERBS) else "definition"
    if kind == "definition" and _ACTIVITY_TERM.match(term):
        # "Telling the difference is an art": a gerund with its object names an activity,
        # and "is a(n) ..." says what it is like, not what it is ("means" does explain).
        return None
    if lang == "en" and _bare_word(m, plain, ctx):
        return None
    if lang == "en" and no_differentia(m.group("term"), verb, plain[m.end() :]):
        return None
    if lang == "en" and kind == "definition" and _dictionary(m.group("term"), plain[m.end() :]):
        return None  # "<Term> is a form of <genus> ...": a dictionary's, not this document's
    question = TEMPLATES[lang][kind].format(term=term)
    if lang == "en" and kind == "definition" and verb.startswith("are "):
        question = f"What are {term}?"
    question = member_question(term, plain[m.start("verb") :], lang) or question  # by its name
    return Candidate(question, sentence, sentence, section, "definition", 1)


def _two_words_in_one(term: str, words: DocWords) -> bool:
    """Whether a one-word term is written both as a name inside sentences and as a common
    word ("File" the class a guide's code declares, "file" the thing uploaded): lowered,
    the question asks the common word ("What is file?"); as written, it asks a name the
    question cannot say apart from the word."""
    return (
        " " not in term
        and term[:1].isupper()
        and term[1:].islower()
        and term.casefold() in words.capital
        and words.common(term)
    )


_HEAD_NOUN = re.compile(
    r"\b(?:is|are) (?:a|an) (?:[a-z-]+ ){0,3}?(?P<noun>[a-z]{3,})\b"
    r"(?= that| which| for| with| to| offered| designed| available|,|\.|$)"
)


def described_further(found: Candidate, sentence: str, after: Sequence[str]) -> Candidate:
    """A definition answered with the sentences of its paragraph that go on about the same
    thing: "<Name> is a <noun> ..." and then "This <noun> also offers ...", "This <noun>
    does not offer ..." (up to three, other sentences skipped)."""
    if found.question_type != "definition" or found.answer != sentence:
        return found
    m = _HEAD_NOUN.search(sentence)
    if m is None:
        return found
    more = re.compile(rf"^(?:This|The) {m.group('noun')}s?\b|^It (?:also|does not|is|has)\b")
    extra = [s.strip() for s in after if more.match(s.strip()) and len(s) <= 300][:3]
    answer = " ".join([sentence, *extra])
    if not extra or len(answer) > 700:
        return found
    quotes = (*(found.quotes or (sentence,)), *extra)
    return Candidate(
        found.question, answer, answer, found.section, found.question_type, found.tier, quotes
    )


@form(
    "definition",
    content="definition",
    order=51,
    asks="definition",
    languages=ALL_LANGUAGES,
    answer="sentence",
    kinds=("definition", "contact", "instruction"),
)
def defined_term(said: Sentence) -> Candidate | None:
    """What a sentence defines (in English, with the sentences that go on about it); the
    sentence that opens an entry of a document's definitions, with the whole entry; an
    option or a subcommand a command's reference page lists."""
    entry = reference_entry(said)
    if entry is not None or said.section.kind == "code":
        return entry
    headed = headed_definition(said) or class_definition(said) or headed_right(said)
    if headed is not None:
        return headed  # a term or right under its own heading, a plural term by its class
    if said.lang == "en" and ENTRY_LABEL.fullmatch(said.sentence.strip() + " "):
        return None  # an entry's label ("LLL.") read as a sentence: its entry is asked next
    if said.lang == "en" and (not said.before or ENTRY_LABEL.fullmatch(said.before + " ")):
        entry = defined_entry(said.section, said.text_chunk)
        if entry is not None or opens_entry(said.section.text):
            return entry  # an entry that cannot be read whole is not asked from a part
    found = glossary_entry(said) or named_result(said) or called_term(said)
    found = found or quoted_definition(said)
    if found is None and illustrates(said):
        return None  # an example's or a proof's sentence shows a term, never defines it
    if found is None:
        # "Definition 3 <Term> is a ...": read without its label, with its listed conditions
        bare = strip_label(said.sentence)
        found = definition(bare, said.section, said.lang, said.ctx, said.topic)
        found = unlabelled(said, bare, found) if bare != said.sentence else found
    found = found or introduced(said.sentence, said.section, said.lang) or feature_does(said)
    if found is not None and said.lang == "en":
        found = described_further(found, said.sentence, said.after)
    elif found is not None:
        found = continued(found, said.sentence, said.after, said.lang)
    return found
