"""What a rule forbids, asked as a yes/no question in the document's own language and
answered "No." with the whole rule; never an encouragement, a rule with an exception, or
a rule whose party or words point elsewhere."""

from __future__ import annotations

from pathlib import Path

from docx import Document as WordDocument

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

CONDUCT_MD = """\
# Harbour Sailing Club Code of Conduct

## Safety on the water

You may not launch a dinghy from the north slipway after sunset.
Glass bottles are not permitted on the pontoons.
Never leave a rigged boat unattended on the launching trolley.
Don't hesitate to ask an instructor for help with rigging.
Do not violate the safety rules of the harbour master.

## The clubhouse

Members must not bring pets into the changing rooms.
You may not park in the boat yard unless the bosun has agreed.
They must not use the race office telephone for private calls.
"""


def test_a_rule_that_forbids_is_asked_as_the_readers_question(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "conduct.md", CONDUCT_MD, count=30)
    assert pairs["Can I launch a dinghy from the north slipway after sunset?"] == (
        "No. You may not launch a dinghy from the north slipway after sunset."
    )
    assert pairs["Are glass bottles allowed on the pontoons?"] == (
        "No. Glass bottles are not permitted on the pontoons."
    )
    assert pairs["Can members bring pets into the changing rooms?"] == (
        "No. Members must not bring pets into the changing rooms."
    )


def test_encouragements_exceptions_and_unnamed_parties_are_not_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "conduct.md", CONDUCT_MD, count=30)
    asked = " ".join(pairs)
    assert "hesitate" not in asked  # an encouragement, no rule
    assert "violate" not in asked  # a verb that names the wrong: the question answers itself
    assert not any(a.startswith("No.") and "unless" in a for a in pairs.values())
    assert "race office telephone" not in asked  # "They": who, the question cannot say


def test_german_french_and_spanish_rules_are_asked_in_their_own_grammar(
    tmp_path: Path,
) -> None:
    german = (
        "# Richtlinie zur IT-Nutzung\n\n## Software\n\n"
        "Beschäftigte dürfen private Software nicht auf Dienstrechnern installieren.\n"
        "Es ist untersagt, dienstliche Daten auf private Geräte zu kopieren.\n"
    )
    pairs = text_pairs(tmp_path, "it.md", german, count=30)
    assert pairs["Dürfen Beschäftigte private Software auf Dienstrechnern installieren?"] == (
        "Nein. Beschäftigte dürfen private Software nicht auf Dienstrechnern installieren."
    )
    assert pairs["Ist es erlaubt, dienstliche Daten auf private Geräte zu kopieren?"].startswith(
        "Nein. Es ist untersagt"
    )
    french = (
        "# Règlement intérieur de l'atelier\n\n## Sécurité\n\n"
        "Il est interdit de fumer dans les locaux de l'atelier.\n"
        "Les apprentis ne doivent pas utiliser la scie circulaire sans gants de protection.\n"
    )
    pairs = text_pairs(tmp_path, "atelier.md", french, count=30)
    assert pairs["Est-il permis de fumer dans les locaux de l'atelier ?"] == (
        "Non. Il est interdit de fumer dans les locaux de l'atelier."
    )
    asked = (
        "Est-ce que les apprentis peuvent utiliser la scie circulaire sans gants de protection ?"
    )
    assert pairs[asked].startswith("Non. Les apprentis ne doivent pas")
    spanish = (
        "# Reglamento interno de la biblioteca\n\n## Normas de uso\n\n"
        "Los usuarios no pueden sacar las revistas del fondo histórico.\n"
    )
    pairs = text_pairs(tmp_path, "biblioteca.md", spanish, count=30)
    assert pairs["¿Pueden los usuarios sacar las revistas del fondo histórico?"].startswith("No.")


def test_a_word_policy_is_asked_the_same(tmp_path: Path) -> None:
    doc = WordDocument()
    doc.add_heading("Laboratory Safety Policy", level=1)
    doc.add_heading("Working in the laboratory", level=2)
    doc.add_paragraph("Food and drink are strictly prohibited in the chemical storage room.")
    doc.add_paragraph("Students must never pour solvents into the sink drains.")
    path = tmp_path / "lab.docx"
    doc.save(str(path))
    pairs = offline_pairs(tmp_path, path, count=30)
    # The question names the policy the document is, as every question of a Word policy does.
    food = [a for q, a in pairs.items() if q.startswith("Are food and drink allowed in the ")]
    assert food == ["No. Food and drink are strictly prohibited in the chemical storage room."]
    pour = [a for q, a in pairs.items() if q.startswith("Can students pour solvents into ")]
    assert pour == ["No. Students must never pour solvents into the sink drains."]


def test_acts_a_reader_is_prohibited_from_are_asked_by_their_verbs(tmp_path: Path) -> None:
    terms = (
        "# Photo Library Terms of Use\n\n## Images\n\n"
        "You are prohibited from selling, renting or reproducing any archive images as "
        "printed posters.\n\n"
        "## Accounts\n\n"
        "You may not share one library account between two households.\n"
    )
    pairs = text_pairs(tmp_path, "terms.md", terms, count=30)
    # The question may name the terms the document is; the act is asked by its verbs.
    asked = "Can I sell, rent or reproduce any archive images as printed posters"
    found = [a for q, a in pairs.items() if q.startswith(asked)]
    assert found == [
        "No. You are prohibited from selling, renting or reproducing any archive images as "
        "printed posters."
    ]
