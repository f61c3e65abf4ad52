"""Handbook pages in Markdown: a quoted dialogue is not an FAQ, a part of the guide is not
what a list is for, and a schedule's label or an activity is not a term to define."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DIALOGUE = """# Weekly check-ins

## How long should a check-in last?

A check-in lasts thirty minutes and is held every week with each person you support.

## Long-term goals

Ask your partner for their goals and help keep them accountable. A talk might go like this:

> Them: I would like to learn the new billing system this quarter.
>
> You: That sounds great. What is your first step going to be?
>
> Them: I will work through the training course first.
>
> You: Good plan. When do you want to finish it by?
>
> Them: By the end of next month.

Keep asking about the goal at later check-ins.
"""


def _pairs_of(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_a_line_of_a_quoted_dialogue_is_never_asked_as_a_question(tmp_path: Path) -> None:
    pairs = _pairs_of(tmp_path, "check-ins.md", DIALOGUE)
    assert not [q for q in pairs if q.startswith(("You:", "Them:"))], list(pairs)
    assert not [a for a in pairs.values() if "Them:" in a or "You:" in a], pairs
    # The page's own question is still asked.
    assert pairs.get("How long should a check-in last?", "").startswith("A check-in lasts"), pairs


GUIDE = """# Buying services

Buying services and software for your project team.

## Buying guide

### Intro meeting

- We will contact you within three business days to set up the first meeting.

## Post award guide

### Contract changes

- Once your contract is awarded, you may need to change it to reflect new work.

- Here are some of the changes we could make to your contract:

  - Administrative change (a new contracting officer)
  - Extension of the period of performance
  - Exercise of an option period
"""


def test_a_list_under_a_part_of_the_guide_is_not_asked_as_for_that_part(tmp_path: Path) -> None:
    pairs = _pairs_of(tmp_path, "purchasing.md", GUIDE)
    assert not [q for q in pairs if "for post award guide" in q.lower()], list(pairs)


MEETINGS = """# Joining the team

## Regular meetings

- **Once a week (ideally): meet with your supervisor.** Talk about your work and your goals.
- **Every month: meet with your cohort.** Share what you learned with the others.

## Feedback

Some problems need a fix and some only need to be heard. Telling the difference is an \
art, and you get better at it with practice and as you build a steady relationship.
"""


def test_a_schedule_label_is_not_asked_as_a_term(tmp_path: Path) -> None:
    pairs = _pairs_of(tmp_path, "joining.md", MEETINGS)
    assert not [q for q in pairs if "once a week" in q.lower() or "every month" in q.lower()], list(
        pairs
    )


def test_an_activity_with_its_object_is_not_asked_as_a_term(tmp_path: Path) -> None:
    pairs = _pairs_of(tmp_path, "joining.md", MEETINGS)
    assert not [q for q in pairs if "telling the difference" in q.lower()], list(pairs)


ROLES = """# The design team

## Who we are

### Coordinators

The Design Coordinators are responsible for the direct supervision of a group of designers. \
Duties include hiring, scheduling, mentoring and training of those designers. \
Coordinators conduct the yearly reviews for the designers reporting to them.

Each project has one coordinator, chosen by the team.
"""


def test_a_roles_responsibilities_are_not_cut_to_their_first_line(tmp_path: Path) -> None:
    # "What are <role> responsible for?" answered by the sentence that opens the duties cuts
    # the rest of them; it is not asked. (Who is responsible for the one task the sentence
    # names is answered whole by the role, and may be.)
    pairs = _pairs_of(tmp_path, "design-team.md", ROLES)
    assert not [q for q in pairs if "responsible for" in q and not q.startswith("Who ")], list(
        pairs
    )
