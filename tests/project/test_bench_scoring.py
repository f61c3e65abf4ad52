"""The knowledge benchmark's scorer: headings a PDF's text layer does not hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_knowledge
    import knowledge_outline

    return bench_knowledge, knowledge_outline


def test_headings_on_a_page_without_text_are_counted_apart_not_missed(
    bench: Any, tmp_path: Path
) -> None:
    # Page 2 stands for a scan: it has no text layer, so no tool can read its heading
    # without OCR. The scorer says so instead of counting the heading as missed.
    bench_knowledge, outline = bench
    page = [("Expense Policy", "Helvetica-Bold", 20), ("", "Helvetica", 10), *body(*PROSE)]
    path = write_pages(tmp_path / "half-scanned.pdf", [page, []])
    truth = {
        "headings": [[0, "Expense Policy"], [1, "Purpose of form"]],
        "layer": bench_knowledge.text_layer(path),
    }
    blocks = outline.from_sections(load_file(path).sections)
    score = bench_knowledge.score_document(blocks, truth)
    assert (score.heads_true, score.heads_level, score.heads_unread) == (1, 1, 1)
    assert "heading not in the text layer: purpose of form" in score.missed
    assert not any(line.startswith("heading missed") for line in score.missed)


def test_every_heading_counts_when_no_text_layer_is_given(bench: Any) -> None:
    bench_knowledge, outline = bench
    blocks = [outline.Block("heading", "Expense Policy", level=0)]
    truth = {"headings": [[0, "Expense Policy"], [1, "Purpose of form"]]}
    score = bench_knowledge.score_document(blocks, truth)
    assert (score.heads_true, score.heads_unread) == (2, 0)
    assert "heading missed: purpose of form" in score.missed


def test_a_hebrew_heading_the_layer_holds_in_display_order_counts_as_readable(
    bench: Any,
) -> None:
    # pypdf gives a Hebrew line reversed (display order): the heading is in the layer.
    bench_knowledge, _ = bench
    layer = bench_knowledge._page_key("מדיניות חופשה"[::-1] + "\nPage 1")
    assert bench_knowledge.layer_key("מדיניות חופשה") in layer


def test_a_hebrew_heading_whose_runs_the_layer_swaps_is_scored_not_set_aside(
    bench: Any,
) -> None:
    # pypdf reverses each run of a Hebrew line but keeps the runs around a dash in
    # display order, so the heading is not in the layer as one string; its words all
    # are, so it counts as readable.
    bench_knowledge, outline = bench
    heading = "תפיסה חברתית - כלכלית"
    layer = bench_knowledge._page_key(" תיתרבח הסיפת -  תילכלכ \nPage 1")
    truth = {"headings": [[0, heading]], "layer": layer}
    blocks = [outline.Block("heading", heading, level=0)]
    score = bench_knowledge.score_document(blocks, truth)
    assert (score.heads_true, score.heads_level, score.heads_unread) == (1, 1, 0)


def test_a_record_holding_a_unicode_line_separator_is_read_whole(
    bench: Any, tmp_path: Path
) -> None:
    # json.dumps leaves U+2028 and U+0085 unescaped; reading the worker's output with
    # str.splitlines() cut such a record in two and the whole benchmark stopped.
    bench_knowledge, _ = bench
    path = tmp_path / "guide.md"
    path.write_text("# Setup\n\nInstall the tool.\u2028Then run it\u0085twice.\n", encoding="utf-8")
    records = bench_knowledge.run_tool("datasetkit", [path], 1)
    blocks = records[str(path)]["blocks"]
    assert any("Then run it" in str(block) for block in blocks)


def test_a_heading_whose_accents_the_layer_sets_apart_counts_as_readable(bench: Any) -> None:
    # A TeX-made PDF's text layer (as pypdf gives it) holds each accent as a spacing
    # character before its letter; the heading is in the layer all the same, so it is
    # scored, not set aside as unreadable.
    bench_knowledge, outline = bench
    heading = "Análisis de tablas de contingencia"
    layer = bench_knowledge._page_key("1 An´alisis de tablas de contingencia\nP´agina 2")
    truth = {"headings": [[0, heading]], "layer": layer}
    score = bench_knowledge.score_document([outline.Block("heading", heading, level=0)], truth)
    assert (score.heads_true, score.heads_level, score.heads_unread) == (1, 1, 0)
