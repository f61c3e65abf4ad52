"""What a table's figures measure and whom they cover, said in a row's question.

A row's figure asked by its row and column alone ("What is the top-5 accuracy for DP?",
"How many permit checks were there for Florida?") has an answer in every paper or report
that prints a table like it. What makes the figure this table's is said around it, and a
question says it where the row and the column do not:

- the scope its caption gives the figures, a phrase after "on", "among", "in", "across"
  or "for" that names something ("... accuracy on the development set of <Dataset>",
  "... rates among <Population>"): said at the question's end;
- the thing the document's title or the table's heading counts ("<System> Firearm
  Background Checks", "<Programme> Applications Received"): a question that counts the
  same noun bare ("How many permit checks ...") says it as the title does, the column
  it counts quoted as a name ('How many "Permit" <system> firearm background checks
  ...'), since the title's kind of thing is what the column splits.

Nothing is added that the question says already, and English only: the phrase is the
document's own, put in an English question's frame.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.language.words import DocWords, lower_words

# Its number may stand alone before a capital ("Table 1 Composition of ..."), as some
# styles print it.
_NUMBER = re.compile(
    r"(?i)^(?:\d{1,4}\s+)?(?:table|tab\.)\s+\d+[a-z]?(?:\s*[:.]\s*|\s+(?=(?-i:[A-Z])))"
)
# A scope phrase: a preposition, then up to twelve words to the next clause or sentence.
_SCOPE = re.compile(
    r"\b(?P<prep>on|among|across|in|for)\s+(?P<what>[^,.;:]{3,90}?)"
    r"(?=\s+(?:using|measured|trained|with|where|which|when|by|from|based|compared|versus|vs)\b"
    r"|[,.;:]|$)"
)
# Words that make a phrase a distribution over many things, not one scope ("in each
# dataset", "across different settings").
_SPREAD = re.compile(r"(?i)\b(?:each|every|all|different|various|several|both|other|these)\b")
# A caption that names the whole its table breaks down: "<What> of the <thing>" with the
# thing named ("Composition of the training data for <Model>", "Breakdown of the <Fund>'s
# holdings"); said "in the <thing>".
_WHOLE = re.compile(
    r"^(?P<head>[A-Z][a-z]+(?:\s+[a-z]+)?)\s+of\s+(?P<what>the\s+[^,;:()]{3,80}?)\s*$"
)
_LEADS = frozenset(("The", "A", "An", "Table", "Figure"))
MAX_WORDS = 26  # a question longer than this with its scope is no user's question


def _proper_words(text: str) -> list[str]:
    """The words of ``text`` that name something: capitalised past its first word, or an
    acronym."""
    tokens = [t.strip("()[]\"'“”") for t in text.split()]
    return [t for t in tokens if t[:1].isupper() and t not in _LEADS and len(t) > 1]


def caption_scope(caption: str | None) -> str | None:
    """The scope a numbered caption gives its figures ("on the development set of <Name>"),
    or None when it gives none that names something."""
    if not caption or not _NUMBER.match(caption.strip()):
        return None
    text = _NUMBER.sub("", caption.strip())
    text = re.split(r"(?<=[a-z)])\.\s|(?<=\d)\.\s+(?=[A-Z])", text, maxsplit=1)[0]
    whole = _WHOLE.match(text)  # "Composition of the <named thing>": the figures are in it
    if whole and _proper_words(whole.group("what")) and not _SPREAD.search(whole.group("what")):
        return f"in {whole.group('what')}"
    for m in _SCOPE.finditer(text):
        what = m.group("what").strip()
        if _SPREAD.search(what) or re.match(r"\d", what) or not _proper_words(what):
            continue
        if what.count("(") != what.count(")"):
            continue
        return f"{m.group('prep')} {what}"
    return None


def caption_names(caption: str | None, name: str) -> bool:
    """Whether ``name`` is words of a numbered caption ("Table 4: ... <NAME> ..."): a
    title read from such a line names what the table holds, never whose it is."""
    if not caption or not _NUMBER.match(caption.strip()):
        return False
    return re.search(rf"(?i)\b{re.escape(name.removeprefix('the '))}\b", caption) is not None


def with_scope(cand: Candidate, scope: str | None) -> Candidate:
    """``cand`` with ``scope`` said at its question's end, unless the question names what
    the scope names already."""
    question = cand.question
    if not scope or not question.endswith("?"):
        return cand
    names = _proper_words(scope)
    if any(re.search(rf"(?i)\b{re.escape(n)}\b", question) for n in names):
        return cand
    if len(question.split()) + len(scope.split()) > MAX_WORDS:
        return cand
    return replace(cand, question=f"{question[:-1]} {scope}?")


# A title that names what is counted: "<qualifier words> <Noun>s", the noun plural and
# capitalised, closing the title or followed by its period or a colon.
_COUNTED_TITLE = re.compile(
    r"^(?P<qual>(?:[A-Z][\w/-]*\s+){1,4})(?P<noun>[A-Z][a-z]{2,}s)\b(?=\s*(?:$|[:–—-]|\d|\())"
)
# Where a question counts a noun: "How many <mods> <noun>", "the most <mods> <noun>".
_HOW_MANY = re.compile(
    r"(?:^How many|\bthe (?:most|fewest|highest number of|lowest number of)) "
    r"(?P<mods>(?:[\w/-]+ ){0,3}?)(?P<noun>[a-z]{3,}s)\b"
)


def counted_title(titles: Iterable[str | None], words: DocWords) -> tuple[str, str] | None:
    """The noun a title counts and the words before it, as a question says them:
    ("checks", "<SYSTEM> firearm background"); None when no title counts a noun."""
    for title in titles:
        m = _COUNTED_TITLE.match((title or "").strip())
        if m is None:
            continue
        qual = lower_words(m.group("qual").strip(), words)
        return m.group("noun").lower(), qual
    return None


def with_counted(
    cand: Candidate, counted: tuple[str, str] | None, columns: Sequence[str]
) -> Candidate:
    """ "How many permit checks were there ...?" under a title that counts "<System>
    Firearm Background Checks" -> 'How many "Permit" <System> firearm background checks
    were there ...?'; the words before the noun must be a column's name (or none), else
    the question is left as it is."""
    if counted is None:
        return cand
    noun, qual = counted
    question = cand.question
    m = _HOW_MANY.search(question)
    if m is None or m.group("noun") != noun:
        return cand
    if all(re.search(rf"(?i)\b{re.escape(w)}\b", question) for w in qual.split()):
        return cand
    mods = m.group("mods").strip()
    label = _column_named(mods, columns) if mods else ""
    if label is None:
        return cand
    said = f"“{label}” {qual} {noun}" if label else f"{qual} {noun}"
    start = m.start("mods")
    return replace(cand, question=f"{question[:start]}{said}{question[m.end() :]}")


def _column_named(mods: str, columns: Sequence[str]) -> str | None:
    """The column header ``mods`` says (as the table writes it, its footnote marks off),
    or None when no column is named so."""
    for header in columns:
        plain = re.sub(r"\s+", " ", header.strip("*† ")).strip()
        if plain.casefold() == mods.casefold():
            return plain
    return None


def document_org(chunk: Chunk, ctx: DocContext) -> str | None:
    """The organisation the document's subject is or belongs to (read by the subject
    machinery from its title, cover, lead or body), for a table whose title and heading
    name none: a price list's store, a report's company."""
    found = subject_of(chunk, ctx)
    if found is None or not found.confirmed:
        return None
    name = found.org or (found.name if found.kind == "organisation" else None)
    if name and len(name.split()) > 1 and name.isupper():
        return None  # a shouted title ("TEAM RESULTS") shows no name apart from a heading
    return name


# "How much does the <product> cost?": the seller's product, said as theirs.
_HOW_MUCH = re.compile(r"^How much (?P<verb>does|do) the (?P<thing>.+?) (?P<rest>\w+)\?$")


def owned_thing(cand: Candidate, org: str | None) -> Candidate:
    """ "How much does the <Model> tent cost?" -> "How much does <Org>'s <Model> tent
    cost?", when the question does not name ``org`` already."""
    m = _HOW_MUCH.match(cand.question)
    if not org or m is None or org.casefold() in cand.question.casefold():
        return cand
    bare = re.sub(r"^the ", "", org)
    if bare != org:
        return cand  # "the <Agency>'s ..." reads as a reference to a public body: left
    owner = f"{bare}'" if bare.endswith("s") else f"{bare}'s"
    question = f"How much {m.group('verb')} {owner} {m.group('thing')} {m.group('rest')}?"
    return replace(cand, question=question)
