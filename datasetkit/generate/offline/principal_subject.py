"""The principal subject a document's body names: the organisation, product, platform,
programme or event its running text is about, when no title, cover or lead states one.

A page titled by its kind ("Code of Conduct", "Complete Documentation") or by a topic
still names what it is about in its sentences: "Thank you for using <Name>, a system
...", "<Name> is a comprehensive ...", "... on <Name>" paragraph after paragraph. The
evidence is read from the body alone (headings, tables and code left out):

- the names of its running text: a run of capitalised words the document never writes in
  lower case, an acronym, a word with a capital inside ("DataHub"); a sentence's first
  word alone is no name;
- never the document's own name or kind (the title's words, "this <Name>", "our <Name>",
  a kind of document or of rules), a month, or a person (plain capitalised words with
  nothing of an organisation's or a product's name about them);
- the opening (the first running paragraphs) names it, and either defines it ("<Name>
  is a ...", "<Name>, a ...") where the title names it too or the body names it more
  than any other name, or the body names it at least ``MIN_MENTIONS`` times and twice as
  often as any other name that is not part of it.

Anything less gives no subject: a wrong name in every question is worse than none. The
preposition a question says it with is the one the body puts before it most ("on
<Name>", "at <Name>").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from datasetkit.generate.gate.words import MONTHS, WEEKDAYS
from datasetkit.generate.offline.language.words import (
    DocWords,
    doc_words,
    english_word,
    unnumbered,
)
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.subject_words import DOC_KINDS, RULE_NOUNS, said_as_thing
from datasetkit.knowledge.model import Document

# A name in running text: capitalised words ("of", "de", "&" between them), an acronym,
# a word with capitals or digits inside.
_NAME = re.compile(
    r"(?<![\w.@/-])[A-ZÄÖÜÀ-Ý][\w’'&-]*(?:\s+(?:(?:of|de|del|der|des|du|&)\s+)?"
    r"[A-ZÄÖÜÀ-Ý][\w’'&-]*){0,3}"
)
# A word that makes a run an organisation's or a product's name, not a person's.
_ORG_WORDS = frozenset(
    re.findall(
        r"\S+",
        "inc corp corporation ltd llc plc gmbh ag group company association society "
        "university college institute foundation agency council club network union "
        "services systems labs bank e.v. verein stiftung gesellschaft volkshochschule "
        "asociación fundación sociedad association",
    )
)
# "<Name> is a ...", "<Name> ist ein ...", "<Name> est un ...", "<Name> es un ...".
_DEFINED = (
    r"\s+(?:is|ist|est|es|é)\s+(?:a|an|the|ein|eine|der|die|das|un|une|le|la|el|uno|una|um|o)\s"
    r"|,\s+(?:a|an|the|ein|eine|un|une|una|um|uma)\s"
)
_PREPOSITIONS = ("on", "at", "in", "with")
MIN_MENTIONS = 4  # named this often in running text before frequency alone decides
OPENING_WORDS = 80  # the opening: the first running paragraphs, this many words


@dataclass(frozen=True)
class Principal:
    """The principal subject of a document's body."""

    name: str
    # The preposition the body says the name with most ("on"), or None.
    preposition: str | None
    # Whether the body defines it as a kind of thing ("<Name> is a ... system").
    defined: bool


def principal_subject(doc: Document) -> Principal | None:
    """The principal subject of ``doc``'s body (see the module), or None."""
    return _DECIDED.get(doc, lambda: _decided(doc))


_DECIDED: PerDocument[Principal | None] = PerDocument()


def _running(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind in ("paragraph", "list_item") and not s.record]


def _decided(doc: Document) -> Principal | None:
    texts = _running(doc)
    text = "\n".join(texts)
    words = doc_words(doc)
    title = " ".join(
        t for t in (doc.title, *(s.text for s in doc.sections[:2] if s.kind == "heading")) if t
    )
    counts = _mentions(text, words, title)
    if not counts:
        return None
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    opening = _opening(texts)
    for name, n in ranked:
        if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", opening):
            continue
        rival = max((m for other, m in ranked if _apart(name, other)), default=0)
        defined = re.search(rf"(?<![\w-]){re.escape(name)}(?:{_DEFINED})", opening) is not None
        titled = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", title) is not None
        by_definition = defined and (titled or n > max(rival, 1))
        by_count = n >= MIN_MENTIONS and n >= 2 * rival and _throughout(name, text)
        if by_definition or by_count:
            said = _preposition(name, text) or _kind_preposition(name, opening)
            return Principal(name, said, defined)
    return None


# What a definition calls the subject ("<Name> is a ... system"): a thing used is "in"
# it, an organisation's rules and events are "at" it.
_USED = frozenset(
    re.findall(
        r"\S+",
        "system platform service website site portal app application tool software framework "
        "library plugin extension suite solution",
    )
)
_ORGANISED = frozenset(
    re.findall(
        r"\S+",
        "company organisation organization association group society club network nonprofit "
        "non-profit charity firm agency institute foundation community",
    )
)


def _kind_preposition(name: str, opening: str) -> str | None:
    """ "in" for a subject the opening defines as a system or an application, "at" for
    one it defines as an organisation (English definitions; None otherwise)."""
    m = re.search(
        rf"(?<![\w-]){re.escape(name)}(?:\s+is|,)\s+(?:a|an|the)\s+((?:\S+\s+){{0,5}}\S+)",
        opening,
    )
    if m is None:
        return None
    # The kind's words may carry marks ("a 501(c)(3) non-profit charity.").
    said = [w.lower().strip(".,;:()") for w in m.group(1).split()]
    for w in said:
        if w in _USED:
            return "in"
        if w in _ORGANISED:
            return "at"
    return None


def _throughout(name: str, text: str) -> bool:
    """Whether the text names ``name`` throughout, not only in its front matter: a
    quarter of its mentions or more in the second half of the running text (who
    publishes or funds a book is named in its preface, what it is about everywhere)."""
    at = [m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]
    late = sum(1 for i in at if i >= len(text) / 2)
    return 4 * late >= len(at)


def _apart(name: str, other: str) -> bool:
    """Whether ``other`` is another name, not ``name`` or a longer name holding it."""
    return name not in other and other not in name


def _opening(texts: list[str]) -> str:
    """The first running paragraphs of the body, up to ``OPENING_WORDS`` words."""
    out: list[str] = []
    size = 0
    for text in texts:
        out.append(text)
        size += len(text.split())
        if size >= OPENING_WORDS:
            break
    return "\n".join(out)


def _mentions(text: str, words: DocWords, title: str) -> Counter[str]:
    """How often the running text names each name that can be a principal subject, as
    a whole run of capitalised words: "<Name>" inside "<Other> <Name>" is a part of
    another name, not a mention of its own."""
    runs: Counter[str] = Counter()
    inside: set[str] = set()  # runs seen where they cannot be a sentence's first word
    acronyms = set(words.upper)
    for sentence in re.split(r"(?<=[.!?:])\s+|\n", text):
        if len(re.findall(r"\b[a-zà-ÿ]{2,}\b", sentence)) >= 3:
            # Capitals in a sentence of running text: an acronym, not a shouted title.
            acronyms.update(re.findall(r"\b[A-Z][A-Z0-9]{1,9}\b", sentence))
        for m in _NAME.finditer(sentence):
            if _LABEL_NUMBER.match(sentence, m.end()):
                continue  # a numbered thing's label ("Budget 2004", "Figure 2")
            name = re.sub(r"['’]s?$", "", m.group(0)).rstrip("-&")
            runs[name] += 1
            if m.start() > 0 or " " in name or _marked(name, acronyms):
                inside.add(name)
            elif re.match(_DEFINED, sentence[m.end() :]) and not _word(name, words):
                inside.add(name)  # "<Name> is a ...": a definition's subject, no word
    return Counter(
        {
            n: k
            for n, k in runs.items()
            if n in inside
            and _candidate(n, words, acronyms, title, text)
            and not _a_thing(n, text, k)
        }
    )


def _dictionary(name: str) -> bool:
    """A capitalised word a dictionary holds (not an acronym, no capital inside)."""
    return name[1:].islower() and english_word(name)


def _word(name: str, words: DocWords) -> bool:
    """Whether ``name`` is a word of the language rather than a name: the document
    writes it in lower case, or a dictionary holds it."""
    return words.common(name) or english_word(name)


_LABEL_NUMBER = re.compile(r"[ \t]+\d")


def _marked(name: str, acronyms: set[str]) -> bool:
    """An acronym the running text uses, or a word with a capital or a digit after its
    first letter ("DataHub", "O3"): a name wherever it stands."""
    if re.fullmatch(r"[A-Z][A-Z0-9]{1,9}s?", name):
        return name in acronyms or name[:-1] in acronyms
    return re.fullmatch(r"(?=\S*[a-z])[A-Z]\S*[A-Z0-9]\S*", name) is not None


def _a_thing(name: str, text: str, mentions: int) -> bool:
    """Whether the English text says the name as a thing, after "the" with no noun of
    its own ("the Internet", "the Budget"), in half its mentions or more."""
    after = re.findall(rf"\b[Tt]he {re.escape(name)}(?![\w-])[ \t]*([a-z]*)", text)
    # "the <Name> system" says a thing of the name's; "the <Name> in ..." the name itself.
    the = [w for w in after if not w or w in _FUNCTION]
    return 2 * len(the) >= mentions


_FUNCTION = frozenset(
    re.findall(
        r"\S+",
        "in on at to of for from by with as and or but is are was were will would has have had "
        "can may must should",
    )
)


_JOINERS = frozenset(["of", "de", "del", "der", "des", "du", "&"])


def _candidate(name: str, words: DocWords, acronyms: set[str], title: str, text: str) -> bool:
    tokens = [t for t in name.split() if t.lower() not in _JOINERS]
    if not tokens or len(name) < 2:
        return False
    lowered = {t.lower().strip(".") for t in tokens}
    if lowered & (DOC_KINDS | RULE_NOUNS) or any(t in MONTHS or t in WEEKDAYS for t in lowered):
        return False  # a kind of document or of rules, a date
    if len(tokens) == 1 and (re.fullmatch(r"[A-Z]{2}s?", name) or _dictionary(name)):
        return False  # a two-letter acronym ("AI", "HR") or a word: a topic, no name
    if any(re.fullmatch(r"(\w)\1+", t, re.IGNORECASE) for t in tokens):
        return False  # a placeholder to fill in ("XXXX")
    for t in tokens:
        if t.isupper() and not _marked(t, acronyms):
            return False  # a shouted word, no acronym the running text uses
        if not (words.name(t) or _marked(t, acronyms) or not _word(t, words)):
            return False  # a word the text also writes in lower case is no name
    if unnumbered(title).casefold().strip() == name.casefold() or said_as_thing(name, text):
        return False  # the document's own name: "this <Name>", "our <Name>"
    return not _person(tokens) and not _given_name(tokens, text)


def _person(tokens: list[str]) -> bool:
    """Two or three plain capitalised words, none an acronym, none with a capital or a
    digit inside, none an organisation's word: how a person's name is written."""
    if not 2 <= len(tokens) <= 3:
        return False
    if any(t.lower() in _ORG_WORDS for t in tokens):
        return False
    return all(re.fullmatch(r"[A-ZÄÖÜÀ-Ý][a-zäöüßà-ÿ’'-]+", t) for t in tokens)


def _given_name(tokens: list[str], text: str) -> bool:
    """A lone word the text also writes as the first of a person's name ("<Given>
    <Surname>") or in brackets after one ("<Given> <Surname> (<Handle>)"): a person
    called by that name, as minutes and reports call their participants, not what the
    document is about."""
    if len(tokens) != 1:
        return False
    person = r"(?P<given>[A-ZÄÖÜÀ-Ý][\w’'-]+)\s+(?P<surname>[A-ZÄÖÜÀ-Ý][\w’'-]+)"
    for m in re.finditer(rf"{person}\s*\(\s*{re.escape(tokens[0])}\s*\)", text):
        pair = [m.group("given"), m.group("surname")]
        if not tokens[0].isupper() and _person(pair) and not _dictionary(pair[1]):
            return True  # the name a person goes by, in brackets after theirs
    if not tokens[0][1:].islower():
        return False
    for m in re.finditer(
        rf"(?<![\w-]){re.escape(tokens[0])}\s+(?P<next>[A-ZÄÖÜÀ-Ý][\w’'-]*)", text
    ):
        surname = m.group("next")
        if _person([tokens[0], surname]) and not _dictionary(surname):
            return True
    return False


def _preposition(name: str, text: str) -> str | None:
    """The preposition the body says ``name`` with most ("on <Name>"), when it says one
    at least twice."""
    said = Counter(
        m.group(1).lower()
        for m in re.finditer(
            rf"\b({'|'.join(_PREPOSITIONS)})\s+(?:the\s+)?{re.escape(name)}(?![\w-])",
            text,
            re.IGNORECASE,
        )
    )
    if not said:
        return None
    best, n = said.most_common(1)[0]
    return best if n >= 2 else None
