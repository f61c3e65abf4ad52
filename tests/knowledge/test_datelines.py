"""The place and date that sign a letter, minutes or statutes off ("Berlin, den 5. März
2021", "Lyon, le 3 mai 2021") are no section title, in Word or in plain text."""

from __future__ import annotations

from pathlib import Path

import docx

from datasetkit.knowledge import load_file
from datasetkit.knowledge.numbering import dateline

_TEXT = (
    "Der Verein verfolgt ausschließlich und unmittelbar gemeinnützige Zwecke im Sinne "
    "der Abgabenordnung und fördert die Bildung seiner Mitglieder."
)


def _heads(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_a_bold_dateline_in_word_is_text(tmp_path: Path) -> None:
    document = docx.Document()
    for title in ["Satzung des Vereins", "Name und Sitz", "Zweck des Vereins", "Mitgliedschaft"]:
        document.add_paragraph().add_run(title).bold = True
        document.add_paragraph(_TEXT)
    document.add_paragraph().add_run("Berlin, den 5. März 2021").bold = True
    document.add_paragraph("Unterschriften der Gründungsmitglieder")
    path = tmp_path / "satzung.docx"
    document.save(str(path))
    heads = _heads(path)
    assert "Mitgliedschaft" in heads
    assert "Berlin, den 5. März 2021" not in heads


def test_a_dateline_in_plain_text_is_text(tmp_path: Path) -> None:
    path = tmp_path / "satzung.txt"
    path.write_text(
        "SATZUNG\n\nName und Sitz\n\n"
        "Der Verein führt den Namen Ruderclub und hat seinen Sitz in Berlin. Er ist im "
        "Vereinsregister eingetragen.\n\nZweck\n\n" + _TEXT + "\n\nBerlin, den 5. März 2021\n\n"
        "Die Gründungsmitglieder unterschreiben die Satzung.\n",
        encoding="utf-8",
    )
    heads = _heads(path)
    assert "Zweck" in heads
    assert "Berlin, den 5. März 2021" not in heads


def test_what_reads_as_a_dateline() -> None:
    for line in [
        "Lyon, le 3 mai 2021",
        "Fait à Paris, le 1er mars 2019",
        "Madrid, a 3 de mayo de 2020",
        "Münster, den 19.11.2017",
        "Done at Geneva, 5 March 2021",
    ]:
        assert dateline(line), line
    # A meeting's or a report's title may hold a date: no signing word, no dateline.
    for line in ["Minutes, 12 May 2020", "Assemblée générale du 10 octobre 2020", "Goals for 2020"]:
        assert not dateline(line), line
