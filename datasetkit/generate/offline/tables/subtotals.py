"""Subtotal rows: a group's total over the rows right below it, never ranked or counted
among them."""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.view import TableView, summary_row
from datasetkit.knowledge.model import Section


def subtotal_rows(view: TableView) -> set[int]:
    """The rows (their ids) whose whole number in a column is the sum of three or more rows
    right below them: a group's subtotal over its members, never ranked or counted among
    them. Groups nest: a row inside one group's members whose own sum would reach past
    that group is a member that adds up with its neighbours by chance, not a subtotal."""
    spans: dict[int, int] = {}  # row index -> index of its last member
    for col in view.columns.values():
        nums = [
            int(v.replace(",", "")) if re.fullmatch(r"\d[\d,]*", v) else None for v in col.values
        ]
        for i, n in enumerate(nums):
            end = _summed_run(n, nums[i + 1 :])
            if end is not None and i not in spans:
                spans[i] = i + end
    found: set[int] = set()
    open_groups: list[int] = []  # ends of the groups the row being read lies in
    for i in range(len(view.rows)):
        while open_groups and open_groups[-1] < i:
            open_groups.pop()
        end = spans.get(i)
        if end is None or (open_groups and end > open_groups[-1]):
            continue
        found.add(id(view.rows[i]))
        open_groups.append(end)
    return found


def _summed_run(n: int | None, below: list[int | None]) -> int | None:
    """How many rows right below ``n`` (three or more) add up to it exactly, or None."""
    if not n:
        return None  # rows of zeros add up to a zero above them, and sum up nothing
    total = 0
    for k, m in enumerate(below, start=1):
        if n is None or m is None or total + m > n:
            return None
        total += m
        if total == n and k >= 3:
            return k
    return None


# The summary words that also name things a table lists (a function, a statistic).
_NAME_TOO = re.compile(r"(?i)^(?:sum|average|mean|median)$")


def summary_record(view: TableView, row: Section, label: str | None) -> bool:
    """True for a row that sums up the others: a summary word in its label and a figure
    in one of the table's figure columns (a summary sums figures; a row of names and
    words only is one of the records, whatever its name). A row whose label is also a
    name ("SUM" in a list of functions) and that shares a text value with two other
    rows (its category) is one of the records too."""
    if not summary_row(label) or not _has_figure(view, row):
        return False
    if not _NAME_TOO.match(str(label).strip()):
        return True
    record = row.record or {}
    for col in view.columns.values():
        value = (record.get(col.name) or "").strip()
        if col.name in view.key or col.role != "text" or not value:
            continue
        if sum((r.record or {}).get(col.name, "").strip() == value for r in view.rows) >= 3:
            return False
    return True


def _has_figure(view: TableView, row: Section) -> bool:
    """Whether the row holds a value in a column of figures."""
    record = row.record or {}
    return any(
        col.role == "number" and (record.get(col.name) or "").strip()
        for col in view.columns.values()
    )
