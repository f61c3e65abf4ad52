"""Entries of a list of works cited are no facts of the document: the titles of the
papers they cite ("Research papers: who's uncited now.") are asked nothing, also where
the list has no heading of its own (a journal's notes run on after the text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.offline.paper import cites_works
from tests.helpers.knowledge_fixtures import text_pairs

ARTICLE = """# Measuring what a journal is worth

The impact factor of a journal is the mean number of citations its articles receive in
the two years after they appear. Libraries use the impact factor to choose which
journals to subscribe to.

Citation rates differ widely between fields. Reviews are cited more often than research
articles, so a journal that prints many reviews gets a higher impact factor.

1 Gordon MD. How authors select journals: a test of the reward maximization model of submission behaviour. Social Studies of Science 1984;14:27-43.

2 Hamilton DP. Research papers: who's uncited now. Science 1991;251:25. 3 MacRoberts MH, MacRoberts BR. Problems of citation analysis: a critical review. J Am Soc Information Sci 1989;40:342-9.

4 Secretaries of State for Health. Primary care: delivering the future. London: Stationery Office, 1996. 5 Coulter A. Evaluating general practice. Eur J Public Health 1995;5:233-9.
"""


def test_cited_titles_are_asked_nothing(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "journal-worth.md", ARTICLE)
    said = " ".join([*pairs, *pairs.values()]).casefold()
    for title in ("select journals", "uncited", "critical review", "delivering the future"):
        assert title not in said, pairs
    # What the article itself says is still asked.
    assert any("impact factor" in q.casefold() for q in pairs), pairs


@pytest.mark.parametrize(
    "entry",
    [
        "13 Gordon MD. How authors select journals. Social Studies of Science 1984;14:27-43.",
        "Smith, J. A., & Lee, K. (2019). Open data in practice. Journal of X, 12(3), 45-67.",
        "[4] Jones K, Brown L. Lineage. Proc. SOSP 3, 55–66 (2010).",
        "Veatch RM. The Oregon experiment. In: Strosberg MA, Wiener JM, Baker R, eds. "
        "Rationing care. Washington, DC: Brookings Institution, 1992.",
    ],
)
def test_entries_of_each_style_read_as_cited(entry: str) -> None:
    assert cites_works(entry)


@pytest.mark.parametrize(
    "sentence",
    [
        "As shown by Smith et al. (2019), open data improves reuse (Lee, 2020).",
        "Employees may claim up to $1,000 a year; see section 4.2 of the 2021 policy.",
        "Version 2019;4 of the form replaced the paper one.",
        "The office in London: Central House, 2020. It opens at nine.",
    ],
)
def test_sentences_that_cite_on_their_way_are_text(sentence: str) -> None:
    assert not cites_works(sentence)
