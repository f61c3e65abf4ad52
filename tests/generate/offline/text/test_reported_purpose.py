"""A purpose clause followed by what is or was done ("Um ... zu ..., wurden ... gestellt",
"Para ..., fueron ...") reports what an organisation did: no "How can I ...?" is asked of
it, while a purpose clause followed by the reader's instruction still is."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.offline_prompts import offline_prompts

GERMAN = """\
# Jahresbericht der Musikschule Feldheim

## Räume

Um eine ruhige Lernsituation zu schaffen, wurden in allen Räumen neue Teppiche verlegt.

Um die Kosten des Konzertprogramms zu decken, werden Sponsoren aus der Region gesucht.

## Planung

Um das neue Schuljahr planen zu können, werden folgende Schritte vorgenommen:

- Die Lehrkräfte melden ihre freien Stunden.
- Die Leitung stellt den Stundenplan auf.
- Der Stundenplan wird im Sekretariat ausgehängt.

## Anmeldung

Um dich für einen Kurs anzumelden, öffne das Formular auf der Webseite und sende es ab.
Die Musikschule bestätigt jede Anmeldung innerhalb einer Woche per E-Mail an die Eltern.
"""

SPANISH = """\
# Memoria anual de la biblioteca municipal de Villaverde

## Espacios

Para mejorar la iluminación de la sala, fueron instaladas nuevas lámparas en el techo.

Para ampliar el horario de apertura, han sido contratadas dos personas más en la sala.

## Préstamos

Para renovar un préstamo, entra en tu cuenta de la biblioteca y pulsa el botón Renovar.
La biblioteca permite renovar cada préstamo dos veces como máximo durante el año.
"""


def test_german_report_of_what_was_done_is_not_asked_as_the_readers_task(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "bericht.md", GERMAN, 20)
    how = [p for p in prompts if p.startswith("Wie kann ich")]
    assert not any("Lernsituation" in p or "Kosten" in p or "Schuljahr" in p for p in how), how
    assert any("Kurs anmelden" in p for p in how), prompts


def test_spanish_report_of_what_was_done_is_not_asked_as_the_readers_task(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "memoria.md", SPANISH, 20)
    how = [p for p in prompts if p.startswith("¿Cómo puedo")]
    assert not any("iluminación" in p or "horario" in p for p in how), how
    assert any("renovar un préstamo" in p for p in how), prompts
