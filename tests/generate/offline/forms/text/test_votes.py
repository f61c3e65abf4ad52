"""A record of a meeting states each decision as the item put to the vote, how the vote
ended and its count: asked what the outcome of the vote on the item was, in the record's
language, answered by the whole sentence; a rule that says who adopts something, and an
item that names nothing on its own ("the proposal"), are not asked so. Participants that
minutes call by a given name or a handle are no subject the questions are said of."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.knowledge import load
from tests.helpers.knowledge_fixtures import text_pairs

PV_FR = """# Assemblée générale du Club des Randonneurs du Vercors, 12/03/2025

Étaient présents :

- Hélène Mercier (Lena) — présidente ;
- Bastien Roussel — trésorier ;
- Odile Ferrand.

La séance débute à 14h, présidée par Hélène. Hélène présente l'ordre du jour.

## Rapport d'activité

Hélène présente les sorties de l'année. Hélène rappelle que le club a acheté deux tentes.
Lena propose de publier les comptes sur le site. Hélène remercie les bénévoles.
Hélène annonce trois nouvelles sorties.

Le rapport financier est soumis au vote à 14h40 et approuvé avec 14 voix pour et 2 abstentions.

La proposition est adoptée à l'unanimité.

Vote pour élire le trésorier (à 15h02) : Odile est élue avec 12 voix pour et 1 vote blanc.

Le bureau est élu par le conseil d'administration pour deux ans.

## Cotisations

Le montant des cotisations (30 € tarif plein, 15 € tarif réduit) est soumis au vote et accepté à l'unanimité.

Le budget annuel est adopté par l'assemblée générale chaque année.

## Sorties

Vote sur le calendrier des sorties à 15h30 : approuvé à l'unanimité avec 15 voix pour.
"""

MINUTES_EN = """# Minutes of the Annual Meeting of the Lakeside Rowing Club

## Decisions

The club's budget for 2025 was approved unanimously.

The motion to move the spring regatta to May was carried with 12 votes in favour and 3 against.

The proposal was rejected with 4 votes for and 9 against.

Dana Whitfield was elected chair unanimously.
"""

PROTOKOLL_DE = """# Protokoll der Mitgliederversammlung des Segelvereins Ammersee

## Beschlüsse

Der Haushaltsplan für 2025 wird einstimmig angenommen.

Der Jahresabschluss wurde mit 12 Ja-Stimmen bei 2 Enthaltungen genehmigt.

Der Antrag wird einstimmig angenommen.

Anna Berger wurde einstimmig zur Vorsitzenden gewählt.

Abstimmung über die neue Hafenordnung: mit 10 Ja-Stimmen bei 3 Nein-Stimmen angenommen.
"""

ACTA_ES = """# Acta de la asamblea general de la Asociación Vecinal de Triana

## Acuerdos

El presupuesto para el año 2025 fue aprobado por unanimidad.

El acta de la sesión anterior queda aprobada con 20 votos a favor y 2 abstenciones.

Lucía Romero fue elegida presidenta por unanimidad.
"""


def _pairs(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    return text_pairs(tmp_path, name, text, 30)


def test_a_vote_is_asked_its_outcome_in_french(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "pv.md", PV_FR)
    assert pairs.get("Quel a été le résultat du vote sur le rapport financier ?") == (
        "Le rapport financier est soumis au vote à 14h40 et approuvé avec 14 voix pour et "
        "2 abstentions."
    )
    # The amounts in brackets stay in the answer, not in the question.
    assert "Quel a été le résultat du vote sur le montant des cotisations ?" in pairs
    # "La proposition" names no item; a statute's rule records no vote.
    assert not [q for q in pairs if "proposition" in q or "budget annuel" in q]
    # Who a vote elected, the office said in the vote's heading.
    assert pairs.get("Qui a été élu trésorier ?", "").startswith("Vote pour élire le trésorier")
    assert not [q for q in pairs if "bureau" in q]  # a statute's rule: no vote recorded
    # A vote set after its own label ("Vote sur <item> à <time> : <how it ended>").
    assert pairs.get("Quel a été le résultat du vote sur le calendrier des sorties ?") == (
        "Vote sur le calendrier des sorties à 15h30 : approuvé à l'unanimité avec 15 voix pour."
    )
    # The participants the record calls by their given name or handle name no subject.
    assert not [q for q in pairs if "Hélène" in q or "Lena" in q or "Bastien" in q]


def test_a_vote_is_asked_its_outcome_in_english_german_and_spanish(tmp_path: Path) -> None:
    en = _pairs(tmp_path, "minutes.md", MINUTES_EN)
    assert "What was the outcome of the vote on the club's budget for 2025?" in en
    assert en.get(
        "What was the outcome of the vote on the motion to move the spring regatta to May?"
    ) == (
        "The motion to move the spring regatta to May was carried with 12 votes in favour and 3 against."
    )
    assert not [q for q in en if "vote on the proposal" in q]
    assert en.get("Who was elected chair?") == "Dana Whitfield was elected chair unanimously."
    de = _pairs(tmp_path, "protokoll.md", PROTOKOLL_DE)
    assert "Mit welchem Ergebnis wurde der Haushaltsplan für 2025 angenommen?" in de
    assert "Mit welchem Ergebnis wurde der Jahresabschluss genehmigt?" in de
    assert not [q for q in de if "Antrag" in q]
    assert "Wer wurde zur Vorsitzenden gewählt?" in de
    assert "Wie ging die Abstimmung über die neue Hafenordnung aus?" in de
    es = _pairs(tmp_path, "acta.md", ACTA_ES)
    assert "¿Cuál fue el resultado de la votación sobre el presupuesto para el año 2025?" in es
    assert "¿Quién fue elegida presidenta?" in es


def test_a_participant_called_by_a_given_name_is_no_principal_subject(tmp_path: Path) -> None:
    f = tmp_path / "pv.md"
    # The opening of the record alone, where the chair is named most.
    f.write_text(PV_FR.split("\nLa proposition est")[0], encoding="utf-8")
    (doc,) = load([f])
    assert principal_subject(doc) is None
