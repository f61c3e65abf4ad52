"""The one language detector (datasetkit.core.language.detect): texts, documents and generation."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.core.language.detect import (
    Detection,
    detect,
    dominant_language,
    is_wrong_language,
    language_name,
    passages_language,
    signal_text,
)
from datasetkit.generate.contract import Chunk, Plan, PlanSlot, chunk_language
from datasetkit.generate.llm.engine.planning import file_languages as _file_languages
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load_file
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.language import document_language
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.language_samples import (
    HELD_OUT,
    HELD_OUT_TABLE_ROWS_EN,
    SAMPLES,
    TABLE_ROWS_EN,
    UNSURE,
)

GERMAN_SHORT = (
    "Der Versand ist ab 50 Euro kostenlos. Die Lieferung dauert in der Regel zwei bis drei "
    "Werktage."
)
GERMAN_FAQ = (
    "Wie lange dauert die Lieferung? Innerhalb Deutschlands liefern wir in zwei bis drei "
    "Werktagen. Kann ich per Rechnung bezahlen? Ja, für Bestellungen bis 500 Euro. Wo finde "
    "ich meine Bestellung? Im Kundenkonto unter „Meine Bestellungen“. Der Versand ist immer "
    "versichert."
)
PEOPLE = [
    ("Giulia Rossi", "Milano", "Sales", "giulia.rossi@example.com"),
    ("José García", "Sevilla", "Account management", "jose.garcia@example.com"),
    ("Maria da Silva", "Rio de Janeiro", "Finance", "maria.silva@example.com"),
    ("Luca di Stefano", "Reggio di Calabria", "Customer support", "luca@example.com"),
    ("Carlos de la Fuente", "Santa Cruz de Tenerife", "Logistics", "carlos@example.com"),
    ("Giovanni Della Valle", "Roma", "Marketing", "giovanni@example.com"),
    ("Ana María López y Pérez", "Valencia", "Legal", "ana@example.com"),
    ("João dos Santos", "Lisboa", "Finance", "joao@example.com"),
]


# ------------------------------------------------------------------ texts


@pytest.mark.parametrize(
    ("lang", "text"),
    [(lang, text) for lang, texts in SAMPLES.items() for text in texts],
    ids=[f"{lang}-{i}" for lang, texts in SAMPLES.items() for i in range(len(texts))],
)
def test_short_passages(lang: str, text: str) -> None:
    assert detect(text).language == lang


@pytest.mark.parametrize("text", TABLE_ROWS_EN + HELD_OUT_TABLE_ROWS_EN)
def test_english_table_rows_with_foreign_names_are_english(text: str) -> None:
    assert detect(text).language == "en"


@pytest.mark.parametrize("text", UNSURE)
def test_numbers_codes_names_and_addresses_alone_say_nothing(text: str) -> None:
    assert detect(text) == Detection(None, 0.0)


def test_held_out_passages_are_never_given_a_wrong_language() -> None:
    got = {lang: [detect(t).language for t in texts] for lang, texts in HELD_OUT.items()}
    wrong = {lang: [g for g in gs if g not in (lang, None)] for lang, gs in got.items()}
    assert all(not w for w in wrong.values()), wrong
    right = sum(g == lang for lang, gs in got.items() for g in gs)
    assert right >= 0.95 * sum(len(gs) for gs in got.values())


def test_short_german_paragraph_and_faq() -> None:
    assert detect(GERMAN_SHORT).language == "de"
    assert len(GERMAN_FAQ.split()) == 40
    code, confidence = detect(GERMAN_FAQ)
    assert code == "de" and confidence > 0.6


def test_names_numbers_codes_addresses_do_not_decide() -> None:
    # The same English sentence with Italian, Spanish and Portuguese names, places, codes.
    text = (
        "Please ask Giulia Rossi or José García de la Fuente in Reggio di Calabria; "
        "order SKU-4411 costs 19,99 € (see https://example.it/ordini or write to ordini@example.it)."
    )
    assert detect(text).language == "en"
    assert signal_text(text) == "please ask or in ; order costs ; see or write to"


def test_non_latin_scripts() -> None:
    assert detect("お客様は三十日以内に商品を返品できます。").language == "ja"
    assert detect("顾客可以在三十天内退货并获得退款。").language == "zh"
    assert detect("Клиент может вернуть товар в течение тридцати дней.").language == "ru"
    assert detect("Клієнт може повернути товар протягом тридцяти днів.").language == "uk"


def test_detection_is_a_pair_and_deterministic() -> None:
    code, confidence = detect(SAMPLES["it"][0])
    assert code == "it" and 0 < confidence <= 1
    assert [detect(t) for t in SAMPLES["pt"]] == [detect(t) for t in SAMPLES["pt"]]


def test_wrong_language_gives_short_and_mixed_texts_the_benefit_of_the_doubt() -> None:
    assert is_wrong_language("What does the policy say about the refund and the return?", "de")
    assert is_wrong_language(SAMPLES["es"][0], "it")
    assert not is_wrong_language("OK", "de")
    assert not is_wrong_language("Was sagt die Richtlinie über die Rückgabe?", "de")
    assert not is_wrong_language("Giulia Rossi, Milano", "de")
    assert not is_wrong_language("Das Team nutzt das Ticket-Portal für jeden Support-Fall.", "de")
    # A German answer quoting an English product name is still German.
    assert not is_wrong_language(
        'Der Tarif heißt "Business Premium Plan for Small Teams" und kostet 20 Euro.', "de"
    )


def test_language_names() -> None:
    assert language_name("de") == "German"
    assert language_name("PT") == "Portuguese"
    assert language_name("xx") == "xx"


def test_passages_vote() -> None:
    assert passages_language([GERMAN_SHORT, "OK", "12345"]) == "de"
    assert passages_language(["12345", "SKU-1"]) is None
    assert dominant_language(["12345"]) == "en"
    assert dominant_language(["12345"], default="fr") == "fr"
    # Half German, half French: no clear winner.
    assert passages_language([SAMPLES["de"][1], SAMPLES["fr"][1]]) is None


# ------------------------------------------------------------------ documents


def _rows(headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[Section]:
    out = []
    for i, row in enumerate(rows, start=2):
        record = dict(zip(headers, row, strict=True))
        prov = Provenance("people.csv", row=i, table=1)
        out.append(Section("table_row", record_text(record), prov, record=record))
    return out


def test_document_vote_english_table_of_foreign_names() -> None:
    sections = [Section("heading", "Sales team", Provenance("team.md"), level=1)]
    sections += _rows(("Name", "City", "Department", "Email"), PEOPLE * 20)
    assert document_language(sections) == "en"


def test_document_vote_covers_the_whole_document_not_its_start() -> None:
    # 2500 rows of bare numbers first, German prose after them.
    sections = _rows(("Nr", "Wert"), [(str(i), str(i * 7)) for i in range(2500)])
    sections += [Section("paragraph", t, Provenance("daten.txt")) for t in SAMPLES["de"]]
    assert document_language(sections) == "de"


def test_document_vote_is_none_when_unsure() -> None:
    sections = _rows(("ID", "SKU"), [(str(i), f"A-{i}") for i in range(50)])
    assert document_language(sections) is None
    assert document_language([]) is None


def test_english_document_stays_english_with_some_foreign_rows() -> None:
    prose = [Section("paragraph", t, Provenance("handbook.md")) for t in SAMPLES["en"][:5]]
    rows = _rows(("Name", "Office"), [(p[0], p[1]) for p in PEOPLE])
    assert document_language(prose + rows) == "en"


def test_load_short_german_text(tmp_path: Path) -> None:
    f = tmp_path / "versand.txt"
    f.write_text(GERMAN_SHORT + "\n", encoding="utf-8")
    doc = load_file(f)
    assert doc.language == "de"
    assert doc.language == document_language(doc.sections)


def test_load_german_faq(tmp_path: Path) -> None:
    f = tmp_path / "faq.md"
    f.write_text("# Häufige Fragen\n\n" + GERMAN_FAQ + "\n", encoding="utf-8")
    assert load_file(f).language == "de"


def test_load_english_csv_of_people_with_italian_and_spanish_names(tmp_path: Path) -> None:
    f = tmp_path / "people.csv"
    lines = ["Name,City,Department,Email"] + [",".join(p) for p in PEOPLE]
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    doc = load_file(f)
    assert len(doc.sections) == len(PEOPLE)
    assert doc.language == "en"


def test_load_english_markdown_table_of_people(tmp_path: Path) -> None:
    f = tmp_path / "team.md"
    rows = "".join(f"| {n} | {c} | {d} |\n" for n, c, d, _ in PEOPLE)
    f.write_text("# Team\n\n| Name | City | Department |\n|---|---|---|\n" + rows, encoding="utf-8")
    assert load_file(f).language == "en"


# ------------------------------------------------------------------ generation


def test_offline_questions_from_a_short_german_text_are_german_and_not_templated(
    tmp_path: Path,
) -> None:
    f = tmp_path / "versand.md"
    f.write_text("# Versand\n\n" + GERMAN_SHORT + "\n", encoding="utf-8")
    doc = load_file(f)
    assert doc.language == "de"
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents([doc]), 3, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    prompts = [gc.case.turns[0].prompt for gc in result.cases]
    # No question pasted over the heading ("Was regelt „Versand“?"): fewer cases, or none.
    assert not [p for p in prompts if "„" in p or p.startswith(("Was regelt", "What"))], prompts
    assert {gc.case.extensions["datasetkit"]["language"] for gc in result.cases} <= {"de"}


def test_generators_take_the_document_language(tmp_path: Path) -> None:
    f = tmp_path / "team.md"
    rows = "".join(f"| {n} | {c} | {d} |\n" for n, c, d, _ in PEOPLE)
    f.write_text("# Team\n\n| Name | City | Department |\n|---|---|---|\n" + rows, encoding="utf-8")
    doc = load_file(f)
    chunks = chunk_documents([doc])
    assert {chunk_language(c) for c in chunks} == {"en"}
    plan = Plan(slots=[PlanSlot(index=0, chunks=chunks[:1])], seed=1)
    assert _file_languages(plan) == {doc.path: "en"}
    questions = [
        gc.case.turns[0].prompt
        for gc in OfflineGenerator()
        .generate_knowledge(build_plan(chunks, 2, 1, capacity=OfflineGenerator().capacity))
        .cases
    ]
    # Cell lookups and (since the offline generator asks whole rows too) row questions.
    assert questions and all(q.startswith(("What is the", "What are the")) for q in questions)


def test_chunks_without_a_document_language_get_the_same_vote() -> None:
    prov = Provenance("richtlinie.txt")
    chunk = Chunk("c1", GERMAN_SHORT, prov, sections=[Section("paragraph", GERMAN_SHORT, prov)])
    assert chunk_language(chunk) == "de"
    assert _file_languages(Plan(slots=[PlanSlot(0, [chunk])], seed=1)) == {"richtlinie.txt": "de"}


def _translated_page(paragraphs: list[str], code: str) -> list[Section]:
    prov = Provenance("page.md")
    out = [Section("heading", "Guide", prov, level=1)]
    for text in paragraphs:
        out.append(Section("paragraph", text, prov))
        out.append(Section("code", code, prov))
    return out


def test_document_vote_a_translated_page_with_its_commands_is_in_its_language() -> None:
    # A French page keeps its commands in code blocks and code spans, which read as
    # English, and French shares function words with Italian, Spanish and Portuguese:
    # French still leads every other language by far.
    paragraphs = [
        "Pour installer une application, utilisez la commande `helm install my-release "
        "stable/app --set image.tag=latest` avec le nom de votre version.",
        "Vous pouvez afficher la liste des versions avec `helm list --all` dans le terminal.",
        "La procédure est décrite dans la documentation officielle du projet.",
    ]
    code = "helm install my-release stable/app\nhelm list --all --namespace default\n"
    assert document_language(_translated_page(paragraphs, code)) == "fr"
    # Half German, half French prose: still no winner.
    mixed = _translated_page([SAMPLES["de"][1], SAMPLES["fr"][1]], code)
    assert document_language(mixed) is None
