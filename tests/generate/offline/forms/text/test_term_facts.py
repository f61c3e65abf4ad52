"""Notice periods, deadlines, processing times, a mandate's length and voting majorities
are asked in the document's language, naming the subject the sentence names; a pronoun,
a possessive or a bare common noun as the subject is not asked."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

_PT = """# Estatutos da Associação dos Moradores

## Dos órgãos sociais

Dois – A Direção e o Conselho Fiscal são eleitos em Assembleia Geral e o seu mandato é de dois anos.

As reuniões da Assembleia Geral são convocadas pelo Presidente da Mesa com antecedência mínima de oito dias.

As deliberações sobre a dissolução da Associação exigem o voto favorável de três quartos dos associados.

## Reembolsos

O pedido de reembolso de despesas deve ser aberto no portal em até 72 horas.

Os reembolsos do plano de saúde são processados em 7 a 10 dias úteis.

Ele deve ser informado em até 3 dias.
"""

_DE = """# Satzung des Sportvereins

## Vorstand

Die Amtszeit des Vorstands beträgt zwei Jahre.

Die Mitgliederversammlung wird vom Vorstand unter Einhaltung einer Frist von vier Wochen schriftlich einberufen.

Für Satzungsänderungen ist eine Mehrheit von zwei Dritteln der anwesenden Mitglieder erforderlich.

## Erstattungen

Der Kassenbericht wird vom Kassenwart mindestens eine Woche vorher verschickt.

Der Antrag auf Erstattung muss innerhalb von 14 Tagen beim Kassenwart eingereicht werden.

Er muss innerhalb von 14 Tagen eingereicht werden.
"""

_FR = """# Statuts de l'association

## Bureau

Le mandat des membres du bureau est de trois ans.

L'assemblée générale ordinaire est convoquée par le président avec un préavis de quinze jours.

Les décisions du conseil d'administration sont prises à la majorité des deux tiers.

Les décisions sont prises à la majorité des voix.
"""

_ES = """# Estatutos de la asociación

## Junta Directiva

El mandato de la Junta Directiva será de dos años.

La Asamblea General Ordinaria será convocada con una antelación mínima de quince días.

Los acuerdos de la Asamblea General se adoptarán por mayoría simple de los presentes.
"""

_IT = """# Statuto dell'associazione

## Organi

Il mandato del Consiglio Direttivo dura tre anni.

L'assemblea dei soci è convocata con almeno 15 giorni di preavviso.

La domanda di rimborso deve essere presentata entro 30 giorni dalla spesa.

Il Consiglio Direttivo è convocato dal presidente almeno 5 giorni prima della riunione.
"""


def _cases(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    return text_pairs(tmp_path, name, text)


def test_portuguese_notice_mandate_majority_deadline_and_processing(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "estatutos.md", _PT)
    asked = "Qual é a duração do mandato da Direção e do Conselho Fiscal?"
    assert "dois anos" in cases.get(asked, ""), cases
    asked = "Com que antecedência são convocadas as reuniões da Assembleia Geral?"
    assert "oito dias" in cases.get(asked, ""), cases
    asked = "Que maioria exigem as deliberações sobre a dissolução da Associação?"
    assert "três quartos" in cases.get(asked, ""), cases
    assert "72 horas" in cases.get(
        "Em que prazo deve ser aberto o pedido de reembolso de despesas?", ""
    )
    asked = "Em quanto tempo são processados os reembolsos do plano de saúde?"
    assert "dias úteis" in cases.get(asked, ""), cases
    assert not any("ele" in q.split() for q in cases), cases


def test_german_term_notice_majority_and_deadline(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "satzung.md", _DE)
    assert "zwei Jahre" in cases.get("Wie lange dauert die Amtszeit des Vorstands?", ""), cases
    asked = "Mit welcher Frist wird die Mitgliederversammlung einberufen?"
    assert "vier Wochen" in cases.get(asked, ""), cases
    asked = "Welche Mehrheit ist für Satzungsänderungen erforderlich?"
    assert "zwei Dritteln" in cases.get(asked, ""), cases
    asked = "Innerhalb welcher Frist muss der Antrag auf Erstattung eingereicht werden?"
    assert "14 Tagen" in cases.get(asked, ""), cases
    assert not any(q.startswith("Innerhalb welcher Frist muss er") for q in cases), cases
    asked = "Wie lange im Voraus wird der Kassenbericht verschickt?"
    assert "eine Woche" in cases.get(asked, ""), cases


def test_french_spanish_and_italian_terms(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "statuts.md", _FR)
    assert "trois ans" in cases.get("Quelle est la durée du mandat des membres du bureau ?", "")
    asked = "Avec quel préavis est convoquée l'assemblée générale ordinaire ?"
    assert "quinze jours" in cases.get(asked, ""), cases
    asked = "À quelle majorité sont prises les décisions du conseil d'administration ?"
    assert "deux tiers" in cases.get(asked, ""), cases
    assert "À quelle majorité sont prises les décisions ?" not in cases, cases
    cases = _cases(tmp_path, "estatutos.md", _ES)
    assert "dos años" in cases.get("¿Cuánto dura el mandato de la Junta Directiva?", ""), cases
    asked = "¿Con qué antelación será convocada la Asamblea General Ordinaria?"
    assert "quince días" in cases.get(asked, ""), cases
    asked = "¿Por qué mayoría se adoptarán los acuerdos de la Asamblea General?"
    assert "simple" in cases.get(asked, ""), cases
    cases = _cases(tmp_path, "statuto.md", _IT)
    assert "tre anni" in cases.get("Quanto dura il mandato del Consiglio Direttivo?", ""), cases
    asked = "Con quanto preavviso è convocata l'assemblea dei soci?"
    assert "15 giorni" in cases.get(asked, ""), cases
    asked = "Entro quale termine deve essere presentata la domanda di rimborso?"
    assert "30 giorni" in cases.get(asked, ""), cases
    asked = "Con quanto anticipo è convocato il Consiglio Direttivo?"
    assert "5 giorni prima" in cases.get(asked, ""), cases
