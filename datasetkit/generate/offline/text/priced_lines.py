"""A priced item of a menu, price list or rate card, asked what it costs in the document's
language: "<Item> [size] <price>" -> "How much does <Item> cost?" / "Was kostet <Item>?"
/ "Combien coûte <Item> ?" / "¿Cuánto cuesta <Item>?", answered by its size and price.

Menus and price lists set each item on a line of its own, its name at the left and its
price at the right (after dot leaders or a wide gap, read as one space), with no colon a
labelled value has and often no ruled table. A line is read as a priced item only when:

- it ends in one price with a currency sign (a price per unit such as "€/Std." keeps its
  unit), or in prices each after its own size ("0,3 l 2,50 € 0,5 l 3,80 €"); several
  prices with no size of their own are the columns of a size header the line does not
  say, and are not asked;
- its name is a short name (no sentence: no finite clause, no sentence stop inside),
  and not a total, a subtotal, a tax or a deposit (sums over the list are no item);
- its section sets at least two other such lines (one priced line in running text is a
  fact of a sentence, not an entry of a price list).

An item whose name stands in more than one section of the document ("Small" under each
pizza, "Glass" under each wine) is asked with its section's heading, which says which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.prices import PER, PRICE

_PRICE = PRICE
_PER = PER
_SIZE = (
    r"\d{1,4}(?:[.,]\d{1,3})?\s?(?:cl|ml|dl|l|ltr|g|gr|kg|oz|cm|mm|m|Stk\.?|St\.|pcs|pc|"
    r"Stück|pieces?|pièces?|piezas?|Port\.?)"
)
_ABV = r"\d{1,2}(?:[.,]\d)?\s?%\s?(?:vol\.?)?"
# One priced line: a name, then an optional strength, then one price (with its size and
# unit), or prices each after its own size.
_LINE = re.compile(
    rf"^(?P<name>[^\W\d_][^:;!?]{{1,70}}?)[\s.…_·]*?(?:\s(?:{_ABV}))?"
    rf"(?P<tail>(?:\s(?:{_SIZE})\s?[.…_·]*\s?(?:{_PRICE})){{2,4}}"
    rf"|(?:\s(?:{_SIZE}))?[\s.…_·]+(?:{_PRICE})(?:{_PER})?)\s*\*?$"
)
_PRICE_ONLY = re.compile(_PRICE)
# Sums over the list and what is added to it: no item of it.
_NOT_AN_ITEM = re.compile(
    r"(?i)\b(?:total|subtotal|sum|summe|gesamt\w*|zwischensumme|mwst|ust|vat|tax|taxes|tva|"
    r"iva|pfand|deposit|consigne|dépôt|depósito|netto|brutto|net|gross|rabatt|discount|"
    r"remise|descuento|versand\w*|shipping|porto|frais de port|envío|amount|betrag|montant|"
    r"importe|balance|saldo|solde)\b"
)
# A finite verb makes the name a sentence ("The fee is 5 €"), not an item's name.
_FINITE = re.compile(
    r"(?i)\b(?:is|are|was|were|costs?|will|must|can|ist|sind|kostet|kosten|beträgt|wird|"
    r"est|sont|coûte|coûtent|sera|es|son|cuesta|cuestan|será)\b"
)
_MAX_NAME_WORDS = 9

_QUESTION = {
    "en": "How much does {name} cost?",
    "de": "Was kostet {name}?",
    "fr": "Combien coûte {name} ?",
    "es": "¿Cuánto cuesta {name}?",
}
_IN_SECTION = {
    "en": "How much does {name} ({section}) cost?",
    "de": "Was kostet {name} ({section})?",
    "fr": "Combien coûte {name} ({section}) ?",
    "es": "¿Cuánto cuesta {name} ({section})?",
}


# A note in brackets after the name ("(ca. 250 g)", "(per piece)", "(2 Stück)"): what the
# price is for, said with the price rather than in the question.
_NOTE = re.compile(r"\s*\((?P<note>[^()]{1,40})\)$")


def read_priced(text: str) -> tuple[str, str] | None:
    """(name, price with its size or unit) of a priced item's line; None for any other."""
    line = " ".join(text.split())
    m = _LINE.match(line)
    if m is None:
        return None
    name = m.group("name").strip(" .…_·-–—")
    tail = re.sub(r"\s?[.…_·]{2,}\s?", " ", m.group("tail").lstrip(" .…_·").rstrip(" *"))
    notes: list[str] = []
    if (note := _NOTE.search(name)) is not None:
        name, notes = name[: note.start()].strip(), [note.group("note").strip()]
    words = name.split()
    if not words or len(words) > _MAX_NAME_WORDS or not re.search(r"[^\W\d_]{2}", name):
        return None
    if _NOT_AN_ITEM.search(name) or _FINITE.search(name) or re.search(r"[.!?,]\s", name):
        return None  # a sum, a sentence, or a name run on into its description
    if _PRICE_ONLY.search(name) or "(" in name or ")" in name:
        return None  # two items run together on one line, or a price inside the name
    return name, _price_first(tail, notes)


_SIZED = re.compile(rf"(?P<size>{_SIZE})\s?(?P<price>{_PRICE}(?:{_PER})?)")


def _price_first(tail: str, notes: list[str]) -> str:
    """ "4cl 8,00€" -> "8,00€ (4cl)"; "0,3 l 2,50 € 0,5 l 3,80 €" -> "2,50 € (0,3 l),
    3,80 € (0,5 l)": the price a question asks for first, what it is for after it."""
    sized = list(_SIZED.finditer(tail))
    if sized:
        said = ", ".join(f"{m.group('price')} ({m.group('size')})" for m in sized)
    else:
        said = tail.strip()
    return f"{said} ({'; '.join(notes)})" if notes else said


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class _PriceList:
    """The priced lines of a document: how many each heading sets, and under which
    headings each item's name is priced."""

    per_heading: dict[str, int]
    headings_of: dict[str, frozenset[str]]
    headings: frozenset[str]  # every heading of the document (and its title), casefolded


_LISTS: dict[int, tuple[object, _PriceList]] = {}


def _price_list(text: TextChunk) -> _PriceList:
    """The document's priced lines, by heading (read once per document)."""
    doc = text.chunk.meta.get("document")
    sections = list(getattr(doc, "sections", None) or text.chunk.sections)
    cached = _LISTS.get(id(doc))
    if cached is not None and cached[0] is doc:
        return cached[1]
    per_heading: dict[str, int] = {}
    headings_of: dict[str, set[str]] = {}
    current = ""
    for s in sections:
        if s.kind == "heading":
            current = " ".join(s.text.split())
            continue
        found = read_priced(s.text)
        if found is None:
            continue
        per_heading[current] = per_heading.get(current, 0) + 1
        headings_of.setdefault(_name_key(found[0]), set()).add(current)
    titles = {_name_key(h) for h in per_heading} | {_name_key(str(text.title or ""))}
    titles |= {_name_key(s.text) for s in sections if s.kind == "heading"}
    made = _PriceList(
        per_heading, {k: frozenset(v) for k, v in headings_of.items()}, frozenset(titles)
    )
    if doc is not None:
        _LISTS.clear()  # one document at a time: the chunks of a document come together
        _LISTS[id(doc)] = (doc, made)
    return made


def _ambiguous(name: str, prices: _PriceList) -> bool:
    """Whether an item's name alone does not say which item is meant: it is priced under
    more than one heading, it is one word (a menu's "Tuna" under "Pizza" is the tuna
    pizza: the section says what the item is), or a heading or the title names it among
    other words (a house named after its signature dish or drink)."""
    key = _name_key(name)
    inside = re.compile(rf"(?<!\w){re.escape(key)}(?!\w)")
    named = any(h != key and inside.search(h) for h in prices.headings)
    return len(prices.headings_of.get(key, ())) > 1 or len(name.split()) == 1 or named


def priced_item(section: Section, text: TextChunk) -> Candidate | None:
    """The question of one priced line of a price list (see the module's docstring)."""
    if text.lang not in _QUESTION or "\n" in section.text.strip():
        return None
    found = read_priced(section.text)
    if found is None:
        return None
    name, tail = found
    heading = " ".join(str(text.heading or "").split())
    prices = _price_list(text)
    if prices.per_heading.get(heading, 0) < 3:
        return None  # not a price list: a priced line among running text
    template = _QUESTION[text.lang]
    if _ambiguous(name, prices):
        if not heading or _name_key(heading) == _name_key(name):
            return None  # no heading says which of them, or only the item's own name
        template = _IN_SECTION[text.lang]
    question = template.format(name=name, section=heading)
    line = section.text.strip()
    return Candidate(question, tail, line, section, "attribute", 0, (line,))
