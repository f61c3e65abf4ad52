"""A two-column table with no header under a title that says what it measures and by
what ("Sales by region", "Headcount by site"): each figure is that measure for its
label, asked "What are the sales for North?", never as a property named by the label
("What is the north?")."""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import DocWords, is_plural, lower_words
from datasetkit.generate.offline.tables.captioned import plural_measure
from datasetkit.generate.offline.tables.columns import said_territory

# "<measure> by <dimension>": the measure first, the kind of its labels after "by".
_BY = re.compile(r"(?i)^(?P<measure>[^\W\d][\w'’ -]{1,40}?)\s+by\s+(?P<dim>[^\W\d][\w ]{1,30})$")


def measured_by(title: str | None) -> str | None:
    """The measure a "<measure> by <dimension>" title names, or None."""
    found = _BY.match((title or "").strip())
    return found.group("measure").strip() if found else None


# Nouns for a body of people, said with no plural ending: counted "How many staff are
# there?", never "What are the staff?".
_PEOPLE = frozenset(("staff", "personnel", "crew", "faculty", "workforce"))
# A whole count as a table prints it ("12", "1,250"), no share, decimal or currency.
_WHOLE = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")
# Kinds of label that are places: its figures are "in" it ("How many staff in Berlin?").
_PLACES = re.compile(
    r"(?i)\b(?:office|site|city|country|location|branch|plant|store|campus|state|province|"
    r"region|area|town|warehouse|facility|depot|market)s?$"
)


def by_label_question(
    title: str | None, label: str, words: DocWords, value: str = ""
) -> str | None:
    """ "What are the sales for North?" for a figure under "Sales by region"; a whole
    count of people or things is asked how many ("How many staff are there in Berlin?"),
    a measure that is a mass or singular noun with "is" ("What is the headcount for
    Berlin?")."""
    found = _BY.match((title or "").strip())
    if found is None or not label.strip():
        return None
    said = lower_words(found.group("measure").strip(), words, force=True)
    noun, label = said.split()[-1], label.strip()
    dim = found.group("dim").strip().split()[-1]
    prep = "in" if _PLACES.search(dim) else "for"
    place = said_territory(dim[:-1] if dim.endswith("s") else dim, label) or label
    whole = _WHOLE.fullmatch(value.strip()) is not None
    if noun in _PEOPLE:
        if whole:
            return f"How many {said} are there {prep} {place}?"
        return f"What is the {said} for {label}?"
    if whole and plural_measure(said):
        return f"How many {said} are there {prep} {place}?"  # things counted: "orders"
    be = "are" if is_plural(noun) else "is"
    return f"What {be} the {said} for {label}?"


# Titles over figures that are one thing's metrics, not a list of like things.
_METRICS = re.compile(
    r"(?i)\b(?:metrics|kpis|figures|results|statistics|stats|highlights|totals|numbers|"
    r"indicators|measures|facts|summary|overview|breakdown|glance)$"
)


def names_instances(title: str | None, words: DocWords) -> bool:
    """Whether a table's title names what its labels are, many of a kind ("Top 5
    Students", "Branches"): its labels are those things, no metrics to ask by name."""
    last = re.findall(r"[^\W\d_]+", title or "")
    if not last or _METRICS.search(title or ""):
        return False
    return is_plural(last[-1].lower()) and len(last[-1]) > 3
