""" "To <do X>, <something> does Y" asks "How do I <do X>?" only when the rest tells the
reader what to do: not when it states what a thing does ("transactions contain ..."),
what one often needs ("you often need ..."), or what the writers did ("we multiply ...:")."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAPER = """# A ledger for small payments

## Abstract

A ledger for small payments keeps every transfer in a chain of blocks.

## Introduction

To allow value to be split and combined, transactions contain multiple inputs and outputs.
To handle rare failures, you often need extra code in every client.
To clear the local cache, open Settings and choose Clear cache.

## Results

To get the chance that a late node catches up, we multiply the two densities:

Multiply the density of each lead by the chance of closing that lead.

## References

1. Smith, J. et al. Ledgers. Proc. FC 2, 101–110 (2009).
"""


def test_a_purpose_clause_asks_how_only_of_an_instruction(tmp_path: Path) -> None:
    doc = tmp_path / "ledger.md"
    doc.write_text(PAPER, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert "How do I clear the local cache?" in pairs, pairs
    for task in ("allow value", "handle rare failures", "get the chance"):
        assert not any(q.startswith("How do I") and task in q for q in pairs), pairs
