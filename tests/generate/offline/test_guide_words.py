"""A guide's program is a name, never a word of the language's grammar that a code block
happens to open a line with (an indented paragraph read as code, "for x in ...")."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Theme changes

The theme is built from a set of style sheets, and a small change is easy to make.

## Adding a style sheet

To change a color, add a style sheet to the docs folder and list it in the settings file.
The new style sheet is loaded after the theme's own, so its rules win.

    The build of the theme was based on an older bundler, which
    is now replaced by a smaller tool that is faster and
    is easier to keep up to date.

## Overriding a block

To replace one block of a page, create a file in the overrides folder. The block you name
is replaced and every other block is kept. A block that is empty is left out of the page.
"""


def test_a_grammar_word_is_no_program(tmp_path: Path) -> None:
    doc = tmp_path / "theme.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert "How do I change a color?" in pairs, pairs
    assert not any(q.endswith((" in is?", " in for?", " in from?")) for q in pairs), pairs
