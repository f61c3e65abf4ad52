"""A term defined under its own heading, in German, French and Spanish, is asked what it
means in the document's language and answered by its section: the term quoted when the
sentence sets it without an article, with its article when it has one; a predicate that
judges the term, or a sentence that does not open with the heading's term, asks nothing."""

from __future__ import annotations

from pathlib import Path

from docx import Document as Docx

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

GERMAN = """# Datenschutzhinweise des Vereins

Der Verein verarbeitet personenbezogene Daten seiner Mitglieder nur, soweit dies für
die Verwaltung der Mitgliedschaft nötig ist, und gibt sie nicht an Dritte weiter.

## Begriffe

### a) Personenbezogene Daten

Personenbezogene Daten sind alle Informationen, die sich auf eine identifizierte oder
identifizierbare natürliche Person beziehen.

### b) Speicherung

Speicherung ist jede Aufbewahrung von Daten auf einem Datenträger des Vereins, gleich
in welcher Form sie erfolgt.

Eine Speicherung in Papierform gilt ebenso als Speicherung.

### c) Sperrfrist

Sperrfrist ist ein wichtiger Zeitraum für den Verein und seine Mitglieder im Jahr.

### d) Löschung

Die Vereinssatzung regelt die Löschung nicht selbst, sondern verweist auf das Gesetz.
"""


def test_a_german_term_under_its_own_heading_is_asked_in_german(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "hinweise.md", GERMAN)
    # A plural term needs no article; an adjective is lowered as running text writes it.
    assert pairs["Was sind personenbezogene Daten?"].startswith(
        "Personenbezogene Daten sind alle Informationen"
    )
    # A bare singular term is quoted: no article or case has to agree with it; the
    # section's next paragraph belongs to the definition.
    answer = pairs["Was bedeutet „Speicherung“?"]
    assert answer.startswith("Speicherung ist jede Aufbewahrung")
    assert answer.endswith("gilt ebenso als Speicherung.")
    # A judgement ("ein wichtiger Zeitraum") defines nothing; a sentence that does not
    # open with the heading's term is no definition of it.
    assert not any("Sperrfrist" in q for q in pairs)
    assert not any("Löschung" in q for q in pairs)


def test_french_and_spanish_terms_keep_their_article(tmp_path: Path) -> None:
    french = (
        "# Statuts de l'association\n\nL'association réunit les habitants du quartier "
        "autour d'activités culturelles et sportives pour tous les âges.\n\n"
        "## Les membres actifs\n\nLes membres actifs sont les personnes qui participent "
        "chaque année à au moins une activité de l'association.\n"
    )
    spanish = (
        "# Guía de datos abiertos\n\nEsta guía explica cómo publicar datos en el portal "
        "de la institución y con qué formatos.\n\n## Metadatos\n\nLos metadatos son datos "
        "que describen el contenido, la calidad y el origen de un conjunto de datos. Algunos "
        "ejemplos se presentan en la siguiente tabla.\n"
    )
    fr = text_pairs(tmp_path, "statuts.md", french)
    # People are asked who they are.
    assert fr["Qui sont les membres actifs ?"].startswith("Les membres actifs sont")
    es = text_pairs(tmp_path, "guia.md", spanish)
    # A sentence that points at a table the answer does not hold is left out.
    assert es["¿Qué son los metadatos?"] == (
        "Los metadatos son datos que describen el contenido, la calidad y el origen de un "
        "conjunto de datos."
    )


def test_a_word_document_s_headed_term_is_asked_too(tmp_path: Path) -> None:
    doc = Docx()
    doc.add_heading("Reglamento de la biblioteca", 0)
    doc.add_paragraph(
        "Este reglamento fija las normas de uso de la biblioteca de la facultad para "
        "estudiantes y profesores."
    )
    doc.add_heading("Préstamo", 1)
    doc.add_paragraph(
        "Préstamo es la entrega temporal de un libro a un usuario registrado, que debe "
        "devolverlo en el plazo fijado."
    )
    path = tmp_path / "reglamento.docx"
    doc.save(str(path))
    pairs = offline_pairs(tmp_path, path)
    assert pairs["¿Qué significa «préstamo»?"].startswith("Préstamo es la entrega temporal")


RIGHTS = """# Politique de confidentialité

L'association traite les données de ses adhérents pour gérer les cotisations et les
activités de l'année.

## Vos droits

### Droit d'accès

Chaque adhérent a le droit d'obtenir une copie des données que l'association conserve à
son sujet. Il adresse sa demande par écrit au secrétaire.

### Droit à l'effacement

Chaque adhérent a le droit de demander l'effacement de ses données dans les cas suivants :

- il a quitté l'association depuis plus d'un an ;
- les données ne sont plus nécessaires à la gestion des activités.
"""


def test_a_right_named_by_its_heading_is_asked_what_it_holds(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "confidentialite.md", RIGHTS)
    answer = pairs["En quoi consiste le droit d'accès ?"]
    assert answer.startswith("Chaque adhérent a le droit d'obtenir une copie")
    assert answer.endswith("au secrétaire.")
    # A right whose cases go on in a list is not asked from its first sentence alone.
    assert not any("effacement" in q for q in pairs)
    german = (
        "# Datenschutzhinweise\n\nDer Verein speichert die Daten seiner Mitglieder für die "
        "Verwaltung der Beiträge.\n\n## Recht auf Berichtigung\n\nJedes Mitglied hat das "
        "Recht, die Berichtigung unrichtiger Daten beim Vorstand zu verlangen.\n"
    )
    de = text_pairs(tmp_path, "hinweise.md", german)
    assert de["Was umfasst das Recht auf Berichtigung?"].startswith("Jedes Mitglied hat das")
    # A section that goes on past what an answer holds is not asked from its start.
    longer = german + "\n" + " ".join(["Der Vorstand prüft jede Berichtigung sorgfältig."] * 20)
    de = text_pairs(tmp_path, "hinweise2.md", longer)
    assert not any("Berichtigung" in q for q in de)
