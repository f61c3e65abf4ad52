"""A two-column table with no header under a title that says what it measures and by
what ("Sales by region", "Headcount by site"): each figure is that measure for its
label, asked "What are the sales for North?", never as a property named by the label
("What is the north?")."""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import DocWords, is_plural, lower_words

# "<measure> by <dimension>": the measure first, the kind of its labels after "by".
_BY = re.compile(r"(?i)^(?P<measure>[^\W\d][\w'’ -]{1,40}?)\s+by\s+(?P<dim>[^\W\d][\w ]{1,30})$")


def measured_by(title: str | None) -> str | None:
    """The measure a "<measure> by <dimension>" title names, or None."""
    found = _BY.match((title or "").strip())
    return found.group("measure").strip() if found else None


def by_label_question(title: str | None, label: str, words: DocWords) -> str | None:
    """ "What are the sales for North?" for a figure under "Sales by region"."""
    measure = measured_by(title)
    if measure is None or not label.strip():
        return None
    said = lower_words(measure, words, force=True)
    be = "are" if is_plural(said.split()[-1]) else "is"
    return f"What {be} the {said} for {label.strip()}?"


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
