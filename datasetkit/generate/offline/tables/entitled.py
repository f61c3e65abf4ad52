"""What a grade of staff is entitled to, asked as a person asks it.

A policy's table by grade or band ("Grade / Band | Hotel Category | Air Travel") lists
what each grade of staff receives. Asked as an attribute of the row, its question says
nothing a person says ("What is the air travel of the Manager grade?", "What hotel
category is the Manager grade?"); a person asks what the grade is entitled to: "What
hotel category is the Manager grade entitled to?". A figure (an amount, a count) is
asked by the other forms, which say its measure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datasetkit.generate.offline.tables.view import TableView

# Row nouns that name a grade of staff.
_RANK = re.compile(r"(?i)^(?:(?:pay|job|salary|staff)\s+)?(?:grade|band|cadre)$")
# An amount: a figure alone, or one with a currency.
_AMOUNT = re.compile(r"^[\d\s.,%+-]+$|[$€£¥₹]|\b(?:INR|USD|EUR|GBP)\b")


def entitled_question(natural: str, row: str, value: str, view: TableView) -> str | None:
    """ "What <natural> is <row> entitled to?" for a text cell of a table whose rows are
    grades of staff; None for any other table or cell."""
    if not _RANK.match(view.entity) or _AMOUNT.search(value):
        return None
    return f"What {natural} is {row} entitled to?"
