"""A manual's legends: each control asked what it does and each message what it means, in
the manual's language, naming the product its title names, answered whole."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

REMOTE_EN = """\
# Aqua Kettle User Manual

## Safety

Never immerse the base in water. Unplug the kettle before you clean it.

## Remote control buttons

1. STANDBY: Switch the kettle between on and standby mode.
2. BOOST: Heat the water to 100 °C in the fastest mode.
3. KEEP WARM: Hold the water at 80 °C for up to 30 minutes.
4. TIMER: Set the time at which heating starts.

## Rear panel

1. POWER SOCKET: Used to connect the mains cable.
2. SERVICE PORT: Used to update the firmware with a USB stick.
"""

MESSAGES_DE = """\
# Bedienungsanleitung der Wetterstation

## Allgemeines

Die Wetterstation misst Temperatur, Luftfeuchte und Luftdruck im Innen- und Außenbereich.

## Fehlermeldungen

- „E1“ Der Außensensor sendet keine Daten. Batterien des Sensors prüfen.
- „E2“ Der Speicher ist voll. Ältere Messwerte löschen.
- „LO“ Die Batterie ist fast leer. Batterien austauschen.
"""

MESSAGES_TABLE_FR = """\
# Mode d'emploi du thermostat

## Présentation

Le thermostat règle la température de la pièce selon le programme choisi.

## Messages d'erreur

| Message | Signification | Action |
| --- | --- | --- |
| E01 | Sonde de température défectueuse | Contactez le service après-vente |
| E02 | Pile faible | Remplacez les deux piles AA |
| HI | Température supérieure à 35 °C | Aérez la pièce |
"""

KEYS_TABLE_ES = """\
# Manual de usuario del purificador

## Descripción

El purificador limpia el aire de la habitación con un filtro HEPA.

## Teclas del panel

| Tecla | Función |
| --- | --- |
| MODO | Cambia entre los modos automático, noche y turbo |
| FILTRO | Muestra las horas de uso del filtro |
| TEMPORIZADOR | Programa el apagado en 2, 4 u 8 horas |
"""


def test_a_remotes_buttons_are_asked_what_they_do_on_the_product(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "kettle.md", REMOTE_EN, count=30)
    asked = "What does the BOOST button do on the Aqua Kettle?"
    assert pairs.get(asked) == "Heat the water to 100 °C in the fastest mode.", pairs
    assert "What does the TIMER button do on the Aqua Kettle?" in pairs
    # A socket of a panel is asked what it is used for, not what "button" it is.
    assert pairs.get("What is the POWER SOCKET used for on the Aqua Kettle?") == (
        "Used to connect the mains cable."
    )
    assert not any("POWER SOCKET button" in q for q in pairs)


def test_a_german_manuals_messages_are_asked_in_german_with_their_whole_meaning(
    tmp_path: Path,
) -> None:
    pairs = text_pairs(tmp_path, "wetterstation.md", MESSAGES_DE, count=30)
    asked = "Was bedeutet die Meldung „E1“ bei der Wetterstation?"
    assert pairs.get(asked) == "Der Außensensor sendet keine Daten. Batterien des Sensors prüfen."
    assert "Was bedeutet die Meldung „LO“ bei der Wetterstation?" in pairs


def test_a_message_table_is_asked_row_by_row_with_meaning_and_action(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "thermostat.md", MESSAGES_TABLE_FR, count=30)
    answer = pairs.get("Que signifie le message « E02 » sur le thermostat ?")
    assert answer == "Signification: Pile faible\nAction: Remplacez les deux piles AA", pairs


def test_a_key_table_is_asked_what_each_key_does_in_spanish(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "purificador.md", KEYS_TABLE_ES, count=30)
    asked = "¿Para qué sirve el botón «MODO» en el purificador?"
    assert pairs.get(asked) == "Cambia entre los modos automático, noche y turbo", pairs


def test_a_word_manuals_key_list_is_asked_without_a_legend_heading(tmp_path: Path) -> None:
    """A line that names its control as a button needs no heading to say it is one."""
    import docx

    d = docx.Document()
    d.add_paragraph("Lumo Desk Lamp", style="Title")
    d.add_heading("Using the lamp", level=1)
    d.add_paragraph("The lamp has three brightness levels and a night light.")
    d.add_paragraph(
        "'MODE' button: Cycles through the three brightness levels.", style="List Bullet"
    )
    d.add_paragraph("'NIGHT' button: Turns the amber night light on or off.", style="List Bullet")
    path = tmp_path / "lamp.docx"
    d.save(str(path))
    pairs = offline_pairs(tmp_path, path)
    assert any(
        q.startswith("What does the MODE button do") and a.startswith("Cycles through")
        for q, a in pairs.items()
    ), pairs


def test_a_legend_line_of_another_section_is_not_asked_as_a_control(tmp_path: Path) -> None:
    text = (
        "# Team Handbook\n\n## Contacts\n\n- Office: Room 4.12, second floor of the annex.\n"
        "- Support: Open from nine to five on weekdays.\n"
    )
    pairs = text_pairs(tmp_path, "team.md", text, count=30)
    assert not any("button" in q or "used for" in q for q in pairs), pairs


CONTROLS_IN_SENTENCES = {
    "en": (
        "# Aqua Kettle User Manual\n\n## Using the kettle\n\n"
        "Fill the kettle with fresh water up to the MAX mark.\n\n"
        "Press and hold the BOOST button for two seconds to heat the water as fast as possible.\n",
        "How do I heat the water as fast as possible?",
    ),
    "de": (
        "# Bedienungsanleitung der Wetterstation\n\n## Bedienung\n\n"
        "Die Wetterstation zeigt die Werte des Außensensors an.\n\n"
        "Drücken Sie die Taste SET, um die Weckzeit einzustellen.\n",
        "Wie kann ich die Weckzeit einstellen?",
    ),
    "fr": (
        "# Mode d'emploi du thermostat\n\n## Utilisation\n\n"
        "Le thermostat affiche la température de la pièce.\n\n"
        "Appuyez sur la touche MODE pendant trois secondes pour changer de programme.\n",
        "Comment puis-je changer de programme ?",
    ),
    "es": (
        "# Manual de usuario del purificador\n\n## Uso\n\n"
        "El purificador limpia el aire de la habitación.\n\n"
        "Pulse el botón MODO durante tres segundos para cambiar la velocidad del ventilador.\n",
        "¿Cómo puedo cambiar la velocidad del ventilador?",
    ),
}


def test_an_instruction_whose_purpose_comes_last_is_asked_how_to_do_the_task(
    tmp_path: Path,
) -> None:
    for lang, (text, asked) in CONTROLS_IN_SENTENCES.items():
        pairs = text_pairs(tmp_path, f"manual-{lang}.md", text, count=30)
        assert asked in pairs, (lang, pairs)
        assert pairs[asked] == text.rstrip().splitlines()[-1], (lang, pairs)


def test_a_statement_with_a_purpose_is_no_instruction(tmp_path: Path) -> None:
    text = (
        "# Aqua Kettle User Manual\n\n## About\n\n"
        "The kettle uses a steel element to heat the water quickly.\n\n"
        "Connect the cable to the base.\n"
    )
    pairs = text_pairs(tmp_path, "about.md", text, count=30)
    assert not any(q.startswith("How do I") for q in pairs), pairs


SHOWN_EN = """\
# Solar Lantern Operating Manual

## Use

The lantern charges in daylight and switches on at dusk by itself.

## Warning messages

The display shows a warning until the lantern is switched off.

Low battery: The battery holds less than 10 percent of its charge and must be charged.

NO PANEL: No solar panel is connected or the cable is loose; check the plug.

Cause: This line names the legend's own column and is no message.

Full: The battery is charged.
Dusk: The lantern switches on.
"""


def test_messages_shown_as_unquoted_words_are_asked_what_they_mean(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "lantern.md", SHOWN_EN)
    asked = {q: a for q, a in pairs.items() if "message" in q}
    assert any("“Low battery”" in q for q in asked), pairs
    assert any(
        "“NO PANEL”" in q and a.startswith("No solar panel is connected") for q, a in asked.items()
    ), pairs
    assert not any("“Cause”" in q for q in pairs), pairs
    # Lines run together in one paragraph: no entry's answer would stop at its end.
    assert not any("“Full”" in q for q in pairs), pairs


def test_a_task_pointing_back_or_a_remark_is_not_asked_how_to_do_it(tmp_path: Path) -> None:
    # "pour définir ce cadre": which framework, only the sentence before says.
    text = (
        "# Guide de gouvernance de l'IA\n\n## Cadre éthique\n\n"
        "Chaque projet d'IA suit un cadre éthique commun à toute l'entreprise.\n\n"
        "Organisez des ateliers avec les équipes juridiques et métiers pour définir ce cadre.\n\n"
        "Notez que les lunettes ne sont pas conçues pour protéger les yeux du faisceau direct.\n\n"
        "Appuyez sur le bouton ENVOYER pour transmettre le formulaire au comité.\n"
    )
    pairs = text_pairs(tmp_path, "gouvernance.md", text, count=30)
    assert not any("ce cadre" in q for q in pairs), pairs
    # "Notez que ...": a remark, no instruction to protect one's eyes.
    assert not any("protéger" in q for q in pairs), pairs
    assert any("transmettre le formulaire" in q for q in pairs), pairs
