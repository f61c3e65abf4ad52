"""A paper's publishing furniture (thanks, contributions, interests, correspondence,
reprints, its history) is never asked; its findings are."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Where can I find reprints and permissions information?",
            "Reprints and permissions information is available at www.example.org/reprints.",
        ),
        (
            "Where are the full methods available?",
            "Full methods are available in the online version of the paper at example.org.",
        ),
        ("What is the electronic address?", "Electronic address: jane@example.edu"),
        (
            "When was the paper accepted?",
            "Received 21 December 2009; accepted 19 March 2010.",
        ),
        (
            "Who designed the study?",
            "J.D. designed the study and wrote the paper, and both authors contributed equally.",
        ),
        ("Who is thanked for comments?", "We thank A. Smith and B. Jones for comments."),
        ("Are there competing interests?", "Competing interests: none declared."),
        ("Whom do the authors thank?", "The authors would like to thank A. Smith for the data."),
        ("Wem danken die Autoren?", "Wir danken A. Schmidt für die Daten."),
        ("What is Keywords?", "dark energy theory, supernova type Ia, cosmological constant"),
        ("What is the arxiv eprint?", "arXiv:0807.3577"),
        (
            "How do I copy otherwise?",
            "To copy otherwise, to republish, to post on servers or to redistribute to lists, "
            "requires prior specific permission and/or a fee.",
        ),
        (
            "Who may make digital copies of the work?",
            "Permission to make digital or hard copies of all or part of this work for personal "
            "use is granted without fee.",
        ),
        ("What is section 3?", "Section 3 is a general overview of the compiler we use."),
        ("What do the authors present in section 4?", "In Section 4, we present our results."),
        ("How is the paper organized?", "The rest of this paper is organized as follows."),
    ],
)
def test_publishing_matter_is_rejected(question: str, answer: str) -> None:
    found = check_case(question, answer, answer)
    assert found is not None and found.code == "furniture", found


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "What must a trustee do about conflicts of interest?",
            "A trustee must disclose any conflicts of interest at the first meeting.",
        ),
        (
            "What do I confirm by signing the handbook?",
            "Acknowledgment. By my signature below, I confirm that I have read the handbook.",
        ),
        (
            "What does section 2 of the Act require?",
            "Section 2 of the Act requires employers to pay overtime after 40 hours.",
        ),
        (
            "What does Chapter 7 bankruptcy let a debtor do?",
            "Chapter 7 bankruptcy lets a debtor discharge most unsecured debts.",
        ),
        (
            "When is an acknowledgement of receipt sent?",
            "An acknowledgement of receipt is sent within 5 days of the claim.",
        ),
    ],
)
def test_a_topic_that_is_also_a_back_matter_label_is_no_furniture(
    question: str, answer: str
) -> None:
    found = check_case(question, answer, answer)
    assert found is None or found.code != "furniture", found


def test_keywords_of_a_topic_are_no_furniture() -> None:
    answer = "Choose keywords that your customers type into a search engine."
    assert check_case("Which keywords should I choose for my shop?", answer, answer) is None


def test_a_finding_of_the_paper_passes() -> None:
    answer = (
        "Mentors with low fecundity train protégés whose fecundity is 37% higher than expected."
    )
    assert (
        check_case("How fecund are the protégés of mentors with low fecundity?", answer, answer)
        is None
    )


PAPER = """# Mentorship in mathematics

## Results

The genealogy network holds 7,259 mathematicians who graduated between 1900 and 1960.
Mentors with low fecundity train protégés whose fecundity is 37% higher than expected.
The average fecundity of mentors stays stable over sixty years of recorded mentorship.

## Back matter

Acknowledgements We thank A. Smith and B. Jones for comments on the manuscript.

Author Information Reprints and permissions information is available at www.example.org/reprints.
Correspondence and requests for materials should be addressed to J.D. (jd@example.edu).

Received 21 December 2009; accepted 19 March 2010.
"""


def test_a_paper_is_asked_its_findings_not_its_back_matter(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    path.write_text(PAPER, encoding="utf-8")
    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    result = gen.generate_knowledge(build_plan(chunks, 20, 1, capacity=gen.capacity))
    cases = [(c.case.turns[0].prompt, c.case.turns[0].expected or "") for c in result.cases]
    text = " ".join(f"{q} {a}" for q, a in cases).lower()
    for word in ("reprints", "thank", "correspondence", "accepted"):
        assert word not in text, cases
