"""A policy that defines its author as "we" where it opens ('<Name> Ltd. ("Company", "we",
"us", or "our"), operating as <Trading name>') speaks for that organisation: its
questions name the trading name, not "the Privacy Policy" alone; and a list's item that is
only a label over deeper items is no line of the answer."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge.model import Document, Provenance, Section
from tests.helpers.knowledge_fixtures import offline_pairs


def _policy(path: Path) -> Path:
    from docx import Document as WordDocument

    d = WordDocument()
    d.add_heading("Privacy Policy", 0)
    d.add_paragraph("Last Updated: March 3, 2025")
    d.add_paragraph(
        'Fabrikam Stoneworks Ltd. ("Company", "we", "us", or "our"), operating as Fabrikam '
        "Gardens, is committed to the security of your personal information."
    )
    d.add_heading("1. How We Use Your Information", 1)
    d.add_paragraph("We use your information to schedule site visits and to send updates.")
    d.add_heading("2. Third-Party Service Providers", 1)
    d.add_paragraph(
        "We may transfer data to trusted service providers who assist us in running our "
        "website. These parties are obliged to keep your information confidential."
    )
    d.add_paragraph("Hosting: Providers who host our website and databases.", style="List Bullet")
    d.add_paragraph("Analytics Tools:", style="List Bullet")
    d.add_paragraph("Matomo: We use Matomo to count visits to our website.", style="List Bullet 2")
    d.add_paragraph(
        "Search Console: We use Search Console to check how our pages appear in search.",
        style="List Bullet 2",
    )
    d.add_paragraph("Mailing: Platforms that send our newsletters.", style="List Bullet")
    d.add_heading("3. Retention", 1)
    d.add_paragraph("We keep project records for ten years so that we can honour our warranty.")
    d.save(str(path))
    return path


def test_policy_questions_name_the_organisation_it_defines_as_we(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _policy(tmp_path / "privacy.docx"), 30)
    asked = " | ".join(pairs)
    assert "Fabrikam Gardens" in asked, asked
    assert not [q for q in pairs if q.rstrip("?").endswith("the Privacy Policy")], asked


def test_a_label_over_deeper_items_is_no_line_of_the_answer(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _policy(tmp_path / "privacy.docx"), 30)
    listed = [a for a in pairs.values() if "Matomo" in a and "Hosting" in a]
    assert listed, sorted(pairs)
    assert "Analytics Tools:" not in listed[0] and "Search Console" in listed[0]


def _doc(*paragraphs: str) -> Document:
    sections = [Section("paragraph", p, Provenance("p.md")) for p in paragraphs]
    return Document(path="p.md", kind="markdown", title="Terms of Service", sections=sections)


def test_defined_speaker_reads_the_languages_and_trading_names() -> None:
    from datasetkit.generate.offline.defined_speaker import _name, defined_speaker

    said = 'Welcome. Contoso, Inc. ("Contoso," "we," or "us") runs this site.'
    assert defined_speaker(_doc(said)) == "Contoso, Inc."
    assert defined_speaker(_doc("Die Beispiel GmbH („wir“, „uns“) betreibt die Website.")) == (
        "Beispiel GmbH"
    )
    assert defined_speaker(_doc("Beispiel SAS (« nous ») exploite ce site.")) == "Beispiel SAS"
    assert (
        defined_speaker(_doc('Acme Ltd ("we") trading as Acme Tiles sells tiles.')) == "Acme Tiles"
    )
    # A defined term that is no pronoun names no author.
    own = 'This policy covers your information ("Personal Information").'
    assert defined_speaker(_doc(own)) is None
    assert _name("This Contoso.") == "Contoso"
