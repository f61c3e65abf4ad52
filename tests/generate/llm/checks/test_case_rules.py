"""The evaluators suggested for a generated case follow its answer."""

from __future__ import annotations

from datasetkit.generate.llm.checks.case_rules import suggest_evaluators


def test_evaluator_suggestions_follow_the_answer() -> None:
    assert "ExactMatch" in suggest_evaluators("table-lookup", "9.99")
    assert "PartialMatch" in suggest_evaluators("lookup", "30 days")
    prose = suggest_evaluators(
        "lookup", "Refunds go back to the original card within five business days."
    )
    assert set(prose) == {"Similarity", "Groundedness"}
    assert "Citations" in suggest_evaluators(
        "comparison", "Express is faster than standard shipping but costs more."
    )
    assert suggest_evaluators("unanswerable", "I cannot answer that.") == {"Similarity": {}}
