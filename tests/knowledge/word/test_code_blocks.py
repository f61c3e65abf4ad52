"""Word paragraphs set in a fixed-width face (or a code style) are program text: one
code block, lines and alignment kept, never headings or list items; the clear tables a
program prints in them are read as tables. A document typed in such a face throughout
is read as prose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasetkit.knowledge import load_file
from tests.helpers.program_output import FREQ, FREQ_RECORDS

MEANS = [
    "The MEANS Procedure",
    "Analysis Variable : Weight",
    "  N            Mean         Std Dev         Minimum         Maximum",
    "-------------------------------------------------------------------",
    " 19     100.0263158      22.7739335      50.5000000     150.0000000",
    "-------------------------------------------------------------------",
]


def _output(d: Any, lines: list[str], font: str) -> None:
    """Program output pasted one paragraph per line, its titles and header in bold."""
    from docx.shared import Pt

    for n, line in enumerate(lines):
        run = d.add_paragraph().add_run(line)
        run.font.name, run.font.size = font, Pt(9)
        run.bold = n == 0 or line.lstrip().startswith(("N ", "Sex"))


def _homework(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Statistics Homework 4", style="Title")
    d.add_paragraph().add_run("Problem 1").bold = True
    d.add_paragraph("Describe the weight of the students with the MEANS procedure.")
    _output(d, MEANS, "Courier New")
    d.add_paragraph("The students weigh about 100 pounds on average, give or take 23 pounds.")
    d.add_paragraph().add_run("Problem 2").bold = True
    d.add_paragraph("Count the students of each sex with the FREQ procedure.")
    _output(d, FREQ, "Consolas")
    d.add_paragraph("The class has nine female and ten male students, so it is balanced.")
    d.save(str(path))
    return path


def test_program_output_is_never_a_heading_and_the_bold_titles_are(tmp_path: Path) -> None:
    doc = load_file(_homework(tmp_path / "homework.docx"))
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [(0, "Statistics Homework 4"), (1, "Problem 1"), (1, "Problem 2")]
    codes = [s.text for s in doc.sections if s.kind == "code"]
    assert codes == ["The MEANS Procedure\nAnalysis Variable : Weight", "The FREQ Procedure"]
    answer = next(s for s in doc.sections if s.text.startswith("The class has"))
    assert answer.kind == "paragraph"
    assert answer.provenance.heading_path == ("Statistics Homework 4", "Problem 2")


def test_a_printed_table_is_read_with_its_header_names(tmp_path: Path) -> None:
    doc = load_file(_homework(tmp_path / "homework.docx"))
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert [r.record for r in rows] == [
        {
            "N": "19",
            "Mean": "100.0263158",
            "Std Dev": "22.7739335",
            "Minimum": "50.5000000",
            "Maximum": "150.0000000",
        },
        *FREQ_RECORDS,
    ]
    assert [r.provenance.table for r in rows] == [1, 2, 2]
    assert rows[0].provenance.heading_path == ("Statistics Homework 4", "Problem 1")


def test_a_code_style_keeps_lines_and_indentation_and_numbers_no_list(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Setup", level=1)
    d.add_paragraph("Run this script once to create the folders.")
    preformatted = d.styles.add_style("HTML Preformatted", 1)
    for line in ["1. mkdir data", "for f in *.csv; do", "    mv $f data/", "done"]:
        d.add_paragraph(line, style=preformatted)
    d.add_paragraph("The folders are created in the current directory.")
    d.save(str(tmp_path / "setup.docx"))
    doc = load_file(tmp_path / "setup.docx")
    kinds = [s.kind for s in doc.sections]
    assert kinds == ["heading", "paragraph", "code", "paragraph"]
    code = next(s.text for s in doc.sections if s.kind == "code")
    assert code == "1. mkdir data\nfor f in *.csv; do\n    mv $f data/\ndone"


def test_a_plain_text_paragraph_with_line_breaks_is_one_block(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("The server prints its settings when it starts:")
    plain = d.styles.add_style("Plain Text", 1)
    para = d.add_paragraph(style=plain)
    run = para.add_run("port     8080")
    run.add_break()
    run.add_text("workers  4")
    d.add_paragraph("Change them in the settings file.")
    d.save(str(tmp_path / "server.docx"))
    doc = load_file(tmp_path / "server.docx")
    assert [s.kind for s in doc.sections] == ["paragraph", "code", "paragraph"]
    assert doc.sections[1].text == "port     8080\nworkers  4"


def test_a_document_typed_in_courier_reads_as_prose(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.styles["Normal"].font.name = "Courier New"
    # A memo's heading lines are columns held apart by spaces, yet typed, not printed.
    memo = ("TO:", "All staff"), ("FROM:", "Human Resources"), ("DATE:", "1 March 2024")
    for label, value in (*memo, ("CC:", "Team leads"), ("RE:", "Leave in 2024")):
        d.add_paragraph(f"{label:<9}{value}")
    for _ in range(2):
        d.add_paragraph().add_run("Leave Policy").bold = True
        d.add_paragraph("Every employee may take twenty days of paid leave in each year.")
        d.add_paragraph("Leave is requested from the manager at least two weeks ahead.")
    d.save(str(tmp_path / "typed.docx"))
    doc = load_file(tmp_path / "typed.docx")
    assert not [s for s in doc.sections if s.kind == "code"]
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Leave Policy"] * 2
