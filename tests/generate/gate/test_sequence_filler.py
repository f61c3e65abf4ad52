"""The gate turns down a question that names a member of a sequence by its place only
("the next category"), an answer that is a template's stand-in content, and an answer that
stops at the first member of a series; a document built with these gets the good cases and
not the bad ones, through the whole generation run."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.lint.filler import sample_content
from datasetkit.lint.sequence import sequence_reference
from tests.helpers.knowledge_fixtures import generate_offline

ANSWER = "A floating image is surrounded by the text of the page."


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("What is the final type of image?", "en"),
        ("What is the next category of image?", "en"),
        ("What is a second challenge?", "en"),
        ("What is another challenge of calibration?", "en"),
        ("What are the remaining steps?", "en"),
        ("Was ist der nächste Schritt?", "de"),
        ("Welche weiteren Gründe gibt es?", "de"),
        ("Quelle est l'étape suivante ?", "fr"),
        ("Quel est le dernier type d'image ?", "fr"),
        ("¿Cuál es el siguiente paso?", "es"),
        ("¿Cuál es el último tipo de imagen?", "es"),
    ],
)
def test_a_place_in_an_unseen_order_is_an_unresolved_reference(question: str, lang: str) -> None:
    found = check_case(question, ANSWER, ANSWER, language=lang)
    assert found is not None and found.code == "unresolved_reference", found


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("What is the first step in filing a claim?", "en"),
        ("What is the final step of the appeal process?", "en"),
        ("What are the next steps after submitting the form?", "en"),
        ("Who is the first point of contact for IT issues?", "en"),
        ("What is the last day to file a claim?", "en"),
        ("What is the second largest city in Norway?", "en"),
        ("What types of image does Word support?", "en"),
        ("Was ist der erste Schritt bei der Anmeldung?", "de"),
        ("Quelle est la deuxième étape de la procédure ?", "fr"),
        ("¿Cuál es el segundo paso del proceso?", "es"),
    ],
)
def test_a_sequence_the_question_names_is_resolved(question: str, lang: str) -> None:
    assert sequence_reference(question, lang) is None


@pytest.mark.parametrize(
    "answer",
    [
        "One\nTwo\nThree\nFour with a longer line to show the indent.\nFive",
        "Bullet Level 1\nBullet Level 2\nBullet Level 3\nBullet Level 4",
        "loose list item",
        "Heading 2 text",
        "Eins\nZwei\nDrei",
        "élément de liste",
        "elemento de lista",
    ],
)
def test_stand_in_content_is_no_answer(answer: str) -> None:
    found = check_case("What are the items of the sample?", answer, answer)
    assert found is not None and found.code == "placeholder", found


@pytest.mark.parametrize(
    "answer",
    [
        "Fill in the form\nAttach the decision letter\nSend both to HR",
        "5 per month\n10 per month\n15 per month",
        "1\n2\n3",
        "67.2",
        "Monday\nTuesday\nWednesday",
        "The table lists every office.",
    ],
)
def test_real_answers_are_no_stand_ins(answer: str) -> None:
    assert sample_content(answer) is None


def test_an_answer_cut_at_the_first_member_of_a_series_is_incomplete() -> None:
    evidence = (
        "We launched Helper, an assistant for engineers that writes, reviews, tests, and "
        "deploys code, while also answering questions."
    )
    found = check_case(
        "What is Helper?", "Helper is an assistant for engineers that writes.", evidence
    )
    assert found is not None and found.code == "incomplete", found
    whole = "Helper is an assistant for engineers that writes, reviews, tests, and deploys code."
    assert check_case("What is Helper?", whole, evidence) is None
    german = "Der Zuschuss deckt Reisen, Hotels, Mahlzeiten und Taxis ab."
    found = check_case(
        "Was deckt der Zuschuss ab?", "Der Zuschuss deckt Reisen.", german, language="de"
    )
    assert found is not None and found.code == "incomplete", found


def _demo_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Conversion demo", level=1)
    d.add_paragraph(
        "This file shows how the converter handles the parts of a word-processing file."
    )
    d.add_heading("Images", level=2)
    d.add_paragraph(
        "Images can be of three main types. Inline images are part of the running text "
        "and move with it."
    )
    d.add_paragraph(
        "The next category of image is a floating image, one that sits beside the text "
        "and is surrounded by it."
    )
    d.add_paragraph(
        "The final type of image is a block image, one that stands as a paragraph of its "
        "own with no text on either side."
    )
    d.add_heading("Numbered lists", level=2)
    for word in ("One", "Two", "Three", "Four", "Five"):
        d.add_paragraph(word, style="List Number")
    d.add_heading("Bullet styles", level=2)
    for n in range(1, 6):
        d.add_paragraph(f"Bullet Level {n}", style="List Bullet")
    d.add_heading("Launches", level=2)
    d.add_paragraph(
        "The team launched Converter Pro, a desktop tool that reads, checks, repairs, and "
        "exports documents, while keeping their layout."
    )
    d.add_heading("Drop caps", level=2)
    d.add_paragraph(
        "Drop caps are used to emphasize the leading paragraph at the start of a section."
    )
    d.save(str(path))
    return path


def test_a_demonstration_file_gets_no_questions_of_its_filler(tmp_path: Path) -> None:
    src = _demo_docx(tmp_path / "demo.docx")
    outcome = generate_offline(tmp_path, src, count=20)
    cases = [
        (c.case.turns[0].prompt, c.case.turns[0].expected_response or "")
        for c in outcome.result.cases
    ]
    assert cases, outcome.shortfall_message
    for question, answer in cases:
        assert "next category" not in question and "final type" not in question, cases
        assert not answer.startswith(("One\n", "Bullet Level")), cases
        assert not answer.rstrip(".").endswith(" reads"), cases
    assert any("emphasize the leading paragraph" in a for _, a in cases), cases
    # The member a sentence names after its place in the order is asked by its own name.
    assert "What is a floating image?" in [q for q, _ in cases], cases
    said = [a for q, a in cases if "Converter Pro" in q]
    assert not said or "exports documents" in said[0], cases


def _profile_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Dana Whitfield, PhD", level=1)
    d.add_paragraph("Data scientist with ten years of work on climate models.")
    d.add_heading("Skills", level=2)
    d.add_paragraph("Visualization: Matplotlib, Seaborn, Plotly, Tableau")
    d.add_paragraph("Languages: Python, R, SQL, Julia")
    d.save(str(path))
    return path


def test_a_group_under_a_plural_heading_is_asked_as_a_group(tmp_path: Path) -> None:
    src = _profile_docx(tmp_path / "profile.docx")
    outcome = generate_offline(tmp_path, src, count=10)
    questions = [c.case.turns[0].prompt for c in outcome.result.cases]
    assert not [q for q in questions if q.endswith(" for skills?")], questions
    assert any(q.startswith("Which skills are listed under") for q in questions), questions


def _study_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Solvent exposure and liver disease in print workers", level=1)
    d.add_heading("Discussion", level=2)
    d.add_paragraph(
        "Interpretation of the cohort results is limited by a lack of understanding about "
        "the mechanism behind the associations observed. The association between TCE 12 "
        "and early onset was sizable and significant."
    )
    d.save(str(path))
    return path


def test_a_number_in_a_name_does_not_glue_the_next_sentence_on(tmp_path: Path) -> None:
    src = _study_docx(tmp_path / "study.docx")
    outcome = generate_offline(tmp_path, src, count=10)
    cases = [
        (c.case.turns[0].prompt, c.case.turns[0].expected_response or "")
        for c in outcome.result.cases
    ]
    limited = [a for _, a in cases if a.startswith("Interpretation")]
    assert limited, cases
    assert "TCE 12" not in limited[0], cases
