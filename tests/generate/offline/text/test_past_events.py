"""A history told in the past tense (an encyclopedic page, a company's story) is asked
when each named event happened, with "it" resolved to the page's subject only where the
sentence before is about it."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

HISTORY = """# Northwind

Northwind is a Danish shipping company based in Aarhus, with offices in 12 countries.

Northwind was set up by two brothers as a ferry operator. It was renamed "Northwind \
Lines" in 1958 and soon became the largest ferry operator in the region.

Northwind entered the container market in 1972 with a fleet of four ships. Since the \
1990s, Northwind has concentrated on logistics; it sold its ferry division to Tailspin \
in 2004.

## 1800s–1950s

Ole Berg patented a steam winch in 1887; Anna Lund invented a rope brake (1890).[3] The \
two inventions were sold together.[4][5]

In 1921, Northwind opened a repair yard in Esbjerg and hired its first engineers.

Karen Holm joined Northwind in 1936 as chief engineer. She redesigned the hull of the \
company's ships in 1938.

## Later years

The company was listed on the Copenhagen exchange in 1985.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "northwind.md"
    doc.write_text(HISTORY, encoding="utf-8")
    return _pairs(_cases([doc], 30)[0])


def test_a_named_subject_s_dated_past_event_is_asked_when_it_happened(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    asked = {q: a for q, a in pairs.items() if q.startswith("When ")}
    assert "When did Northwind enter the container market?" in asked, list(pairs)
    assert "in 1972" in asked["When did Northwind enter the container market?"]
    assert "When did Northwind open a repair yard in Esbjerg?" in asked, list(pairs)
    assert "When did Karen Holm join Northwind?" in asked, list(pairs)
    # A year of the 19th century is a date too, and a citation mark ends its sentence.
    winch = asked.get("When did Ole Berg patent a steam winch?", "")
    assert winch.startswith("Ole Berg patented") and "two inventions" not in winch, list(pairs)


def test_it_is_named_by_the_page_s_subject_only_after_a_sentence_about_it(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path)
    assert 'When was Northwind renamed "Northwind Lines"?' in pairs, list(pairs)
    assert "When did Northwind sell its ferry division to Tailspin?" in pairs, list(pairs)
    # "She" is no name the question could give: the 1938 redesign is not asked.
    assert not [q for q in pairs if "redesign" in q], list(pairs)
    assert not [q for q in pairs if q.startswith(("When did it", "When was it", "When did she"))]
