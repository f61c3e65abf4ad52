"""What a passage holds (steps, definitions, lists), related passages, whole tables and
document summaries: the facts that choose question types and passages for the prompts."""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm.checks.checker import derivable
from datasetkit.generate.llm.prompts import content
from datasetkit.generate.llm.prompts.context import Knowledge
from datasetkit.generate.llm.prompts.guidance import variety
from datasetkit.generate.llm.prompts.related import Relatedness
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.llm_helpers import chunks_of, rich_chunks


def _chunk(parts: list[tuple[str, str]], heading: str = "H") -> Chunk:
    prov = Provenance(file="f.md", heading_path=(heading,))
    sections = [Section(kind, text, prov) for kind, text in parts]
    return Chunk("c", "\n".join(t for _, t in parts), prov, sections)


def test_steps_are_a_procedure_and_a_list_of_items_is_not() -> None:
    steps = _chunk(
        [
            ("list_item", "Open the orders page."),
            ("list_item", "Select the item to return."),
            ("list_item", "Print the label."),
        ]
    )
    assert content.has_procedure(steps)
    excluded = _chunk(
        [
            ("paragraph", "The following items cannot be returned:"),
            ("list_item", "Gift cards"),
            ("list_item", "Opened software"),
            ("list_item", "Personalised jewellery"),
        ]
    )
    assert not content.has_procedure(excluded) and content.has_enumeration(excluded)
    numbered = _chunk([("paragraph", "1. Sign in.\n2. Choose Leave.\n3. Submit the form.")])
    assert content.has_procedure(numbered)
    german = _chunk(
        [("list_item", "Klicken Sie auf Urlaub."), ("list_item", "Wählen Sie die Tage aus.")]
    )
    assert content.has_procedure(german)
    prose = _chunk([("paragraph", "Refunds go to the original payment method.")])
    assert not content.has_procedure(prose)
    # Markdown keeps no list numbers: steps are told by how they read.
    pitching = _chunk(
        [
            ("list_item", "Lay out the footprint."),
            ("list_item", "Thread the poles through the sleeves."),
            ("list_item", "Stake the corners."),
        ]
    )
    assert content.has_procedure(pitching)
    rules = _chunk(
        [
            ("list_item", "Refunds are paid in 5 days."),
            ("list_item", "Gift cards are final."),
            ("list_item", "Returns need a receipt."),
        ]
    )
    assert not content.has_procedure(rules)


def test_definitions_are_found_and_plain_facts_are_not() -> None:
    assert content.has_definition(_chunk([("paragraph", "A refund is a payment back to you.")]))
    assert content.has_definition(
        _chunk([("paragraph", "Business day means Monday to Friday, holidays excluded.")])
    )
    assert content.has_definition(
        _chunk([("paragraph", "Carry-over: days of leave moved to the next year.")])
    )
    assert not content.has_definition(
        _chunk([("paragraph", "The support desk is open Monday to Friday from 8am to 6pm.")])
    )
    assert not content.has_definition(
        _chunk([("paragraph", "Note: the office closes at 6pm on Fridays.")])
    )


def test_types_fit_the_features() -> None:
    text = content.Features(quantities=1)
    assert content.fits("lookup", text) and not content.fits("procedural", text)
    assert not content.fits("multi-section", text) and not content.fits("comparison", text)
    assert content.fits("comparison", content.Features(quantities=2))
    assert content.fits("multi-section", content.Features(related=True))
    partial = content.Features(table=True, rows=5)
    assert content.fits("table-lookup", partial) and not content.fits("aggregation", partial)
    assert not content.fits("comparison", partial) and not content.fits("lookup", partial)
    whole = content.Features(table=True, table_complete=True, rows=5)
    assert content.fits("aggregation", whole) and content.fits("comparison", whole)
    assert all(content.fits(t, text) for t in ("unanswerable", "false-premise", "out-of-scope"))


def test_related_passages_share_rare_words() -> None:
    chunks = rich_chunks()
    rel = Relatedness(chunks)
    best = rel.best(chunks[0])
    assert best is not None and best[0].provenance.heading_path == ("Refunds",)
    assert "refunds" in rel.shared_rare(chunks[0], chunks[1])
    assert rel.best(chunks[5]) is None  # the support desk hours relate to nothing here


def test_document_summary_and_whole_tables() -> None:
    know = Knowledge(rich_chunks())
    doc = know.document("shop.md")
    assert doc.title == "Shop help" and doc.headings[:2] == ["Returns", "Refunds"]
    assert doc.opening == "Customers may return items within 30 days of delivery."
    block = doc.render()
    assert block.startswith('<document source="shop.md" title="Shop help">')
    plain = Knowledge(chunks_of([("A", "Some text about the rules that apply here.")]))
    assert plain.document("policy.txt").title == "policy"
    # A document's one top heading is its title; the summary lists the headings below it.
    prov = [Provenance("t.md", heading_path=("Tent guide", h)) for h in ("Basecamp 6", "Pitching")]
    guide = Knowledge(
        [
            Chunk(
                f"t{i}", f"{p.heading_path[1]} text here.", p, meta={"document_title": "Tent guide"}
            )
            for i, p in enumerate(prov)
        ]
    )
    assert guide.document("t.md").headings == ["Basecamp 6", "Pitching"]


def test_a_computed_total_must_follow_from_the_rows() -> None:
    rows = ["Plan: Basic | Price: 9.99 | Users: 5", "Plan: Team | Price: 29.99 | Users: 25"]
    assert derivable("There are 2 plans.", rows)
    assert derivable("Together they allow 30 users.", rows)
    assert derivable("The cheapest costs 9.99.", rows)
    assert derivable("On average 19.99.", rows)
    assert not derivable("There are 3 plans.", rows)
    assert not derivable("Together they allow 31 users.", rows)


def test_variety_is_seeded() -> None:
    assert variety(1, "slot:0") == variety(1, "slot:0")
    drawn = {variety(1, f"slot:{i}").style for i in range(40)}
    assert {"keyword", "question", "colloquial"} <= drawn
    assert all(
        variety(2, f"slot:{i}").length == "short"
        for i in range(40)
        if variety(2, f"slot:{i}").style == "keyword"
    )
