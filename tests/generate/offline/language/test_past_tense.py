"""A past-tense verb is read with its base form only when a dictionary confirms it."""

from __future__ import annotations

import pytest

from datasetkit.generate.offline.language.past_tense import is_participle, past_base


@pytest.mark.parametrize(
    ("past", "base"),
    [
        ("debuted", "debut"),
        ("renamed", "rename"),
        ("stopped", "stop"),
        ("called", "call"),
        ("used", "use"),
        ("studied", "study"),
        ("agreed", "agree"),
        ("sold", "sell"),
        ("founded", "found"),
        ("reversed", "reverse"),
        ("sensed", "sense"),
        ("passed", "pass"),
    ],
)
def test_a_past_verb_gives_its_base(past: str, base: str) -> None:
    assert past_base(past) == base


@pytest.mark.parametrize("word", ["need", "shed", "red", "proceed", "frobnicated", "Paris"])
def test_a_word_that_is_no_past_verb_gives_none(word: str) -> None:
    assert past_base(word) is None


def test_participles_include_irregular_ones() -> None:
    assert is_participle("sold") and is_participle("listed") and not is_participle("gold")
