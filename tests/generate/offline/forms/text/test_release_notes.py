"""Release notes and changelogs of many releases: each version's section is asked.

- A heading that names a version ("2.4.0 (Mar 08 2026)", "[1.2.0] - 2024-05-01",
  "Version 2.8.1", "Versión 1.1.0 (Sprint 2)") over a list of changes is asked "What is new
  in <product> <version>?" with the whole list, in the notes' language; a date in the
  heading answers "When was <product> <version> released?".
- The product comes from the heading or the title ("<Name> Release Notes",
  "Versionshinweise zu <Name>", "Notes de version de <Name>", "Notas de la versión de
  <Name>"); notes that name no product are asked no such question.
- Kinds of change under a version ("Bug fixes") are asked with that version.
- A changelog of many releases is asked of its first ones only.
"""

from __future__ import annotations

from pathlib import Path

import docx

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

_NOTES = """\
# Tiller Release Notes

Most recent updates are at the top.

## 2.4.0 (Mar 08 2026)

- Exports rundowns as spreadsheets
- Adds a dark theme to the control panel
- Fixes a crash when a template folder is empty

## [2.3.1] - 2025-11-20

Version 2.3.1 was never released publicly as binaries.

- Fixes the login page on narrow screens
- Speeds up loading of large projects

## 2.3.0

### Bug fixes

- Renderer no longer drops the last frame
- Config files with comments load again

### New features

- Playlists can be nested
- Templates can be searched by tag
"""


def test_a_version_heading_asks_what_is_new_with_the_whole_list(tmp_path: Path) -> None:
    got = text_pairs(tmp_path, "notes.md", _NOTES, 30)
    assert got.get("What is new in Tiller 2.4.0?", "").splitlines() == [
        "Exports rundowns as spreadsheets",
        "Adds a dark theme to the control panel",
        "Fixes a crash when a template folder is empty",
    ], got
    assert got.get("What is new in Tiller 2.3.1?", "").splitlines() == [
        "Fixes the login page on narrow screens",
        "Speeds up loading of large projects",
    ], got
    assert got.get("When was Tiller 2.4.0 released?") == "Mar 08 2026", got
    # A version the notes say never came out has no release date.
    assert "When was Tiller 2.3.1 released?" not in got, got


def test_kinds_of_change_under_a_version_are_asked_with_it(tmp_path: Path) -> None:
    got = text_pairs(tmp_path, "notes.md", _NOTES, 30)
    assert got.get("What bug fixes does Tiller 2.3.0 bring?", "").splitlines() == [
        "Renderer no longer drops the last frame",
        "Config files with comments load again",
    ], got


def test_notes_that_name_no_product_ask_no_release(tmp_path: Path) -> None:
    text = _NOTES.replace("# Tiller Release Notes", "# Release Notes")
    got = text_pairs(tmp_path, "notes.md", text, 30)
    assert not any(q.startswith(("What is new in", "When was")) for q in got), got


def test_a_changelog_is_asked_of_its_first_releases(tmp_path: Path) -> None:
    parts = ["# Tiller Changelog\n"]
    for minor in range(20, 0, -1):
        parts.append(f"## 1.{minor}.0\n\n- Change one of {minor}\n- Change two of {minor}\n")
    got = text_pairs(tmp_path, "CHANGELOG.md", "\n".join(parts), 60)
    asked = {q for q in got if q.startswith("What is new in")}
    assert "What is new in Tiller 1.20.0?" in asked, got
    assert "What is new in Tiller 1.5.0?" not in asked, got
    assert len(asked) <= 10, asked


def _word(path: Path, title: str, releases: list[tuple[str, list[str]]]) -> Path:
    d = docx.Document()
    d.add_heading(title, level=1)
    for heading, items in releases:
        d.add_heading(heading, level=2)
        for item in items:
            d.add_paragraph(item, style="List Bullet")
    d.save(str(path))
    return path


def test_word_release_notes_in_german(tmp_path: Path) -> None:
    path = _word(
        tmp_path / "hinweise.docx",
        "Versionshinweise zu Zeichenbrett",
        [
            ("Version 2.8.1", ["Lineal hat nun eine Skalierung", "Formenmodus verbessert"]),
            ("Version 2.7.0", ["Optische Anpassungen", "Formen können eingefügt werden"]),
        ],
    )
    got = offline_pairs(tmp_path, path, 20)
    assert got.get("Was ist neu in Zeichenbrett 2.8.1?", "").splitlines() == [
        "Lineal hat nun eine Skalierung",
        "Formenmodus verbessert",
    ], got


def test_word_release_notes_in_spanish_with_a_note_after_the_version(tmp_path: Path) -> None:
    path = _word(
        tmp_path / "notas.docx",
        "Notas de la versión de Aulario",
        [
            (
                "Versión 1.1.0 (Sprint 2)",
                [
                    "Agregada la gestión de grupos en cada curso.",
                    "Agregado el registro de alumnos.",
                ],
            ),
            ("Versión 1.0.0 (Sprint 1)", ["Agregadas las actividades.", "Agregado un chat."]),
        ],
    )
    got = offline_pairs(tmp_path, path, 20)
    assert got.get("¿Qué novedades trae Aulario 1.1.0?", "").splitlines() == [
        "Agregada la gestión de grupos en cada curso.",
        "Agregado el registro de alumnos.",
    ], got
    # A note in brackets that is no date is no release date.
    assert not any(q.startswith("¿Cuándo") for q in got), got


def test_markdown_release_notes_in_french(tmp_path: Path) -> None:
    text = (
        "# Notes de version de Carnet\n\n"
        "Cette page présente les nouveautés de chaque version de Carnet, "
        "les plus récentes en haut de la page. Pour mettre à jour, ouvrez le menu et "
        "choisissez la dernière version dans la liste des mises à jour disponibles.\n\n"
        "## Version 3.2.0 (12 mars 2025)\n\n"
        "- Ajout de l'export des carnets en PDF\n- Correction de la recherche par date\n\n"
        "## Version 3.1.0 (2 janvier 2025)\n\n"
        "- Nouveau thème sombre\n- Correction de la synchronisation\n"
    )
    got = text_pairs(tmp_path, "notes.md", text, 20)
    assert got.get("Quelles sont les nouveautés de Carnet 3.2.0 ?", "").splitlines() == [
        "Ajout de l'export des carnets en PDF",
        "Correction de la recherche par date",
    ], got
    assert got.get("Quelle est la date de sortie de Carnet 3.2.0 ?") == "12 mars 2025", got


def test_a_description_may_lead_into_the_list_but_known_issues_are_not_new(
    tmp_path: Path,
) -> None:
    text = (
        "# Tiller Release Notes\n\n"
        "## 2.2.0 (Feb 02 2025)\n\n"
        "2.2.0 is a maintenance release with a few fixes.\n\n"
        "- Fixes the export of empty rundowns\n- Fixes the clock on the control panel\n\n"
        "## 2.1.0 (Jan 05 2025)\n\n"
        "Known issues in this release:\n\n"
        "- Templates with long names are cut\n- The preview stays black on some screens\n"
    )
    got = text_pairs(tmp_path, "notes.md", text, 20)
    assert got.get("What is new in Tiller 2.2.0?", "").splitlines() == [
        "Fixes the export of empty rundowns",
        "Fixes the clock on the control panel",
    ], got
    assert "What is new in Tiller 2.1.0?" not in got, got
