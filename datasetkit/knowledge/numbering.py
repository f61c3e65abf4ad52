"""Section numbers and other textual evidence that a line is a heading.

Shared by the readers that have to tell headings from text without styles (PDF,
plain text, Word paragraphs set by hand): a section number (``1.``, ``2.3``,
``A.``, ``IV.``, ``Article 5``, ``第3条``) says how deep a heading sits; a line
that reads as a label and its value (``Location: Anywhere``), that gives an e-mail
address or a telephone number, or that ends a sentence, says it is not one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Words that name a numbered division of a document, in the languages the corpus holds.
_DIVISIONS = (
    r"article|art\.|section|chapter|part|appendix|annex|schedule|clause"
    r"|artigo|art[ií]culo|articolo|artikel|cap[ií]tulo|capitolo|chapitre|kapitel|abschnitt"
    r"|titre|t[ií]tulo|sec[cç][aã]o|secci[oó]n|paragraph|§|artyku[lł]|rozdzia[lł]|hoofdstuk"
)
# The first of a series written out in capitals or lower case ("ARTICLE PREMIER").
_FIRST_WORDS = r"premier|premi[eè]re|primero|primera|first|erster?"
_DECIMAL = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){0,5})(\.?)(?=\s|[^\d.\s%,)/-])\s*")
_LETTER = re.compile(r"^([A-Z])([.)])\s+(?=\S)")
_ROMAN = re.compile(r"^((?:X{0,3})(?:IX|IV|V?I{0,3}))([.)])\s+(?=\S)")
# Sections numbered with roman numerals at every level ("V.I", "V.I.II"): each level a
# numeral of I, V and X (not L, C, D, M, which open initials and names), a title after.
_ROMAN_PART = r"(?:X{1,3}(?:IX|IV|V?I{1,3}|V)?|IX|IV|V?I{1,3}|V)"
_DOTTED_ROMAN = re.compile(rf"^({_ROMAN_PART}(?:\.{_ROMAN_PART}){{1,4}})(\.?)\s+(?=[A-Z])")
_PAREN = re.compile(r"^\(?([a-z]|[ivx]{1,4}|\d{1,3})\)\s+")
_DIVISION = re.compile(
    rf"^(?i:{_DIVISIONS})\s+(\d+[\w.]*|[IVXLC]+\b|[A-Z]\b|[A-ZÀ-Þ][a-zß-ÿ]+|(?i:{_FIRST_WORDS}))"
    r"(?=\s|$|[.:)—–-])"
)
_CJK = re.compile(r"^第\s*[0-9０-９一二三四五六七八九十百千]+\s*([章条節节款部編编])")
# Chinese and Japanese section numbers, outermost first: 一、 (一) 1、 (1).
_CJK_NUMERAL = "一二三四五六七八九十百"
_CJK_ORDER = (
    re.compile(rf"^[{_CJK_NUMERAL}]+、"),
    re.compile(rf"^[（(][{_CJK_NUMERAL}]+[）)]"),
    re.compile(r"^[0-9０-９]{1,3}、"),
    re.compile(r"^（[0-9０-９]{1,3}）"),
)


@dataclass(frozen=True)
class Number:
    """A section number at the start of a line: its kind and how deep it nests.

    ``kind`` is ``decimal`` (``1.``, ``2.3.1``; the Chinese ``一、`` ``（一）`` ``1、``
    ``（1）`` count as depths 1 to 4), ``letter`` (``A.``), ``roman``
    (``IV.``), ``division`` (``Article 5``, ``第3条``: ``word`` holds the division's
    name) or ``item`` (``(a)``, ``ii)``, ``3)``: the numbering of list items).
    """

    kind: str
    depth: int
    word: str = ""
    label: str = ""


def section_number(text: str) -> Number | None:
    """The section number a line starts with, or None."""
    text = text.strip()
    m = _CJK.match(text)
    if m:
        return Number("division", 1, m.group(1), m.group(0))
    for depth, pattern in enumerate(_CJK_ORDER, 1):
        m = pattern.match(text)
        if m:
            return Number("decimal", depth, label=m.group(0))
    m = _DIVISION.match(text)
    if m:
        word = text.split()[0].lower()
        return Number("division", 1, word, m.group(0))
    m = _PAREN.match(text)
    if m:
        return Number("item", 1, label=m.group(0).strip())
    m = _DECIMAL.match(text)
    if m and (m.group(2) or _title_follows(text[m.end() :])):
        return Number("decimal", m.group(1).count(".") + 1, label=m.group(1))
    m = _DOTTED_ROMAN.match(text)
    if m:
        return Number("decimal", m.group(1).count(".") + 1, label=m.group(1))
    m = _LETTER.match(text)
    if m:
        return Number("letter", 1, label=m.group(1) + m.group(2))
    m = _ROMAN.match(text)
    if m and m.group(1):
        return Number("roman", 1, label=m.group(1) + m.group(2))
    return None


def _title_follows(rest: str) -> bool:
    """After a bare number ("7 Related Work"), a capitalised word: a section, not a quantity."""
    first = rest[:1]
    return bool(first) and (first.isupper() or not first.isascii())


def without_number(text: str) -> str:
    """A heading's text without its section number."""
    found = section_number(text)
    if found is None or found.kind == "item":
        return text.strip()
    return text.strip()[len(found.label) :].lstrip(" .:-–—\t\u3000") or text.strip()


def word_count(text: str) -> int:
    """How many words a text holds: its spaced words, and for Chinese and Japanese,
    which put no spaces between words, one word per two characters."""
    unspaced = sum(1 for ch in text if _unspaced_letter(ch))
    return len(text.split()) + unspaced // 2


def _unspaced_letter(ch: str) -> bool:
    """A CJK ideograph or kana (Korean Hangul is written with spaces)."""
    return "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


_LABEL = re.compile(r"^[^:：]{1,40}[:：]\s+\S")


def labelled(text: str) -> bool:
    """A label and its value on one line ("Location: Anywhere", "Job Title: Engineer")."""
    return bool(_LABEL.match(text.strip()))


def ends_sentence(text: str) -> bool:
    """Whether text ends the way a sentence does (a full stop, ! or ?)."""
    return bool(re.search(r"[.!?。！？]['\"”’)\]]?$", text.strip()))


def continues(text: str) -> bool:
    """Whether text ends in a way that says more follows (a comma, semicolon, "and")."""
    stripped = text.strip()
    return stripped.endswith((",", ";", "，", "；")) or bool(
        re.search(r"\s(?:and|or|und|oder|et|ou|e|y|o)$", stripped, re.IGNORECASE)
    )


_DATED = re.compile(
    r"\b(?:v(?:ersion)?\.?\s?\d+(?:\.\d+)*|(?:19|20)\d\d|rev(?:ision)?\.?\s?\d+)\b",
    re.IGNORECASE,
)


def dated_line(text: str) -> bool:
    """Cover text that dates or versions the document ("Version 2.1", "March 2026")."""
    return len(text.split()) <= 8 and bool(_DATED.search(text)) and section_number(text) is None


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A telephone number: an area code in brackets or followed by a separator, then three
# and four digits ("(425) 555-0100", "1-800-676-3690", "+1 816.926.7287"); a date
# ("2015-11-01") has no group of three before its last four.
_PHONE = re.compile(r"(?<![\d-])(?:\(\d{2,4}\)\s?|\d{2,4}[\s.-])\d{3}[\s.-]\d{4}(?![\d-])")


# A postal address: a US state and ZIP code after the town ("Albany, NY 12222"), or a
# house number right before a five-digit postcode and the town, after a comma or at the
# line's end ("Hauptstraße 43, 90429 Nürnberg", "Am Markt 4 90429 Nürnberg").
_POSTAL = re.compile(
    r",\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b"
    r"|\b\d{1,4}[a-zA-Z]?,\s*\d{5}\s+[A-ZÀ-Ý][^\W\d_]"
    r"|\b\d{1,4}[a-zA-Z]?\s+\d{5}\s+[A-ZÀ-Ý][^\W\d_]+(?:[\s-][A-ZÀ-Ý][^\W\d_]+)?$"
)


def contact_line(text: str) -> bool:
    """Whether a line gives an e-mail address, a telephone number or a postal address:
    it says how to reach someone, it titles nothing."""
    return bool(_EMAIL.search(text) or _PHONE.search(text) or _POSTAL.search(text))


_MONTH = (
    r"(?:jan(?:uary|vier|uar)?|feb(?:ruary|ruar)?|f[ée]v(?:rier)?|febrero|ene(?:ro)?|"
    r"m[aä]r(?:ch|z|s)?|marzo|apr(?:il)?|avr(?:il)?|abr(?:il)?|ma[iy]|mayo|june?|juin|junio|"
    r"juli?|juillet|julio|aug(?:ust)?|ao[uû]t|ago(?:sto)?|sep(?:t|tember|tembre|tiembre)?|"
    r"o[ck]t(?:ober|obre|ubre)?|nov(?:ember|embre|iembre)?|d[eé][cz](?:ember|embre)?|dic(?:iembre)?)"
)
_DAY = r"(?:1er|\d{1,2}(?:st|nd|rd|th|er|º|°|\.)?)"
_YEAR4 = r"(?:1[89]|20)\d\d"
_DATE = (
    rf"(?:{_DAY}\s*(?:de\s+)?{_MONTH}\.?\s*(?:de\s+)?{_YEAR4}"
    rf"|{_MONTH}\.?\s+{_DAY},?\s+{_YEAR4}"
    rf"|\d{{1,2}}[./-]\d{{1,2}}[./-](?:{_YEAR4}|\d\d))"
)
# A place, a comma and a date, as a letter, minutes or statutes are signed off: the
# date after the word that dates a signature ("Lyon, le 3 mai 2021", "Berlin, den
# 5.3.2020", "Madrid, a 3 de mayo de 2020"), or the line opened by "Fait à", "Done at",
# "Gegeben zu". A bare "Minutes, 12 May 2020" may title a meeting, so it is left alone.
_PLACE = r"[^\W\d][\w'’.-]*(?:[\s-]+[^\W\d][\w'’.-]*){0,4},\s*"
_DATELINE = re.compile(
    rf"^(?:(?:fait|done|signed|sign[ée]|gegeben|hecho|dado)\s+(?:à|a|at|in|en|zu)\s+{_PLACE}"
    rf"(?:(?:le|den|am|el|a|on|the)\s+)?|{_PLACE}(?:le|den|am|el|a)\s+)"
    rf"(?:[^\W\d]+,?\s+)?{_DATE}\.?$",
    re.IGNORECASE,
)


def dateline(text: str) -> bool:
    """Whether a line is a place and a date signing a document off: no title."""
    return bool(_DATELINE.match(text.strip()))
