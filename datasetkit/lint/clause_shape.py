"""Whether a question's verb phrase is a real clause, read by the shape of its parts.

A question built from a sentence keeps the sentence's subject and verb phrase. Four
shapes show the parts were not a clause a reader could ask on its own:

- a contraction stands where the subject goes ("What does me'll need ...?"): a pronoun
  and its auxiliary were read as one word, and the object case of a pronoun never
  contracts at all;
- the verb phrase is a pro-verb with an indefinite object ("do anything", "do something",
  "do it"): it stands for an action the sentence names elsewhere, or for none;
- a comparison with nothing to compare with: a comparative adjective ("a more fully
  featured tool", "a better way") or "similar" with no "than" / "to" / "as" in the
  question, whose other term was in the sentence before;
- the document itself as the subject ("What happens when I open the document?", "What
  does this show?"): which document, only the page around it says.

:func:`clause_problem` returns a short reason or None. English, German, French and
Spanish each have their own words for the same shapes; any other language is not read.
"""

from __future__ import annotations

import re

# A question auxiliary and the word in its subject's place.
_SUBJECT_SLOT = re.compile(
    r"(?i)^(?:what|which|who|where|when|why|how)(?:\s+\w+){0,2}?\s+"
    r"(?:does|do|did|is|are|was|were|can|could|will|would|should|must|may|has|have)\s+"
    r"(?P<subject>[\w'’]+)"
)
# A pronoun joined to an auxiliary ("you'll", "we've", "me'll"), never a subject word.
_CONTRACTED = re.compile(r"(?i)^[a-z]+['’](?:ll|ve|re|d|m)$")
# The object forms of the pronouns: never the subject of a question's clause.
_OBJECT_PRONOUN = re.compile(r"(?i)^(?:me|him|us|them|whom)$")

_PLACEHOLDER_VERB = {
    # The main verb "do" (after its subject, a modal or "to"), not the auxiliary.
    "en": re.compile(
        r"(?i)\b(?:i|you|we|they|to|can|could|should|must|will|would|may|might)\s+do\s+"
        r"(?:anything|something|everything|nothing|it|this|that|so|the\s+same)\b(?!\s+else\b)"
    ),
    "de": re.compile(r"(?i)\b(?:etwas|irgendetwas|alles|nichts|es|das)\s+(?:tun|machen)\b"),
    "fr": re.compile(
        r"(?i)\bfaire\s+(?:quoi que ce soit|quelque chose|tout|rien|cela|ça|de même)\b"
    ),
    "es": re.compile(r"(?i)\bhacer\s+(?:algo|cualquier cosa|todo|nada|esto|eso|lo mismo)\b"),
}

# Adjective endings a comparative's "more" / "less" stands before ("more efficient", "less
# expensive", "more fully featured"); "more" before a noun is a quantity ("more storage").
_ADJECTIVE = (
    r"(?:\w+ly\s+)?(?!content\b)\w+(?:ed|ful|ive|ous|able|ible|al|ic|ient|dent|tent|nent|lent|rent|"
    r"ant|ar|ish|ile|ust|ple)"
)
_COMPARATIVE = {
    # Set before a noun with an article ("a more fully featured tool", "a better way", "a
    # similar approach"): a thing picked out by a comparison. A comparative said of a
    # thing ("make the models more efficient") or inside a compound ("faster cycle time")
    # compares nothing with anything left out.
    "en": re.compile(
        rf"(?i)\b(?:an?|the)\s+(?:(?:more|less)\s+{_ADJECTIVE}\b(?!\s+(?:than|to)\b)"
        r"|(?:better|worse|easier|simpler|faster|cheaper|safer|quicker)\s+(?!than\b)[a-z]+"
        r"|similar\b(?!\s+to\b))"
    ),
    "de": re.compile(r"(?i)\b(?:ähnlich(?:e[nmrs]?)?|vergleichbar(?:e[nmrs]?)?)\b(?!.*\bwie\b)"),
    "fr": re.compile(
        r"(?i)\b(?:similaires?|semblables?|pareils?)\b(?!\s+à\b)"
        rf"|\bplus\s+{_ADJECTIVE}\b(?!.*\bque\b)"
    ),
    "es": re.compile(
        r"(?i)\b(?:similar(?:es)?|parecid[oa]s?)\b(?!\s+a\b)"
        r"|\bmás\s+\w+(?:ble|nte|oso|osa|ado|ada|ido|ida|al|il)\b(?!.*\bque\b)"
    ),
}
# What a comparison is made against, anywhere in the question.
# The alternatives a choice names ("the more expensive plan, Basic or Plus?") are what it
# compares, too.
_COMPARAND = {
    "en": re.compile(
        r"(?i)\b(?:than|compared (?:to|with)|as opposed to|instead of)\b|,[^,]+\bor\b"
    ),
    "de": re.compile(r"(?i)\b(?:als|im vergleich zu)\b|,[^,]+\boder\b"),
    "fr": re.compile(r"(?i)\b(?:que|par rapport à)\b|,[^,]+\bou\b"),
    "es": re.compile(r"(?i)\b(?:que|en comparación con)\b|,[^,]+\bo\b"),
}

# The document itself as a clause's subject or object.
_THE_DOCUMENT = {
    "en": re.compile(
        r"(?i)\b(?:the\s+document|this\s+(?:document|file|page|article|text))\b"
        r"(?!\s+(?:called|named|titled|entitled|of|for|from|that|which|[\"“']))"
    ),
    "de": re.compile(r"(?i)\b(?:das|dieses)\s+(?:dokument|schreiben)\b"),
    "fr": re.compile(r"(?i)\b(?:le|ce)\s+document\b"),
    "es": re.compile(r"(?i)\b(?:el|este)\s+documento\b"),
}


def clause_problem(
    question: str, language: str | None = None, *, document: bool = True
) -> str | None:
    """Why ``question``'s verb phrase is not a clause a reader could ask, or None.

    ``document=False`` leaves "the document" alone: a hand-written prompt may send one
    along ("Summarise the document"), a question made from a document's text never does.
    """
    lang = (language or "en").split("-")[0].casefold()
    if lang not in _PLACEHOLDER_VERB:
        return None
    q = re.sub(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”", '"..."', question.strip())
    if lang == "en":
        slot = _SUBJECT_SLOT.match(q)
        subject = slot.group("subject") if slot else ""
        if _CONTRACTED.match(subject) or _OBJECT_PRONOUN.match(subject):
            return f"{subject!r} stands where the question's subject goes"
    found = _PLACEHOLDER_VERB[lang].search(q)
    if found:
        return f"{found.group(0)!r} stands for an action the question does not name"
    found = _COMPARATIVE[lang].search(q)
    if found and not _COMPARAND[lang].search(q):
        return f"{found.group(0)!r} compares with something the question does not name"
    found = _THE_DOCUMENT[lang].search(q) if document else None
    if found:
        return f"{found.group(0)!r}: which one, only the page around the question says"
    return None
