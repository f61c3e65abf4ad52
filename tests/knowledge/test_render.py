"""What ``datasetkit ingest --format markdown`` shows: structure as Markdown, places as provenance."""

from __future__ import annotations

from datasetkit.knowledge import Document, Provenance, Section
from datasetkit.knowledge.render import to_json, to_markdown


def _doc() -> Document:
    f = "guide.pdf"
    doc = Document(f, "pdf", language="en", title="Travel Guide")
    doc.sections = [
        Section(
            "heading",
            "Travel Guide",
            Provenance(f, page=1, heading_path=("Travel Guide",)),
            level=0,
        ),
        Section("paragraph", "Book early | ask your manager", Provenance(f, page=1)),
        Section("list_item", "Collect receipts.", Provenance(f, page=1), level=0, marker="1."),
        Section("list_item", "Keep the boarding pass.", Provenance(f, page=1), level=1),
        Section("list_item", "Submit the claim.", Provenance(f, page=2), level=0, marker="2."),
        Section("code", "curl https://x\n  --data y", Provenance(f, page=2)),
        Section(
            "table_row",
            "City: Oslo; Per diem: NOK 1100",
            Provenance(f, page=2, row=2, table=1),
            record={"City": "Oslo", "Per diem": "NOK 1100"},
        ),
        Section(
            "table_row",
            "City: Paris; Per diem: EUR 90",
            Provenance(f, page=3, row=3, table=1),
            record={"City": "Paris", "Per diem": "EUR 90"},
        ),
        Section(
            "paragraph",
            "Receipts older than 90 days are refused.",
            Provenance(f, page=3, part="footnote"),
            marker="1",
        ),
    ]
    return doc


def test_markdown_shows_headings_lists_tables_code_and_pages() -> None:
    out = to_markdown([_doc()])
    assert "pdf, 9 section(s), language en, title “Travel Guide”" in out
    assert "<sub>page 1</sub>\n\n## Travel Guide\n" in out
    assert "\nBook early | ask your manager\n" in out  # only table cells escape pipes
    assert "1. Collect receipts.\n   - Keep the boarding pass.\n" in out
    assert "<sub>page 2</sub>\n\n2. Submit the claim." in out
    assert "```\ncurl https://x\n  --data y\n```" in out
    assert "| City | Per diem |\n| --- | --- |\n| Oslo | NOK 1100 |\n| Paris | EUR 90 |" in out
    assert "<sub>table 1, rows 2-3, page 2-3</sub>" in out
    assert "> *footnote 1:* Receipts older than 90 days are refused." in out


def test_json_carries_the_structure_and_provenance() -> None:
    import json

    payload = json.loads(to_json([_doc()]))
    doc = payload["documents"][0]
    assert doc["title"] == "Travel Guide"
    item = doc["sections"][2]
    assert (item["kind"], item["level"], item["marker"]) == ("list_item", 0, "1.")
    row = doc["sections"][7]
    assert row["source"] == {"file": "guide.pdf", "page": 3, "row": 3, "table": 1}
    note = doc["sections"][8]
    assert note["source"]["part"] == "footnote"
