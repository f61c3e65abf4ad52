"""A heading that makes a list or a labelled value someone's is said as its owner only
when a question can say it: a French or Spanish list under a part of the document
("Conclusiones") or under a heading in title case is not asked "de <heading>", and an
English label is never asked "of <a heading that is a clause of its own>"."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

_ES = """# Bitácora del proyecto Atlas

## Métricas de Proyecto Actualizadas

### Servicios en ejecución

- Servidor de base de datos en el puerto 1433.
- Caché de sesiones en el puerto 6379.
- Servidor de la interfaz en el puerto 3000.

## Conclusiones

### Métricas de éxito

- Cero errores críticos abiertos.
- Seis servicios sanos en ejecución.
- Toda la documentación revisada.

## Proceso de despliegue

### Entradas

- La imagen construida por la integración continua.
- La configuración aprobada por el equipo.
"""


def test_spanish_list_is_not_asked_of_a_document_part_or_a_title_case_heading(
    tmp_path: Path,
) -> None:
    pairs = text_pairs(tmp_path, "bitacora.md", _ES, 30)
    asked = " | ".join(pairs)
    assert "conclusiones" not in asked.casefold(), asked
    assert "Proyecto Actualizadas" not in asked, asked
    # A heading above in sentence case still says whose the list is.
    assert "¿Cuáles son las entradas del proceso de despliegue?" in pairs, asked


_FR = """# Journal du projet Atlas

## Conclusions

### Indicateurs de réussite

- Aucune erreur critique ouverte.
- Six services en fonctionnement.
- Toute la documentation relue.
"""


def test_french_list_is_not_asked_of_the_conclusions(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "journal.md", _FR, 30)
    assert not [q for q in pairs if "conclusions" in q.casefold()], sorted(pairs)


def _privacy_docx(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Privacy Policy", 0)
    d.add_paragraph(
        "Contoso Landscaping protects the information you share with us. This policy explains "
        'how we use your personally identifiable information ("Personal Information").'
    )
    d.add_paragraph(
        "We use Personal Information only for our services, and we never sell Personal "
        "Information. You may ask us to correct your Personal Information at any time."
    )
    d.add_heading("1. Information We Collect", 1)
    d.add_paragraph("We collect information to provide our landscaping services. This includes:")
    d.add_heading("A. Personal Information You Provide Directly", 2)
    d.add_paragraph("Identity Data: First name, last name.", style="List Bullet")
    d.add_paragraph("Contact Data: Email address, telephone number.", style="List Bullet")
    d.add_heading("2. Retention", 1)
    d.add_paragraph("We keep your records for six years after the contract ends.")
    d.save(str(path))
    return path


def test_an_english_label_is_not_asked_of_a_heading_that_is_a_clause(tmp_path: Path) -> None:
    source = _privacy_docx(tmp_path / "privacy.docx")
    pairs = offline_pairs(tmp_path, source, 30)
    assert not [q for q in pairs if "You Provide" in q], sorted(pairs)
