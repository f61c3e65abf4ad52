"""A sentence whose subject is a count ("At least 12 people were hurt in ...") is asked
"How many ...?" with the predicate as written, when the predicate names what the count
is about; a count whose predicate says nothing of its own stays unasked."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _report(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph().add_run("Flooding closes roads in the north").bold = True
    d.add_paragraph(
        "At least 40 families have been moved from their homes in the town of Lindale "
        "after the river burst its banks."
    )
    d.add_paragraph("About 15 volunteers are said to be helping.")
    d.add_paragraph(
        "More than 300 workers joined the cleanup organised by the Northern Water Board, "
        "which expects the work to take a month."
    )
    d.save(str(path))
    return path


def test_a_counted_subject_is_asked_how_many(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_report(tmp_path / "floods.docx")], 10)[0])
    assert (
        pairs.get("How many families have been moved from their homes in the town of Lindale?")
        == "At least 40 families have been moved from their homes in the town of Lindale "
        "after the river burst its banks."
    )
    assert "How many workers joined the cleanup organised by the Northern Water Board?" in pairs
    # "are said to be helping" names nothing the count is about: not asked.
    assert not any("volunteers" in q for q in pairs)
