"""A statute states a body's rules in the body's own article, with a pronoun or a bare noun
("Elle se réunit ...", "Les décisions sont prises ..."): the question names the body as
the document writes it (accents and all, where the heading is set in capitals), asks how
often it meets, by what majority it decides and for how long its members are elected,
and the answer is the clause. A clause whose subject is the answer ("It sets the fee")
is not asked, and a clause under a heading that names no body is not asked either."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.text.test_statute_facts import _asked

FRENCH = """# Statuts de l'Ensemble Vocal du Lac

## ARTICLE 1 - NOM

Il est fondé entre les adhérents aux présents statuts une association régie par la loi \
du 1er juillet 1901, ayant pour titre : « Ensemble Vocal du Lac », abrégé en « EVL ».

## ARTICLE 2 - MEMBRES

Sont membres actifs ceux qui versent une cotisation annuelle de 60 €. Sont membres \
d'honneur ceux qui ont rendu des services signalés à l'association. Sont éligibles au \
conseil d'administration les membres actifs ayant un an d'ancienneté.

## ARTICLE 3 - ASSEMBLEE GENERALE ORDINAIRE

L'assemblée générale ordinaire comprend tous les membres de l'association. Elle se \
réunit chaque année au mois de mars. Elle fixe le montant des cotisations. Les décisions \
sont prises à la majorité des voix des membres présents ou représentés.

## ARTICLE 4 - CONSEIL D'ADMINISTRATION

L'association est dirigée par un conseil d'administration de six membres. Les \
délibérations sont prises à la majorité absolue; en cas de partage, la voix du président \
est prépondérante. Les membres du bureau sont élus pour un mandat de deux ans, \
renouvelable une fois.

## ARTICLE 5 - RESSOURCES

Les décisions sont prises par le trésorier.
"""

GERMAN = """# Satzung

## § 1 Name

Der Verein führt den Namen „Chor am Markt“.

## § 2 Mitgliederversammlung

Einmal im Jahr findet eine ordentliche Mitgliederversammlung statt. Bei Abstimmungen \
entscheidet die einfache Mehrheit der abgegebenen Stimmen. Satzungsänderungen und die \
Auflösung des Vereins können nur mit einer Mehrheit von zwei Dritteln der anwesenden \
Mitglieder beschlossen werden.

## § 3 Vorstand

Der Vorstand wird für die Dauer von zwei Jahren gewählt. Beschlüsse werden mit einfacher \
Mehrheit gefasst.
"""


def test_french_body_said_by_its_article_heading(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "statuts.md", FRENCH)
    named = "de l'association EVL"
    meets = f"À quelle fréquence se réunit l'assemblée générale ordinaire {named} ?"
    assert pairs.get(meets) == "Elle se réunit chaque année au mois de mars.", list(pairs)
    decides = (
        f"À quelle majorité sont prises les décisions de l'assemblée générale ordinaire {named} ?"
    )
    assert pairs[decides].startswith("Les décisions sont prises à la majorité des voix")
    board = f"À quelle majorité sont prises les délibérations du conseil d'administration {named} ?"
    assert pairs[board].endswith("la voix du président est prépondérante.")
    # The body is the answer of "who sets the fees": its pronoun says no one.
    assert not any(q.startswith("Qui fixe") for q in pairs), list(pairs)
    # Under a heading that names no body, the bare noun stays unasked.
    assert not any("décisions des ressources" in q for q in pairs), list(pairs)


def test_french_inverted_roles_and_term_of_office(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "statuts.md", FRENCH)
    named = "de l'association EVL"
    active = f"Qui sont les membres actifs {named} ?"
    assert (
        pairs.get(active) == "Sont membres actifs ceux qui versent une cotisation annuelle de 60 €."
    )
    assert f"Qui sont les membres d'honneur {named} ?" in pairs, list(pairs)
    assert f"Qui est éligible au conseil d'administration {named} ?" in pairs
    term = f"Pour quelle durée sont élus les membres du bureau {named} ?"
    assert pairs[term].startswith("Les membres du bureau sont élus pour un mandat de deux ans")


def test_german_majorities_meetings_and_term(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "satzung.md", GERMAN)
    assert "Wie oft findet die ordentliche Mitgliederversammlung statt?" in pairs, list(pairs)
    votes = "Welche Mehrheit entscheidet bei Abstimmungen der Mitgliederversammlung?"
    assert (
        pairs[votes]
        == "Bei Abstimmungen entscheidet die einfache Mehrheit der abgegebenen Stimmen."
    )
    assert any(
        q.startswith("Mit welcher Mehrheit können Satzungsänderungen und die Auflösung des Vereins")
        for q in pairs
    ), list(pairs)
    # A bare "decisions" under the board's heading are the board's.
    decided = "Mit welcher Mehrheit werden Beschlüsse des Vorstands gefasst?"
    assert pairs[decided] == "Beschlüsse werden mit einfacher Mehrheit gefasst."
    assert "Für wie lange wird der Vorstand gewählt?" in pairs


def test_german_body_that_decides_by_a_majority(tmp_path: Path) -> None:
    text = (
        "# Satzung\n\n## § 1 Name\n\nDer Verein führt den Namen „Chor am Markt“.\n\n"
        "## § 2 Mitgliederversammlung\n\nDie Mitgliederversammlung entscheidet per einfacher "
        "Mehrheit der anwesenden Mitglieder.\n"
    )
    pairs = _asked(tmp_path, "satzung.md", text)
    asked = [q for q in pairs if q.startswith("Mit welcher Mehrheit entscheidet die Mitglieder")]
    assert asked, list(pairs)
    assert pairs[asked[0]].startswith("Die Mitgliederversammlung entscheidet per einfacher")
