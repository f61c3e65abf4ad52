"""Grounding: evidence found after normalisation, answers supported by it; cases in the
source language."""

from __future__ import annotations

import pytest

from datasetkit.core.language.detect import detect, is_wrong_language
from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm.checks.grounding import answer_supported, find_evidence, normalise
from datasetkit.knowledge.model import Provenance


def _chunk(text: str, cid: str = "c1") -> Chunk:
    return Chunk(id=cid, text=text, provenance=Provenance(file="doc.txt", heading_path=("Policy",)))


def test_normalise_folds_case_quotes_dashes_width_and_space() -> None:
    assert normalise("The  “Refund”\u00a0policy — ＡＢＣ!") == normalise(
        'the "refund" policy - ABC'
    )
    assert normalise("3.5 days, 1,000 users.") == "3.5 days 1,000 users"


def test_evidence_matches_after_normalisation_and_with_ellipsis() -> None:
    ch = _chunk(
        "Refunds are paid within “five” business days.\nThe desk opens at 8am, Monday to Friday."
    )
    assert find_evidence('refunds are paid within "five" business days', [ch]) is not None
    assert find_evidence("Refunds are paid ... business days", [ch]) is not None
    assert find_evidence("Refunds are paid within ten business days", [ch]) is None
    # A longer quote a couple of characters off still matches fuzzily, short ones do not.
    assert find_evidence("The desk opens at 8 am, Monday to Friday", [ch]) is not None
    assert find_evidence("8pm", [ch]) is None


def test_answer_must_be_supported_by_the_evidence() -> None:
    ev = ["Customers may return items within 30 days of delivery."]
    assert answer_supported("Within 30 days of delivery.", ev).ok
    wrong = answer_supported("Within 60 days of delivery.", ev)
    assert not wrong.ok and wrong.reason == "answer_number_not_in_evidence"
    off = answer_supported("Shipping is free for premium members worldwide.", ev)
    assert not off.ok and off.reason == "answer_not_supported_by_evidence"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The customer may return the item within thirty days and the refund is paid.", "en"),
        (
            "Der Kunde kann die Ware innerhalb von dreißig Tagen zurückgeben und erhält sein Geld.",
            "de",
        ),
        ("Le client peut retourner l'article dans les trente jours et il est remboursé.", "fr"),
        (
            "El cliente puede devolver el artículo en un plazo de treinta días y se le reembolsa.",
            "es",
        ),
        ("お客様は三十日以内に商品を返品できます。", "ja"),
        ("顾客可以在三十天内退货并获得退款。", "zh"),
        ("Клиент может вернуть товар в течение тридцати дней.", "ru"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect(text).language == lang


def test_wrong_language_needs_confidence() -> None:
    assert is_wrong_language("What does the policy say about the refund and the return?", "de")
    assert not is_wrong_language("OK", "de")  # too short to judge
    assert not is_wrong_language("Was sagt die Richtlinie über die Rückgabe?", "de")
