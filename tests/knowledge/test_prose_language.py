"""A document's language is decided by its prose (headings, sentences, list items), not
by the routes, roles, fields and commands it names as a program spells them."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load, load_file
from datasetkit.knowledge.prose_language import without_identifiers

_ROUTES = """# Berechtigungskonzept

Die API prüft jede Anfrage gegen die folgende Matrix.

## Rollen

| role | description | scope |
|---|---|---|
| admin | full access | global |
| manager | team management | team |
| editor | content editing | project |
| viewer | read only | project |
| guest | public pages | none |

## Routen

| route | method | roles | auth |
|---|---|---|---|
| /api/users | GET | admin, manager | jwt |
| /api/users/:id | DELETE | admin | jwt |
| /api/teams | GET | admin, manager | jwt |
| /api/teams/:id/members | POST | manager | jwt |
| /api/projects | GET | editor, viewer | session |
| /api/projects/:id | PATCH | editor | session |
| /api/reports/export | GET | manager | jwt |
| /public/status | GET | guest | none |

## Hinweise

- Gäste sehen nur öffentliche Seiten.
- Ein Manager darf nur Mitglieder seines eigenen Teams verwalten.
- Änderungen an Rollen werden im Audit-Log protokolliert.
"""


def test_a_german_page_of_route_tables_is_german(tmp_path: Path) -> None:
    f = tmp_path / "rechte.md"
    f.write_text(_ROUTES, encoding="utf-8")
    assert load_file(f).language == "de"


def test_its_questions_are_asked_in_german(tmp_path: Path) -> None:
    f = tmp_path / "rechte.md"
    f.write_text(_ROUTES, encoding="utf-8")
    docs = load([f])
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents(docs), 10, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    langs = {gc.case.extensions["datasetkit"]["language"] for gc in result.cases}
    assert langs <= {"de"}, [gc.case.turns[0].prompt for gc in result.cases]


def test_an_english_page_with_a_few_german_names_stays_english(tmp_path: Path) -> None:
    f = tmp_path / "notes.md"
    f.write_text(
        "# Release notes\n\nThe `Benutzerverwaltung` module now checks every request "
        "against the role table before it reaches the handler.\n\n"
        "| Rolle | Rechte |\n|---|---|\n| Verwalter | alle Rechte |\n| Leser | nur lesen |\n\n"
        "- Sessions expire after thirty minutes of inactivity.\n"
        "- Failed logins are written to the audit log.\n",
        encoding="utf-8",
    )
    assert load_file(f).language == "en"


def test_names_a_program_spells_are_not_words() -> None:
    said = without_identifiers(
        "Die Rolle steht unter claims.role; siehe /api/users/:id, requireRole(), "
        "src/app.py, --force und https://example.org/de/hilfe (oder `helm install`)."
    )
    for name in ("claims", "/api", "requireRole", "src/app", "--force", "example.org", "helm"):
        assert name not in said, said
    # Words joined by a slash are words: "und/oder", "Km/h".
    assert without_identifiers("Mitarbeiter und/oder Gäste, 30 Km/h") == (
        "Mitarbeiter und/oder Gäste, 30 Km/h"
    )
