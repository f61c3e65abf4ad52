"""Statutes and by-laws settle, clause by clause, who elects, convenes or decides, when a
body may decide, how membership ends, who may join, where the seat is and what the
purpose is: each is asked in the document's language (French, German, Spanish), answered
by the whole clause, and never of a subject that points back or names no body."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

FRENCH = """# Statuts du Cercle des Randonneurs

## Article 1

Il est fondé entre les adhérents aux présents statuts une association régie par la loi \
du 1er juillet 1901, ayant pour titre : « Cercle des Randonneurs du Vercors », abrégé en \
« CRV ».

## Article 2

Cette association a pour but d'organiser des sorties en montagne pour ses membres.

## Article 3

Le siège social est situé à Villard-de-Lans.

## Article 4

La qualité de membre se perd par lettre de démission au bureau ou par exclusion.

## Article 5

Le bureau est élu par l'assemblée générale pour un mandat de deux ans. Le nombre est \
fixé par le bureau. Cette décision est prise par le trésorier. Le trésorier tient la \
comptabilité de l'association. La cotisation fixe le droit de vote. L'élection est faite par \
vote à main levée.

## Article 6

L'assemblée générale extraordinaire délibère valablement si la moitié des membres sont \
présents. La durée du mandat des membres du bureau est de deux ans. Les présents statuts peuvent être modifiés par l'assemblée générale \
extraordinaire.
"""

GERMAN = """# Satzung

## § 1 Name und Sitz

Der Verein führt den Namen „Lesefreunde Nordstadt“. Der Sitz des Vereins ist Kassel.

## § 2 Zweck

Zweck des Vereins ist die Förderung des Lesens bei Kindern und Jugendlichen.

## § 3 Mitgliedschaft

Ordentliches Mitglied des Vereins kann jede natürliche Person werden, die volljährig \
ist. Über den Antrag auf Aufnahme entscheidet der Vorstand. Ein Mitglied \
kann durch Beschluss des Vorstandes ausgeschlossen werden.

## § 4 Vorstand

Der Vorstand wird von der Mitgliederversammlung für drei Jahre gewählt. \
Die Kündigungsfrist beträgt drei Monate zum Ende des Geschäftsjahres. \
Die Mitgliederversammlung ist beschlussfähig, wenn zehn Mitglieder anwesend sind.
"""

SPANISH = """# Estatutos

## Artículo 1

Se constituye una asociación denominada «Amigos del Huerto Urbano».

## Artículo 2

La asociación tiene como fines la creación y el cuidado de huertos comunitarios.

## Artículo 3

La Junta Directiva será elegida por la Asamblea General entre los socios. La condición \
de socio se pierde por renuncia voluntaria o por impago de la cuota anual.

## Artículo 4

El Presidente convocará las reuniones de la Junta Directiva. La duración del mandato de \
la Junta Directiva será de dos años.

Podrán ser socios las personas mayores de edad que lo soliciten por escrito.
"""


def _asked(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return _pairs(_cases([doc], 30)[0])


def test_french_statutes_ask_who_elects_quorum_seat_purpose_and_leaving(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path, "statuts.md", FRENCH)
    elected = "Par qui est élu le bureau de l'association CRV ?"
    assert elected in pairs, list(pairs)
    assert pairs[elected].startswith("Le bureau est élu par l'assemblée générale pour un mandat")
    assert "Par qui peuvent être modifiés les présents statuts de l'association CRV ?" in pairs
    quorum = (
        "Quel quorum faut-il pour les délibérations de l'assemblée générale extraordinaire de "
        "l'association CRV ?"
    )
    assert pairs[quorum].startswith("L'assemblée générale extraordinaire délibère valablement si")
    assert "Comment se perd la qualité de membre de l'association CRV ?" in pairs
    assert "Où est situé le siège social de l'association CRV ?" in pairs
    assert "Quelle est la durée du mandat des membres du bureau de l'association CRV ?" in pairs
    assert "Quel est le but de l'association CRV ?" in pairs
    # An officer's act asks who does it; a thing that "fixes" something asks no one.
    assert "Qui tient la comptabilité de l'association CRV ?" in pairs
    assert not any("droit de vote" in q for q in pairs), list(pairs)
    # A subject that names nothing or points back, and a means, not a body, are not asked.
    assert not any(q.startswith("Par qui") and "nombre" in q for q in pairs), list(pairs)
    assert not any("décision" in q or "élection" in q for q in pairs), list(pairs)


def test_german_statutes_ask_who_decides_who_may_join_quorum_seat_purpose(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path, "satzung.md", GERMAN)
    # Its bodies are the named association's: the question says whose.
    assert "Von wem wird der Vorstand des Vereins Lesefreunde Nordstadt gewählt?" in pairs, list(
        pairs
    )
    assert "Wer entscheidet im Verein Lesefreunde Nordstadt über den Antrag auf Aufnahme?" in pairs
    joins = "Wer kann ordentliches Mitglied des Vereins Lesefreunde Nordstadt werden?"
    assert pairs[joins].startswith("Ordentliches Mitglied des Vereins kann jede natürliche Person")
    assert (
        "Wann ist die Mitgliederversammlung des Vereins Lesefreunde Nordstadt beschlussfähig?"
        in (pairs)
    )
    assert "Wo ist der Sitz des Vereins Lesefreunde Nordstadt?" in pairs
    assert "Wie lange dauert die Kündigungsfrist?" in pairs
    assert "Was ist der Zweck des Vereins Lesefreunde Nordstadt?" in pairs
    # "can be excluded" is no clause about who may become a member; the answer is whole.
    assert pairs[joins].endswith("werden, die volljährig ist.")
    assert not any("Wer kann ein" in q for q in pairs), list(pairs)


def test_spanish_statutes_ask_who_elects_who_may_join_and_how_membership_ends(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path, "estatutos.md", SPANISH)
    named = "la asociación Amigos del Huerto Urbano"
    elected = f"¿Por quién será elegida la Junta Directiva de {named}?"
    assert (
        pairs[elected]
        == "La Junta Directiva será elegida por la Asamblea General entre los socios."
    )
    assert f"¿Cómo se pierde la condición de socio de {named}?" in pairs, list(pairs)
    assert f"¿Quién puede ser socio en {named}?" in pairs
    assert f"¿Cuáles son los fines de {named}?" in pairs
    assert f"¿Cuál es la duración del mandato de la Junta Directiva de {named}?" in pairs
    assert f"¿Quién convocará las reuniones de la Junta Directiva de {named}?" in pairs


def test_german_name_written_without_quotes_is_said_in_the_question(tmp_path: Path) -> None:
    unquoted = GERMAN.replace("„Lesefreunde Nordstadt“", "Lesefreunde Nordstadt")
    pairs = _asked(tmp_path, "satzung.md", unquoted)
    assert "Wo ist der Sitz des Vereins Lesefreunde Nordstadt?" in pairs, list(pairs)


def test_association_never_named_is_not_asked_by_its_kind_alone(tmp_path: Path) -> None:
    # No naming clause: "des Vereins" would name no one, and "der Vorstand" whose board it
    # is, so neither seat and purpose nor who elects the board are asked.
    anonymous = GERMAN.replace("Der Verein führt den Namen „Lesefreunde Nordstadt“. ", "")
    pairs = _asked(tmp_path, "satzung.md", anonymous)
    assert not any("Sitz" in q or "Zweck" in q for q in pairs), list(pairs)
    assert "Von wem wird der Vorstand gewählt?" not in pairs
    named = _asked(tmp_path, "benannt.md", GERMAN)
    assert any(q.startswith("Von wem wird der Vorstand des Vereins") for q in named), list(named)


def test_kind_said_in_full_takes_no_short_name_inside_it() -> None:
    from datasetkit.generate.offline.language.kind_named import said_with_kind_name

    text = (
        "Il est fondé une association ayant pour titre « Association des Pêcheurs du Lac », "
        "abrégé en « APL »."
    )
    question = "Quelle est la durée de l'Association des Pêcheurs ?"
    assert said_with_kind_name(question, text, "fr") == question
    assert (
        said_with_kind_name("Quelle est la durée de l'association ?", text, "fr")
        == "Quelle est la durée de l'association APL ?"
    )


def test_whose_follows_a_noun_with_de_complements() -> None:
    from datasetkit.generate.offline.language.subject_phrases import said_with_subject

    name, phrases = "l'association CRV", ["CRV"]
    asked = "Par qui peut être décerné le titre de membre d'honneur ?"
    assert (
        said_with_subject(asked, name, phrases, "fr", "")
        == "Par qui peut être décerné le titre de membre d'honneur de l'association CRV ?"
    )
    # An adverb phrase that ends the question is no noun's complement.
    assert said_with_subject("Que fait-on de temps en temps ?", name, phrases, "fr", "").endswith(
        "de temps en temps chez l'association CRV ?"
    )
