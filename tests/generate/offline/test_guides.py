"""Technical guides (setup pages, tutorials, walkthroughs) are asked as a user asks them:
no clause read as a term, every way or step an instruction goes on to, no instruction that
points at a screenshot the text does not hold, the software named the way a user names it."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

SUBORDINATE = """# Site builder tutorial

## Build

Since Sitebuild is a static site generator, it has to build the site before you can view it.
Run `sitebuild serve` to build the site and serve it on a local web server.
"""


def test_a_subordinate_clause_is_no_term(tmp_path: Path) -> None:
    doc = tmp_path / "build.md"
    doc.write_text(SUBORDINATE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    for q in _pairs(cases):
        assert not q.lower().startswith("what is since"), q
