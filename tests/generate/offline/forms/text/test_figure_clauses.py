"""A deadline, limit or frequency question keeps the clause its figure belongs to, whole:
never the subject of another clause, a second figure, a word cut from the figure's own
complement ("... take place prior?") or a verb whose object follows the figure."""

from __future__ import annotations

import pytest

from datasetkit.generate.offline.forms.text.statements import sentence_fact
from datasetkit.generate.offline.language.clauses import parse
from datasetkit.generate.offline.language.words import DocWords

WORDS = DocWords(["The Council and the Fellows of the Society meet online with the Councilors."])


@pytest.mark.parametrize(
    "sentence",
    [
        # The figure is the meeting's, a clause of its own after "and": not the Chair's.
        "The Chair receiving the request shall give notice to the Fellows and the meeting "
        "will take place no later than 2 months after the request is made.",
        # A bound in time counted from an event is a deadline, not an amount of days.
        "Additional candidates must be Fellows and may be nominated by any Fellow no more "
        "than 30 days after the slate is announced.",
        # A second figure would stay in the question.
        "The nominations shall be voted upon at the next meeting if it will occur in less "
        "than four months, or at a special meeting within four months.",
        # The frequency sits between the verb and its object.
        "The bank should send to the treasurer weekly a listing of all returned receipts.",
        "The treasurer must mail, at least annually, to each member, a report of all "
        "receipts and disbursements.",
    ],
)
def test_a_figure_of_another_clause_or_a_cut_clause_is_not_asked(sentence: str) -> None:
    assert sentence_fact(sentence, WORDS) is None


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "Nominations for incoming Councilors shall take place within the twelve months "
            "prior to the upcoming annual meeting.",
            "Within how many months prior to the upcoming annual meeting must nominations "
            "for incoming Councilors take place?",
        ),
        (
            "Members must attend a minimum of two sessions which will not take more than "
            "40 minutes.",
            "How many sessions must members attend?",
        ),
        (
            "Members must pay their dues and will receive the annual report within 30 days "
            "of the meeting.",
            "Within how many days of the meeting will members receive the annual report?",
        ),
    ],
)
def test_the_figure_s_own_clause_is_asked_whole(sentence: str, question: str) -> None:
    fact = sentence_fact(sentence, WORDS)
    assert fact is not None and fact.question == question


def test_a_frequency_that_ends_its_clause_is_still_asked() -> None:
    fact = sentence_fact(
        "Performance reviews are conducted annually and are part of career planning.", WORDS
    )
    assert fact is not None and fact.question == "How often are performance reviews conducted?"


def test_a_lead_that_sets_a_time_before_is_not_part_of_the_subject() -> None:
    # Was asked "Who shall prior to voting, all proposed amendments be reviewed by?".
    c = parse("Prior to voting, all proposed amendments shall be reviewed by the Council.", WORDS)
    assert c is not None and c.lead == "prior to voting"
    assert c.subject == "all proposed amendments"
