"""Questions from an agreement or a solicitation name which one: by its own name, its
contractor or its parties, never by its kind alone ("the Master Agreement")."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.instrument_subject import generic, renamed
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

TERMS = """\
## Item 1 - Payment

Payment is normally made within 30 days after the invoice is received. Invoices must
be sent to the ordering agency, and late payment accrues no interest under this {kind}.

## Item 2 - Term

The term of this {kind} is three years from the begin date. This {kind} may be renewed
twice for one year each.

## Item 3 - Termination

Either party may terminate this {kind} with 60 days written notice. Termination does
not affect orders placed before the notice was given.

## Item 4 - Insurance

The Contractor must keep general liability insurance of at least $1,000,000 for the
term of this {kind}. Copies of renewal certificates must be furnished within 10 days.
"""


def _questions(path: Path, count: int = 12) -> list[str]:
    docs = load([path])
    chunks = chunk_documents([d for d in docs if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    return [c.case.turns[0].prompt for c in gen.generate_knowledge(plan).cases]


def _asked(path: Path, cover: str, kind: str) -> list[str]:
    """The questions of an instrument of ``kind`` whose cover lines are ``cover``."""
    path.write_text(cover + "\n\n" + TERMS.format(kind=kind), encoding="utf-8")
    questions = _questions(path)
    assert questions
    return questions


def _mentions_instrument(q: str) -> bool:
    return re.search(r"(?i)\b(?:agreement|addendum)\b", q) is not None


def test_a_master_agreement_is_named_by_the_name_its_file_and_cover_give(tmp_path: Path) -> None:
    cover = (
        "# Purchasing Master Agreement\n\n"
        "Contract Name: Statewide Office Seating and Desks. Supplier contact: Dana Reyes."
    )
    path = tmp_path / "Statewide_Office_Seating_and_Desks-Fabrikam_V2.md"
    questions = _asked(path, cover, "Master Agreement")
    named = [q for q in questions if "Statewide Office Seating and Desks" in q]
    assert len(named) * 2 >= len(questions), questions
    # The kind alone never stands for the agreement.
    assert not [q for q in questions if re.search(r"the (?:Purchasing )?Master Agreement\b", q)]


def test_an_addendum_is_named_by_its_contractor_and_never_by_its_programme(
    tmp_path: Path,
) -> None:
    cover = (
        "# DATA SERVICES 2020-2030\n\nContractor: CONTOSO CLOUD CORP.\n\n"
        "Participating Entity: Fabrikam County Schools"
    )
    questions = _asked(tmp_path / "addendum.md", cover, "Participating Addendum")
    assert not [q for q in questions if "Data Services" in q or "DATA SERVICES" in q], questions
    assert not [q for q in questions if "Fabrikam County Schools'" in q], questions
    said = [q for q in questions if _mentions_instrument(q)]
    assert said and all("Contoso Cloud's Participating Addendum" in q for q in said), said


def test_an_agreement_between_two_parties_names_them(tmp_path: Path) -> None:
    cover = (
        "# SUPPLY AGREEMENT\n\n"
        'This Supply Agreement (the "Agreement") is entered into by and between Northwind '
        'Traders Inc., a corporation with offices in Springfield (the "Seller"), and Tailspin '
        'Toys Ltd., a company with offices in Riverside (the "Buyer").'
    )
    questions = _asked(tmp_path / "contract.md", cover, "Agreement")
    assert not [q for q in questions if "Supply Agreement's" in q], questions
    said = [q for q in questions if _mentions_instrument(q)]
    assert said, questions
    assert all("between Northwind Traders and Tailspin Toys" in q for q in said), said


def test_only_a_generic_mention_is_renamed() -> None:
    name = "the Statewide Office Seating Master Agreement"
    assert generic("the Purchasing Master Agreement") and not generic(name)
    asked = "When is payment made under the Master Agreement?"
    assert renamed(asked, name, "Master Agreement") == f"When is payment made under {name}?"
    # "a contract" in lower case is any contract; a possessive is left for the end.
    kept = "What happens when a contract is awarded by competitive bid?"
    assert renamed(kept, name, "Master Agreement") == kept
