"""A glossary whose columns are two languages ("English" | "Français") asks what each
term is in the other language, once per row, in the document's language; a spelling
two rows share, an unsure or an expanded term, and a definition are not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tables.translations import language_columns
from tests.generate.offline.forms.test_forms import _cases, _pairs

_ROWS = [
    ("aphids", "puceron"),
    ("orchard", "verger"),
    ("thrips", "thrips"),
    ("uptake", "consommation"),
    ("uptake", "adoption du programme"),
    ("greenhouse", "serre ( ??)"),
    ("MRL = maximum residue level", "LMR"),
    ("grower", "cultivateur"),
    ("weeds", "mauvaises herbes"),
    ("yeast", "levure"),
    ("IPM", "une méthode qui combine toutes les techniques disponibles pour lutter contre"),
]


def _glossary(path: Path) -> Path:
    import docx

    d = docx.Document()
    table = d.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "ENGLISH", "FRANÇAIS"
    for english, french in _ROWS:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = english, french
    d.save(str(path))
    return path


def test_language_columns_are_read_from_their_names() -> None:
    assert language_columns(["ENGLISH", "FRANÇAIS"]) == ("ENGLISH", "FRANÇAIS", "fr")
    assert language_columns(["Deutsch", "Español", "Notes"]) == ("Deutsch", "Español", "es")
    assert language_columns(["English", "English"]) is None
    assert language_columns(["Term", "Definition"]) is None


def test_a_two_language_glossary_asks_each_term_in_the_other_language(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_glossary(tmp_path / "glossary.docx")], 20)[0])
    # Its text reads as French: the questions are asked in French.
    assert pairs.get("Quel est le terme français pour « aphids » ?") == "puceron", pairs
    assert pairs.get("Quel est le terme français pour « weeds » ?") == "mauvaises herbes", pairs
    asked = " ".join(pairs)
    for unasked in ("thrips", "uptake", "greenhouse", "MRL", "IPM"):
        assert f"« {unasked}" not in asked, pairs
