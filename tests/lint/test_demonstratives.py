"""A French or Spanish demonstrative before any noun points at what the text said before
("définir ce cadre"); the time it is now ("cette année") and a clause "ce" opens do not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.lint.wording import unresolved_reference


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Comment puis-je définir ce cadre chez Acme ?", "fr"),
        ("Qui valide ces demandes ?", "fr"),
        ("¿Cómo puedo definir este marco en Acme?", "es"),
        ("¿Quién aprueba esas solicitudes?", "es"),
    ],
)
def test_a_demonstrative_before_a_noun_points_back(question: str, lang: str) -> None:
    assert unresolved_reference(question, lang) is not None


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Qu'est-ce que le télétravail chez Acme ?", "fr"),
        ("Combien de jours de congé ai-je cette année ?", "fr"),
        ("Est-ce que le parking est gratuit pour les salariés ?", "fr"),
        ("¿Cuántos días de vacaciones tengo este año?", "es"),
        ("¿Dónde esta la oficina de Recursos Humanos?", "es"),
    ],
)
def test_the_time_now_and_a_clause_opened_by_ce_name_nothing_before(
    question: str, lang: str
) -> None:
    assert unresolved_reference(question, lang) is None


def test_a_hand_written_french_set_is_checked_by_the_french_rules(tmp_path: Path, cli) -> None:
    # No language recorded: the prompt's own language decides which checks read it.
    path = tmp_path / "set.jsonl"
    rows = [
        {
            "query": "Comment puis-je définir ce cadre chez Acme ?",
            "ground_truth": "Par des ateliers.",
        },
        {"query": "Combien de jours de congé ai-je cette année chez Acme ?", "ground_truth": "25."},
    ]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", "utf-8")
    out = cli("lint", str(path)).stdout
    assert "lint.prompt.unresolved-reference" in out and "'ce cadre'" in out, out
    assert out.count("unresolved-reference") == 1, out
