"""A column headed by a letter ("D", "M", "x") names nothing a user asks by: no "Which row
has the highest value of «D»?" is written, while a column headed by a word still is."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

SPANISH = """\
# Encuesta de satisfacción por grupo de edad

La tabla recoge las respuestas de la encuesta anual del servicio de bibliotecas municipales.

| Grupo | D | M | Respuestas |
| --- | --- | --- | --- |
| Jóvenes | 209 | 126 | 335 |
| Adultos | 120 | 96 | 216 |
| Mayores | 16 | 21 | 37 |
| Estudiantes | 88 | 54 | 142 |
"""


def test_a_letter_column_is_not_asked_for_its_extremes(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "encuesta.md", SPANISH, 20)
    assert not [q for q in pairs if "«D»" in q or "«M»" in q], pairs
    assert any("respuestas" in q for q in pairs), pairs
