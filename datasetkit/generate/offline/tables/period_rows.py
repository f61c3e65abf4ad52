"""A table whose rows are periods (Month | Sales), asked as a user says a period.

A row named by its month is no thing that "has" a figure: "How many sales does the Feb
month have?" reads as a column's words pasted around a cell. Said as a user asks it, the
figure is "in" the period: "What were the sales in February?" (an abbreviated month in
full).
"""

from __future__ import annotations

import calendar
import re

from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.tables.captioned import period_scope, plural_measure
from datasetkit.generate.offline.tables.view import Column, TableView

# The headers of a key column whose rows are periods.
_PERIOD_KEY = re.compile(r"(?i)^(?:month|year|quarter|week|day|date|period|fiscal year)$")
_COUNTED = re.compile(r"(?i)^(?:#|no\.|number of|count of)\s*(?P<what>[a-z][\w -]*)$")
_SHORT = {m[:3].casefold(): m for m in calendar.month_name[1:]} | {"sept": "September"}


def period_said(label: str) -> str:
    """A period as a question says it: an abbreviated month in full, else the label."""
    return _SHORT.get(label.strip().rstrip(".").casefold(), label.strip())


def period_question(col: Column, label: str, view: TableView, lang: str) -> str | None:
    """ "What were the sales in February?": a figure of a table whose one key column is
    a period (its header says so), in English; None for any other cell."""
    measure = col.natural
    if lang != "en" or col.role != "number" or not measure or len(view.key) != 1:
        return None
    key = _PERIOD_KEY.match(view.entity.strip())
    if key is None:
        return None
    # A figure of a day is "on" it, of any longer period "in" it.
    when = ("on " if key.group(0).lower() in ("day", "date") else "in ") + period_said(label)
    counted = _COUNTED.match(measure)
    if counted:
        # "# Shows", "Number of orders": a count, asked as one.
        return f"How many {counted.group('what')} were there {when}?"
    # A rate's base and population, which the caption gives every figure of the table.
    scope = period_scope(view, col)
    if plural_measure(measure):
        # Things counted ("new cases", "visitors"): "How many ... were there in 2021?".
        return f"How many {measure}{' ' + scope if scope else ''} were there {when}?"
    verb = "were" if is_plural(measure) else "was"
    return f"What {verb} the {measure}{' ' + scope if scope else ''} {when}?"
