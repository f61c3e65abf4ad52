"""A paper's lines under its title are its authors and their institution: no question
is asked "at <author>" or of "<institution>'s" table; its title may still name it."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAPER = """# Columnar Caches for Iterative Cluster Jobs

Priya Raman, Tomasz Wielgosz, Ana Lindqvist

University of Westbrook

## Abstract

Iterative cluster jobs read the same data many times, and columnar caches for such jobs keep it in memory. Priya Raman wrote the first cache of this kind, and this work extends the design of Priya Raman.

## Introduction

Many machine learning algorithms are iterative because they refine a model on every pass.
The cache is rebuilt from its lineage when a node fails.
Partitions are placed on the node that holds their input.

| Aspect | Columnar cache | Shared memory |
|---|---|---|
| Reads | Coarse-grained | Fine-grained |
| Writes | Coarse-grained | Fine-grained |
| Fault recovery | Lineage | Checkpoints |
| Consistency | Trivial | Up to the application |

## Related work

Earlier systems cache rows (Smith et al. 2009; Jones et al. 2010; Brown et al. 2011).

## References

1. Smith, J. et al. Row caches. Proc. VLDB 2, 101–110 (2009).
2. Jones, K. et al. Lineage. Proc. SOSP 3, 55–66 (2010).
"""


def test_a_paper_is_not_asked_of_its_authors_or_their_institution(tmp_path: Path) -> None:
    doc = tmp_path / "paper.md"
    doc.write_text(PAPER, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert pairs, pairs
    for name in ("Raman", "Wielgosz", "Lindqvist", "Westbrook"):
        assert not any(name in q for q in pairs), pairs
