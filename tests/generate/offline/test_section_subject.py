"""A question asked under one entry of a catalogue (a role, a product, an event) names it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.offline_prompts import offline_prompts


def _questions(path: Path, text: str, count: int = 20) -> list[str]:
    return offline_prompts(path, text, count)


def _entry(name: str, duty: str, degree: str, years: int) -> str:
    return f"""
### {name}

#### Responsibilities

- Lead the {duty} team and set its yearly goals.
- Report progress to the board every quarter.

#### Qualifications

- A degree in {degree}.
- At least {years} years of experience in a similar position.
- Fluency in English.
"""


ROLES = (
    ("Chief Operating Officer", "operations", "business administration", 10),
    ("Chief Technology Officer", "engineering", "computer science", 12),
    ("Chief Financial Officer", "finance", "accounting", 8),
)
LIBRARY = (
    "# Leadership Handbook\n\n## Open Roles\n\nThe roles below are open this year.\n"
    + "".join(_entry(*role) for role in ROLES)
)


def test_questions_under_a_catalogue_entry_name_the_entry(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "library.md", LIBRARY)
    asked = [q for q in questions if "qualification" in q.lower() or "responsibilit" in q.lower()]
    assert len(asked) >= 3, questions
    for q in asked:
        assert any(f"Chief {n} Officer role" in q for n in ("Operating", "Technology", "Financial"))
    # Each entry's questions are its own: no two are the same question.
    assert len(set(asked)) == len(asked)


CATALOGUE = """\
# Camp Kitchen Catalogue

## Trail Stove

### Specifications

- Weight: 1.2 kg
- Fuel: propane

### Warranty

The warranty period is 2 years from the date of purchase.

## Summit Kettle

### Specifications

- Weight: 0.4 kg
- Capacity: 1 litre

### Warranty

The warranty period is 5 years from the date of purchase.
"""


def test_two_entries_sharing_their_sub_headings_are_a_catalogue(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "catalogue.md", CATALOGUE)
    warranty = [q for q in questions if "warranty" in q.lower()]
    assert len(warranty) == 2, questions
    assert any("Trail Stove" in q for q in warranty), questions
    assert any("Summit Kettle" in q for q in warranty), questions


SECTIONS = """\
# Office Guide

## Parking

### Hours

The car park is open from 7 am to 8 pm.

## Security

### Badges

Badges must be worn at all times.
"""


def test_sections_with_different_sub_headings_are_no_catalogue(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "office.md", SECTIONS)
    assert questions
    assert not any("for Parking" in q or "for Security" in q for q in questions), questions


def _chapter(n: int, topic: str, rule: str) -> str:
    return f"""
## Chapter {n} - {topic}

### Overview

{rule}

### {topic} records

Records of {topic.lower()} are kept for {n + 4} years.

### {topic} reviews

Reviews of {topic.lower()} are held every {n + 1} months.
"""


def test_chapters_that_share_an_overview_are_no_catalogue(tmp_path: Path) -> None:
    text = "# Trustee Handbook\n" + "".join(
        _chapter(n, topic, rule)
        for n, topic, rule in (
            (1, "Budgets", "Budgets must be approved by the board before the year starts."),
            (2, "Audits", "Audits must be completed within 90 days after the year ends."),
            (3, "Payments", "Payments must be made within 30 days of the invoice date."),
        )
    )
    questions = _questions(tmp_path / "handbook.md", text)
    assert questions
    assert not any("Chapter" in q or "CHAPTER" in q for q in questions), questions


LABELLED = """\
# Role Descriptions at Fabrikam

## Head of Support

Responsibilities:

- Lead the support team and set its yearly goals.
- Report progress to the board every quarter.

Qualifications:

- A degree in business administration.
- At least 8 years of experience in a similar position.

## Head of Sales

Responsibilities:

- Grow revenue in every region and hire the sales team.
- Present the sales plan to the board every year.

Qualifications:

- A degree in marketing.
- At least 10 years of experience in sales.
"""


def test_label_lines_are_the_sub_headings_of_a_catalogue(tmp_path: Path) -> None:
    questions = _questions(tmp_path / "roles.md", LABELLED)
    asked = [q for q in questions if "qualification" in q.lower() or "responsibilit" in q.lower()]
    assert asked, questions
    assert all("Head of Support" in q or "Head of Sales" in q for q in asked), questions
