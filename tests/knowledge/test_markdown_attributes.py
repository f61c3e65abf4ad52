"""An attribute list closing a Markdown heading ("## Install { #install }", "{: .lead}",
as site generators write anchors and classes) is no part of the heading's title; braces
that are words of the title stay."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def test_heading_attribute_lists_are_not_part_of_the_title(tmp_path: Path) -> None:
    path = tmp_path / "guide.md"
    path.write_text(
        "# Uploading Files { #uploading-files }\n\nThe service accepts uploads.\n\n"
        "## Limit `size` {#limit-size .advanced}\n\nSet a limit.\n\n"
        "Quick Start {: .lead}\n-----------\n\nRun it.\n\n"
        "## Sets {a, b}\n\nBraces that are words stay.\n",
        encoding="utf-8",
    )
    doc = load_file(path)
    titles = [s.text for s in doc.sections if s.kind == "heading"]
    assert titles == ["Uploading Files", "Limit size", "Quick Start", "Sets {a, b}"], titles
