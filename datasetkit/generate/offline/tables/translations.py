"""A glossary that gives each term in two languages, one column each ("English" |
"Français"): each row asks what a term of the first language is in the second.

Bilingual glossaries, terminology lists and translation tables head their columns with
the languages' names. A row is asked when both cells hold a term, the two differ, the
term is the only one of its spelling in its column (else the question names two rows)
and neither cell is unsure of itself ("?"), two terms set equal ("=") or a definition
rather than a term (more than eight words). The question is written in the document's language: "What is the French
term for "aphids"?", "Wie lautet der französische Begriff für „aphids“?".
"""

from __future__ import annotations

import unicodedata
from collections import Counter

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.view import TableChunk

# A language as a column header names it (in English, German, French or Spanish, without
# accents) -> its code.
_LANGUAGE_NAMES: dict[str, str] = {
    **dict.fromkeys(("english", "englisch", "anglais", "ingles"), "en"),
    **dict.fromkeys(("french", "franzosisch", "francais", "frances"), "fr"),
    **dict.fromkeys(("german", "deutsch", "allemand", "aleman"), "de"),
    **dict.fromkeys(("spanish", "spanisch", "espagnol", "espanol"), "es"),
    **dict.fromkeys(("italian", "italienisch", "italien", "italiano"), "it"),
    **dict.fromkeys(("portuguese", "portugiesisch", "portugais", "portugues"), "pt"),
    **dict.fromkeys(("dutch", "niederlandisch", "neerlandais", "neerlandes"), "nl"),
}
# How each question language says a term of a language: "French term", "französische
# Begriff", "terme anglais", "término en francés".
_SAID: dict[str, dict[str, str]] = {
    "en": {"en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian"},
    "de": {"en": "englische", "fr": "französische", "de": "deutsche", "es": "spanische"},
    "fr": {"en": "anglais", "fr": "français", "de": "allemand", "es": "espagnol"},
    "es": {"en": "inglés", "fr": "francés", "de": "alemán", "es": "español"},
}
_SAID["de"]["it"], _SAID["fr"]["it"], _SAID["es"]["it"] = "italienische", "italien", "italiano"
_ASK = {
    "en": 'What is the {lang} term for "{term}"?',
    "de": "Wie lautet der {lang} Begriff für „{term}“?",
    "fr": "Quel est le terme {lang} pour « {term} » ?",
    "es": "¿Cuál es el término en {lang} para «{term}»?",
}
_MAX_WORDS = 8


def _language_of(header: str) -> str | None:
    plain = unicodedata.normalize("NFKD", header.strip().rstrip(":").casefold())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return _LANGUAGE_NAMES.get(plain)


def language_columns(headers: list[str]) -> tuple[str, str, str] | None:
    """The source column, the target column and the target's language code, when the first
    two headers that name a language name two different ones; else None."""
    named = [(h, code) for h in headers if (code := _language_of(h)) is not None]
    if len(named) < 2 or named[0][1] == named[1][1]:
        return None
    return named[0][0], named[1][0], named[1][1]


def _term(cell: str) -> bool:
    words = cell.split()
    # "BCA = biological control agents": an abbreviation and its expansion, two terms.
    return 0 < len(words) <= _MAX_WORDS and "?" not in cell and "=" not in cell


def translation_cells(part: TableChunk) -> list[Candidate] | None:
    """One question per row of a two-language glossary chunk (see the module); None when
    the table is no such glossary."""
    view = part.view
    found = language_columns(list(view.columns))
    if found is None or part.lang not in _ASK or found[2] not in _SAID[part.lang]:
        return None
    source, target, code = found
    spelled = Counter((r.record or {}).get(source, "").strip().casefold() for r in view.rows)
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        term, said = record.get(source, "").strip(), record.get(target, "").strip()
        if not (_term(term) and _term(said)) or term.casefold() == said.casefold():
            continue
        if spelled[term.casefold()] > 1:
            continue  # two rows of one spelling: the question would name both
        question = _ASK[part.lang].format(lang=_SAID[part.lang][code], term=term)
        covers = frozenset({(id(row), target)})
        out.append(cell_lookup(question, said, row, record, (said,), covers))
    return out
