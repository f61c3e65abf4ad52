"""Section titles in plain body type that only an outline label sets apart ("A. Notice",
"1. Notice to Insurer"), told from the items of a lettered list."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"


def _policy(path: Path) -> Path:
    page = [
        ("GENERAL CONDITIONS", B, 14),
        ("", R, 10),
        *body(*PROSE),
        ("A. Limit of Insurance", R, 10),
        ("(1) The aggregate limit is the most the insurer pays for all losses.", R, 10),
        ("(2) The insured pays the deductible before the insurer pays anything.", R, 10),
        ("", R, 10),
        ("B. Defense and Settlement", R, 10),
        *body(*PROSE),
        ("C. Notice", R, 10),
        ("1. Notice to Insurer", R, 10),
        *body(*PROSE),
        ("2. Notice of Circumstance", R, 10),
        *body(*PROSE),
        *body("The costs the policy pays are the following:"),
        ("A. Forensics", R, 10),
        ("B. Notification", R, 10),
        ("C. Legal Costs", R, 10),
        ("", R, 10),
        *body(*PROSE),
    ]
    return write_pages(path, [page])


def test_labelled_titles_in_body_type_are_headings_nested_by_their_labels(
    tmp_path: Path,
) -> None:
    doc = load_file(_policy(tmp_path / "policy.pdf"))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    top = heads["GENERAL CONDITIONS"]
    assert top is not None
    assert {k: v for k, v in heads.items() if k != "GENERAL CONDITIONS"} == {
        "A. Limit of Insurance": top + 1,
        "B. Defense and Settlement": top + 1,
        "C. Notice": top + 1,
        "1. Notice to Insurer": top + 2,
        "2. Notice of Circumstance": top + 2,
    }
    # A lettered list of short items stays a list.
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert [t for t in items if t in ("Forensics", "Notification", "Legal Costs")] == [
        "Forensics",
        "Notification",
        "Legal Costs",
    ]


def test_roman_numbered_titles_rank_above_lettered_ones(tmp_path: Path) -> None:
    page = [
        ("MASTER AGREEMENT", B, 14),
        ("", R, 10),
        *body(*PROSE),
        ("I. Scope of Services", R, 10),
        *body(*PROSE),
        ("A. Deliverables", R, 10),
        *body(*PROSE),
        ("B. Acceptance", R, 10),
        *body(*PROSE),
        ("II. Fees and Payment", R, 10),
        *body(*PROSE),
        ("A. Invoices", R, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "agreement.pdf", [page]))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    top = heads["MASTER AGREEMENT"]
    assert top is not None
    assert heads["I. Scope of Services"] == heads["II. Fees and Payment"] == top + 1
    assert heads["A. Deliverables"] == heads["A. Invoices"] == top + 2
    invoices = next(s for s in doc.sections if s.text == "A. Invoices")
    assert invoices.provenance.heading_path[-2:] == ("II. Fees and Payment", "A. Invoices")
