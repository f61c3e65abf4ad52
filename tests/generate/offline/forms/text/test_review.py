"""Checks for the reviewer's findings on the offline generator (context, shape, duplicates)."""

from __future__ import annotations

from datasetkit.generate.offline.forms.text.definitions import _dictionary
from datasetkit.generate.offline.forms.text.statements import concrete, sentence_fact
from datasetkit.generate.offline.language.words import DocWords, heading_question


def test_yes_no_only_from_concrete_sentences() -> None:
    assert not concrete("This process can be complex.")
    assert not concrete("Contoso will respond promptly and appropriately to any incident.")
    assert not concrete("You should make sure that you understand any restrictions.")
    assert concrete("Visitors must sign in at the front desk.")
    assert concrete("Parking is free for visitors.")
    assert concrete("Reviews are held twice a year.", negative=True)
    words = DocWords(["The process can be complex."])
    assert sentence_fact("The claims process can be complex for new members.", words) is None


def test_generic_definitions_are_dropped() -> None:
    assert _dictionary("Massage therapy", " a form of bodywork that relieves tension.")
    assert _dictionary("A whistleblower", " an individual who reports illegal activity.")
    assert not _dictionary("A claim", " a request for payment under a policy.")
    assert not _dictionary("A deductible", " a type of cost you pay before the plan pays.")
    assert not _dictionary("HSA", " a type of savings account.")


def test_heading_with_you_and_a_modal() -> None:
    words = DocWords(["what you can appeal"])
    assert heading_question("What You Can Appeal", words) == "What can I appeal?"
