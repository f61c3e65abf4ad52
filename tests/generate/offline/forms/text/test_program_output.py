"""An assignment in Word: its questions, a program's output pasted in a fixed-width face,
and the answers in prose. The prose answers; the output is neither a question nor an
answer."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

REG = [
    "The REG Procedure",
    "Dependent Variable: Weight",
    "Variable     DF    Parameter Estimate    Standard Error    t Value    Pr > |t|",
    "Intercept     1        -143.02692           32.27459        -4.43      0.0004",
    "Height        1           3.89903            0.51609         7.55      <.0001",
]
CORR = [
    "The CORR Procedure",
    "Pearson Correlation Coefficients, N = 19",
    "             Height      Weight",
    "Height      1.00000     0.87779",
]


def _assignment(path: Path) -> Path:
    import docx
    from docx.shared import Pt

    d = docx.Document()
    d.add_paragraph("Regression Homework", style="Title")
    d.add_paragraph(
        "This homework uses the class data set of 19 students with their height in inches "
        "and their weight in pounds."
    )
    for question, output, answer in (
        (
            "How strong is the relationship between height and weight?",
            REG,
            "Weight rises by about 3.9 pounds for every additional inch of height, and "
            "the slope is highly significant.",
        ),
        (
            "Are height and weight correlated?",
            CORR,
            "Height and weight are strongly correlated, with a coefficient of 0.88.",
        ),
    ):
        d.add_paragraph(question)
        for line in output:
            run = d.add_paragraph().add_run(line)
            run.font.name, run.font.size = "Courier New", Pt(9)
        d.add_paragraph(answer)
    d.save(str(path))
    return path


def test_the_prose_answers_and_the_output_is_neither_question_nor_answer(
    tmp_path: Path,
) -> None:
    pairs = _pairs(_cases([_assignment(tmp_path / "homework.docx")], 20)[0])
    assert pairs
    for question, answer in pairs.items():
        assert "Procedure" not in question and "Procedure" not in answer, (question, answer)
        assert "Pr > |t|" not in answer, (question, answer)
    strong = pairs.get("How strong is the relationship between height and weight?", "")
    assert strong.startswith("Weight rises by about 3.9 pounds"), pairs
