"""Prices as price lists, menus and rate cards set them: an amount with its currency sign
("12,50 €", "€ 12.50", "$9.95", "45,00 €/Std."), at the end of an item's line.

Ingestion and generation share these patterns: a line that ends in a price is an item of
a list of prices (no heading, however bold it is set), and its price is what it is asked.
"""

from __future__ import annotations

import re

AMOUNT = r"\d{1,5}(?:[.,]\d{3})*(?:[.,]\d{1,2})?|\d{1,5}[.,]-"
CURRENCY = r"(?:€|EUR|\$|USD|£|GBP|CHF|Fr\.)"
PRICE = rf"(?:{CURRENCY}\s?(?:{AMOUNT})|(?:{AMOUNT})\s?{CURRENCY})"
# A price per unit ("€/Std.", "€ pro Stunde", "$ per hour", "€ par personne").
PER = r"(?:\s?/\s?[^\W\d_]{1,12}\.?|\s(?:pro|per|par|por|je|each|la|le|el)\s[^\W\d_]{1,14}\.?)"

# A line that names something and ends in one or more prices (each with its own sign).
_ENDS_PRICED = re.compile(rf"^(?=.*[^\W\d_]{{2}}).+?\s(?:{PRICE})(?:{PER})?\s*\*?$")


def ends_in_price(text: str) -> bool:
    """Whether a line is a named item followed by its price(s): "Tagessuppe 4,50 €"."""
    return _ENDS_PRICED.match(" ".join(text.split())) is not None
