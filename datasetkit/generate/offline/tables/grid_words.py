"""A grid's row, column and measure as a user says them in an English question.

A value grid's question names what its cells are (the heading above it), the row and the
column. Copied as the table writes them they read as a label, not a question ("the per
diem and daily allowance for Domestic - Meals & Incidentals, Metro Cities"). A user says:

- the measure by one noun phrase: a heading that joins two names for the same thing
  ("Per Diem and Daily Allowance", each name of two words or more) is said by the first;
- the row in common words: a label that puts a qualifier before a dash ("Domestic -
  Meals & Incidentals") says the qualifier before the noun ("domestic meals and
  incidentals"), "&" said "and", capitals lowered where they mark no name;
- the column as the place it is: a header naming places ("Metro Cities", "Rural Areas")
  is said "in metro cities"; any other column follows the row after a comma.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import DocWords, lower_words

# A header whose last word names places: the cell applies "in" them.
_PLACES = re.compile(
    r"(?i)\b(?:cities|city|towns?|countries|country|regions?|areas?|zones?|locations?|"
    r"states?|districts?|provinces?|stations?)$"
)
# A qualifier of a word or two, a dash, and what it qualifies.
_QUALIFIED = re.compile(r"^(?P<which>[^\W\d_][\w'-]*(?: [^\W\d_][\w'-]*)?)\s+[-–—]\s+(?P<what>.+)$")


def common_measure(measure: str) -> str:
    """The measure a heading names, by one name when it joins two ("per diem and daily
    allowance" -> "per diem")."""
    first, sep, second = measure.partition(" and ")
    if sep and len(first.split()) >= 2 and len(second.split()) >= 2:
        return first
    return measure


def said_row(label: str, words: DocWords) -> str:
    """A grid's row label as a question says it ("Domestic - Meals & Incidentals" ->
    "domestic meals and incidentals")."""
    text = label.strip()
    m = _QUALIFIED.match(text)
    if m:
        text = f"{m.group('which')} {m.group('what')}"
    text = re.sub(r"\s*&\s*", " and ", text)
    return lower_words(text, words)


def said_column(header: str, words: DocWords) -> str:
    """A grid's column header as it follows the row in a question: " in metro cities" for
    places, ", <header>" for any other value."""
    text = header.strip()
    if _PLACES.search(text):
        return f" in {lower_words(text, words)}"
    return f", {text}"


def place_headers(folded: list[str]) -> bool:
    """Headers that are kinds of one kind of place ("Capital Cities | Other Cities",
    "Urban Areas | Rural Areas"): values of one dimension, a grid's columns."""
    if len(folded) < 2:
        return False
    lasts = {h.rsplit(None, 1)[-1] for h in folded}
    return len(lasts) == 1 and all(len(h.split()) >= 2 and _PLACES.search(h) for h in folded)
