"""A program's documentation page asked as its users ask it: the values a page lists under "<Kind> meanings" are asked as values of that kind, with the
program the page is about; a "<Program> support matrix" is the program's page, not an
organisation's."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Quillmark support matrix

Quillmark converts Markdown notes into printable booklets. It is not a word processor: \
Quillmark never changes the notes it reads.

## Status meanings

- **Complete:** rendered with every option the source sets.
- **Partial:** rendered, but some options are dropped with a warning.
- **Ignored:** kept in the source and left out of the booklet.

## Platforms

| JavaScript runtime | Status | Minimum version |
|---|---|---|
| Node | Complete | 18 |
| Deno | Partial | 1.40 |
| Bun | Ignored | 1.1 |
| Workers | Partial | 3.0 |
"""


def _page(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "quillmark-support.md"
    doc.write_text(PAGE, encoding="utf-8")
    cases, _, _ = _cases([doc], 20)
    return _pairs(cases)


def test_listed_values_are_asked_as_values_of_their_kind(tmp_path: Path) -> None:
    pairs = _page(tmp_path)
    asked = {q: a for q, a in pairs.items() if "Partial" in q and "mean" in q}
    assert asked == {
        "What does the Partial status mean in Quillmark?": (
            "rendered, but some options are dropped with a warning."
        )
    }, pairs
    assert not any(q.startswith(("What is Partial", "What is Complete")) for q in pairs), pairs


def test_a_support_matrix_names_no_organisation(tmp_path: Path) -> None:
    pairs = _page(tmp_path)
    assert not any("Quillmark's" in q or "at Quillmark" in q for q in pairs), pairs
