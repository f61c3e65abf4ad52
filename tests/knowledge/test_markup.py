"""HTML blocks and template directives inside Markdown, read as the rendered page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file

PAGE = """\
---
layout: legal
---

<div class="text-center">
  <h1 id="top"><a href="#top">Contoso Ltd<br>Work Rules</a></h1>
</div>

<br>

{% include chapter.html title='General' %}

{% include section.html title='Purpose' %}
These rules set out how people work at Contoso.

{% include section.html title='Kinds of staff' %}
<table class="table">
  <tr>
    <td rowspan="2">Days a week</td>
    <td colspan="2">Years of service</td>
  </tr>
  <tr>
    <td>1 year</td>

    <td>2 years</td>
  </tr>
  <tr>
    <td>4 days</td>
    <td>7 days</td>
    <td>8 days</td>
  </tr>
  <tr>
    <td>3 days</td>
    <td>5 days</td>
    <td>6 days</td>
  </tr>
</table>

{% if page.draft %}
{% include chapter.html title='Conduct' %}
{% include section.html title='Duties' %}
Staff keep the rules.

<h2>Supplementary provisions</h2>
These rules apply from 1 April.
"""


def _read(tmp_path: Path) -> Document:
    path = tmp_path / "rules.md"
    path.write_text(PAGE, encoding="utf-8")
    return load_file(path, display="rules.md")


def test_html_headings_and_titled_includes_are_headings_nested_in_order(tmp_path: Path) -> None:
    doc = _read(tmp_path)
    assert [(s.level, s.text) for s in doc.sections if s.kind == "heading"] == [
        (1, "Contoso Ltd Work Rules"),
        (2, "General"),
        (3, "Purpose"),
        (3, "Kinds of staff"),
        (2, "Conduct"),
        (3, "Duties"),
        (2, "Supplementary provisions"),
    ]
    texts = [s.text for s in doc.sections]
    assert not any("{%" in t or "<" in t for t in texts)
    assert all(t.strip() for t in texts)


def test_an_html_table_with_merged_header_cells_names_each_column(tmp_path: Path) -> None:
    doc = _read(tmp_path)
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert [s.record for s in rows] == [
        {
            "Days a week": "4 days",
            "Years of service 1 year": "7 days",
            "Years of service 2 years": "8 days",
        },
        {
            "Days a week": "3 days",
            "Years of service 1 year": "5 days",
            "Years of service 2 years": "6 days",
        },
    ]
    assert rows[0].provenance.heading_path == (
        "Contoso Ltd Work Rules",
        "General",
        "Kinds of staff",
    )


def _exported(tag: str, title: str) -> str:
    """An HTML heading as a blog export writes it: whitespace-only lines inside."""
    return f"<{tag}>\n  \n  \n  {title}\n</{tag}>"


EXPORTED = f"""\
An export of a blog post keeps the page's HTML headings, with blank lines inside them.

{_exported("h2", "Phase 1: Baseline Capture")}

{_exported("h3", "Purpose")}

<p>Take a snapshot of the service before any upgrade.</p>

{_exported("h3", "1.1 Response Contracts")}

<p>Record every endpoint.</p>

<h2>Phase 2: Upgrade</h2>

Upgrade one service at a time.
"""


def test_an_html_heading_with_blank_lines_inside_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "post.md"
    path.write_text(EXPORTED, encoding="utf-8")
    doc = load_file(path)
    assert [(s.level, s.text) for s in doc.sections if s.kind == "heading"] == [
        (2, "Phase 1: Baseline Capture"),
        (3, "Purpose"),
        (3, "1.1 Response Contracts"),
        (2, "Phase 2: Upgrade"),
    ]
    body = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert "Record every endpoint." in body
