"""A table's header as words a question can say: a stored field's name split into words,
and a column of sentences asked by its name only when the page's own text uses the name."""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.words import DocWords, singular_of

# A field's path in an export ("outputs.relevance.gpt_relevance"): segments of two
# characters or more joined by dots, no space; "U.S." or "e.g." has no such segment.
_FIELD_PATH = re.compile(r"^[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+$")
# The first segment of a two-segment path that only says where an export keeps a field
# ("inputs.query", "outputs.details"); any other first segment qualifies the name it is
# joined to ("Sepal.Width", "Petal.Length": an R data frame's column), and is said with it.
_CONTAINERS = frozenset(
    [
        "input",
        "inputs",
        "output",
        "outputs",
        "data",
        "item",
        "items",
        "sample",
        "samples",
        "field",
        "fields",
        "properties",
        "props",
        "metadata",
        "meta",
        "attributes",
        "attrs",
        "record",
        "records",
        "row",
        "rows",
        "context",
        "result",
        "results",
        "response",
        "request",
        "payload",
        "details",
        "detail",
        "info",
    ]
)
# A unit a stored name ends with ("bill_length_mm", "duration_s", "price_usd"): said in
# brackets after the name ("bill length (mm)"), never as a word of the name.
_UNIT_SUFFIX = frozenset(
    [
        "mm",
        "cm",
        "m",
        "km",
        "ft",
        "g",
        "kg",
        "mg",
        "lb",
        "lbs",
        "oz",
        "ml",
        "l",
        "s",
        "ms",
        "sec",
        "secs",
        "min",
        "mins",
        "h",
        "hr",
        "hrs",
        "kb",
        "mb",
        "gb",
        "tb",
        "pct",
        "usd",
        "eur",
        "gbp",
        "jpy",
        "kwh",
        "kw",
    ]
)


# A lower camelCase name among words: two lower-case letters or more, then capitals that
# open parts ("unitPrice"); "iPhone" or "macOS" opens with a brand's single letter or ends
# in capitals, and is a word.
_LOWER_CAMEL = re.compile(r"(?<![\w-])[a-z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+(?![\w-])")


def said_words(header: str) -> str:
    """A header as words: ``stock_quantity`` -> ``stock quantity``, ``unitPrice`` -> ``unit
    price``, a field's path by its last field (``outputs.relevance.gpt_relevance`` -> ``gpt
    relevance``; ``Sepal.Width`` -> ``Sepal Width``), a unit it ends with in brackets
    (``bill_length_mm`` -> ``bill length (mm)``): a field name is never said as it is stored."""
    text = header.strip()
    if _FIELD_PATH.match(text):
        parts = text.split(".")
        qualified = len(parts) == 2 and parts[0].casefold() not in _CONTAINERS
        text = " ".join(parts) if qualified else parts[-1]
    stored = text.split("_")
    unit = stored[-1].casefold()
    # A one-letter unit only after two words: "size_m" could be a code, "length_cm" is not.
    if (
        (len(stored) >= 3 or len(unit) > 1 < len(stored))
        and " " not in text
        and unit in _UNIT_SUFFIX
    ):
        text = "_".join(stored[:-1]) + f" ({stored[-1]})"
    if " " not in text or _LOWER_CAMEL.search(text):
        # A capital inside a word splits it only with a sign that the word is a stored
        # name: the header is one token (``UnitPrice``) or the word opens in lower case
        # (``unitPrice``). A product's word among others ("LaTeX feature", "GitHub
        # account") is said as it is written.
        text = re.sub(r"(?<=[a-z0-9])(?=[A-Z][a-z])", " ", text)
    text = re.sub(r"^%\s*", "percentage ", text)
    return " ".join(re.sub(r"[_]+", " ", text).split())


# A page with running text enough to tell which words its writer uses (lower-case words).
_RUNNING_TEXT = 30
# Cells that are sentences: the mean count of words of three letters or more in a column's
# filled cells.
_PROSE_WORDS = 6


def unheard(natural: str, values: Sequence[str], words: DocWords) -> bool:
    """True for a column of sentences whose name of two words or more the page's own
    running text never uses ("Current contract"): the table's writer named it for the table,
    and a question that asks by that name says what no user says. A column of short
    values (a status, a version) is named by what it holds; a page with no running text
    (a sheet, a list of tables) gives no evidence either way."""
    if len(words.lower) < _RUNNING_TEXT:
        return False
    filled = [v for v in values if v.strip()]
    # Words of letters: a sum or a range of figures ("40 hours × $85 = $3,400") is no sentence.
    worded = sum(len(re.findall(r"[^\W\d_]{3,}", v)) for v in filled)
    if not filled or worded < _PROSE_WORDS * len(filled):
        return False
    said = [w for w in re.findall(r"[^\W\d_]+", natural.casefold()) if len(w) > 2]
    if len(said) < 2:
        return False  # one noun ("Status", "Notes") names what any such column holds
    return not all(words.common(w) or words.common(singular_of(w)) for w in said)


def second_said(natural: str, value: str) -> str:
    """A row's second key said after "with": a one-word value of a one-word column goes
    before the column's name ("triplet loss", "NLL loss"), as a user says it; any other
    is "a <column> of <value>" ("a width of 10 cm")."""
    if " " not in natural and re.fullmatch(r"[^\W\d_][\w-]*", value) and value != natural:
        said = value.lower() if value[1:].islower() else value  # "Margin" -> "margin loss"
        return f"{said} {natural}"
    article = "an" if natural[:1] in "aeiou" else "a"
    return f"{article} {natural} of {value}"
