"""The offline generator: grounded, quoted, deterministic cases with no API."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import CATEGORIES
from datasetkit.generate.offline.generator import (
    OfflineGenerator,
    is_grounded,
    normalize,
    starter_skeleton,
)
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load
from tests.generate.offline.forms.test_forms import _cases
from tests.helpers.knowledge_fixtures import make_pdf, make_policy_docx, make_price_xlsx

FAQ_MD = """\
# Contoso Support Guide

## How do I reset my password?

Open the sign-in page and choose "Forgot password". A reset link arrives by email within 5 minutes.

## How to file an expense claim

1. Photograph the receipt.
2. Open the Expenses app.
3. Submit the claim before the 10th of the next month.

## Glossary

- Cost centre: the budget a purchase is charged to.
- Mileage rate: the amount paid per mile driven with a private car.

## Support hours

The help desk is open from 8:00 to 18:00 on weekdays. Urgent issues are handled around the clock.
"""


@pytest.fixture()
def kb(tmp_path: Path) -> list[Path]:
    (tmp_path / "support.md").write_text(FAQ_MD, encoding="utf-8")
    return [
        tmp_path / "support.md",
        make_policy_docx(tmp_path / "travel.docx"),
        make_price_xlsx(tmp_path / "prices.xlsx"),
        make_pdf(
            tmp_path / "claims.pdf",
            [
                [
                    "A claim is a request for payment under a policy.",
                    "Claims must be filed within 30 days.",
                ]
            ],
        ),
    ]


def _run(files: list[Path], count: int, seed: int, language: str | None = None):
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, seed, capacity=gen.capacity)
    return docs, plan, gen.generate_knowledge(plan, language=language)


def test_every_expected_response_is_found_in_the_source(kb: list[Path]) -> None:
    docs, plan, result = _run(kb, 40, 11)
    # The knowledge holds about 20 distinct facts (a table fact is asked once: a row's
    # details or its cells); a slot left empty says so.
    assert len(result.cases) >= 20
    assert len(result.cases) + len(result.failures) == len(plan.slots)
    assert all(f.reason.startswith("no further distinct question") for f in result.failures)
    source_text = {
        d.path: "\n".join(
            [s.text for s in d.sections]
            + [v for s in d.sections for v in (s.record or {}).values()]
        )
        for d in docs
    }
    for gc in result.cases:
        turn = gc.case.turns[0]
        ext = gc.case.extensions["datasetkit"]
        assert gc.grounded and ext["grounded"] is True
        assert all(gc.checks.values()), gc.checks
        # Quoted from the file it names, and the evidence contains the answer. A computed
        # answer (a count, a value with its unit, a yes/no verdict) names what it quotes.
        quoted = "\n".join(ext.get("quoted") or [turn.expected_response])
        assert is_grounded(quoted, [source_text[ext["source"]["file"]]]), turn
        assert is_grounded(quoted, [ext["evidence"]])
        assert gc.case.category == "knowledge"
        assert gc.case.id == gc.case.content_id()
    assert len({gc.case.id for gc in result.cases}) == len(result.cases)
    assert len({normalize(gc.case.turns[0].prompt) for gc in result.cases}) == len(result.cases)


def test_the_kinds_of_questions(kb: list[Path]) -> None:
    # The question forms follow the content: whole procedures, glossary definitions,
    # deadlines, table cells and extremes; never a template over a heading ("What does
    # ... say about ...?") nor a whole row asked for its "details".
    _, _, result = _run(kb, 60, 2)
    pairs = {gc.case.turns[0].prompt: gc.case.turns[0].expected_response for gc in result.cases}
    types = {gc.case.extensions["datasetkit"]["question_type"] for gc in result.cases}
    assert types >= {"faq", "procedure", "definition", "lookup", "list", "max", "min"}
    assert not types & {"row", "section"}
    assert types >= {"deadline", "when"}
    assert pairs["How do I reset my password?"] == (
        'Open the sign-in page and choose "Forgot password". A reset link arrives by email within 5 minutes.'
    )
    # Every step, one a line.
    assert pairs["How do I file an expense claim?"] == (
        "Photograph the receipt.\nOpen the Expenses app.\nSubmit the claim before the 10th of the next month."
    )
    assert pairs["What is the cost centre?"] == "the budget a purchase is charged to."
    assert (
        pairs["What is the mileage rate?"] == "the amount paid per mile driven with a private car."
    )
    assert (
        pairs["What is a per diem?"]
        == "A per diem is a fixed daily allowance for meals and incidentals."
    )
    assert pairs["What is a claim?"] == "A claim is a request for payment under a policy."
    assert (
        pairs["Within how many days must claims be filed?"]
        == "Claims must be filed within 30 days."
    )
    assert pairs["What is the annual price of the Basic plan?"] == "$118.80"
    # A table fact is asked once: the lowest monthly price names Basic's, so "What is the
    # monthly price of the Basic plan?" is not asked too; no row is asked for its
    # "details".
    assert not [q for q in pairs if "details" in q]
    assert "What is the monthly price of the Basic plan?" not in pairs
    assert pairs["What is the discount for LOYAL?"] == "10%"
    assert pairs["What is the hotel cap for Oslo?"] == "NOK 2400"
    assert pairs["Which plan has the lowest monthly price?"] == "Basic ($9.90)"
    # A list under a bare heading names the document it is in.
    assert pairs["What are the approved airlines for booking in the Travel Policy?"] == (
        "Contoso Air\nFabrikam Airways"
    )
    # Opening hours are asked as "When ...?", not "What does the guide say about support hours?".
    assert pairs["When is the help desk open?"] == (
        "The help desk is open from 8:00 to 18:00 on weekdays."
    )
    # The uncomputed formula (Enterprise annual price) gives no case.
    assert "What is the annual price for Enterprise?" not in pairs


def test_source_provenance_points_at_the_row_or_section(kb: list[Path]) -> None:
    _, _, result = _run(kb, 60, 2)
    by_prompt = {gc.case.turns[0].prompt: gc for gc in result.cases}
    lookup = by_prompt["What is the annual price of the Basic plan?"]
    assert lookup.case.extensions["datasetkit"]["source"] == {
        "file": str(kb[2]),
        "heading_path": ["Contoso price list 2026"],
        "sheet": "Plans",
        "row": 4,
        "table": 1,
        "cells": "A4:D4",
    }
    assert lookup.evidence == "Plan: Basic; Monthly price: $9.90; Seats: 1; Annual price: $118.80"
    faq = by_prompt["How do I reset my password?"]
    assert faq.source is not None
    assert faq.source.to_dict() == {
        "file": str(kb[0]),
        "heading_path": ["Contoso Support Guide", "How do I reset my password?"],
        "line": 3,
    }
    claim = by_prompt["What is a claim?"]
    assert claim.case.extensions["datasetkit"]["source"] == {"file": str(kb[3]), "page": 1}


def test_deterministic_for_a_seed(kb: list[Path]) -> None:
    a = _run(kb, 12, 5)[2]
    b = _run(kb, 12, 5)[2]
    dump = lambda r: [gc.case.model_dump_json() for gc in r.cases]  # noqa: E731
    assert dump(a) == dump(b)
    c = _run(kb, 12, 6)[2]
    assert dump(a) != dump(c)


def test_asking_for_more_than_the_knowledge_holds_reports_a_shortfall(tmp_path: Path) -> None:
    f = tmp_path / "tiny.md"
    f.write_text(
        "# Tiny\n\n## When does the office open?\n\nThe office opens at nine every weekday morning.\n",
        encoding="utf-8",
    )
    docs = load([f])
    chunks = chunk_documents(docs)
    gen = OfflineGenerator()
    # Without the capacity hint the plan asks the one chunk for five cases.
    plan = build_plan(chunks, 5, 1)
    result = gen.generate_knowledge(plan)
    assert len(result.cases) == 1
    assert len(result.failures) == 4
    assert result.shortfall == {"knowledge": 4}
    assert "no further distinct question" in result.failures[0].reason


def test_questions_follow_the_document_language(tmp_path: Path) -> None:
    f = tmp_path / "preise.md"
    f.write_text(
        "# Preisliste\n\n## Versand\n\nDer Versand ist für alle Bestellungen über 50 Euro kostenlos und dauert "
        "in der Regel zwei bis drei Werktage. Die Lieferung erfolgt mit der Post und wird per E-Mail angekündigt.\n\n"
        "| Tarif | Preis |\n|---|---|\n| Basis | 9 Euro |\n| Plus | 19 Euro |\n",
        encoding="utf-8",
    )
    docs, _, result = _run([f], 10, 1)
    assert docs[0].language == "de"
    prompts = sorted(gc.case.turns[0].prompt for gc in result.cases)
    assert "Wie lautet der Preis von Basis?" in prompts
    # Never an English template translated word for word over a German heading.
    assert not [p for p in prompts if p.startswith("Was steht in")]
    assert {gc.case.extensions["datasetkit"]["language"] for gc in result.cases} == {"de"}
    with pytest.raises(DatasetkitError, match="no question templates for language 'xx'"):
        _run([f], 2, 1, language="xx")


def test_non_knowledge_slots_are_refused_with_a_reason(kb: list[Path]) -> None:
    docs = load(kb[:1])
    plan = build_plan(chunk_documents(docs), 2, 1, categories=("knowledge", "safety"))
    result = OfflineGenerator().generate_knowledge(plan)
    assert len(result.cases) == 1
    assert "knowledge cases only" in result.failures[0].reason


def test_starter_skeleton_covers_every_category_with_marked_placeholders() -> None:
    result = starter_skeleton("An HR assistant that answers leave questions.", count=12, seed=3)
    cats = [gc.case.category for gc in result.cases]
    assert (
        cats
        == ["knowledge"] * 3
        + ["instruction-following"] * 3
        + ["tool-usage"] * 2
        + ["edge-cases"] * 2
        + ["safety"] * 2
    )
    assert list(dict.fromkeys(cats)) == list(CATEGORIES)
    for gc in result.cases:
        t = gc.case.turns[0]
        assert t.prompt.startswith("[PLACEHOLDER]") and t.expected_response.startswith(
            "[PLACEHOLDER]"
        )
        assert gc.case.extensions == {
            "datasetkit": {"placeholder": True, "grounded": False, "generator": "offline"}
        }
        assert not gc.grounded
    assert len({gc.case.id for gc in result.cases}) == 12
    again = starter_skeleton("An HR assistant that answers leave questions.", count=12, seed=3)
    assert [gc.case.id for gc in again.cases] == [gc.case.id for gc in result.cases]
    only = starter_skeleton("x", count=4, seed=1, categories=["safety", "edge-cases"])
    assert [gc.case.category for gc in only.cases] == [
        "safety",
        "safety",
        "edge-cases",
        "edge-cases",
    ]


def test_a_question_asked_twice_is_replaced_by_a_spare_from_the_same_section(
    tmp_path: Path,
) -> None:
    f = tmp_path / "terms.md"
    f.write_text(
        "# Terms\n\n## Meals\n\nA per diem is a fixed daily allowance.\n\nA voucher is a prepaid meal ticket.\n\n"
        "| Item | Payer |\n|---|---|\n| Lunch | The company |\n\n"
        "A per diem is a fixed daily allowance.\n",
        encoding="utf-8",
    )
    chunks = chunk_documents(load([f]))
    gen = OfflineGenerator()
    capacities = [gen.capacity(c) for c in chunks]
    # The repeated definition counts once: the chunk that repeats it offers nothing new
    # (the gate's near-duplicate check runs when candidates are offered).
    assert capacities == [2, 1, 0]
    for seed in range(8):
        plan = build_plan(chunks, 3, seed, capacity=gen.capacity)
        result = gen.generate_knowledge(plan)
        prompts = sorted(gc.case.turns[0].prompt for gc in result.cases)
        # Three distinct questions exist (a section with definitions is not also asked
        # about as a whole); whichever chunk asks about the per diem first, the others
        # still find one.
        assert result.failures == [], seed
        assert prompts == [
            "What is a per diem?",
            "What is a voucher?",
            "What is the payer of the Lunch meal?",
        ], seed


def test_capacity_counts_the_candidates_a_set_can_hold_together(kb: list[Path]) -> None:
    chunks = chunk_documents(load(kb))
    gen = OfflineGenerator()
    assert any(c.kind == "table" for c in chunks)
    for chunk in chunks:
        cands = gen.candidates(chunk)
        if chunk.kind != "table":
            assert gen.capacity(chunk) == len(cands), chunk.provenance.label()
            continue
        # Candidates that give away the same table fact count once.
        assert 0 < gen.capacity(chunk) <= len(cands), chunk.provenance.label()


def test_pdf_headings_in_larger_bold_type_give_questions(
    tmp_path: Path,
) -> None:
    pdf = make_pdf(
        tmp_path / "handbook.pdf",
        [
            [
                ("Employee Handbook", 20, True),
                "",
                ("2. Working hours", 14, True),
                "Core hours are from 10:00 to 15:00. Staff may start as early as 7:00.",
                "",
                ("Can I work from home?", 14, True),
                "Yes, up to two days a week, after agreeing it with your manager.",
            ]
        ],
    )
    _, _, result = _run([pdf], 5, 1)
    pairs = {gc.case.turns[0].prompt: gc.case.turns[0].expected_response for gc in result.cases}
    # The heading question is asked as written; the sentences under "2. Working hours"
    # give their own questions (no section number, no "What does ... say about"), but not
    # "Can staff start as early as 7:00?" -> "Yes. Staff may start as early as 7:00.": a
    # yes/no question that states its own answer.
    assert pairs == {
        "What are core hours?": "Core hours are from 10:00 to 15:00.",
        "Can I work from home?": "Yes, up to two days a week, after agreeing it with your manager.",
    }
    assert all(gc.source is not None and gc.source.page == 1 for gc in result.cases)


def test_the_same_file_and_seed_make_the_same_cases_from_any_folder(tmp_path: Path) -> None:
    # A run repeated from another directory or checkout reads the file under another
    # path; with the same seed it must make the same cases.
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Employee", "Department", "City", "Annual Salary"])
    cities = ["Austin", "Denver", "Boston", "Seattle", "Chicago"]
    depts = ["Finance", "Sales", "Legal", "Research"]
    for i in range(60):
        ws.append([f"Person {i:02d}", depts[i % 4], cities[i % 5], 50000 + 1000 * i])
    made = []
    for folder in ("a", "b/c/d"):
        (tmp_path / folder).mkdir(parents=True)
        wb.save(tmp_path / folder / "staff.xlsx")
        made.append(list(_cases([tmp_path / folder / "staff.xlsx"], 6)[0]))
    assert made[0] == made[1] and len(made[0]) == 6
