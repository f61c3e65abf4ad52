"""A fixed-width report whose column labels are underlined by dash runs is read as a
table: one column per run, a second underlined label line splitting the columns above
it, and each record taking as many lines as the header."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import write_pages

M = ("Courier", 9.0)


def _report(path: Path, lines: list[str]) -> Path:
    return write_pages(path, [[(t, *M) if t else ("", *M) for t in lines]])


def _tables(path: Path) -> list[dict[str, str]]:
    return [s.record for s in load_file(path).sections if s.kind == "table_row" and s.record]


def test_two_line_header_splits_the_column_above_and_pairs_record_lines(tmp_path: Path) -> None:
    pdf = _report(
        tmp_path / "parts.pdf",
        [
            "PARTS ON HAND",
            "PART           VENDOR                       PRICE",
            "-------------- ---------------------------- -----",
            "CODE           ORDER NO      BIN",
            "-------------- ------------- --------------",
            "",
            "HINGE          ACME TOOLS                    4.20",
            "H-100          PO-5531       AISLE 3",
            "",
            "LATCH          BOLT AND SONS                 2.75",
            "L-220          PO-5540       AISLE 7",
        ],
    )
    rows = _tables(pdf)
    assert list(rows[0]) == ["PART CODE", "VENDOR ORDER NO", "VENDOR BIN", "PRICE"]
    assert len(rows) == 2
    assert rows[1]["VENDOR BIN"] == "AISLE 7"
    assert rows[1]["PRICE"] == "2.75"
    assert rows[0]["PART CODE"] == "HINGE H-100"


def test_one_underlined_label_line_gives_one_row_per_line(tmp_path: Path) -> None:
    pdf = _report(
        tmp_path / "query.pdf",
        [
            "CITY         COUNTRY      POPULATION",
            "------------ ------------ ----------",
            "Lyon         France           522000",
            "Porto        Portugal         232000",
            "Graz         Austria          291000",
        ],
    )
    rows = _tables(pdf)
    assert [r["CITY"] for r in rows] == ["Lyon", "Porto", "Graz"]
    assert rows[1] == {"CITY": "Porto", "COUNTRY": "Portugal", "POPULATION": "232000"}


def test_a_dashed_line_without_labels_stays_text(tmp_path: Path) -> None:
    pdf = _report(
        tmp_path / "listing.pdf",
        ["-------- --------", "run the job twice", "then check the log"],
    )
    assert _tables(pdf) == []
