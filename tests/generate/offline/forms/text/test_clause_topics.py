"""A contract's numbered clause whose heading names one of a contract's standing topics
(its term, the fee, how it ends, a breach, the governing law) is asked by that topic's
question, in the contract's language, and answered by what the clause states; a heading
on two topics or on a topic's effects, or a clause that does not state what its topic
asks (a fee with no amount), asks nothing this way."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

SPANISH = """CONTRATO DE PRESTACIÓN DE SERVICIOS PROFESIONALES

En Valparaíso, a 3 de febrero de 2026, entre Tecnologías Lumen SpA y la señora Ana Rojas \
Pinto se acuerda lo siguiente.

PRIMERO, DEL OBJETO: La profesional prestará servicios de análisis de datos para el área \
de operaciones de la empresa.

SEGUNDO, DEL PAGO DE LOS SERVICIOS: El valor total de los servicios asciende a la suma de \
$2.400.000 brutos. Se pagará en dos cuotas iguales.

TERCERO, DE LA VIGENCIA DEL CONTRATO: El presente contrato tendrá vigencia desde el 1 de \
marzo hasta el 30 de junio de 2026. Podrá prorrogarse de común acuerdo.

CUARTO, DEL INCUMPLIMIENTO: Cualquier incumplimiento grave de la profesional dará derecho \
a la empresa a poner término anticipado al contrato, sin indemnización alguna.

QUINTO, DE LA CONFIDENCIALIDAD: La profesional guardará reserva de toda la información que \
reciba durante la prestación de los servicios.
"""


def test_a_spanish_contracts_clauses_are_asked_by_their_headings(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "contrato.md", SPANISH)
    asked = {q: a for q, a in pairs.items() if q.startswith("¿Cuál es la vigencia del contrato")}
    assert asked, pairs
    assert "desde el 1 de marzo hasta el 30 de junio de 2026" in next(iter(asked.values()))
    # The heading shouts "PAGO", a word the running text never writes: the question asks
    # in its own words rather than in the heading's capitals.
    fee = [a for q, a in pairs.items() if q.startswith("¿Cuánto se paga según el contrato")]
    assert fee and "$2.400.000" in fee[0], pairs
    breach = [q for q in pairs if q.startswith("¿Qué ocurre en caso de incumplimiento")]
    assert breach, pairs


def _agreement_docx(path: Path, clauses: list[str]) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Consulting Services Agreement", 0)
    d.add_paragraph(
        "This agreement is made between Orchard Analytics Ltd and Pine Street Bakery for "
        "the review of the bakery's sales reporting."
    )
    for clause in clauses:
        d.add_paragraph(clause)
    d.save(str(path))
    return path


CLAUSES = [
    "2.1 Term. This Agreement begins on 1 May 2026 and ends on 30 April 2027.",
    "2.2 Effect of Termination. On termination the consultant returns every document of "
    "the bakery within ten days.",
    "3.1 Fees. The bakery pays the consultant a fixed fee of $12,000 for the review.",
    "3.2 Expenses. The consultant bears its own travel costs.",
    "4.1 Termination. Either party may terminate this Agreement by written notice when the "
    "other party fails to perform it.",
    "5.1 Governing Law. This Agreement is governed by the laws of the State of Oregon.",
]


def test_an_agreements_run_in_clause_headings_ask_their_topics(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _agreement_docx(tmp_path / "consulting.docx", CLAUSES))
    term = "What is the term of the Consulting Services Agreement?"
    assert pairs.get(term) == "This Agreement begins on 1 May 2026 and ends on 30 April 2027.", (
        pairs
    )
    assert "$12,000" in pairs.get("What are the fees under the Consulting Services Agreement?", "")
    ended = pairs.get("How can the Consulting Services Agreement be terminated?", "")
    assert "by written notice when the other party fails" in ended, pairs
    law = pairs.get("Which law governs the Consulting Services Agreement?", "")
    assert "State of Oregon" in law, pairs
    # A clause on what follows termination is not asked how the agreement is ended.
    assert not any("returns every document" in a for q, a in pairs.items() if "terminat" in q)


def test_a_heading_on_two_topics_or_a_fee_with_no_amount_asks_nothing(tmp_path: Path) -> None:
    clauses = [
        "2.1 Term and Termination. This Agreement begins on 1 May 2026 and either party may "
        "terminate it with 30 days' notice.",
        "3.1 Fees. The bakery pays the fees set out in the order form.",
    ]
    pairs = offline_pairs(tmp_path, _agreement_docx(tmp_path / "consulting.docx", clauses))
    assert not any(
        q.startswith(("What is the term", "How can", "What are the fees")) for q in pairs
    )


FRENCH = """# Contrat de prestation de services

Entre la société Atelier Nord SARL et Madame Claire Dubois, il est convenu ce qui suit.

ARTICLE 4 – DURÉE : Le présent contrat est conclu pour une durée de douze mois à compter \
de sa signature.

ARTICLE 7 – RÉSILIATION : Chaque partie peut résilier le contrat par lettre recommandée avec \
un préavis de deux mois.
"""

GERMAN = """# Dienstleistungsvertrag

Zwischen der Nordlicht GmbH und Herrn Jonas Weber wird folgender Vertrag geschlossen.

§ 5 Laufzeit: Der Vertrag wird für zwei Jahre geschlossen.

§ 8 Kündigung: Der Vertrag kann von beiden Seiten mit einer Frist von drei Monaten \
gekündigt werden.
"""


def test_french_and_german_clause_headings_ask_in_their_language(tmp_path: Path) -> None:
    fr = text_pairs(tmp_path, "contrat.md", FRENCH)
    assert any(q.startswith("Quelle est la durée du contrat") for q in fr), fr
    assert any(q.startswith("Comment le contrat peut-il être résilié") for q in fr), fr
    de = text_pairs(tmp_path, "vertrag.md", GERMAN)
    assert any(q.startswith("Wie lange läuft der Vertrag") for q in de), de
    assert any(q.startswith("Wie kann der Vertrag gekündigt werden") for q in de), de


HEADED = """# Equipment Lease Agreement

This agreement is made between Harbor Rentals and Bayside Builders.

## 4. Term

This Agreement runs for 24 months from the delivery date.

## 9. Governing Law

This Agreement is governed by the laws of the State of Maine.
"""


def test_a_numbered_clause_heading_of_its_own_asks_its_first_sentence(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "lease.md", HEADED)
    assert pairs.get("What is the term of the Equipment Lease Agreement?") == (
        "This Agreement runs for 24 months from the delivery date."
    ), pairs
    assert "State of Maine" in pairs.get("Which law governs the Equipment Lease Agreement?", "")
