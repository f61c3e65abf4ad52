"""Lone surrogates are found in records of strings (CSV rows) as in nested JSON rows."""

from __future__ import annotations

from typing import Any

import pytest

from datasetkit.formats.text_checks import surrogate_problems


@pytest.mark.parametrize(
    ("row", "pointer"),
    [
        ({"query": "ok", "response": "half \ud83d of a pair"}, "/response"),
        ({"query": "ok", "messages": [{"content": "a \ud800"}]}, "/messages/0/content"),
    ],
)
def test_a_lone_surrogate_is_found_where_it_is(row: dict[str, Any], pointer: str) -> None:
    ((code, message, _, ptr),) = surrogate_problems(row, "foundry")
    assert code == "foundry.text.lone-surrogate" and "lone surrogate" in message
    assert ptr == pointer


def test_a_record_of_plain_strings_has_none() -> None:
    assert surrogate_problems({"query": "Ünïcode 😀 text", "response": "r"}, "foundry") == []
