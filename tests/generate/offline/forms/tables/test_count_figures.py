"""A count printed with thousands grouped ("12,480") or a magnitude letter ("58.6B") is
asked as a count ("How many tokens does <row> have?"), not as "What are the tokens of
<row>?"; an amount in a currency is not a count."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _corpora(path: Path) -> Path:
    path.write_text(
        "# Training corpora\n\n"
        "The corpora below were mixed for the second training run of the Kestrel model.\n\n"
        "| Corpus | Kind | Documents | Tokens |\n"
        "|---|---|---|---|\n"
        "| Harbor Web Crawl | web pages | 3,712,000 | 58.6B |\n"
        "| Lantern Papers | papers | 412,500 | 12.4B |\n"
        "| Quarry Code | code | 1,840,200 | 21.3B |\n"
        "| Meadow Books | books | 86,310 | 4.2B |\n",
        encoding="utf-8",
    )
    return path


def test_counts_with_grouping_or_a_magnitude_are_asked_how_many(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _corpora(tmp_path / "corpora.md"), 30)
    said = " | ".join(pairs)
    assert "What are the tokens" not in said and "What are the documents" not in said, pairs
    assert "How many tokens does" in said and "How many documents does" in said, pairs
    assert any(a in ("12.4B", "58.6B", "21.3B", "4.2B") for a in pairs.values()), pairs


def test_an_amount_in_a_currency_is_not_asked_how_many(tmp_path: Path) -> None:
    path = tmp_path / "fees.md"
    path.write_text(
        "# Membership fees\n\n"
        "| Plan | Members | Fees |\n"
        "|---|---|---|\n"
        "| Basic | 1,204 | $12,400 |\n"
        "| Family | 310 | $9,300 |\n"
        "| Senior | 2,045 | $8,150 |\n",
        encoding="utf-8",
    )
    pairs = offline_pairs(tmp_path, path, 30)
    assert not any(q.startswith("How many fees") for q in pairs), pairs


def test_a_plural_amount_with_grouped_figures_is_not_counted(tmp_path: Path) -> None:
    path = tmp_path / "segments.md"
    path.write_text(
        "# Sales by segment of the Orwell Group\n\n"
        "| Segment | Sales | Staff |\n"
        "|---|---|---|\n"
        "| Coffee | 12,480 | 310 |\n"
        "| Water | 3,215 | 95 |\n"
        "| Petcare | 8,902 | 240 |\n",
        encoding="utf-8",
    )
    pairs = offline_pairs(tmp_path, path, 30)
    assert not any(q.startswith("How many sales") for q in pairs), pairs
