"""A question over a list is answered by every item of it, even when the list is longer
than a chunk of text; a list that cannot be read whole is not asked at all."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

SKILLS = [
    "a degree in computer science, statistics or a related field, or equivalent experience",
    "five years of experience building and running data pipelines in production settings",
    "fluency in Python and SQL, with working knowledge of one compiled language",
    "experience designing schemas for analytical and transactional workloads alike",
    "a record of mentoring engineers and reviewing their designs and code with care",
    "familiarity with cloud storage, queues and container scheduling on a major provider",
    "the ability to explain trade-offs to product managers and executives in plain words",
    "experience with privacy reviews, data retention rules and access control audits",
    "willingness to take part in an on-call rotation one week in every six weeks",
]


# What the role is, long enough that the list after it starts late in a chunk of text.
ROLE = " ".join(
    [
        "The senior data engineer designs, builds and runs the pipelines that feed reporting.",
        "The role works with analysts, product managers and the security team every week.",
        "Most of the work is in Python and SQL, on a platform the team has built since 2019.",
        "The engineer owns the quality of the data that finance uses for its monthly close.",
        "Each quarter the team plans its work with the platform lead and the finance lead.",
        "The engineer also takes part in hiring, and helps new engineers find their way in.",
        "The team sits in Oslo and Lisbon, and meets in person twice a year for a week.",
        "The position is permanent and full time, with a salary band agreed on hiring.",
        "Travel is rare, as most meetings are held online across the two offices each week.",
        "Applications are reviewed every Monday, and each applicant hears back in a week.",
    ]
)


def _posting(items: list[str]) -> str:
    lines = "\n".join(f"- {s[:1].upper()}{s[1:]} for the data platform team." for s in items)
    return (
        f"# Northwind Careers\n\n## Senior Data Engineer\n\n{ROLE}\n\nQualifications:\n\n{lines}\n"
    )


def test_a_list_longer_than_a_chunk_is_answered_whole(tmp_path: Path) -> None:
    doc = tmp_path / "posting.md"
    doc.write_text(_posting(SKILLS), encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    asked = [a for q, a in pairs.items() if "qualifications" in q.lower()]
    assert asked, "\n".join(pairs)
    for answer in asked:
        missing = [s for s in SKILLS if s[1:40] not in answer]
        assert not missing, (answer, missing)


def test_a_list_too_long_to_read_whole_is_not_asked(tmp_path: Path) -> None:
    doc = tmp_path / "posting.md"
    doc.write_text(_posting(SKILLS * 4), encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    assert not [q for q in pairs if "qualifications" in q.lower()], "\n".join(pairs)


AUDIT = """# Northwind Annual Report

## Notes to Financial Statements

### Income Taxes

- We evaluated the methods management used to identify uncertain tax positions.
- We tested the controls over the recognition and measurement of tax positions.
- We involved tax specialists to assess the positions taken in each country.
"""


def test_an_account_of_what_was_done_is_not_asked_as_a_list_of_things(tmp_path: Path) -> None:
    doc = tmp_path / "report.md"
    doc.write_text(AUDIT, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    questions = "\n".join(_pairs(cases))
    assert "What are the income taxes" not in questions, questions


HANDBOOK = """# Trustee Handbook

## Chapter 3 - Business Cases

### a. Trustee Review of a Business Case

#### Practice Tips

- Nature and location of the business;
- Number of employees;
- Status of tax returns and tax delinquencies.
"""


def test_a_lower_case_list_label_never_enters_a_question(tmp_path: Path) -> None:
    doc = tmp_path / "handbook.md"
    doc.write_text(HANDBOOK, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    questions = "\n".join(_pairs(cases))
    assert "practice tips" in questions.lower(), questions
    assert " a. " not in questions.lower(), questions
