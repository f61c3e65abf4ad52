"""Markdown inline content read as the rendered page shows it: code spans as typed, escapes
resolved, pointer links and link targets inside the site gone, tags and comments unshown."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

PAGE = """# Gateway

## Options

| Field | Description | Default |
|:------|:------------|:--------|
| <a id="opt-scope" href="#opt-scope">`scope`</a> | Scopes to ask for. <br /> Only used with tokens.  (More information [here](#scopes)) | "" |
| `timeout` | Seconds to wait.<br />More information [here](#timeouts). | 5 |

## Functions

| Function | Example |
|----------|---------|
| Equals | Equals(\\`group\\`, \\`admin\\`) |
| SplitContains | SplitContains(\\`scope\\`, \\` \\`, \\`writer\\`) |

## Usage

Add the key to a [`.env` file](https://example.org/env#files) and list the
[tool directory](../concepts/tools.md#bin) on the path; see the [options](#options).
Values are split on `,` and a key such as `{major}.{minor}` is kept whole.

Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop <!-- editors: check this --> the server.
A star written \\*like this\\* stays, and AT&amp;T reads as a name.

Sessions are kept for a day [[1]](#ref-1). For more information, see [here](#sessions).

![Screenshot](shot.png) The status page lists the routes.

Read the [Install Guide] before the [draft] notes.

[install guide]: https://example.org/install
"""


def _texts(tmp_path: Path) -> list[str]:
    f = tmp_path / "gateway.md"
    f.write_text(PAGE, encoding="utf-8")
    return [s.text for s in load_file(f, display="gateway.md").sections]


def test_escaped_backticks_show_as_backticks_and_spaces_stay(tmp_path: Path) -> None:
    text = "\n".join(_texts(tmp_path))
    assert "Example: Equals(`group`, `admin`)" in text
    assert "Example: SplitContains(`scope`, ` `, `writer`)" in text
    assert "\\" not in text


def test_pointer_links_and_targets_inside_the_site_are_not_shown(tmp_path: Path) -> None:
    texts = _texts(tmp_path)
    text = "\n".join(texts)
    for furniture in ("here", "(#", "tools.md", "](", "()", "[1]", "[[", "[here"):
        assert furniture not in text, furniture
    assert any(
        t.startswith("Field: scope; Description: Scopes to ask for. Only used with tokens.;")
        for t in texts
    ), texts
    assert any(t.startswith("Field: timeout; Description: Seconds to wait.;") for t in texts)
    assert "Sessions are kept for a day." in text


def test_links_keep_their_text_and_a_web_address(tmp_path: Path) -> None:
    text = "\n".join(_texts(tmp_path))
    assert (
        "Add the key to a .env file (https://example.org/env#files) and list the tool "
        "directory on the path; see the options."
    ) in text
    assert "Values are split on `,` and a key such as {major}.{minor} is kept whole." in text


def test_tags_comments_entities_and_escapes_read_as_shown(tmp_path: Path) -> None:
    texts = _texts(tmp_path)
    text = "\n".join(texts)
    assert "Press Ctrl+C to stop the server." in text
    assert "A star written *like this* stays, and AT&T reads as a name." in text
    assert "editors" not in text
    assert "The status page lists the routes." in texts


def test_a_shortcut_reference_link_the_page_defines_reads_as_its_text(tmp_path: Path) -> None:
    texts = _texts(tmp_path)
    assert "Read the Install Guide before the [draft] notes." in texts, texts


def test_a_site_components_tag_with_an_underscore_is_markup_not_text(tmp_path: Path) -> None:
    """Documentation generators wrap blocks in their own tags ("<quick_guide>"): neither
    the heading nor the text under it shows them."""
    path = tmp_path / "manual.md"
    path.write_text(
        "# Kettle\n\n## <quick_guide> Cleaning\n\nWipe the base with a dry cloth. </quick_guide>\n",
        encoding="utf-8",
    )
    doc = load_file(path)
    texts = [s.text for s in doc.sections]
    assert "Cleaning" in texts, texts
    assert "Wipe the base with a dry cloth." in texts, texts
    assert not any("quick_guide" in t for t in texts), texts
