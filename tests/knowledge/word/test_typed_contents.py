"""Word documents without heading styles that type their own contents list: the list
names the bold body paragraphs that title the sections and gives their levels; its
entries are no content; a bold title over a plain lower-case line stays a title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasetkit.knowledge import load_file

_BODY = "This part explains what the team does here and who answers questions about it."


def _add(d: Any, text: str, *, bold: bool = False, style: str | None = None) -> Any:
    p = d.add_paragraph(style=style)
    p.add_run(text).bold = bold
    return p


def _heads(path: Path) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]


def _texts(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections]


def _guide(tmp_path: Path, contents: list[tuple[int, str]], *, indent: bool) -> Path:
    """A guide titled in bold body type, its contents list typed at the start (entries
    indented by depth, or in list styles by depth), every section a bold line over
    text, and one section that opens straight into a sub-section the list leaves out."""
    import docx
    from docx.shared import Inches

    d = docx.Document()
    _add(d, "Operations Guide", bold=True)
    _add(d, "Contents", bold=True)
    for depth, text in contents:
        if indent:
            _add(d, text).paragraph_format.left_indent = Inches(0.4 * (depth - 1))
        else:
            _add(d, text, style="List Bullet" if depth == 1 else "List Bullet 2")
    for _depth, text in contents:
        _add(d, text, bold=True)
        if text == "Deployment":
            _add(d, "Release Checklist", bold=True)
        _add(d, _BODY)
        _add(d, "A second paragraph says more about the same part of the work.")
    return _save(d, tmp_path / "guide.docx")


def _save(d: Any, path: Path) -> Path:
    d.save(str(path))
    return path


_CONTENTS = [
    (1, "Overview"),
    (1, "Deployment"),
    (2, "Frontend Hosting"),
    (2, "Backend Hosting"),
    (1, "Security"),
    (2, "Data Protection"),
]


def test_typed_contents_list_gives_bold_titles_their_levels(tmp_path: Path) -> None:
    path = _guide(tmp_path, _CONTENTS, indent=True)
    assert _heads(path) == [
        (0, "Operations Guide"),
        (1, "Contents"),
        (1, "Overview"),
        (1, "Deployment"),
        (2, "Release Checklist"),
        (2, "Frontend Hosting"),
        (2, "Backend Hosting"),
        (1, "Security"),
        (2, "Data Protection"),
    ]


def test_contents_entries_in_list_styles_give_levels_and_are_no_content(tmp_path: Path) -> None:
    path = _guide(tmp_path, _CONTENTS, indent=False)
    heads = _heads(path)
    assert (1, "Deployment") in heads and (2, "Frontend Hosting") in heads
    assert (1, "Security") in heads and (2, "Data Protection") in heads
    sections = load_file(path).sections
    # The contents entries are not read as a list (each title is there once, as a heading).
    assert not any(s.kind == "list_item" for s in sections)
    assert _texts(path).count("Backend Hosting") == 1


def test_a_short_list_not_naming_later_titles_is_left_as_it_is(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Operations Guide", bold=True)
    for text in ("Coffee", "Tea", "Water"):
        _add(d, text, style="List Bullet")
    for text in ("Overview", "Deployment", "Security"):
        _add(d, text, bold=True)
        _add(d, _BODY)
    path = _save(d, tmp_path / "plain.docx")
    assert [s.text for s in load_file(path).sections if s.kind == "list_item"] == [
        "Coffee",
        "Tea",
        "Water",
    ]


def test_a_list_repeated_as_one_block_is_no_contents_list(tmp_path: Path) -> None:
    """The same short lines twice in a row (a list, then a bold copy of it) name no
    sections: nothing stands between the copies' lines."""
    import docx

    d = docx.Document()
    _add(d, "Price Sheet", bold=True)
    names = ("Basic Plan", "Standard Plan", "Premium Plan")
    for text in names:
        _add(d, text, style="List Bullet")
    _add(d, _BODY)
    for text in names:
        _add(d, text, bold=True)
    _add(d, _BODY)
    path = _save(d, tmp_path / "repeated.docx")
    items = [s.text for s in load_file(path).sections if s.kind == "list_item"]
    assert items == list(names)


def test_bold_title_over_a_lower_case_line_is_not_one_sentence(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Setup Notes", bold=True)
    for title in ("Environment Variables", "Service Accounts"):
        _add(d, title, bold=True)
        _add(d, "env")
        _add(d, _BODY)
    path = _save(d, tmp_path / "setup.docx")
    heads = [text for _, text in _heads(path)]
    assert "Environment Variables" in heads and "Service Accounts" in heads
    assert not any(text.endswith(" env") for text in heads)


def test_contents_entries_with_page_numbers_match_their_titles(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Field Manual", bold=True)
    _add(d, "Contents", bold=True)
    titles = ("Getting Started", "Daily Checks", "Reporting Faults")
    for page, text in zip((2, 4, 7), titles, strict=True):
        _add(d, f"{text} ........ {page}")
    for text in titles:
        _add(d, text, bold=True)
        _add(d, _BODY)
    path = _save(d, tmp_path / "manual.docx")
    assert _heads(path) == [
        (0, "Field Manual"),
        (1, "Contents"),
        (1, "Getting Started"),
        (1, "Daily Checks"),
        (1, "Reporting Faults"),
    ]
    assert not any("........" in text for text in _texts(path))
