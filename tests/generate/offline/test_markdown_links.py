"""A Markdown passage is asked as a reader sees it: a link is its text, never its anchor,
its site-internal path, or raw link markup the reader could not resolve."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Leave

## Reasons to take leave

If you cannot work from home for weather or safety reasons [weather](#weather-and-safety), \
you can request administrative leave.

If you have a family medical emergency and have used your earned leave, you can enroll in \
the [Leave Transfer Program (LTP)]({% page "/leave/transfer-program/" %}).

Annual leave requests must be approved by your supervisor at least two weeks in advance, \
see [the leave policy](/policies/leave/).
"""


def test_link_markup_never_reaches_questions_or_answers(tmp_path: Path) -> None:
    doc = tmp_path / "leave.md"
    doc.write_text(DOC, encoding="utf-8")
    cases, _, _ = _cases([doc], 20)
    pairs = _pairs(cases)
    assert pairs
    for q, a in pairs.items():
        for markup in ("(#", "](", "{%", "/policies/", "/leave/"):
            assert markup not in q and markup not in a, (markup, q, a)
    assert any("Leave Transfer Program (LTP)" in a for a in pairs.values()), pairs


READING_LIST = """# Staff Leave Guide

## Annual leave

You earn 4 hours of annual leave each pay period during your first three years of service.

### Fact sheets

- [Annual Leave fact sheet](https://www.example.gov/leave/annual-leave/)
- [Sick Leave fact sheet](https://www.example.gov/leave/sick-leave/)
- [Advanced Leave fact sheet](https://www.example.gov/leave/advanced-leave/)

### Who approves leave

- Your supervisor approves annual leave.
- HR approves advanced leave.
"""


def test_a_list_of_links_is_no_answer(tmp_path: Path) -> None:
    # "What are the fact sheets for annual leave?" answered by three titles and addresses
    # gives a grader nothing to check.
    doc = tmp_path / "leave.md"
    doc.write_text(READING_LIST, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert pairs, "the guide gives questions"
    assert not [a for a in pairs.values() if a.count("https://") >= 2], pairs


def test_a_page_of_the_same_documentation_named_by_its_file_is_no_address() -> None:
    from datasetkit.generate.offline.text.links import link_text

    assert link_text("Then hook into your shell (hook.md).") == "Then hook into your shell."
    assert link_text("See the reference (Cookbook.md#stanzas) first.") == (
        "See the reference first."
    )
    assert link_text("Download it (https://example.com/notes.md).") == (
        "Download it (https://example.com/notes.md)."
    )


REFERENCE_LINKS = """# Publishing guide

## Hosting

If you host the source code for a project on [GitHub], you can easily use
[GitHub Pages][pages] to host the documentation for your project.

If you have access to the [project account](https://social.example.org/project), you \
should announce the release from there.

[GitHub]: https://github.com/
[pages]: https://pages.github.com/
"""


def test_reference_links_and_addresses_never_reach_questions(tmp_path: Path) -> None:
    doc = tmp_path / "publishing.md"
    doc.write_text(REFERENCE_LINKS, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    assert pairs
    for q in pairs:
        assert "[" not in q and "https://" not in q, q
    assert any("project account" in q for q in pairs), pairs
