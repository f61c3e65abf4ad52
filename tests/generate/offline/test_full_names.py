"""A question that says a name short ("la API") says it as the document names it in
full ("la API de <Qualifier>"), when the document gives that one expansion nearly every
time; a name with rival expansions, or written in full once, stays as it is."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.full_names import said_in_full
from tests.generate.offline.forms.test_forms import _cases

GUIDE = """
# Guía de datos abiertos

La API de Datos Abiertos publica los conjuntos de datos del Ministerio. Cada organismo puede consultar la API de Datos Abiertos sin registrarse.

## ¿Cómo accedo a la API?

Para acceder a la API, pedí una clave en el portal y usala en cada consulta. La clave vence a los doce meses.

## ¿Cuánto cuesta usar la API?

Usar la API de Datos Abiertos es gratuito para todos los organismos públicos.

## Soporte

La API de Datos Abiertos tiene soporte por correo de lunes a viernes.
"""


def test_a_spanish_guide_names_its_api_in_full_in_each_question(tmp_path: Path) -> None:
    doc = tmp_path / "guia.md"
    doc.write_text(GUIDE, encoding="utf-8")
    questions = list(_cases([doc], 20)[0])
    assert "¿Cómo accedo a la API de Datos Abiertos?" in questions, questions
    assert not [q for q in questions if q.endswith("la API?")], questions


def test_the_full_name_is_said_only_when_the_document_gives_one(tmp_path: Path) -> None:
    once = "La Secretaría de Cultura abre. La Secretaría cierra."
    assert said_in_full("¿Qué publica la Secretaría?", once, "es") == "¿Qué publica la Secretaría?"
    rivals = "le Bureau des Sports, le Bureau des Arts. " * 3
    assert said_in_full("Qui signe le Bureau ?", rivals, "fr") == "Qui signe le Bureau ?"
    french = "Le Bureau des Sports signe. " * 3
    assert said_in_full("Qui signe le Bureau ?", french, "fr") == "Qui signe le Bureau des Sports ?"
    english = "The Office of Sports signs. " * 3
    assert said_in_full("Who signs the Office?", english, "en") == "Who signs the Office?"
