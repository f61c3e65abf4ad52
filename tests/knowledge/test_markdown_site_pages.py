"""A documentation site's Markdown page read as the built page shows it: front matter
(YAML, TOML, JSON) is no text but gives the page's title; contents markers, icon
shortcodes, attribute lists and template tags show nothing; a content tab's body is text
under its label; emphasis around a code span leaves no markers behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import load_file
from datasetkit.knowledge.model import Document


def _load(tmp_path: Path, text: str) -> Document:
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return load_file(path)


@pytest.mark.parametrize(
    "head",
    [
        '+++\ntitle = "Announcing Frob 2.1"\nauthors = ["The Team"]\n\n[extra]\nrelease = true\n+++\n',
        "---\ntitle: 'Announcing Frob 2.1'\nmenu:\n  docs:\n    weight: 80\n---\n",
        '{\n  "title": "Announcing Frob 2.1",\n  "draft": false\n}\n',
    ],
)
def test_front_matter_is_no_text_and_gives_the_title(tmp_path: Path, head: str) -> None:
    doc = _load(tmp_path, head + "\nFrob 2.1 starts twice as fast.\n")
    assert doc.title == "Announcing Frob 2.1"
    assert [(s.kind, s.text) for s in doc.sections] == [
        ("paragraph", "Frob 2.1 starts twice as fast.")
    ]


def test_site_markup_shows_nothing(tmp_path: Path) -> None:
    doc = _load(
        tmp_path,
        "# Search\n\n[TOC]\n\n[[_TOC_]]\n\n* TOC\n{:toc}\n\n{: .no_toc }\n\n"
        "Search runs offline :material-check:{ .green } in the browser.\n\n"
        "Read {{ page.title }} and press {% kbd Enter %} to search.\n\n"
        "Write `{% raw %}{{ site.url }}{% endraw %}` to print the address.\n",
    )
    assert [(s.kind, s.text) for s in doc.sections if s.kind != "heading"] == [
        ("paragraph", "Search runs offline in the browser."),
        ("paragraph", "Read and press to search."),
        ("paragraph", "Write {{ site.url }} to print the address."),
    ]


def test_a_content_tab_is_text_under_its_label(tmp_path: Path) -> None:
    doc = _load(
        tmp_path,
        "# Install\n\n## Getting the tool\n\n"
        '=== "Linux"\n\n    Run the installer from a terminal.\n\n'
        '=== ":fontawesome-brands-windows: Windows"\n\n    Run the setup program as an administrator.\n\n'
        "Both put the tool on your path.\n",
    )
    got = [(s.kind, s.text, s.provenance.heading_path) for s in doc.sections]
    assert got == [
        ("heading", "Install", ("Install",)),
        ("heading", "Getting the tool", ("Install", "Getting the tool")),
        ("heading", "Linux", ("Install", "Getting the tool", "Linux")),
        (
            "paragraph",
            "Run the installer from a terminal.",
            ("Install", "Getting the tool", "Linux"),
        ),
        ("heading", "Windows", ("Install", "Getting the tool", "Windows")),
        (
            "paragraph",
            "Run the setup program as an administrator.",
            ("Install", "Getting the tool", "Windows"),
        ),
        ("paragraph", "Both put the tool on your path.", ("Install", "Getting the tool")),
    ]


def test_emphasis_around_a_code_span_leaves_no_markers(tmp_path: Path) -> None:
    doc = _load(
        tmp_path,
        "# Changes\n\n* **`dyn Trait` types**: const functions can now take trait objects.\n"
        "* **Basic handling of `fn` pointers**: they can be passed around.\n",
    )
    assert [s.text for s in doc.sections if s.kind == "list_item"] == [
        "dyn Trait types: const functions can now take trait objects.",
        "Basic handling of fn pointers: they can be passed around.",
    ]
