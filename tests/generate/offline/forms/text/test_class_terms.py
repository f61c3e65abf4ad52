"""A plural term defined by the things it names ("Los datos públicos son todos aquellos
que ...") is asked what it is in the document's language and answered by the sentence;
a predicate that points at what follows, names people or judges asks nothing."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

SPANISH = """# Guía de apertura de datos

## Conceptos

La institución publica sus datos en el portal nacional desde el año pasado.
Los datos públicos son todos aquellos que el sector público genera o administra para el
cumplimiento de sus funciones.

## Publicación

Los responsables son las personas que firman cada publicación del portal de datos.
Los formatos admitidos son los siguientes: CSV, JSON y XLSX para todos los conjuntos.
"""

FRENCH = """# Statuts de l'association

## Membres

L'association se compose de plusieurs catégories de membres depuis sa fondation.
Les membres de droit sont les collectivités qui financent le fonctionnement de
l'association chaque année.
"""

GERMAN = """# Studienordnung

## Module

Das Studium umfasst sechs Semester und schließt mit einer Prüfung ab.
Die Pflichtmodule sind alle Module, die jede Studentin und jeder Student bis zum vierten
Semester abschließen muss.
"""


def test_a_plural_term_defined_by_its_class_is_asked_what_it_is(tmp_path: Path) -> None:
    es = text_pairs(tmp_path, "guia.md", SPANISH)
    assert es["¿Qué son los datos públicos?"].startswith(
        "Los datos públicos son todos aquellos que el sector público genera"
    )
    # People outside a section of their own are not asked (of what they are responsible,
    # the sentence alone does not say); a list announced by "los siguientes" defines nothing.
    assert not any("responsables" in q for q in es)
    assert "¿Qué son los formatos admitidos?" not in es
    fr = text_pairs(tmp_path, "statuts.md", FRENCH)
    assert fr["Que sont les membres de droit ?"].startswith("Les membres de droit sont les")
    de = text_pairs(tmp_path, "ordnung.md", GERMAN)
    assert de["Was sind die Pflichtmodule?"].startswith("Die Pflichtmodule sind alle Module")


SAME_AS = """# Statuts de l'association

## Assemblée générale extraordinaire

L'assemblée générale extraordinaire est convoquée par le bureau à la demande des membres.
Les modalités de convocation sont les mêmes que pour l'assemblée générale ordinaire du
mois de juin.
"""


def test_a_term_said_to_equal_another_is_not_asked_what_it_is(tmp_path: Path) -> None:
    # "sont les mêmes que pour ..." compares; its answer would send the reader elsewhere.
    fr = text_pairs(tmp_path, "statuts.md", SAME_AS)
    assert not [q for q in fr if "modalités" in q], list(fr)
