"""A Spanish or French purpose clause is asked "how do I ...?" only when it names a task
with an infinitive; "Para más detalles ...", "for the best results", "to learn more" and a
task of "these commands" name none."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

_ES = """# Archivos estáticos

## Configuración

Para cambiar la carpeta pública, edita el archivo de configuración del servidor.

Para más detalles sobre la función de archivos y sus opciones, vea la referencia.

Para obtener mejores resultados, usa una caché delante del servidor.

Para obtener más información sobre estos comandos, consulte la ayuda del servidor.
"""

_FR = """# Fichiers statiques

## Configuration

Pour changer le dossier public, il suffit de modifier le fichier de configuration.

Pour plus de détails sur les options du serveur, il suffit de lire la référence.

Pour en apprendre davantage, consultez le guide du serveur.
"""


def test_a_spanish_purpose_without_an_infinitive_is_not_asked(tmp_path: Path) -> None:
    cases = text_pairs(tmp_path, "estaticos.md", _ES)
    assert "¿Cómo puedo cambiar la carpeta pública?" in cases, cases
    assert not any("detalles" in q or "resultados" in q for q in cases), cases
    # "these commands": which ones, the text before says.
    assert not any("estos" in q for q in cases), cases


def test_a_french_purpose_without_an_infinitive_is_not_asked(tmp_path: Path) -> None:
    cases = text_pairs(tmp_path, "statiques.md", _FR)
    assert "Comment puis-je changer le dossier public ?" in cases, cases
    assert not any("détails" in q or "davantage" in q for q in cases), cases
