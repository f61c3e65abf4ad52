"""What a prompt names, and the subject a set's prompts share."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit import lint
from datasetkit.lint.subject import asks_a_definition, names_in, names_something, shared_subject


def test_a_name_counts_anywhere_but_a_sentences_first_word() -> None:
    assert names_something("How long is the warranty on the Ridgeline 3?")
    assert names_something("Can I return the X4?")  # a model code
    assert names_something("Who approves leave at the BBC?")
    assert not names_something("How long is the warranty?")
    assert not names_something("I'm new. Can I audit classes?")  # "I" and sentence starts
    assert not names_something('What does "the tent" mean?')


def test_names_are_runs_of_named_words() -> None:
    found = names_in("What are Contoso Electronics' values at the University of Chicago?")
    assert {"Contoso Electronics", "University of Chicago", "Contoso"} <= found


def test_a_subject_is_held_by_half_the_prompts_or_more() -> None:
    prompts = ["Where is Acme based?", "Who founded Acme?", "When is lunch?", "Where do I park?"]
    assert shared_subject(prompts) == "Acme"
    assert shared_subject([*prompts, "Who is on call?"]) is None  # 2 of 5
    assert shared_subject(prompts[:3]) is None  # too few to say


def test_a_question_for_a_terms_meaning_is_about_the_term() -> None:
    assert asks_a_definition("What is a restocking fee?")
    assert asks_a_definition("What does coinsurance mean?")
    assert not asks_a_definition("What is the warranty period?")
    assert not asks_a_definition("What are my rights regarding my personal information?")


def test_a_prompt_in_the_authors_voice_is_an_unresolved_reference(tmp_path: Path) -> None:
    items = [
        {"prompt": "How do I achieve our vision?", "expected_response": "By three ambitions."},
        {"prompt": "What does Contoso offer us?", "expected_response": "Three plans."},
        {"prompt": "How does Contoso achieve its vision?", "expected_response": "By research."},
    ]
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}), encoding="utf-8")
    found = [x for x in lint(str(f)).findings if x.code == "lint.prompt.unresolved-reference"]
    assert len(found) == 2, [x.message for x in found]
    assert all("points at something" in x.message for x in found)


def test_a_function_every_organisation_has_names_no_one() -> None:
    # "HR", "IT", "CEO": who acts, in every organisation; the question still says nothing
    # of whose rule it asks about.
    assert not names_something("Within how many days will HR approve the request?")
    assert not names_something("Who must the CEO inform?")
    assert names_something("Within how many days will HR at Contoso approve it?")


def test_a_time_names_no_one() -> None:
    # A month, a weekday, a season or a quarter dates a prompt; it says nothing of whose.
    assert not names_something("When do classes start in Fall 2021?")
    assert not names_something("What was the revenue in Q4 2025?")
    assert not names_something("Is the store open on Monday in March?")
    assert names_something("When do classes start at Duke in Fall 2021?")
