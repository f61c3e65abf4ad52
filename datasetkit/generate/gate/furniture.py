"""A paper's publishing furniture: never a case, in any language the forms write.

Scholarly articles close (or open) with matter about the paper rather than its subject:
thanks to people and funders, who did what, competing interests, where to send
correspondence or ask for reprints, the author's e-mail address, when the paper was
received and accepted, where its online version or supplement is, its keywords and its
identifiers (DOI, arXiv, ISSN), the copyright and permission notice its publisher prints
on the first page, and the road map of its own sections ("Section 3 describes ...").
A reader of the paper
asks about its findings and methods, not these; a case whose evidence is such a statement
is no question a reviewer keeps. The marks are the standard labels and set phrases of
that matter, which journals of every field share.
"""

from __future__ import annotations

import re

# Labels only papers use, wherever they stand (English).
_LABELS = (
    r"author contributions?|contributions of the authors|competing financial interests?|"
    r"reprints? and permissions?|corresponding authors?|electronic address"
)
# Labels that other documents use as topics ("conflicts of interest" in a code of conduct,
# "acknowledgement" of a receipt, a handbook's signed "Acknowledgment"): back matter only
# as the run-in title opening the text, in the plural papers use (English, German, French,
# Spanish).
_OPENING = re.compile(
    r"(?i)^(?:acknowledge?ments|competing interests?|conflicts? of interests?|"
    r"declarations? of (?:competing )?interests?|danksagung(?:en)?|interessenkonflikte?|"
    r"remerciements?|conflits? d['’]intérêts?|agradecimientos?|conflictos? de intereses?)"
    r"(?=[\s:.—–-])"
)
# Set phrases of the same matter inside a sentence.
_PHRASES = (
    r"(?:we|the authors?) (?:would like to |wish to )?thank|(?:is|are) (?:very |most )?grateful to|"
    r"gratefully acknowledges?|thanks are due|contributed equally|"
    r"wrote (?:the|this) (?:paper|manuscript|article)|the authors? declares? (?:that )?no|"
    r"correspondence and requests|correspondence should be addressed|"
    r"requests for (?:reprints|materials) should be|"
    r"(?:online|electronic) version of (?:the|this) (?:paper|article)|"
    r"supplementary (?:information|material) (?:is|are) (?:linked|available)|"
    r"wir danken|nous remercions|agradecemos|"
    # A publisher's notice of copyright and of the permission a copy needs.
    r"permission to (?:make|copy|reproduce|republish|redistribute)|to copy otherwise|"
    r"requires? prior (?:specific |written )?permission|all rights reserved|"
    r"(?:granted|permitted) without fee|copyright (?:©|\(c\)|(?:19|20)\d\d)"
)
_FURNITURE = re.compile(rf"(?i)\b(?:{_LABELS}|{_PHRASES})\b")
# "Received 21 December 2009; accepted 19 March 2010": the paper's own history.
_HISTORY = re.compile(
    r"(?i)\breceived:?\s+(?:\d{1,2}\s+\w+|\w+\s+\d{1,2},?)\s+\d{4}\b.{0,40}?"
    r"\b(?:accepted|revised|published)\b"
)

# Evidence up to this long is the answer's own sentence or two.
_SHORT = 400


# The paper's index lines and identifiers: its keywords or classification codes (a label
# opening the line, or the question asking for the label itself), its DOI, arXiv or
# ISSN number.
_INDEX = re.compile(
    r"(?i)^(?:keywords?|key words|index terms|pacs(?: numbers?| codes?)?|"
    r"(?:ams|msc|jel) (?:subject )?classifications?|schlüsselwörter|mots[- ]clés|"
    r"palabras clave)\s*[:.—–-]|"
    r"^what (?:is|are) (?:the )?(?:keywords?|key words|index terms)\?$|"
    r"\bdoi\s*:|\bdoi\.org/|\barxiv\s*:|\barxiv e-?print\b|\bissn\b"
)


# The text's road map of itself: what one of its own numbered sections or chapters does
# ("Section 3 describes ...", "In Section 4, we present ...", "The rest of this paper is
# organized as follows"). It says where a topic is treated, not anything about the topic.
_PART = r"(?:sections?|chapters?|§)\s*(?:\d+(?:\.\d+)*|[IVX]+)\b"
_ROADMAP = re.compile(
    rf"(?i)^(?:(?:in|then|finally|next),?\s+)?{_PART}(?:\s*(?:,|and|to)\s*(?:\d+(?:\.\d+)*|[IVX]+))*"
    r",?\s+(?:(?:we|I)\s+)?(?:then\s+|briefly\s+|also\s+)?(?:describes?|present|presents|"
    r"discuss(?:es)?|introduces?|gives?|provides?|reviews?|summari[sz]es?|concludes?|"
    r"outlines?|explains?|shows?|details?|evaluates?|covers?|contains?|deals with|"
    r"(?:is|are) (?:an?|the) (?:general |brief |short )?(?:overview|summary|description|"
    r"introduction|conclusion|discussion|review))\b"
    r"|^(?:the )?(?:rest|remainder) of (?:this|the) (?:paper|article|report|chapter|thesis|"
    r"document)\b|\bis (?:organi[sz]ed|structured) as follows\b"
)
# A question that asks what one of the text's own numbered parts is ("What is section 3?").
_ASKS_PART = re.compile(rf"(?i)^what (?:is|are|does|do) {_PART}(?:\s+\w+)?\s*\?$")


def furniture(text: str) -> str | None:
    """What marks ``text`` as a paper's publishing furniture, or None."""
    text = text.strip()
    found = _FURNITURE.search(text) or _HISTORY.search(text) or _INDEX.search(text)
    found = found or _OPENING.match(text) or _ROADMAP.search(text) or _ASKS_PART.match(text)
    return found.group(0) if found else None


def furniture_problem(question: str, answer: str, evidence: str) -> tuple[str, str] | None:
    """``("furniture", message)`` when the case asks about a paper's publishing furniture."""
    # Long evidence (a whole section) may close with such a line under a good answer.
    short = evidence if len(evidence) <= _SHORT else ""
    for text in (question, answer, short):
        found = furniture(text)
        if found:
            return (
                "furniture",
                f"it asks about the paper's publishing matter ({found!r}), not its subject",
            )
    return None
