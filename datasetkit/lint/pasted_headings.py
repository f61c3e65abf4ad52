"""Whether a question pastes a heading written in title case into its sentence, or names
the document itself as what it asks about.

A heading in title case is often a clause of its own ("Information You Provide
Directly", "How We Use Your Data"): a question that uses it as the owner of a label
("What is the <label> of Information You Provide ...?") or as its topic reads as a template
filled with the page's furniture, and no user would ask it so. In running English, a
personal pronoun or possessive ("you", "your", "we", "our", "they", "their") is written
in capitals only where a sentence opens; in the middle of a question it marks the
capitalised words around it as a pasted heading.

A question that asks what a document says "in the Privacy Policy", "in the document" or
"in this guide" names no organisation, product or programme: an agent that holds many
policies and guides cannot tell which one is meant. Only the kind of document is said,
words that every such document shares; a name before the kind ("in the <Org> Privacy
Policy") is a subject and passes.
"""

from __future__ import annotations

import re

# A capitalised pronoun or possessive inside a run of capitalised words: a heading's words.
_PRONOUN = r"(?:You|Your|Yours|We|Our|Ours|Us|They|Their|Them)"
_CAP = r"[A-Z][\w’'&-]*"
_LINK = r"(?:of|and|or|to|for|in|on|at|by|with|from|the|a|an|&)"
_PASTED = re.compile(
    rf"(?<![.!?:]\s)(?<!^)\b(?:{_CAP}\s+(?:{_LINK}\s+)?)+{_PRONOUN}\b(?:\s+(?:{_LINK}\s+)?{_CAP})*"
    rf"|(?<![.!?:]\s)(?<!^)\b{_PRONOUN}(?:\s+(?:{_LINK}\s+)?{_CAP})+"
)

# The words a kind of document is called by, in each language the checks read: a phrase
# of these words only names no one's document.
_KIND_WORDS = {
    "en": (
        "privacy cookie cookies data protection policy policies notice statement terms "
        "conditions of and use service services document documents guide guidelines manual "
        "handbook report specification specifications agreement contract code conduct rules "
        "regulations procedure procedures employee user handbook's faq"
    ),
    "de": (
        "dokument dokuments dokumentes datenschutzerklärung datenschutzhinweise richtlinie "
        "richtlinien handbuch handbuchs leitfaden leitfadens bericht berichts text textes "
        "vertrag vertrags vertrages satzung ordnung merkblatt"
    ),
    "fr": (
        "document politique de confidentialité guide manuel rapport texte contrat règlement "
        "charte notice conditions générales"
    ),
    "es": (
        "documento política de privacidad guía manual informe texto contrato reglamento "
        "aviso condiciones generales"
    ),
}
# Where a question places its ask in a document ("in the <kind>", "laut dem <kind>").
_WHERE = {
    "en": r"\b(?:in|under|of|according to|from|within)\s+(?:the|this|that)\s+",
    "de": r"\b(?:im|in\s+(?:dem|der|diesem|dieser)|laut\s+(?:dem|der|diesem|dieser)|"
    r"gemäß\s+(?:dem|der|diesem|dieser))\s+",
    "fr": r"\b(?:dans|selon|d['’]après)\s+(?:le|la|ce|cette|les)\s+",
    "es": r"\b(?:en|según)\s+(?:el|la|este|esta|los|las)\s+",
}


def pasted_heading(question: str, language: str | None = None) -> str | None:
    """The heading an English ``question`` pastes (a run of capitalised words with a
    capitalised pronoun inside the sentence), quoted; None when there is none."""
    lang = (language or "en").split("-")[0].casefold()
    if lang != "en":
        return None  # German writes "Sie" and its nouns in capitals: no sign there
    text = question.strip().lstrip("¿¡\"“'‘(")
    found = _PASTED.search(text)
    if found is None or found.start() == 0:
        return None
    return f"{found.group(0)!r} is a heading pasted into the question"


def names_document(question: str, language: str | None = None) -> str | None:
    """The phrase by which ``question`` asks what "the document" or "the <kind of
    document>" says, when it names no one's document; None otherwise."""
    lang = (language or "en").split("-")[0].casefold()
    if lang not in _WHERE:
        return None
    words = set(_KIND_WORDS[lang].split())
    for m in re.finditer(_WHERE[lang], question, re.IGNORECASE):
        tail = re.match(r"[^?!.,;:¿¡]+", question[m.end() :])
        said = tail.group(0).split() if tail else []
        run = 0
        while run < len(said) and said[run].casefold().strip("’'\"") in words:
            run += 1
        if run and _kind_at_end(said[:run]) and _ends_phrase(said[run:], lang):
            phrase = question[m.start() : m.end()] + " ".join(said[:run])
            return f"{phrase.strip()!r} names only the kind of document, not whose it is"
    return None


# Words after a document's kind that say whose it is ("... von <Name>", "... de <Nom>").
_WHOSE = frozenset(["of", "von", "vom", "des", "der", "de", "del", "du", "d'"])


def _ends_phrase(rest: list[str], lang: str) -> bool:
    """Whether nothing after the kind of document says whose it is: the question ends
    there, or (German, whose verb closes its clause) goes on with no owner after it."""
    if not rest:
        return True
    return lang == "de" and rest[0][:1].islower() and rest[0].casefold() not in _WHOSE


def _kind_at_end(said: list[str]) -> bool:
    """Whether the phrase ends with a noun for a document (not a link word left over)."""
    return said[-1].casefold() not in {"of", "and", "de"}
