"""Subtotal rows: a group's total over the rows right below it, never ranked or counted
among them."""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.view import TableView


def subtotal_rows(view: TableView) -> set[int]:
    """The rows (their ids) whose whole number in a column is the sum of three or more rows
    right below them: a group's subtotal over its members, never ranked or counted among
    them."""
    found: set[int] = set()
    for col in view.columns.values():
        nums = [
            int(v.replace(",", "")) if re.fullmatch(r"\d[\d,]*", v) else None for v in col.values
        ]
        for i, n in enumerate(nums):
            total = 0
            for k, m in enumerate(nums[i + 1 :], start=1):
                if n is None or m is None or total + m > n:
                    break
                total += m
                if total == n and k >= 3:
                    found.add(id(view.rows[i]))
                    break
    return found
