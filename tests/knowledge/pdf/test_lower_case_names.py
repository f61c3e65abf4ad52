"""Section titles that open with a name spelled in lower case (a product, a tool) are
titles: bold lines in one type, the same lower-case word first and capitals after it,
twice or more. A lone bold line opening in lower case is still the end of a line
broken off, not a title."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import Run, write_runs

B, R = "Helvetica-Bold", "Helvetica"
BODY = 11.0

INTRO = [
    "This release brings changes to every part of the service. Update each device from its",
    "settings page; the update takes a few minutes and keeps every saved map and setting.",
]


def _notes(path: Path, titles: list[str]) -> Path:
    lines: list[list[Run] | None] = [[("Release Notes 4.2", B, 16.0)], None]
    lines += [[(t, R, BODY)] for t in INTRO] + [None]
    for title in titles:
        lines += [[(title, B, BODY)]]
        lines += [[("• Added a setting to power off when charging fails", R, BODY)]]
        lines += [[("• Fixed a crash when a route is changed while it runs", R, BODY)], None]
    return write_runs(path, lines)


def _headings(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_titles_that_open_with_a_lower_case_name_are_headings(tmp_path: Path) -> None:
    titles = ["zeno Launcher", "zeno Center", "zeno Mobile App", "Developer Tools"]
    assert _headings(_notes(tmp_path / "notes.pdf", titles)) == ["Release Notes 4.2", *titles]


def test_a_lone_line_opening_in_lower_case_is_no_heading(tmp_path: Path) -> None:
    titles = ["zeno Launcher", "Developer Tools"]
    got = _headings(_notes(tmp_path / "lone.pdf", titles))
    assert got == ["Release Notes 4.2", "Developer Tools"]
