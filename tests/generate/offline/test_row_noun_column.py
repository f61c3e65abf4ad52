"""A table's title that names what one of its columns holds is no noun for its rows."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

PAGE = """# Guía de despliegue del equipo

El equipo despliega cada módulo con la guía de despliegue y registra cada cambio.

## Versiones

| Versión | Descripción | Fecha | Colaborador |
| ------- | ----------- | ----- | ----------- |
| 1.0.0 | Creación de la guía de despliegue. | 03/03/2025 | Daniel Contreras |
| 1.1.0 | Ajuste de los pasos de revisión. | 03/03/2025 | Miguel Alfaro |
| 2.0.0 | Cambio del esquema de ramas. | 18/04/2025 | Diego Fuentes |
| 2.1.0 | Ajuste del formato de fecha. | 26/04/2025 | Max Toscano |
| 3.0.0 | Nuevo estándar de versiones. | 19/05/2025 | Angel Ramírez |
"""


def test_rows_are_not_asked_by_a_noun_another_column_holds(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guia.md", PAGE, count=30)
    asked = [
        q for q in pairs if q.startswith(("¿Qué versiones", "¿Qué versión", "¿Cuántas versiones"))
    ]
    assert not asked, asked
