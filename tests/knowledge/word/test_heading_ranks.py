"""Word documents whose section titles are set by hand in several ranks: bold capitals
above bold mixed case, a title set over two lines above both, and a section that opens
straight into its first sub-section."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _report(path: Path) -> Path:
    """A report with no heading styles: bold mixed-case sections, then a closing part
    titled over two bold lines in capitals, with bold capitals sections, one of which
    opens straight into bold mixed-case sub-sections."""
    import docx
    from docx.shared import Pt

    d = docx.Document()
    title = d.add_paragraph().add_run("Contoso Reports Record Year")
    title.bold, title.font.size = True, Pt(16)

    def section(name: str, text: str = "") -> None:
        d.add_paragraph().add_run(name).bold = True
        if text:
            d.add_paragraph(text)

    section("Business Highlights", "Revenue grew in every region this year.")
    section("Business Outlook", "The company expects growth to continue next year.")
    section("CONTOSO LTD")
    section("ANNUAL FINANCIAL HIGHLIGHTS", "All comparisons relate to the year before.")
    section("SUMMARY", "Revenue increased by eight percent over the year.")
    section("SEGMENT INFORMATION")
    section("Cloud Services", "Revenue increased by twelve percent.")
    section("Devices", "Revenue decreased by four percent.")
    section("OPERATING EXPENSES", "Operating expenses increased by two percent.")
    d.save(str(path))
    return path


def test_bold_capitals_rank_above_bold_mixed_case_and_may_open_into_a_subsection(
    tmp_path: Path,
) -> None:
    doc = load_file(_report(tmp_path / "report.docx"))
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [
        (0, "Contoso Reports Record Year"),
        (1, "Business Highlights"),
        (1, "Business Outlook"),
        (1, "ANNUAL FINANCIAL HIGHLIGHTS"),
        (2, "SUMMARY"),
        (2, "SEGMENT INFORMATION"),
        (3, "Cloud Services"),
        (3, "Devices"),
        (2, "OPERATING EXPENSES"),
    ]
    devices = next(s for s in doc.sections if s.text.startswith("Revenue decreased"))
    assert devices.provenance.heading_path == (
        "Contoso Reports Record Year",
        "ANNUAL FINANCIAL HIGHLIGHTS",
        "SEGMENT INFORMATION",
        "Devices",
    )


def test_a_bold_contact_line_is_not_a_heading(tmp_path: Path) -> None:
    # A cover's telephone and web address in bold capitals tell how to reach the
    # company; they title nothing, unlike the bold sections after them.
    import docx

    d = docx.Document()
    for text in ("CONTOSO LTD", "(425) 882-8080 www.contoso.com/investor"):
        d.add_paragraph().add_run(text).bold = True
    d.add_paragraph("The annual report of the company for the year.")
    for name in ("BUSINESS", "RISK FACTORS"):
        d.add_paragraph().add_run(name).bold = True
        d.add_paragraph("Revenue increased by eight percent over the year.")
    path = tmp_path / "cover.docx"
    d.save(str(path))
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert heads == ["CONTOSO LTD", "BUSINESS", "RISK FACTORS"]
