"""Wording for the offline generator: text normalisation, sentences, topics and names.

Headings, column names and document titles are never pasted into a question as they
are: numbering and symbols go, capitals are lowered where the document itself writes
the word in lower case (so names keep theirs), and a heading that is a question in
all but punctuation becomes one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from datasetkit.knowledge.model import Document

_QUOTES = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "–": "-",
        "—": "-",
        "\u00a0": " ",
    }
)


def normalize(text: str) -> str:
    """Text compared for grounding: NFKC, case-folded, quotes/dashes unified, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return re.sub(r"\s+", " ", text).strip()


def capital(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


_FLUFF = re.compile(
    r"^(?:we|our|welcome|thank|at [A-Z][\w&]*(?: [A-Z][\w&]*)*, we|here (?:are|is)|"
    r"in (?:summary|conclusion)|overall|by following|here\b|that is why|that's why|that’s why)\b"
    r"|rest assured|peace of mind|don't hesitate|do not hesitate|look forward|we hope|"
    r"is (?:a |an )?(?:great|ideal|perfect|wonderful|excellent) "
    r"|\bwe are (?:committed|dedicated|proud|excited|pleased|happy)\b",
    re.I,
)


def is_fluff(sentence: str) -> bool:
    """A sentence that sets a tone rather than says something a user would ask about."""
    text = sentence.strip()
    return bool(_FLUFF.search(text)) or text.endswith(":")


# A sentence ends at its mark, and after the citation marks that follow it ("1924.[28] By").
# A lettered item run into a paragraph after a sentence ("... Collection. b) The Seller
# ...") opens a sentence too: a clause of an agreement pasted as one paragraph.
_SENTENCE = re.compile(
    r"(?<=[.!?。！？])(?P<cited>(?:\[\d{1,3}\])*)\s+"
    r"(?=[\"'“(]?[A-ZÀ-Þ0-9]|\(?(?:[a-h]|[ivx]{1,4})\)\s+[A-Z])"
)


def _split(line: str) -> list[str]:
    out, start = [], 0
    for m in _SENTENCE.finditer(line):
        out.append(line[start : m.start()] + m.group("cited"))
        start = m.end()
    return [*out, line[start:]]


# A full stop that ends an abbreviation or a one-letter reference, not a sentence:
# "e.g. The ...", "Dr. Smith", "under exclusion J. Intellectual Property ...".
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|cf|vs|Mr|Mrs|Ms|Dr|St|No|Nos|Fig|Sec|Art|approx)\.|\s[A-Z]\.)$"
    # German, French and Spanish abbreviations ("inkl.", "Abs.", "z. B.", "p. ej.").
    r"|\b(?:inkl|ggf|bzw|Abs|Nr|ca|usw|mind|evtl|vgl|bspw|zzgl|Std|Mio|Mrd|env|aprox|Sra?|"
    r"núm|pág)\.$|(?:\S\s\(?|\S\()[a-zäöüé]\.$"
)
# A day of the month said as an ordinal ("bis zum 31. Januar"): the number's full stop
# ends no sentence when a month's name follows.
_ORDINAL_DAY = re.compile(r"(?:^|\s)\d{1,2}\.$")
_MONTH_NAME = re.compile(
    r"(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|"
    r"Dezember)\b"
)


@lru_cache(maxsize=1)
def _english() -> Any:
    try:
        from spellchecker import SpellChecker

        return SpellChecker(language="en", distance=1)
    except Exception:  # the word list is optional: the document's own words still decide
        return None


def english_word(word: str) -> bool:
    """True when ``word`` is in an English dictionary (False when none is installed)."""
    checker = _english()
    return checker is not None and word.lower() in checker


# An item of a list run into a paragraph ("... that: 1) I have ... 2) I may ..."): its
# number opens a sentence of its own and is no part of it.
_RUN_IN_ITEM = re.compile(r"(?<=:)\s+(?=\(?\d{1,2}\)\s+[A-Z](?![\w -]{1,30}:))")
# Not before a label ("(1) Random: ..."): an item of a run-in glossary, not a statement.
_ITEM_NUMBER = re.compile(r"^\(?(?:\d{1,2}|[a-h]|[ivx]{1,4})\)\s+(?=[A-Z])(?![\w -]{1,30}:)")


def sentences(text: str) -> list[str]:
    """Sentences of ``text``; a line break always ends one (PDF lines, list-like text)."""
    out: list[str] = []
    for line in text.split("\n"):
        first = len(out)
        pieces = (p for part in _RUN_IN_ITEM.split(line) for p in _split(part))
        for piece in (_ITEM_NUMBER.sub("", s.strip()) for s in pieces if s.strip()):
            ordinal = _ORDINAL_DAY.search(out[-1]) and _MONTH_NAME.match(piece) if out else False
            if len(out) > first and (_ABBREVIATION.search(out[-1]) or ordinal):
                out[-1] = f"{out[-1]} {piece}"
            else:
                out.append(piece)
    return out


# ----- the document's own words ----------------------------------------------------------

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


_ADDRESS = re.compile(
    r"\S+@\S+|https?://\S+|www\.\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|example)\b\S*"
)


class DocWords:
    """What a document tells about its words: which it writes in lower case, which it
    capitalises in running text (names), and which acronyms it uses."""

    def __init__(self, texts: Iterable[str]) -> None:
        lower: set[str] = set()
        upper: set[str] = set()
        capital: set[str] = set()
        for text in texts:
            for sentence in sentences(_ADDRESS.sub(" ", text)):
                # Only running text (a line with a word in lower case) shows which words
                # are acronyms: a shouted title or a row of labels and names does not.
                found = _WORD.findall(sentence)
                shouted = not any(w.islower() for w in found)
                for i, w in enumerate(found):
                    if w.islower() and i > 0:
                        lower.add(w)
                    elif w.isupper() and 1 < len(w) <= 6 and not shouted:
                        upper.add(w)
                    elif i > 0 and w[:1].isupper():
                        capital.add(w.lower())
        self.lower = lower
        # Acronyms the running text uses (HSA, PPE): kept when a heading shouts.
        self.upper = upper
        self.capital = capital

    def common(self, word: str) -> bool:
        """True when the document writes ``word`` in lower case somewhere (not a name)."""
        return word.lower() in self.lower or word.lower() in _FUNCTION

    def name(self, word: str) -> bool:
        """True when the document capitalises ``word`` inside sentences and never lowers it."""
        return word.lower() in self.capital and not self.common(word)


_FUNCTION = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "under",
        "over",
        "into",
        "about",
        "your",
        "my",
        "our",
        "their",
        "its",
        "this",
        "that",
        "these",
        "those",
        "is",
        "are",
        "be",
        "as",
        "per",
        "all",
        "both",
        "each",
        "every",
        "some",
        "any",
        "many",
        "most",
        "no",
    ]
)

_NO_WORDS = DocWords(())


@lru_cache(maxsize=64)
def _doc_words_cached(doc_id: int, texts: tuple[str, ...]) -> DocWords:
    return DocWords(texts)


def doc_words(doc: Document | None) -> DocWords:
    """The :class:`DocWords` of ``doc`` (its body text; headings and tables left out)."""
    if doc is None:
        return _NO_WORDS
    texts = tuple(s.text for s in doc.sections if s.kind in ("paragraph", "list_item", "page"))
    return _doc_words_cached(id(doc), texts)


def _is_acronym(word: str) -> bool:
    letters = re.sub(r"[^A-Za-z]", "", word)
    return 1 < len(letters) <= 5 and letters.isupper()


def lower_words(
    text: str, words: DocWords, *, keep_first: bool = False, force: bool = False
) -> str:
    """Capitals lowered where they only mark a heading or a sentence start, not a name.

    Each run of capitalised words is lowered unless one of its words is a name in the
    document (capitalised in running text, never lower case): "Fabrikam Plus"
    keeps its capitals, "Workplace Safety" becomes "workplace safety". A shouted text
    (all capitals) is lowered word by word, the acronyms the text itself uses aside;
    ``force`` lowers every word but acronyms (column names).
    """
    tokens = re.split(r"(\s+)", text)
    cores = [t.strip("()[]\"'“”,:;") for t in tokens]
    shouted = text.upper() == text and any(len(c) > 1 and c.isalpha() for c in cores)
    keep: set[int] = set()
    run: list[int] = []
    for i, core in enumerate([*cores, ""]):
        if (core[:1].isupper() and not _is_acronym(core)) or (
            run and not core.strip() and i < len(cores)
        ):
            if core.strip():
                run.append(i)
            continue
        if any(words.name(cores[j]) for j in run) and not force and not shouted:
            keep.update(run)
        run = []
    out: list[str] = []
    for i, (tok, core) in enumerate(zip(tokens, cores, strict=True)):
        if (
            not core
            or not core[:1].isalpha()
            or (keep_first and i == 0)
            or i in keep
            or core == "I"
            # A capital inside a word ("TriviaQA", "DukeHub", "iPhone") marks a name, in a
            # column's name too: a stored name was split into words before it came here.
            or (not shouted and re.search(r"[a-z][A-Z]", core) is not None)
            or (
                _is_acronym(core)
                and (not shouted or (core in words.upper and core.lower() not in words.lower))
            )
        ):
            out.append(tok)
        else:
            out.append(tok.replace(core, core.lower()))
    return "".join(out)


# ----- headings -> topics ------------------------------------------------------------------

# "2.1", "IV.", "B.", the doubled labels legal documents use past Z ("AA.", "JJJ."), and a
# section-and-item number a handbook joins with a hyphen and closes with a dot ("3-12.").
_NUMBERING = re.compile(
    r"^(?:\d+[-–]\d+\.|\d+(?:\.\d+)*\.?|[IVX]+\.|([A-Z])\1{0,2}\.|(?:[a-z]{1,2}|[ivx]{1,4})\.(?=\s+[A-Z])|"
    r"§\s*\d+)\s*(?=\S)"
)
_SYMBOLS = re.compile(r"^[^\w\"'(¿¡]+")
_ACRONYM_GLOSS = re.compile(r"\s*\((?:[A-Z][A-Za-z]{0,2}s?|[A-Z]{2,}s?)\)")
_SPLIT_LABEL = re.compile(r"\s*:\s*|\s+[-–—]\s+(?=[A-Z][a-z])")


def unnumbered(title: str) -> str:
    """``2.1 Core Principles`` -> ``Core Principles``; ``📊 Insights`` -> ``Insights``."""
    stripped = _SYMBOLS.sub("", title.strip())
    stripped = _NUMBERING.sub("", stripped).strip()
    return stripped or title.strip()


_NAMED_THING = re.compile(
    r"\b(?:Policy|Policies|Program|Programme|Plan|Handbook|Guide|Procedure|Agreement|Code|Scheme)$"
)


_FIELD_LINE = re.compile(r"^\s*[^\W\d_][\w /]{0,30}:\s*\S.*$")


def field_line(heading: str) -> bool:
    """A "Label: value" line set as a heading whose value is a number, a version or a date
    ("Version: 1.0", "Effective date: 1 May 2024"): a field of the document, not a topic."""
    if not _FIELD_LINE.match(heading):
        return False
    value = heading.split(":", 1)[1].strip()
    return bool(re.search(r"\d", value)) and len(value.split()) <= 4


def topic_of(heading: str, words: DocWords) -> str:
    """A heading as a topic a user names: ``COVERED SERVICES: Ambulance`` -> ``ambulance``."""
    text = unnumbered(heading).rstrip(":.")
    parts = [p for p in _SPLIT_LABEL.split(text) if p.strip()]
    # "COVERED SERVICES: Ambulance" names the ambulance; "Report – May 2025" does not
    # name May 2025.
    if len(parts) > 1 and len(parts[-1].split()) <= 8 and not re.search(r"\d", parts[-1]):
        text = parts[-1]
    elif len(parts) > 1:
        text = parts[0]
    text = _ACRONYM_GLOSS.sub("", text).strip()
    # "Our Mission": the organisation's, said by a user.
    text = re.sub(r"(?i)^our\s+", "the company's ", text)
    out = lower_words(text, words)
    if out[:1].isupper() and _NAMED_THING.search(text) and not re.search(r"\w['’]s?\s", text):
        # "the Fabrikam Tools Whistleblower Policy": a document's name, as written
        return "the " + (text if not text.isupper() else out)
    return out


def is_plural(noun: str) -> bool:
    """A rough English plural test on the head noun: the last word, or the last before
    a preposition (``benefits`` yes, ``process`` no, ``number of hires`` no, ``income
    from operations`` no)."""
    head = re.split(
        r"(?i)\s+(?:of|from|for|in|on|at|by|with|to|per|under|about)\s+", noun.strip(), maxsplit=1
    )[0]
    last = head.split()[-1] if head.split() else ""
    if re.fullmatch(r"[A-Z][a-z]+[A-Z][a-z]*s", last.strip(".,;:")):
        return False  # a product's name with a capital inside ("MkDocs"), one thing
    last = re.sub(r"[^a-z]", "", last.lower())
    if last in ("people", "staff", "children", "personnel"):
        return True
    return last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and len(last) > 3


def plural_of(noun: str) -> str:
    """``job`` -> ``jobs``, ``country`` -> ``countries`` (the last word only)."""
    if is_plural(noun):
        return noun
    if noun.endswith("person"):
        return noun[:-6] + "people"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


# Nouns whose singular is their plural: "a species", "one series".
_SAME_IN_BOTH = frozenset(["species", "series", "means", "headquarters", "crossroads"])


def singular_of(noun: str) -> str:
    """``tents`` -> ``tent``, ``countries`` -> ``country`` (the last word only)."""
    if not is_plural(noun) or noun.split()[-1].lower() in _SAME_IN_BOTH:
        return noun
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("sses", "xes", "ches", "shes")):
        return noun[:-2]
    return noun[:-1]


_PERSON = {"your": "my", "yours": "mine", "you": "I", "yourself": "myself"}


# Words after which "you" is a clause's subject ("if you", "can you", "the next time you
# run": a clause whose "that" is left out).
_SUBJECT_BEFORE = re.compile(
    r"(?i)(?:^|\b(?:if|when|whenever|that|and|or|because|so|unless|once|where|whether|while|as|"
    r"before|after|until|since|can|should|must|will|do|may|time)\s+|[,;]\s*)$"
)


_VERB_AFTER_SUBJECT = set(
    [
        "need",
        "want",
        "have",
        "can",
        "may",
        "must",
        "should",
        "will",
        "would",
        "could",
        "receive",
        "get",
        "choose",
        "pay",
        "see",
        "use",
        "visit",
        "go",
        "make",
        "know",
        "do",
        "live",
        "qualify",
        "feel",
        "had",
        "buy",
        "lose",
        "move",
        "require",
        "expect",
        "plan",
        "wish",
    ]
)


def first_person(text: str) -> str:
    """``you``/``your`` -> ``I``/``my``/``me``: how the user asks about themselves."""
    text = re.sub(r"\byou['’]re\b", lambda m: "I" + m.group(0)[3] + "m", text)
    text = re.sub(r"\byou are\b", "I am", text)
    text = re.sub(r"\byou were\b", "I was", text)
    text = re.sub(r"\bYou are\b", "I am", text)
    text = re.sub(r"\bare you\b", "am I", text)

    def swap(m: re.Match[str]) -> str:
        word = m.group(1).lower()
        after = text[m.end() :].split()
        subject = bool(after) and after[0].lower() in _VERB_AFTER_SUBJECT
        if word == "you" and not subject and not _SUBJECT_BEFORE.search(text[: m.start()]):
            return "me"
        return _PERSON[word]

    return re.sub(r"\b(yourself|yours|your|you)\b", swap, text, flags=re.I)


_WH = ("how", "what", "why", "when", "where", "who", "which")
_AUX = [
    "is",
    "are",
    "was",
    "were",
    "do",
    "does",
    "did",
    "can",
    "could",
    "should",
    "must",
    "may",
    "will",
    "would",
    "have",
    "has",
    "need",
]


def heading_question(heading: str, words: DocWords) -> str | None:
    """A heading that is a question in all but punctuation, as a question (English).

    ``What is Covered?`` -> ``What is covered?``; ``HOW PROVIDERS AFFECT YOUR COSTS`` ->
    ``How do providers affect my costs?``; ``How to file a claim`` -> ``How do I file a
    claim?``. None for a heading that is not one.
    """
    text = unnumbered(heading).strip()
    if ":" in text.rstrip("?？:. ") or re.search(r"\s[-–—]\s", text):
        # "<TOPIC>: <SUBTOPIC>" (or "<Topic> - <Subtopic>") is about the latter
        return None
    text = text.rstrip("?？:. ").strip()
    tokens = text.split()
    if len(tokens) < 2 or tokens[0].lower() not in _WH:
        return None
    body = lower_words(" ".join(tokens[1:]), words)
    head = tokens[0].capitalize()
    second = tokens[1].lower()
    if head == "How" and second == "to":
        return f"How do I {first_person(' '.join(body.split()[1:]))}?"
    if second in _AUX or (head in ("Who", "Which", "What") and len(tokens) == 2):
        return f"{head} {first_person(body)}?"
    third = tokens[2].lower() if len(tokens) > 2 else ""
    if second in ("you", "i", "we") and third in ("can", "may", "must", "should", "will"):
        # "What You Can Appeal" -> "What can I appeal?"
        rest = " ".join(body.split()[2:])
        return f"{head} {third} {first_person(second)} {first_person(rest)}?".replace("  ", " ")
    if second in ("can", "do", "should") or second.endswith("s") or second in ("you", "i", "we"):
        return f"{head} do {first_person(body)}?"
    return None


_DOC_NOUNS = (
    "handbook",
    "policy",
    "policies",
    "guide",
    "manual",
    "report",
    "plan",
    "program",
    "programme",
    "agreement",
    "terms",
    "faq",
    "brochure",
    "catalogue",
    "catalog",
    "price list",
    "guidelines",
    "procedure",
    "procedures",
    "rules",
    "code of conduct",
    "summary",
    "overview",
    "benefits",
    "contract",
)


def document_name(candidates: Sequence[str | None], words: DocWords) -> str | None:
    """How a user names the document: ``Fabrikam Tools Employee Handbook`` ->
    ``the Employee Handbook`` (common words before the kind of document, not the
    company's name). None when no title says what kind of document it is."""
    for title in candidates:
        if not title:
            continue
        tokens = unnumbered(title).split()
        for j in range(len(tokens) - 1, 0, -1):
            if tokens[j].lower().strip(",.:;") not in _DOC_NOUNS:
                continue
            start = j
            while start > 0 and j - start < 4:
                prev = tokens[start - 1].strip(",.:;")
                if prev.lower() in ("and", "&") and start >= 2 and words.common(tokens[start - 2]):
                    start -= 2
                elif words.common(prev) and prev.lower() not in ("the", "a", "an", "for", "of"):
                    start -= 1
                else:
                    break
            if start == j:
                # "Fabrikam Standard Plan": a bare "the Plan" says too little.
                while start > 0 and j - start < 3 and tokens[start - 1][:1].isupper():
                    start -= 1
                if start >= 2 and tokens[start - 1] == "&" and tokens[start - 2].isupper():
                    start -= 2  # "<ACR> & <ACR> Summary Report": the acronyms "&" joins
            name = " ".join(tokens[start : j + 1]).strip(",.:;")
            if name.isupper():
                name = name.title()
            return "the " + (name.lower() if start == j else name)
    return None
