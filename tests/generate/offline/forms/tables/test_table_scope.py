"""A question over a whole table says what the table holds (its caption), never "Table 1"."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.offline_prompts import offline_prompts

COUNTRIES = """# Travel notes

Some notes on the region follow.

Table 1: Nordic Countries Information

| Country | Population (millions) | Area (km²) | Capital |
| --- | --- | --- | --- |
| Denmark | 5.9 | 42,951 | Copenhagen |
| Finland | 5.6 | 338,424 | Helsinki |
| Norway | 5.5 | 385,207 | Oslo |
| Sweden | 10.5 | 450,295 | Stockholm |
"""

RESULTS = """# Retrieval study

We compare four retrievers on one benchmark.

Table 2: Top-20 retrieval accuracy on Natural Questions

| Model | Accuracy (%) | Index size (GB) |
| --- | --- | --- |
| BM25 | 59.1 | 2.4 |
| DPR | 78.4 | 61.0 |
| ColBERT | 80.2 | 154.0 |
| Hybrid | 79.5 | 63.4 |
"""


def test_the_caption_narrows_the_rows_a_question_compares(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "countries.md", COUNTRIES, 20)
    compared = [p for p in prompts if p.startswith(("Which", "How many"))]
    assert compared, prompts
    assert all(p.startswith(("Which Nordic country", "How many Nordic")) for p in compared), prompts
    assert not any("Table 1" in p for p in prompts), prompts


def test_a_caption_about_something_else_is_named_whole(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "results.md", RESULTS, 20)
    compared = [p for p in prompts if p.startswith("Which model")]
    assert compared, prompts
    assert all("Top-20 retrieval accuracy on Natural Questions" in p for p in compared), prompts
