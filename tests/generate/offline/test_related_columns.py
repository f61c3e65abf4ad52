"""Columns of a table that only make sense together are asked together: the two bounds of
a range once, as a range; a before and an after as a change, with the change the table
gives; a column of counts as a count. In English, German, French and Spanish, from
Markdown, Word and Excel tables."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tables.related import figure, range_bounds
from datasetkit.generate.offline.tables.view import Column, TableView
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows]) + "\n"


_TYPES = [["byte", "-128", "127", "42"], ["short", "-32768", "32767", "4711"]]
_TYPES += [["int", "-2147483648", "2147483647", "100000"], ["char", "0", "65535", "'a'"]]

_RANGES = {
    "en": (
        "# Java data types\n\nJava offers eight primitive data types. Each type stores "
        "values within a fixed range, and the compiler rejects a literal outside it.\n\n",
        ["Type", "Min", "Max", "Example"],
        ("What is the value range of byte?", "-128 to 127"),
    ),
    "de": (
        "# Datentypen in Java\n\nJava bietet acht primitive Datentypen. Jeder Typ speichert "
        "Werte in einem festen Bereich, und der Compiler lehnt einen Wert außerhalb davon "
        "ab. Die Tabelle zeigt für jeden Typ die kleinste und die größte Zahl, die er "
        "aufnehmen kann, und ein Beispiel für einen gültigen Wert.\n\n",
        ["Typ", "Von", "Bis", "Beispiel"],
        ("Welchen Wertebereich hat byte?", "-128 bis 127"),
    ),
    "fr": (
        "# Types de données en Java\n\nJava propose huit types de données primitifs. Chaque "
        "type stocke des valeurs dans un intervalle fixe et le compilateur refuse une valeur "
        "en dehors de celui-ci. Le tableau donne pour chaque type la plus petite et la plus "
        "grande valeur qu'il peut contenir, avec un exemple de valeur valide.\n\n",
        ["Type", "Minimum", "Maximum", "Exemple"],
        ("Quelle est la plage de valeurs de byte ?", "De -128 à 127"),
    ),
    "es": (
        "# Tipos de datos en Java\n\nJava ofrece ocho tipos de datos primitivos. Cada tipo "
        "guarda valores dentro de un rango fijo y el compilador rechaza un literal fuera de "
        "él. La tabla muestra para cada tipo el valor más pequeño y el más grande que "
        "puede guardar, con un ejemplo de un valor válido.\n\n",
        ["Tipo", "Desde", "Hasta", "Ejemplo"],
        ("¿Cuál es el rango de valores de byte?", "De -128 a 127"),
    ),
}


def test_a_range_is_asked_once_with_both_bounds_in_each_language(tmp_path: Path) -> None:
    for lang, (intro, header, (question, answer)) in _RANGES.items():
        pairs = text_pairs(tmp_path, f"types-{lang}.md", intro + _table(header, _TYPES), 30)
        ranges = {q: a for q, a in pairs.items() if "-128" in a or "127" in a}
        assert ranges == {question: answer}, (lang, pairs)
        # No bound asked alone ("What is the max for short?", "als Bis"): each row's
        # bounds are one answer.
        bounds = {"-32768", "32767", "-2147483648", "2147483647", "65535"}
        assert not [a for a in pairs.values() if a in bounds], (lang, pairs)


_BUILD = {
    "en": (
        "# Build results\n\nThe team measured the build before and after the migration to "
        "multi-stage images.\n\n",
        ["Metric", "Before", "After", "Improvement"],
        ["Build context", "Build time", "Image size"],
        "From 523 MB to 8 MB (improvement: -98.4%)",
    ),
    "de": (
        "# Ergebnisse des Builds\n\nDas Team hat den Build vor und nach der Umstellung auf "
        "mehrstufige Images gemessen.\n\n",
        ["Kennzahl", "Vorher", "Nachher", "Verbesserung"],
        ["Build-Kontext", "Build-Zeit", "Image-Größe"],
        "Von 523 MB auf 8 MB (Verbesserung: -98.4%)",
    ),
    "fr": (
        "# Résultats de la compilation\n\nL'équipe a mesuré la compilation avant et après "
        "la migration vers des images en plusieurs étapes.\n\n",
        ["Mesure", "Avant", "Après", "Gain"],
        ["Contexte de compilation", "Temps de compilation", "Taille de l'image"],
        "De 523 MB à 8 MB (gain: -98.4%)",
    ),
    "es": (
        "# Resultados de la compilación\n\nEl equipo midió la compilación antes y después "
        "de la migración a imágenes de varias etapas.\n\n",
        ["Métrica", "Antes", "Después", "Mejora"],
        ["Contexto de compilación", "Tiempo de compilación", "Tamaño de imagen"],
        "De 523 MB a 8 MB (mejora: -98.4%)",
    ),
}
_FIGURES = [["523 MB", "8 MB", "-98.4%"], ["240 s", "20 s", "-91.7%"]]
_FIGURES += [["1.2 GB", "75 MB", "-93.9%"]]


def test_before_and_after_are_asked_as_a_change(tmp_path: Path) -> None:
    for lang, (intro, header, names, answer) in _BUILD.items():
        rows = [[n, *f] for n, f in zip(names, _FIGURES, strict=True)]
        pairs = text_pairs(tmp_path, f"build-{lang}.md", intro + _table(header, rows), 30)
        changed = {q: a for q, a in pairs.items() if a.startswith(answer.split(" 523")[0])}
        assert len(changed) == 3, (lang, pairs)
        asked = next(q for q, a in changed.items() if "523 MB" in a)
        assert changed[asked] == answer, (lang, pairs)
        assert names[0].split()[0].casefold() in asked.casefold(), (lang, asked)
        # Neither side alone, and no "lowest improvement" that is the largest fall.
        assert not [a for a in pairs.values() if a in ("8 MB", "523 MB", "-98.4%")], pairs
        assert not [a for a in pairs.values() if a.startswith(names[0] + " (")], pairs


_AREAS = [["Backend", "25+", "New services"], ["Frontend", "8", "Docker tuning"]]
_AREAS += [["Docs", "15+", "Updates"]]
_COUNTS = {
    "en": (["Area", "Files", "Kind"], "How many files does"),
    "de": (["Bereich", "Anzahl Dateien", "Art"], "Wie viele Dateien hat"),
    "fr": (["Domaine", "Fichiers", "Nature"], "Combien de fichiers compte"),
    "es": (["Categoría", "Archivos", "Tipo"], "¿Cuántos archivos tiene"),
}
_INTRO = {
    "en": "# Changes by area\n\nThe release touched every area of the project.\n\n",
    "de": "# Änderungen nach Bereich\n\nDie neue Version hat jeden Bereich des Projekts "
    "geändert. Die Tabelle zeigt, wie viele Dateien in jedem Bereich geändert wurden und "
    "welche Art von Änderung es war.\n\n",
    "fr": "# Changements par domaine\n\nLa nouvelle version a modifié chaque domaine du "
    "projet. Le tableau montre combien de fichiers ont changé dans chaque domaine et de "
    "quelle nature était le changement.\n\n",
    "es": "# Cambios por área\n\nLa nueva versión cambió cada área del proyecto. La tabla "
    "muestra cuántos archivos cambiaron en cada área y de qué tipo fue el cambio.\n\n",
}


def test_a_column_of_counts_is_asked_how_many(tmp_path: Path) -> None:
    for lang, (header, opening) in _COUNTS.items():
        pairs = text_pairs(tmp_path, f"areas-{lang}.md", _INTRO[lang] + _table(header, _AREAS))
        counted = {q: a for q, a in pairs.items() if a in ("25+", "8", "15+")}
        assert counted, (lang, pairs)
        assert all(q.startswith(opening) for q in counted), (lang, counted)


def _word_bands(path: Path) -> Path:
    import docx

    document = docx.Document()
    document.add_heading("Salary bands", 1)
    document.add_paragraph(
        "Every grade of the company pays a salary within its band; a new hire starts near "
        "the minimum of the band of the grade."
    )
    rows = [["Grade", "Minimum salary", "Maximum salary", "Bonus"]]
    rows += [["Analyst", "42,000", "55,000", "5%"], ["Engineer", "58,000", "76,000", "8%"]]
    rows += [["Lead", "78,000", "98,000", "10%"], ["Director", "105,000", "140,000", "15%"]]
    table = document.add_table(rows=len(rows), cols=4)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            table.cell(i, j).text = value
    document.save(str(path))
    return path


def test_a_word_table_of_bands_asks_the_salary_range(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _word_bands(tmp_path / "bands.docx"))
    assert pairs.get("What is the salary range of the Engineer grade?") == "58,000 to 76,000"
    assert not [q for q in pairs if q.startswith("What is the maximum salary of")], pairs


def test_a_sheet_of_phases_asks_when_each_starts_and_ends(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Phases"
    sheet.append(["Phase", "Start", "End", "Owner"])
    for row in (
        ("Analysis", "03/02/2025", "28/02/2025", "Lucy Grant"),
        ("Design", "03/03/2025", "11/04/2025", "Mark Ruiz"),
        ("Build", "14/04/2025", "27/06/2025", "Peter Sands"),
        ("Testing", "30/06/2025", "25/07/2025", "Anna Torres"),
    ):
        sheet.append(list(row))
    book.save(tmp_path / "phases.xlsx")
    pairs = offline_pairs(tmp_path, tmp_path / "phases.xlsx")
    dated = {q: a for q, a in pairs.items() if "2025" in a}
    assert dated, pairs
    assert all(" to " in a and "start and end" in q for q, a in dated.items()), dated
    assert any(a == "03/03/2025 to 11/04/2025" for a in dated.values()), dated


def _view(header: list[str], rows: list[list[str]]) -> TableView:
    prov = Provenance(file="t.md")
    sections = [
        Section("table_row", " | ".join(r), prov, record=dict(zip(header, r, strict=True)))
        for r in rows
    ]
    columns = {
        h: Column(h, h, None, [r[i] for r in rows], "number" if i else "text")
        for i, h in enumerate(header)
    }
    return TableView(sections, columns, key=[header[0]])


def test_bound_words_need_values_in_order() -> None:
    # A trip's "From | To" are places, and a ticket queue's "Low | High" two counts of
    # their own: neither is a range.
    trips = _view(["Trip", "From", "To"], [["A", "Paris", "Berlin"], ["B", "Rome", "Oslo"]])
    assert range_bounds(trips) == []
    queue = [["Mon", "12", "3"], ["Tue", "9", "14"], ["Wed", "20", "2"]]
    assert range_bounds(_view(["Day", "Low", "High"], queue)) == []
    # "Time to market" holds a "to" and bounds nothing.
    plan = [["A", "3", "9"], ["B", "4", "12"]]
    assert range_bounds(_view(["Product", "Time from idea", "Time to market"], plan)) == []
    ordered = [["A", "1", "5"], ["B", "2", "9"], ["C", "3", "4"]]
    assert [(b.lower, b.upper) for b in range_bounds(_view(["K", "Low", "High"], ordered))] == [
        ("Low", "High")
    ]


def test_a_bound_reads_as_one_figure() -> None:
    assert figure("-9.223.372.036.854.780.000") == -9.22337203685478e18
    assert figure("1,2 GB") == 1.2
    assert figure("$1,200") == 1200.0
    assert figure("01.03.2024") is None  # a date
    assert figure("-45 +/- 1,4*10") is None  # an exponent the reader lost


def test_a_column_of_open_counts_names_no_row(tmp_path: Path) -> None:
    # "25+" is a count, not a name: the rows stay named by their domain.
    pairs = text_pairs(
        tmp_path,
        "domaines.md",
        _INTRO["fr"] + _table(["Domaine", "Nombre de fichiers", "Nature"], _AREAS),
    )
    assert pairs.get("Quel est le nombre de fichiers du domaine Backend ?") == "25+", pairs


def test_no_highest_of_a_comparison_or_a_bare_bound(tmp_path: Path) -> None:
    rows = [["Open tickets", "120", "45", "-62%"], ["Build minutes", "300", "90", "-70%"]]
    rows += [["Failed deploys", "14", "3", "-79%"]]
    text = _BUILD["en"][0] + _table(["Metric", "Before", "After", "Change"], rows)
    pairs = text_pairs(tmp_path, "metrics.md", text, 30)
    assert not [q for q in pairs if "highest" in q or "lowest" in q], pairs
    assert pairs.get("How did open tickets change?") == "From 120 to 45 (change: -62%)", pairs
