"""A Markdown page's title when its front matter gives none: its one level-1 heading."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import load_file

_FRONT = "---\nsidebar_label: 'Portal'\nsidebar_position: 2\n---\n\n"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            _FRONT + "# Portal\n\nThe portal keeps the team's documents.\n\n## Access\n\nOnline.\n",
            "Portal",
        ),
        ("# Portal\n\nText.\n", "Portal"),
        # Two level-1 headings: parts of one page, neither is its title.
        ("# Install\n\nText.\n\n# Configure\n\nMore text.\n", None),
        # Text before the heading: the heading titles a part, not the page.
        ("Some words first.\n\n# Portal\n\nText.\n", None),
        # The front matter's title wins.
        ("---\ntitle: Team portal\n---\n\n# Portal\n\nText.\n", "Team portal"),
    ],
)
def test_page_title(tmp_path: Path, text: str, title: str | None) -> None:
    f = tmp_path / "page.md"
    f.write_text(text, encoding="utf-8")
    assert load_file(f, display="page.md").title == title
