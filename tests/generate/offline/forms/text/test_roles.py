"""What a named part of a system, a method or a tool is for, asked of the sentence that
says it in a design document or a paper: its use, its role, what it does. Only when the
question names one thing and the sentence is the whole answer."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _design_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Harbor Tracker Design Document", level=1)
    d.add_heading("Components", level=2)
    for text in [
        "The Harbor Tracker keeps a record of every vessel that enters the port.",
        "The BerthPlanner class will be used to assign arriving vessels to free berths.",
        "The message broker serves as the link between the sensors on the quay and the "
        "planning service.",
        "The audit ledger stores every change made to a berth assignment.",
        "Tide tables are used for estimating the safe arrival window of deep vessels.",
    ]:
        d.add_paragraph(text)
    d.add_heading("Operations", level=2)
    for text in [
        "This component is used to notify pilots when a berth becomes free.",
        "A scheduler is used to run the nightly reports.",
        "The system stores all records in a single database.",
        "Chapter 5 provides a full description of the interfaces.",
        "The harbour office will keep any planning records for five years.",
        "The Port Authority provides the berth fees for each vessel class.",
        "The Port Authority also provides a pilot for every vessel over 200 metres.",
        "Moreover, the quay cameras provide a live view of each berth.",
        "The Port Authority shall maintain the quay lights.",
    ]:
        d.add_paragraph(text)
    d.save(path)
    return path


def test_what_a_named_part_is_for_is_asked(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_design_docx(tmp_path / "design.docx")], 40)[0])
    questions = "\n".join(pairs)
    for question, said in [
        (
            "What will the BerthPlanner class be used for?",
            "assign arriving vessels to free berths",
        ),
        ("What role does the message broker play?", "link between the sensors"),
        ("What does the audit ledger store?", "every change made to a berth assignment"),
        ("What are tide tables used for?", "safe arrival window"),
    ]:
        # The question may end with what the document is about ("... for Harbor Tracker?"),
        # never with the kind of document its title names ("... Design Document").
        asked = [q for q in pairs if q.startswith(question[:-1])]
        assert asked, questions
        assert said in pairs[asked[0]], (question, pairs[asked[0]])
    assert "Design" not in questions, questions


def test_a_part_the_question_cannot_name_or_answer_whole_is_not_asked(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_design_docx(tmp_path / "design.docx")], 40)[0])
    questions = "\n".join(pairs)
    # A demonstrative, an indefinite, a generic head, a part of the document.
    for word in ("component", "scheduler", "system store", "Chapter 5", "chapter 5"):
        assert word not in questions, questions
    # Words before a noun that reads like a verb ("records") are a clause, not a subject.
    assert "office will keep any planning" not in questions, questions
    # A party that provides two things across sentences, one added by "also" or "Moreover",
    # and a duty of a rule: one sentence is not the whole answer.
    assert "What does the Port Authority provide" not in questions, questions
    assert "What do the quay cameras provide" not in questions, questions
    assert "What does the Port Authority maintain" not in questions, questions
