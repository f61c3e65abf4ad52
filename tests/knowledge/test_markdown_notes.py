"""Documentation generators' block markup: note markers show nothing and the note's body
is text in place; include directives are no content (their code is in other files)."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _sections(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "guide.md"
    path.write_text(text, encoding="utf-8")
    return [(s.kind, s.text) for s in load_file(path).sections if s.kind != "heading"]


def test_note_markers_show_nothing_and_their_bodies_are_text(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        "# Uploads\n\nSend a file.\n\n/// note | Details\n\nThe body is read.\n\n///\n\n"
        ":::tip[Hint]\nA tip is read.\n:::\n\n"
        '!!! warning "Careful"\n    An indented warning is read.\n\n    Its second part too.\n\n'
        "After the warning.\n\n"
        "> [!NOTE]\n> A quoted alert is read.\n\n"
        "{{% note %}}\nA shortcode note is read.\n{{% /note %}}\n\n"
        "```{important}\n:class: strong\nA directive note is read.\n```\n",
    )
    assert got == [
        ("paragraph", "Send a file."),
        ("paragraph", "The body is read."),
        ("paragraph", "A tip is read."),
        ("paragraph", "An indented warning is read."),
        ("paragraph", "Its second part too."),
        ("paragraph", "After the warning."),
        ("paragraph", "A quoted alert is read."),
        ("paragraph", "A shortcode note is read."),
        ("paragraph", "A directive note is read."),
    ], got


def test_include_directives_are_no_content(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        "# Uploads\n\nDeclare a list of files:\n\n{* ../src/tutorial002.py hl[10,15] *}\n\n"
        '--8<-- "snippets/upload.md"\n\n'
        "```rust\n{{#rustdoc_include ../listings/main.rs}}\n```\n\n"
        "```{literalinclude} ../src/app.py\n:lines: 1-5\n```\n\n"
        "import Tabs from '@theme/Tabs';\n\n"
        "Read the {doc}`installation` page and the {term}`wheel <Wheel>` entry.\n\n"
        "```console\n$ pip install app\n```\n",
    )
    assert got == [
        ("paragraph", "Declare a list of files:"),
        ("paragraph", "Read the installation page and the wheel entry."),
        ("code", "$ pip install app"),
    ], got


def test_lines_that_only_look_like_markup_stay(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        "# Notes\n\n/// A comment written in prose, not a marker.\n\n"
        "The ratio is 3:::4 in the log.\n",
    )
    assert [t for _, t in got] == [
        "/// A comment written in prose, not a marker.",
        "The ratio is 3:::4 in the log.",
    ], got


def test_text_in_a_note_box_is_marked_as_a_note(tmp_path: Path) -> None:
    path = tmp_path / "guide.md"
    path.write_text(
        "# Updates\n\nRun the update command:\n\n/// warning\n\nBack up first.\n\n///\n\n"
        ":::tip\nA tip.\n:::\n\n!!! note\n    An indented note.\n\n"
        '> [!NOTE]\n> An alert.\n\n{{< figure src="a.png" >}}\n\n'
        "Updates are published every month.\n",
        encoding="utf-8",
    )
    got = [(s.text, s.provenance.part) for s in load_file(path).sections if s.kind != "heading"]
    assert got == [
        ("Run the update command:", None),
        ("Back up first.", "note"),
        ("A tip.", "note"),
        ("An indented note.", "note"),
        ("An alert.", "note"),
        ("Updates are published every month.", None),
    ], got


NESTED = """# Backups

!!! warning "Before you start"

    Stop the service before copying its data folder.

    !!! note "Inner"

        Copies taken while it runs may be incomplete.

    Keep two copies in different places.

=== "Linux"

    !!! tip

        Use rsync to copy the folder.

The restore guide follows.
"""


def test_a_note_inside_a_note_or_a_tab_shows_no_marker(tmp_path: Path) -> None:
    f = tmp_path / "backups.md"
    f.write_text(NESTED, encoding="utf-8")
    got = [(s.kind, s.text) for s in load_file(f, display="backups.md").sections]
    texts = [t for _, t in got]
    assert not [t for t in texts if "!!!" in t], got
    assert ("paragraph", "Copies taken while it runs may be incomplete.") in got
    assert ("paragraph", "Keep two copies in different places.") in got
    assert ("paragraph", "Use rsync to copy the folder.") in got
    assert not [k for k, t in got if k == "code" and "rsync" in t], got
