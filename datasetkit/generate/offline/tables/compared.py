"""What a question over a table's rows may compare: a column that one part of a two-column
key decides (naming the row gives it away), and a column in one unit or currency (a total,
highest or lowest compares like with like)."""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.view import Column, TableView


def decided_by_part_of_key(view: TableView, col: Column) -> bool:
    """True when one column of a two-column key decides ``col`` across the table: every
    row that shares its value has the same ``col``, so naming the row gives it away."""
    if len(view.key) < 2:
        return False
    for k in view.key:
        seen: dict[str, str] = {}
        consistent = True
        for r in view.rows:
            record = r.record or {}
            kv, cv = record.get(k, "").strip().casefold(), record.get(col.name, "").strip()
            if seen.setdefault(kv, cv) != cv:
                consistent = False
                break
        if consistent and len(seen) < len(view.rows):
            return True
    return False


_CURRENCY_SIGN = re.compile(
    r"[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|JPY|CHF|NOK|SEK|DKK|INR|CAD|AUD|CNY|yen)\b"
)
_UNIT_HEADER = re.compile(r"(?i)\b(?:currency|unit|units|uom|währung|devise|moneda|einheit)\b")


def one_unit(view: TableView, col: Column) -> bool:
    """True when every value of ``col`` is in one unit or currency, so a total, highest or
    lowest compares like with like (not yen with dollars, nor percent with counts)."""
    signs = {m.group(0).casefold() for v in col.filled for m in _CURRENCY_SIGN.finditer(v)}
    if len(signs) > 1:
        return False
    percent = {v.strip().endswith("%") for v in col.filled}
    if len(percent) > 1:
        return False
    # Another column of several units or currencies (words, not "Units Sold" figures).
    units = [o for o in view.columns.values() if o is not col and o.role == "text"]
    units = [o for o in units if _UNIT_HEADER.search(o.name)]
    return all(len({v.casefold() for v in o.filled}) <= 1 for o in units)
