"""Markdown links, footnotes and emphasis read as a reader sees them."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

PAGE = """# Tool

To raise the limit review [learn more](https://example.com/limits). See the
[region list](https://example.com/regions).

Change ***Provider: Compute*** to ***Provider: App Services**, keeping 2 * 3 and `*.md`.

Get it from the [releases page][] or [Arch][arch]. It needs a CPU <sup>[1](#1)</sup>.[^1]

Use the [`nox-poetry`](https://github.com/x/nox-poetry) package.

[releases page]: https://example.com/releases
[arch]: https://example.com/arch
[^1]: Pinning is described in the wiki.
"""


def _texts(tmp_path: Path) -> list[tuple[str, str]]:
    f = tmp_path / "tool.md"
    f.write_text(PAGE, encoding="utf-8")
    return [(s.kind, s.text) for s in load_file(f, display="tool.md").sections]


def test_generic_link_text_reads_as_its_address(tmp_path: Path) -> None:
    got = _texts(tmp_path)
    assert (
        "paragraph",
        "To raise the limit review https://example.com/limits. "
        "See the region list (https://example.com/regions).",
    ) in got


def test_unpaired_emphasis_leaves_no_star(tmp_path: Path) -> None:
    assert (
        "paragraph",
        "Change Provider: Compute to Provider: App Services, keeping 2 * 3 and *.md.",
    ) in _texts(tmp_path)


def test_reference_links_and_footnotes(tmp_path: Path) -> None:
    got = _texts(tmp_path)
    assert ("paragraph", "Get it from the releases page or Arch. It needs a CPU.") in got
    assert ("paragraph", "Use the nox-poetry (https://github.com/x/nox-poetry) package.") in got
    assert ("paragraph", "Pinning is described in the wiki.") in got
    assert not any("example.com/releases" in text or "[" in text for _, text in got)
