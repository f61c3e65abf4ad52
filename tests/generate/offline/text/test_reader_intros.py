"""A privacy notice's lists introduced in the passive ("Folgende Daten werden erhoben:") or
addressed to the reader ("Ihnen stehen ... folgende Rechte zu:") are asked as what they
list, in the notice's language and the first person; the questions name the controller
the notice names, never another party its body mentions more often."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.list_intros import intro_question
from tests.generate.offline.forms.test_forms import _cases, _pairs

_SERVICE = (
    "Auf dieser Website setzen wir Google Fonts ein, einen Dienst der Google Ireland Limited. "
    "Beim Aufruf einer Seite lädt Ihr Browser die Schriften von Google Ireland Limited, "
    "und Google Ireland Limited erfährt dabei Ihre IP-Adresse."
)


def _notice(path: Path, controller: str) -> Path:
    """A German website privacy notice in Word: a controller block under an introducing
    line, a passive list of logged fields, a rights list with a relative clause after it."""
    import docx

    d = docx.Document()
    d.add_heading("Datenschutzerklärung", 1)
    d.add_paragraph("Verantwortlich für diese Website ist:")
    d.add_paragraph(controller)
    d.add_paragraph("Gartenweg 4\n12345 Musterstadt")
    d.add_paragraph(
        "Wir speichern Zugriffe auf die Website in Protokolldateien des Servers. "
        "Folgende Daten werden dabei erhoben:"
    )
    for item in ("Besuchte Seite", "Uhrzeit des Zugriffs", "Verwendeter Browser", "IP-Adresse"):
        d.add_paragraph(item, style="List Bullet")
    d.add_paragraph("Die Protokolldateien werden nach sieben Tagen gelöscht.")
    d.add_paragraph(
        "Ihnen stehen als Betroffene nach der DSGVO folgende Rechte zu, die sich aus "
        "Art. 15 bis 21 DSGVO ergeben:"
    )
    for item in ("Auskunft", "Berichtigung", "Löschung", "Widerspruch gegen die Verarbeitung"):
        d.add_paragraph(item, style="List Bullet")
    d.add_paragraph(_SERVICE)
    d.add_paragraph(
        "Unter der oben genannten Adresse können Sie jederzeit folgende Rechte ausüben:"
    )
    for item in ("Widerruf Ihrer Einwilligung", "Beschwerde bei einer Aufsichtsbehörde"):
        d.add_paragraph(item, style="List Bullet")
    path = path.with_suffix(".docx")
    d.save(str(path))
    return path


def test_passive_and_reader_lists_of_a_german_notice_are_asked_whole(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_notice(tmp_path / "a", "Musterverein e.V.")], 20)[0])
    logged = next((a for q, a in pairs.items() if q.startswith("Welche Daten werden")), "")
    assert "Besuchte Seite" in logged and "IP-Adresse" in logged, list(pairs)
    rights = [
        a for q, a in pairs.items() if q.startswith("Welche Rechte stehen mir nach der DSGVO")
    ]
    assert rights and "Auskunft" in rights[0] and "Widerspruch" in rights[0], list(pairs)
    used = [a for q, a in pairs.items() if q.startswith("Welche Rechte kann ich")]
    # "dabei" points at the sentence before: the question leaves it out.
    assert not [q for q in pairs if "dabei" in q], list(pairs)
    assert used and "Beschwerde" in used[0], list(pairs)


def test_the_notice_names_its_controller_not_a_service_it_embeds(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_notice(tmp_path / "a", "Musterverein e.V.")], 20)[0])
    assert not [q for q in pairs if "Google" in q and "Fonts" not in q], list(pairs)
    assert [q for q in pairs if "beim Musterverein e.V." in q], list(pairs)


def test_a_private_person_as_controller_names_no_subject(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_notice(tmp_path / "b", "Erika Mustermann")], 20)[0])
    assert pairs, "the notice's lists are still asked"
    assert not [q for q in pairs if "Mustermann" in q or "bei Google" in q], list(pairs)


def test_list_introductions_of_notices_in_french_and_spanish() -> None:
    asked = {
        ("Les données suivantes sont collectées :", "fr"): "Quelles données sont collectées ?",
        (
            "Conformément au RGPD, vous disposez des droits suivants :",
            "fr",
        ): "De quels droits est-ce que je dispose ?",
        ("Se recogen los siguientes datos:", "es"): "¿Qué datos se recogen?",
        ("Usted tiene los siguientes derechos:", "es"): "¿Qué derechos tengo?",
        ("Sie haben folgende Rechte:", "de"): "Welche Rechte habe ich?",
    }
    for (intro, lang), question in asked.items():
        assert intro_question(intro, lang) == question, intro
    # A passive intro with no participle, or a pronoun for what is listed, asks nothing.
    assert intro_question("Folgende Daten:", "de") is None
    assert intro_question("Dies sind:", "de") is None


_RIGHT = (
    "Sie haben nach Maßgabe der gesetzlichen Vorgaben das Recht, dies jederzeit und "
    "unentgeltlich gegenüber dem Verantwortlichen zu verlangen; die Einzelheiten ergeben sich "
    "aus den einschlägigen Vorschriften der Datenschutz-Grundverordnung und des nationalen "
    "Rechts, die wir Ihnen auf Anfrage gerne näher erläutern."
)


def test_a_long_list_of_labelled_rights_is_answered_by_its_labels(tmp_path: Path) -> None:
    labels = (
        "Auskunftsrecht",
        "Recht auf Berichtigung",
        "Recht auf Löschung und Einschränkung der Verarbeitung",
        "Recht auf Datenübertragbarkeit",
        "Widerspruchsrecht",
        "Beschwerde bei einer Aufsichtsbehörde",
        "Widerrufsrecht bei Einwilligungen",
    )
    items = "\n".join(f"- {label}: {_RIGHT}" for label in labels)
    doc = tmp_path / "datenschutz.md"
    doc.write_text(
        "# Datenschutzerklärung\n\n## Ihre Rechte\n\n"
        f"Ihnen stehen nach der DSGVO folgende Rechte zu:\n\n{items}\n",
        encoding="utf-8",
    )
    pairs = _pairs(_cases([doc], 10)[0])
    answer = pairs.get("Welche Rechte stehen mir nach der DSGVO zu?", "")
    assert answer.splitlines() == list(labels), list(pairs)


def test_a_quoted_term_a_sentence_defines_is_asked_what_it_means(tmp_path: Path) -> None:
    doc = tmp_path / "datenschutz.md"
    doc.write_text(
        "# Datenschutzerklärung\n\n## Begriffe\n\n"
        "Mit „Nutzungsdaten“ sind alle Angaben gemeint, die beim Aufruf unserer Seiten "
        "anfallen, etwa die Uhrzeit und die aufgerufene Adresse.\n\n"
        '- Verarbeitung: "Verarbeitung“ ist jeder Vorgang im Zusammenhang mit '
        "personenbezogenen Daten, etwa das Erheben, das Speichern oder das Löschen.\n"
        '- Dritter: "Empfänger“ ist jede Stelle, der Daten offengelegt werden, '
        "ob es sich um einen Dritten handelt oder nicht.\n\n"
        "„Kennung“ ist jede Angabe, die einer Person zugeordnet werden kann, z.B. "
        "Kundennummern oder Online-Kennungen.\n",
        encoding="utf-8",
    )
    pairs = _pairs(_cases([doc], 10)[0])
    assert pairs.get("Was bedeutet „Nutzungsdaten“?", "").startswith("Mit „Nutzungsdaten“"), pairs
    assert pairs.get("Was bedeutet „Verarbeitung“?", "").startswith('"Verarbeitung“ ist'), pairs
    # A sentence cut at an abbreviation ("z.B.") is no whole definition.
    assert "Was bedeutet „Kennung“?" not in pairs, pairs
    # A label that names another term than the quoted one: no entry of either.
    assert "Was bedeutet „Empfänger“?" not in pairs and "Was bedeutet „Dritter“?" not in pairs


def test_a_quoted_definition_a_page_cuts_is_not_asked(tmp_path: Path) -> None:
    doc = tmp_path / "contrato.md"
    doc.write_text(
        "# Contrato de prestación de servicios\n\n"
        "El presente contrato se celebra entre la Empresa y el Profesional. El Profesional "
        "prestará sus servicios de manera independiente y con sus propios medios.\n\n"
        "## Confidencialidad\n\n"
        "Se entiende por «Información Confidencial» toda aquella que no es conocida por el "
        "público, incluyendo en este concepto aquella\n\n"
        "## Definiciones\n\n"
        "Se entiende por «Honorarios» la suma que la Empresa paga al Profesional por cada "
        "mes de servicio prestado.\n",
        encoding="utf-8",
    )
    pairs = _pairs(_cases([doc], 10)[0])
    assert "¿Qué significa «Honorarios»?" in pairs, pairs
    assert "¿Qué significa «Información Confidencial»?" not in pairs, pairs
