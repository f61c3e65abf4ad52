"""An encyclopedic or "About" page is asked where its subject is based and how many of
something it has, naming the subject the page is about."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Fabrikam

Fabrikam Industrial Holdings (trading as Fabrikam), known as the Blue Mill, is a Dutch \
textile company headquartered in Tilburg, Netherlands. It is the oldest wool producer \
in the region, with 14 spinning mills across three provinces.

The Tilburg Textile Museum is housed in a former mill, with 40 looms on display.

The museum is located in Tilburg.
"""


def test_where_a_named_subject_is_based_and_how_many_it_has(tmp_path: Path) -> None:
    doc = tmp_path / "fabrikam.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    # The aside gives the page's own name: the question says it.
    assert "Where is Fabrikam headquartered?" in pairs, list(pairs)
    assert "Tilburg, Netherlands" in pairs["Where is Fabrikam headquartered?"]
    assert "How many spinning mills does Fabrikam have?" in pairs, list(pairs)
    assert "How many looms does the Tilburg Textile Museum have?" in pairs, list(pairs)
    # "The museum" names nothing the question could show.
    assert not [q for q in pairs if q.startswith("Where is the museum")], list(pairs)
