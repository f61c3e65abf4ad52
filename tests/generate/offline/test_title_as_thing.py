"""A title that the text says as a thing ("this Code of Conduct", "our Code of Conduct"),
or a paper's title naming its topic, is no organisation: no question is asked "at" it or
of its "policies"."""

from __future__ import annotations

import re
from pathlib import Path

import docx
from docx.shared import Pt

from tests.helpers.knowledge_fixtures import offline_pairs

RULES = [
    "This Code of Conduct applies to everyone who uses the Brightwave community forums.",
    "Violating our Code of Conduct can result in action against your account.",
    "Any scams are prohibited.",
    "You may not post information depicting children without the consent of a parent.",
    "You may not share data obtained in violation of any of our policies or agreements.",
    "If you believe a post was removed in error, you can appeal from the removal notice.",
    "This Code of Conduct continually evolves to keep the forums safe.",
    "To learn more about how to report inappropriate posts, visit our Safety Center.",
]


def _code_of_conduct(path: Path) -> Path:
    document = docx.Document()
    document.add_paragraph("CODE OF CONDUCT", style="Title")
    for rule in RULES:
        document.add_paragraph(rule)
    document.save(str(path))
    return path


def test_a_code_the_text_calls_this_code_is_asked_nothing_at(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _code_of_conduct(tmp_path / "code.docx"))
    assert pairs, "the rules are still asked"
    for question in pairs:
        assert "at Code of Conduct" not in question, question
        assert "Code of Conduct's" not in question, question
        # nor a word of the title in capitals read as a company ("How does Code ...?")
        assert not re.search(r"\bCode\b(?! of Conduct)", question), question


def _paper(path: Path) -> Path:
    """A paper whose cover line is its topic, said mid-sentence all through its text."""
    document = docx.Document()
    document.add_paragraph("Open Lab Practice").runs[0].font.size = Pt(18)
    document.add_paragraph("Maria Holt")
    document.add_paragraph("Jonas Berg")
    document.add_paragraph("Why Open Lab Practice", style="Heading 1")
    document.add_paragraph(
        "Open Lab Practice is a set of habits that make a laboratory's work easy to check. "
        "In this article we describe a framework for Open Lab Practice. Shared protocols let "
        "other laboratories repeat a study exactly (Smith et al., 2015)."
    )
    document.add_paragraph("Stages of Open Lab Practice", style="Heading 1")
    document.add_paragraph(
        "Open Lab Practice asks that raw data be kept for at least ten years (Lee et al., "
        "2016). Pre-registration does not limit what a researcher may explore in the data "
        "(Kim et al., 2017)."
    )
    document.add_paragraph(
        "Where should I send feedback? Please send any feedback to the authors at "
        "feedback@example.org."
    )
    document.add_paragraph("The future of Open Lab Practice", style="Heading 1")
    document.add_paragraph(
        "Laboratories that follow Open Lab Practice share their protocols, and the habits of "
        "Open Lab Practice spread as journals ask for Open Lab Practice in their rules."
    )
    document.save(str(path))
    return path


def test_a_papers_topic_is_asked_nothing_at(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _paper(tmp_path / "open-lab.docx"))
    assert any("feedback" in q for q in pairs), pairs
    for question in pairs:
        assert "at Open Lab Practice" not in question, question
