"""A label of a part of the document ("SUMMARY:", "Background:") is no term to define, and
"that <thing>" after a preposition points at something the question never names."""

from __future__ import annotations

from pathlib import Path

from datasetkit.lint.wording import unresolved_reference
from tests.helpers.knowledge_fixtures import offline_questions

NOTICE_MD = """\
# Airworthiness Directives; Fabrikam Airplanes

SUMMARY: The agency proposes to supersede an earlier directive, which applies to all
Fabrikam Model 200 airplanes.

Background: The directive was prompted by two accidents in which the trim system failed.

Trim Runaway: A condition in which the stabilizer trim moves without a command from the
pilot.
"""


def test_a_label_of_a_part_of_the_document_is_not_defined(tmp_path: Path) -> None:
    questions = offline_questions(tmp_path, "notice.md", NOTICE_MD)
    assert not [q for q in questions if q in ("What is SUMMARY?", "What is background?")], questions
    assert any("trim runaway" in q.lower() for q in questions), questions  # a term still is


def test_that_after_a_preposition_points_at_something_unnamed() -> None:
    assert unresolved_reference("Why is the regulation within the scope of that authority?")
    assert unresolved_reference("What happens to that amount at year end?")
    # "that" opening a clause, or followed by what it is, names it
    assert unresolved_reference("Which steps show that the backup works?") is None
    assert unresolved_reference("What is the rest of that which remains?") is None


ARTICLE_MD = """\
# Immunotoxicity of Polychlorinated Biphenyls: A Review

Academic Editor: David O. Carpenter, University at Albany, United States

Funding: The authors received no specific funding for this work.

## Terms

Immunotoxicity: The adverse effect of a chemical on the immune system of an organism.

## Editor Information

Phone: (412) 268-5010
Email: editor@example.org
"""


def test_an_article_s_front_matter_and_editor_contact_are_not_asked(tmp_path: Path) -> None:
    questions = offline_questions(tmp_path, "article.md", ARTICLE_MD)
    assert not [q for q in questions if "funding" in q or "editor" in q.lower()], questions
    assert any("immunotoxicity" in q.lower() for q in questions), questions
