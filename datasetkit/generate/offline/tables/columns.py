"""How a person names a table's column, row and value in a question, chosen from what
the column holds.

A header is rarely a phrase a user would type: "What is the date posted of X?",
"What is the express delivery for Canada?" and "What is the season for Trailhead 2?"
paste the header in. The form here follows the column's meaning instead: a date with
a participle asks "When was ... posted?", a duration "How long does ... take?", a weight
"How much does ... weigh?", a group "Which department is ... in?", a category "What level is ...?".
A value is said with its column's unit ("9.8 kg").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from datasetkit.generate.offline.language.words import is_plural, plural_of
from datasetkit.generate.offline.tables.priced import priced_question
from datasetkit.generate.offline.tables.row_units import row_unit
from datasetkit.generate.offline.tables.scale import (
    SCALE_CELL,
    unscaled_row,
)

if TYPE_CHECKING:
    from datasetkit.generate.offline.tables.view import Column, TableView

_DATE_EVENT = re.compile(
    r"(?i)^(?:date\s+)?(?P<event>posted|published|created|opened|closed|updated|launched|"
    r"released|hired|joined|filed|submitted|approved|signed|received)(?:\s+(?:date|on))?$"
)
# A person's dates of birth and death: "When was <name> born?", "When did <name> die?".
_LIFE_DATE = re.compile(
    r"(?i)^(?:(?P<birth>date of birth|birth ?date|born|dob)|date of death|death ?date|died)$"
)
_DURATION = re.compile(
    r"(?i)^\s*(?:up to\s+|about\s+|approx\.?\s+)?\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?\s*"
    r"(?:(?:business|working|calendar)\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|"
    r"years?)\s*$"
)
_TO_KEY = re.compile(r"(?i)\b(?:destination|ship(?:ping)?\s+to|deliver(?:y)?\s+to|zone|region)\b")
PERSONISH = re.compile(
    r"(?i)\b(?:job|role|position|opening|employee|person|member|staff|candidate|manager|"
    r"contact|vacanc(?:y|ies)|posting)s?\b"
)
_WEIGHT = re.compile(r"(?i)^(?:weight|mass)$")
CAPACITY_VERB = re.compile(r"(?i)^(?P<verb>sleeps|seats|holds|serves|fits|accommodates)$")
_GROUP = re.compile(r"(?i)\b(?:department|team|division|unit|group|business unit)$")
# A column whose value is one of a set of kinds ("What type is <row>?"). A status is a
# state a row is in, not a kind of it: "What is the status of <row>?".
_KIND = re.compile(r"(?i)\b(?:level|type|category|season|class|grade|tier|kind)$")
# Place names that take "the" ("delivery to the United States").
THE_PLACE = re.compile(
    r"^(?:United\s|Netherlands$|Philippines$|Czech Republic$|Bahamas$|Gambia$|Maldives$|"
    r"Dominican Republic$|Central African Republic$|UAE$|UK$|US$|USA$|EU$)"
)
_ACTION = re.compile(
    r"(?i)^(?:required |recommended |next )?(?:actions?|what to do|steps?|response|procedure)$"
)
# Rows that are people: a question names the person alone.
_PERSON = re.compile(
    r"(?i)\b(?:rep|representative|agent|salesperson|seller|employee|staff member|manager|"
    r"student|teacher|instructor|author|person|contact|signature|signatory|customer|client|"
    r"patient|member|guest|applicant|tenant|candidate|participant|volunteer)s?$"
)
_DESCRIBES = re.compile(r"(?i)^(?:description|summary|overview|definition|what it (?:is|does))$")
# A header that says who pays: "Plan pays", "Member pays", "You pay".
_PAYER = re.compile(
    r"(?i)^(?:what\s+)?(?:the\s+)?(?P<who>you|plan|member|employee|employer|insurer|patient|company)\s+(?P<verb>pays?|covers?|owes?)$"
)
_NO_ARTICLE_ENTITY = {"row", "destination", "country", "region", "city", "location", "state"}
# Nouns that say only that a row is one of the table's ("the Books item"): the label alone.
_NO_ARTICLE_ENTITY |= {"item", "entry", "value", "name", "title", "description"}
# A header that says the rows are kinds of something ("Type"): "the Apple type" says no
# more than "Apple".
_NO_ARTICLE_ENTITY |= {"type", "kind", "sort", "variety"}
# A row that is something done ("Action", "Task") is named by what is done: "the cost of
# <work>", not "the cost of the <work> action".
_NO_ARTICLE_ENTITY |= {"action", "task", "activity", "step", "measure", "procedure"}


# A part of a territory named by its direction ("North", "South West", "Central"): said
# with its noun ("the North region"); a region named by a place ("Europe") is not.
_DIRECTION = re.compile(
    r"(?i)^(?:(?:north|south)(?:[ -]?(?:east|west))?|east|west|central|mid[ -]?west|"
    r"(?:north|south|east|west)(?:ern)?(?: central)?)$"
)
_TERRITORY = frozenset(("region", "zone", "area", "district", "territory", "sector"))


def said_territory(noun: str, label: str) -> str | None:
    """ "the North region" for a region named by its direction; None for any other."""
    if noun.lower() in _TERRITORY and _DIRECTION.match(label.strip()):
        return f"the {label} {noun.lower()}"
    return None


def named(view: TableView, label: str) -> str:
    """The row as a question names it: "the Basecamp 6 tent", or the label alone."""
    noun = view.entity
    if _PERSON.search(noun):
        return label  # "Jill T.", not "the Jill T. sales rep"
    if THE_PLACE.match(label):
        return f"the {label}"
    if len(view.key) == 1 and (territory := said_territory(noun, label)):
        return territory
    if (
        noun in _NO_ARTICLE_ENTITY
        or len(view.key) > 1
        or label.lower().endswith(noun.lower())
        or noun.lower() in label.lower().split()
    ):
        return label
    return f"the {label} {noun}"


def _life_question(col: Column, base: str, label: str, value: str, view: TableView) -> str | None:
    """A person's cell: "When was <Name> born?", "When did <Name> die?", "What is <Name>'s
    profession?"; None for a row that is no person."""
    if view.entity != "person":
        return None
    life = _LIFE_DATE.match(base)
    if life and re.search(r"\d", value):
        return f"When was {label} born?" if life.group("birth") else f"When did {label} die?"
    natural = col.natural
    if natural is None or _LIFE_DATE.match(base):
        return None
    be = "are" if is_plural(natural) and not natural.endswith("ss") else "is"
    return f"What {be} {label}'{'' if label.endswith('s') else 's'} {natural}?"


def cell_question(col: Column, label: str, value: str, view: TableView) -> str | None:
    """The English question whose answer is ``value`` in ``col`` for the row ``label``;
    None when the column has no askable name (it ends in a preposition, it is a question)."""
    if (natural := col.natural) is None:
        return None
    row = named(view, label)
    if view.entity.lower() in natural.lower().split():
        row = label  # "the discount for SPRING", not "the discount of the SPRING discount"
    base = re.sub(r"\s*[(\[][^()\[\]]*[)\]]\s*$", "", col.name).strip()
    event = _DATE_EVENT.match(base)
    if event and (col.role == "date" or re.search(r"\d", value)):
        return f"When was {row} {event.group('event').lower()}?"
    if (life := _life_question(col, base, label, value, view)) is not None:
        return life  # a person's: "When was <Name> born?", "What is <Name>'s profession?"
    if _DURATION.match(value):
        key = view.key[0] if view.key else ""
        prep = "to" if _TO_KEY.search(key) else "for"
        subject = natural if not natural.startswith("the ") else natural[4:]
        return f"How long does {subject} {prep} {row} take?"
    payer = _PAYER.match(base)
    if payer:
        # "Plan pays", "You pay": a clause, asked of who pays ("What does the plan pay
        # for dental?", "What do I pay for ...?").
        who = payer.group("who").lower()
        verb = payer.group("verb").lower().rstrip("s")
        ask = "do I" if who == "you" else f"does the {who}"
        return f"What {ask} {verb} for {row[:1].lower() + row[1:] if row == label else row}?"
    thing = row != label and not PERSONISH.search(view.entity)  # a product, not a job
    if _WEIGHT.match(base) and thing:
        return f"How much does {row} weigh?"
    if thing and (priced := priced_question(view, col.name, row)) is not None:
        return priced  # its total is what it costs; a unit price is asked as one
    verb = CAPACITY_VERB.match(base)
    if verb and re.fullmatch(r"\d+", value):
        base_verb = verb.group("verb").lower()
        base_verb = (
            base_verb[:-2] if base_verb.endswith("es") and base_verb != "serves" else base_verb[:-1]
        )
        return f"How many people does {row} {base_verb}?"
    if _GROUP.search(base) and row != label:
        return f"Which {natural} is {row} in?"
    if _KIND.search(base) and row != label:
        return f"What {natural} is {row}?"
    if _ACTION.match(base):
        # "What do I need to do when receiving a gift worth up to $75?"
        when = "when" if re.match(r"^\w+ing\b", label) else "for"
        return f"What do I need to do {when} {label}?"
    if _DESCRIBES.match(base) and row != label:
        # A column that describes its row answers what the row is: "What is the Bot
        # Manager security role?", never "What is the description of ...?".
        return f"What is {row}?"
    if view.entity == "row" and _LISTED.match(value) and not is_plural(natural):
        # A row named by its label alone whose cell lists several things ("Ash, Elm,
        # Maple" under "Food"): "Which foods are listed for Leaves?".
        return f"Which {plural_of(natural)} are listed for {row}?"
    be = "are" if is_plural(natural) and not natural.endswith("ss") else "is"
    link = "of" if row != label and not THE_PLACE.match(label) else "for"
    return f"What {be} the {natural} {link} {row}?"


# A cell that lists three things or more, each a word or two.
_LISTED = re.compile(r"^[^,;]{1,30}(?:,\s*[^,;]{1,30}){2,}$")


_FREE_FROM = re.compile(r"(?i)^free\s+(?:from|over|above|for orders over)$")


def threshold_question(col: Column, label: str, value: str, view: TableView) -> str | None:
    """ "Free from: $120" on the Canada row of a Shipping table -> "From what order value is
    shipping to Canada free?"."""
    base = re.sub(r"\s*[(\[][^()\[\]]*[)\]]\s*$", "", col.name).strip()
    if not _FREE_FROM.match(base) or not re.search(r"[$€£¥]|\d", value):
        return None
    what = (view.title or "delivery").lower()
    prep = "to" if _TO_KEY.search(view.key[0] if view.key else "") else "for"
    return f"From what order value is {what} {prep} {named(view, label)} free?"


# "Breakfast Included", "Parking Available": a yes/no column that says what it is about.
PARTICIPLE_HEADER = re.compile(
    r"(?i)^(?P<what>.+?)\s+(?P<part>included|available|required|allowed|provided|covered)$"
)


# A column that says what a row's amount is counted per ("Unit of Issue", "UOM",
# "Billing unit"); a gloss after it ("(e.g. Hour, Task)") is an example, not its name.
_UNIT_COLUMN = re.compile(
    r"(?i)^(?:(?:billing|pricing|sales)\s+)?(?:units?(?:\s+of\s+(?:issue|measure|sale))?|uom)$"
)
# A header that says what its amount is counted per: "Price per word", "Rate (per hour)".
_PER_HEADER = re.compile(r"(?i)\b(?P<per>per\s+[^\W\d_][^\W\d_ -]*(?:[ -][^\W\d_]+)?)\)?\s*$")
# A rate its header counts by the hour, day or week: "Hourly rate", "Daily fee".
_ADVERB_RATE = re.compile(
    r"(?i)^(?P<per>hourly|daily|weekly)\s+(?:rate|fee|price|wage|pay|cost)s?$"
)
_ADVERB_PER = {"hourly": "per hour", "daily": "per day", "weekly": "per week"}
_MONEY = re.compile(r"[$€£¥]|\b(?:USD|EUR|GBP|CHF)\b")
_MONEY_HEADER = re.compile(r"(?i)\b(?:price|cost|rate|fee|charge|amount|wage|pay)s?\b")


def per_unit(answer: str, col: Column, record: dict[str, str], view: TableView) -> str:
    """An amount with what it is counted per, when its header or its row says so (a
    percentage with its sign when only the header says it is one): "$0.20"
    under "Price per word" -> "$0.20 per word"; "$80.00" in a row whose "Unit of Issue"
    is "Hour" -> "$80.00 per hour". A price without it reads as a price for the whole."""
    if not re.search(r"\d", answer) or re.search(r"(?i)\bper\b|/|\beach\b", answer):
        return answer
    header = re.sub(r"\s*\([^()]*\)\s*$", "", col.name).strip()
    if re.match(r"(?i)^(?:percent|percentage|pct\.?|%)(?:\s|$)", header) and re.fullmatch(
        r"-?\d+(?:\.\d+)?", answer
    ):
        return f"{answer}%"  # "Percent of hires: 10.1" is 10.1%
    per = _PER_HEADER.search(col.name)
    if per:
        return f"{answer} {per.group('per').lower()}"
    adverb = _ADVERB_RATE.match(header)
    if adverb:
        return f"{answer} {_ADVERB_PER[adverb.group('per').lower()]}"
    if not (_MONEY.search(answer) or _MONEY_HEADER.search(header)):
        return row_unit(answer, col, record, view)  # a quantity: "12 kg"
    for other in view.columns.values():
        name = re.sub(r"\s*\([^()]*\)\s*$", "", other.name).strip()
        if other is col or not _UNIT_COLUMN.match(name):
            continue
        unit = record.get(other.name, "").strip()
        if not re.fullmatch(r"[^\W\d_][^\W\d_ .-]{0,20}", unit):
            continue  # a number, a code or a sentence: no unit to say
        if unit.casefold() in ("each", "ea", "ea.", "unit"):
            return f"{answer} each"
        return f"{answer} per {unit.lower()}"
    return answer


def with_unit(value: str, unit: str | None) -> str:
    """A number with the unit its column gives ("9.8" in "Weight (kg)" -> "9.8 kg"); a
    scale ("In millions") is said by :func:`scaled`."""
    if not unit or SCALE_CELL.match(unit) or not re.fullmatch(r"[-+]?\d[\d,]*(?:\.\d+)?", value):
        return value
    if unit in ("$", "€", "£", "¥"):
        return f"{unit}{value}"
    if unit == "%":
        return f"{value}%"
    return f"{value} {unit}"


# A header that says the scale and currency of the table's figures, not what its column
# holds: "In millions of CHF", "(in thousands)", "USD millions", "$ in millions".
_SCALE_NOTE = re.compile(
    r"(?i)^\(?\s*(?:(?:[A-Z]{3}|[$€£¥])\s+)?(?:in\s+)?(?:(?:[A-Z]{3}|[$€£¥])\s+)?"
    r"(?:thousands|millions|billions|mn|m|bn)(?:\s+of\s+(?:[A-Z]{3}|[$€£¥]|\w+))?\s*\)?$"
)


def scale_note(view: TableView) -> str | None:
    """The scale the table's figures are in, as its first header states it ("in millions
    of CHF"); None when it states none."""
    first = next(iter(view.columns), "").strip()
    if not _SCALE_NOTE.match(first):
        return None
    note = first.strip("()").strip()
    # "$ in millions": the currency is said with each figure, the note keeps the scale.
    note = re.sub(r"^[$€£¥]\s+(?=in\s)", "", note, flags=re.IGNORECASE)
    return note[:1].lower() + note[1:] if note[:3].lower() == "in " else f"in {note}"


def note_currency(view: TableView) -> str:
    """The currency sign a first header that states the scale gives ("($ in millions)" ->
    "$"), or ""."""
    first = next(iter(view.columns), "").strip()
    m = re.match(r"^\(?\s*(?P<sign>[$€£¥])\s+in\s", first, re.IGNORECASE)
    return m.group("sign") if m and _SCALE_NOTE.match(first) else ""


def scaled(answer: str, col: Column, view: TableView, row: str = "") -> str:
    """A figure in a table that states its scale, said with it: "12,553" under "In
    millions of CHF" -> "12,553 (in millions of CHF)", a negative printed in brackets with
    its sign ("(81)" -> "-81 (in millions of CHF)"); a percentage, or a figure on a row
    the note excepts (``row`` names a per share amount or a rate), as it is. (Said as the
    note says it: "CHF 12,553 million" would be read as a figure of its own.)"""
    note = col.own_scale or scale_note(view) or view.scale
    if note is None or col.role != "number" or answer.endswith("%") or unscaled_row(row):
        return answer
    if not re.search(r"\d", answer) or "(in " in answer:
        return answer
    bracketed = re.fullmatch(r"\((?P<num>[^()]+)\)", answer)
    if bracketed:
        answer = f"-{bracketed.group('num')}"
    sign = note_currency(view)
    if sign and re.fullmatch(r"-?\d[\d,.]*", answer):
        # A bare figure of a table whose corner gives its currency: said in it, grouped
        # as the table's other figures print theirs ("2647" -> "$2,647").
        digits = answer.lstrip("-")
        if re.fullmatch(r"\d{4,}", digits):
            digits = f"{int(digits):,}"
        answer = f"{'-' if answer.startswith('-') else ''}{sign}{digits}"
    return f"{answer} ({note})"
