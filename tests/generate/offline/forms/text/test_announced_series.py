"""A sentence that counts its things and names each of them after a colon is asked which
they are, in the document's language, and answered by the whole sentence; a series that
does not hold as many items as the count, or a clause that points back, is not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.announced_series import series_question
from tests.generate.offline.forms.test_forms import _cases, _pairs


def _paper(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Water use on small farms", 1)
    d.add_paragraph(
        "Irrigation on small farms has been studied for decades in many regions of the "
        "world, with results that vary from one climate to another."
    )
    d.add_paragraph(
        "Taken together, three factors explain most of the losses in small irrigation "
        "schemes: evaporation, leaking channels, and uneven fields."
    )
    d.add_paragraph(
        "Most farmers move through four seasonal stages: planting, watering, weeding, and harvest."
    )
    d.add_paragraph(
        "There are two ways to measure soil moisture in a field: a probe and a weighed sample."
    )
    # The series holds three items, the count says four: not asked.
    d.add_paragraph(
        "The survey used four methods of sampling: interviews, field visits and diaries."
    )
    d.add_paragraph("These two problems remain open: drainage and storage.")
    d.save(str(path))
    return path


def test_a_counted_series_is_asked_which_they_are(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_paper(tmp_path / "paper.docx")], 20)[0])
    assert pairs.get(
        "Which three factors explain most of the losses in small irrigation schemes?"
    ) == (
        "Taken together, three factors explain most of the losses in small irrigation schemes: "
        "evaporation, leaking channels, and uneven fields."
    )
    assert "Which four seasonal stages do most farmers move through?" in pairs
    assert pairs.get("What are the two ways to measure soil moisture in a field?") == (
        "There are two ways to measure soil moisture in a field: a probe and a weighed sample."
    )
    assert not any("methods of sampling" in q or "problems" in q for q in pairs)


def test_the_question_is_written_in_the_documents_language() -> None:
    assert (
        series_question(
            "Drei Faktoren bestimmen den Erfolg eines Kurses: die Lehrkraft, der Raum und die "
            "Gruppe.",
            "de",
        )
        == "Welche drei Faktoren bestimmen den Erfolg eines Kurses?"
    )
    assert (
        series_question(
            "La comisión aprobó cinco criterios para la selección de proyectos: pertinencia, "
            "impacto, costo, viabilidad y sostenibilidad.",
            "es",
        )
        == "¿Cuáles son los cinco criterios para la selección de proyectos?"
    )
    assert (
        series_question(
            "Il existe trois catégories de membres : les membres fondateurs, les membres "
            "actifs et les membres d'honneur.",
            "fr",
        )
        == "Quelles sont les trois catégories de membres ?"
    )


def test_a_clause_that_points_back_or_speaks_for_its_writer_is_not_asked() -> None:
    assert series_question("We use three tools: Jira, Slack and a wiki.", "en") is None
    assert (
        series_question("Este mecanismo consta de dos órganos: la Conferencia y el Comité.", "es")
        is None
    )
    assert (
        series_question("Dazu bildete ich drei Bereiche: Sprachen, Kurse und Bewegung.", "de")
        is None
    )
