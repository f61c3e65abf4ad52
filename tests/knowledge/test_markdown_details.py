"""Collapsible sections (HTML ``<details>`` with a ``<summary>``) in a Markdown page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

PAGE = """# Portal

Intro text of the portal page.

<details>
<summary><strong>What is the portal?</strong></summary>

The portal is the shared space where the team keeps its documents.

<details>
<summary>Main features</summary>

- Online access
- Real-time editing

</details>

</details>

<details>
  <summary>Versions</summary>
    | Version | Date | Author |
    | ------- | ---- | ------ |
    | 1.0.0 | 03/03/2025 | Ana Ruiz |
</details>

<details><summary>Click to expand</summary>

Hidden screenshot notes.

</details>

Closing words after the folds.
"""


def _sections(tmp_path: Path) -> list[tuple[str, str, int | None, tuple[str, ...]]]:
    f = tmp_path / "portal.md"
    f.write_text(PAGE, encoding="utf-8")
    doc = load_file(f, display="portal.md")
    return [(s.kind, s.text, s.level, s.provenance.heading_path) for s in doc.sections]


def test_summary_is_a_heading_under_the_heading_it_sits_under(tmp_path: Path) -> None:
    got = _sections(tmp_path)
    headings = [(text, level) for kind, text, level, _ in got if kind == "heading"]
    assert headings == [
        ("Portal", 1),
        ("What is the portal?", 2),
        ("Main features", 3),
        ("Versions", 2),
    ]
    items = [path for kind, _, _, path in got if kind == "list_item"]
    assert items and all(p == ("Portal", "What is the portal?", "Main features") for p in items)


def test_text_after_a_fold_is_under_the_heading_before_it(tmp_path: Path) -> None:
    got = _sections(tmp_path)
    closing = next(path for _, text, _, path in got if text.startswith("Closing words"))
    assert closing == ("Portal",)
    hidden = next(path for _, text, _, path in got if text.startswith("Hidden"))
    assert hidden == ("Portal",)  # "Click to expand" titles nothing


def test_indented_table_in_a_fold_is_a_table_not_code(tmp_path: Path) -> None:
    got = _sections(tmp_path)
    rows = [(text, path) for kind, text, _, path in got if kind == "table_row"]
    assert len(rows) == 1 and "Ana Ruiz" in rows[0][0]
    assert rows[0][1] == ("Portal", "Versions")
    assert not any(kind == "code" or "| ---" in text for kind, text, _, _ in got)
