"""What a research paper defines: a term with its abbreviation and citations, and a name
it presents with what it is."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.offline_prompts import offline_prompts

PAPER = """# Sparse Retrieval Revisited

## 1 Introduction

Passage ranking (PR) (Nguyen et al., 2016; Bajaj 2018) is a task that orders candidate passages by their relevance to a query.

Earlier rankers were tuned by hand for each collection. In this work we present Rankle, a lightweight learned ranker that reorders the output of any first-stage retriever (Figure 1).

We present the results, a comparison with four baselines, in Section 4.
"""


def test_a_paper_s_term_and_the_system_it_presents_are_asked(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "paper.md", PAPER, 10)
    assert "What is passage ranking?" in prompts, prompts
    assert "What is Rankle?" in prompts, prompts
    # "the results" is no name, and a citation never becomes part of a term
    assert not any("results" in p.lower() or "Nguyen" in p for p in prompts), prompts


def test_the_presented_name_is_answered_by_what_it_is(tmp_path: Path) -> None:
    from datasetkit.generate.offline.forms.text.introduced import introduced
    from datasetkit.knowledge.model import Provenance, Section

    text = "In 2024 Contoso launched Fabrikam Cloud, an online backup service for small firms."
    section = Section("paragraph", text, Provenance(str(tmp_path / "x.md")))
    found = introduced(text, section, "en")
    assert found is not None
    assert (found.question, found.answer) == (
        "What is Fabrikam Cloud?",
        "Fabrikam Cloud is an online backup service for small firms.",
    )
    assert introduced(text, section, "de") is None


def test_a_name_offered_to_someone_is_asked_and_a_clause_after_a_comma_is_not(
    tmp_path: Path,
) -> None:
    from datasetkit.generate.offline.forms.text.introduced import introduced
    from datasetkit.knowledge.model import Provenance, Section

    offered = (
        "Each year we offer our members Trailhead Plus, a travel plan that covers lost luggage."
    )
    section = Section("paragraph", offered, Provenance(str(tmp_path / "x.md")))
    found = introduced(offered, section, "en")
    assert found is not None and found.question == "What is Trailhead Plus?"
    clause = "Upon signing we use the Addendum, a member state becomes a party to it."
    assert introduced(clause, section, "en") is None
