"""Spanish, French and German lists are asked in their language's own grammar: what a
heading's list holds, named by whose it is ("¿Cuáles son las entradas de la guía ...?",
"Quelles sont les sanctions du règlement ... ?", "Was sind die Aufgaben des ...?"), a
role's duties under its heading, a task a heading names by its verb, and introductions
that name the items first or count what a subject has. A list the heading cannot name is
not asked, and no question quotes a heading as "the section « ... »"."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline, text_pairs

_ES = """# Guía de incorporación de Contoso

## Entradas

- El contrato firmado por la persona.
- La fecha de inicio acordada con el equipo.
- El equipo portátil asignado por soporte.

## Preparar el entorno

- Instalar el gestor de paquetes del equipo.
- Clonar el repositorio principal del proyecto.
- Ejecutar las pruebas antes del primer cambio.

## Preparación

- La primera semana se dedica a conocer al equipo.
- La segunda semana se asigna una tarea pequeña.

## Derechos

Los socios tienen tres derechos:

- Votar en la asamblea anual.
- Presentar propuestas a la junta.
- Consultar las cuentas del club.

## Pagos

Existen diversas formas de pago:

- Transferencia bancaria
- Tarjeta de crédito
- Efectivo en la oficina

## Servicios

Algunos ejemplos de servicios del club son:

- Préstamo de material deportivo
- Clases para principiantes
- Torneos mensuales
"""

_FR = """# Règlement du club de voile

## Sanctions

- Un avertissement écrit adressé au membre.
- Une suspension temporaire de l'accès au port.
- Une exclusion décidée par le bureau.

## Responsable sécurité

Le/la responsable sécurité a pour responsabilité de :

- vérifier les gilets avant chaque sortie ;
- tenir le registre des incidents ;
- former les nouveaux membres aux consignes.

Il/Elle participe à :

- la préparation des régates ;
- l'accueil des nouveaux membres.

## Réserver un bateau

- Choisir le créneau dans le calendrier du club.
- Remplir la fiche de réservation en ligne.
- Présenter sa carte de membre au ponton.
"""

_DE = """# Vereinshandbuch

## Aufgaben des Vorstands

- Er beruft die Mitgliederversammlung ein.
- Er verwaltet das Vereinsvermögen.
- Er legt den Jahresbericht vor.

## Team

Das Team hat vier Aufgaben:

- Die Halle öffnen.
- Die Geräte prüfen.
- Die Kurse betreuen.
- Die Halle schließen.
"""


def _asked(pairs: dict[str, str], question: str) -> str:
    assert question in pairs, sorted(pairs)
    return pairs[question]


def test_spanish_heading_list_asks_its_items_with_whose(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guia.md", _ES, 30)
    answer = _asked(pairs, "¿Cuáles son las entradas de la guía de incorporación de Contoso?")
    assert "contrato" in answer and "portátil" in answer  # every item


def test_spanish_task_heading_asks_how_with_every_step(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guia.md", _ES, 30)
    answer = _asked(pairs, "¿Cómo puedo preparar el entorno?")
    assert "Instalar" in answer and "Ejecutar las pruebas" in answer


def test_spanish_introductions_are_asked_in_spanish(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guia.md", _ES, 30)
    assert "Votar" in _asked(pairs, "¿Qué derechos tienen los socios?")
    assert "Efectivo" in _asked(pairs, "¿Qué formas de pago existen?")
    assert "Torneos" in _asked(pairs, "¿Cuáles son algunos ejemplos de servicios del club?")


def test_a_heading_that_names_no_kind_of_item_is_not_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guia.md", _ES, 30)
    # "Preparación" is one thing, not the name of what its items are.
    assert not [q for q in pairs if "preparación" in q.casefold()]
    assert not [q for q in pairs if "sección" in q or "«" in q]


def test_french_heading_list_and_role_duties(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "reglement.md", _FR, 30)
    assert "exclusion" in _asked(
        pairs, "Quelles sont les sanctions du règlement du club de voile ?"
    )
    duties = _asked(pairs, "Quelles sont les responsabilités du responsable sécurité ?")
    assert "registre" in duties and "former" in duties
    assert "régates" in _asked(pairs, "À quoi participe le responsable sécurité ?")
    assert not [q for q in pairs if "section" in q or "«" in q]


def test_french_task_heading(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "reglement.md", _FR, 30)
    answer = _asked(pairs, "Comment puis-je réserver un bateau ?")
    assert "créneau" in answer and "ponton" in answer


def test_german_owned_heading_and_counted_things(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "handbuch.md", _DE, 30)
    assert "Jahresbericht" in _asked(pairs, "Was sind die Aufgaben des Vorstands?")
    assert "Geräte" in _asked(pairs, "Welche Aufgaben hat das Team?")
    assert not [q for q in pairs if "Abschnitt" in q]


_ES_DEFINED = """# Estatutos del club de remo

## Cuotas

La cuota social es el pago anual de cada socio que cubre:

- El uso de las embarcaciones del club.
- El seguro de accidentes durante las salidas.
- La participación en las regatas internas.
"""


def test_a_definition_that_runs_into_its_list_is_answered_whole(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "estatutos.md", _ES_DEFINED, 10)
    answer = _asked(pairs, "¿Qué es la cuota social?")
    assert answer.startswith("La cuota social es el pago anual")
    assert "embarcaciones" in answer and "regatas internas" in answer  # every item


_FR_UNSURE = """# Guide de l'atelier

## Rôles

- L'animateur ouvre la séance et présente le programme.
- Le secrétaire note les décisions dans le cahier.
- Le trésorier encaisse les cotisations des membres.
"""


def test_a_french_noun_whose_gender_its_ending_hides_is_not_asked(tmp_path: Path) -> None:
    # "rôle" shows no gender: "Quels" or "Quelles" would be a guess, so nothing is asked
    # of the list (and never "Quels points la section « rôles » ...").
    outcome = generate_offline(tmp_path, _write(tmp_path, "guide.md", _FR_UNSURE), 10)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    assert not [c for c in cases if "rôles" in c.turns[0].prompt.casefold()]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


_FR_PURPOSES = """# Guide de la salle de réunion

## Réservation

Pour réserver une salle, suivez ces étapes :

- ouvrir le calendrier partagé ;
- choisir un créneau libre ;
- confirmer la réservation par courriel.

## Atelier

Pour le bon déroulé de l'atelier :

- arriver cinq minutes avant le début ;
- couper les notifications du téléphone.

## Animation

Pour pouvoir animer au mieux son atelier, un animateur a besoin de :

- un tableau blanc ;
- des feutres ;
- une liste des participants.
"""


def test_a_french_purpose_is_a_task_only_when_it_opens_with_the_readers_verb(
    tmp_path: Path,
) -> None:
    pairs = text_pairs(tmp_path, "salle.md", _FR_PURPOSES, 10)
    assert "créneau" in _asked(pairs, "Comment puis-je réserver une salle ?")
    # "pour le bon déroulé ..." names no task; "..., un animateur a besoin de :" lists what
    # someone else needs: neither is "Comment puis-je ... ?".
    assert [q for q in pairs if q.startswith("Comment puis-je")] == [
        "Comment puis-je réserver une salle ?"
    ]


_ES_LAB = """# Guía del laboratorio

## Recomendaciones de seguridad

- Usar gafas de protección en todo momento.
- Guardar los reactivos en el armario cerrado.
- Lavar las manos al salir del laboratorio.
"""


def test_spanish_article_agrees_with_a_noun_in_ciones(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "manual.md", _ES_LAB, 10)
    question = "¿Cuáles son las recomendaciones de seguridad de la guía del laboratorio?"
    assert "armario" in _asked(pairs, question)


_DE_TASKS = """# Handbuch für neue Mitarbeitende

## Urlaub beantragen

- Öffne das Personalportal im Intranet.
- Trage den gewünschten Zeitraum im Formular ein.
- Sende den Antrag an deine Teamleitung.

## Zugang erhalten

- Der Name der Abteilung.
- Die Kostenstelle des Teams.
"""


def test_german_task_heading_over_instructions(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "handbuch.md", _DE_TASKS, 10)
    answer = _asked(pairs, "Wie kann ich Urlaub beantragen?")
    assert "Personalportal" in answer and "Teamleitung" in answer
    # A list of data under a task heading gives no steps: not asked how.
    assert "Wie kann ich Zugang erhalten?" not in pairs


_ES_DECORATED = """# 🤖 Política del Comité de Revisión de Datos (CRD)

Establece cómo opera el comité que revisa cada cambio en los datos de la empresa.

## 🎯 Objetivo

- Establecer las reglas que siguen las personas que proponen cambios.
- Asegurar que cada cambio se revisa antes de publicarse.

## 📋 Declaraciones de la política

### Funciones del CRD

- Recibir y registrar las solicitudes de cambio.
- Analizar el impacto de cada solicitud.
- Aprobar o rechazar la solicitud por escrito.
"""


def test_a_decorated_title_still_says_whose_and_an_owned_heading_keeps_its_owner(
    tmp_path: Path,
) -> None:
    # An emoji before the heading above and an abbreviation glossed after it are no part of
    # the name the question says; a heading that names its owner is not given a second one.
    pairs = text_pairs(tmp_path, "politica.md", _ES_DECORATED, 10)
    assert "¿Cuál es el objetivo de la política del Comité de Revisión de Datos?" in pairs
    assert "¿Cuáles son las funciones del CRD?" in pairs
    assert not any("de las declaraciones" in q for q in pairs)
