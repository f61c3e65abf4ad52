"""Reading the cells of a workbook: values as displayed, every kind of stored value,
the package variants generators write, damaged sheets, and a big sheet read whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import Limits, load_file
from tests.helpers.xlsx_fixtures import (
    FORMAT_CASES,
    make_big_xlsx,
    make_formats_xlsx,
    make_iso_date_xlsx,
    make_raw_xlsx,
)


def _records(path: Path) -> list[dict[str, str] | None]:
    return [s.record for s in load_file(path).sections]


def test_every_cell_reads_as_its_number_format_shows_it(tmp_path: Path) -> None:
    doc = load_file(make_formats_xlsx(tmp_path / "formats.xlsx"))
    shown = {s.record["Case"]: s.record["Shown"] for s in doc.sections if s.record}
    assert shown == {label: expected for label, _, _, expected in FORMAT_CASES}
    assert doc.problems == []


def test_dates_stored_as_iso_text_with_the_general_format(tmp_path: Path) -> None:
    assert _records(make_iso_date_xlsx(tmp_path / "dates.xlsx")) == [
        {"Event": "Launch", "When": "2026-03-05"},
        {"Event": "Review", "When": "2026-04-01 09:30"},
    ]


def test_a_workbook_on_the_1904_date_system(tmp_path: Path) -> None:
    import datetime as dt

    import openpyxl
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    wb = openpyxl.Workbook()
    wb.epoch = CALENDAR_MAC_1904
    ws = wb.active
    ws.append(["Event", "When"])
    ws.append(["Launch", dt.datetime(2026, 3, 5)])
    ws["B2"].number_format = "d mmmm yyyy"
    path = tmp_path / "mac.xlsx"
    wb.save(str(path))
    assert _records(path) == [{"Event": "Launch", "When": "5 March 2026"}]


def test_every_kind_of_stored_value(tmp_path: Path) -> None:
    row = (
        '<row r="2">'
        '<c r="A2" t="s"><v>2</v></c>'  # shared string with runs and a phonetic guide
        '<c r="B2" t="inlineStr"><is><r><t>in</t></r><r><t xml:space="preserve">line </t></r></is></c>'
        '<c r="C2" t="b"><v>1</v></c>'
        '<c r="D2" t="e"><v>#N/A</v></c>'
        '<c r="E2" t="str"><f>A2&amp;"!"</f><v>Tokyo!</v></c>'
        '<c r="F2" t="d"><v>2026-03-05T00:00:00</v></c>'
        '<c r="G2" s="1"><v>0.25</v></c>'
        '<c r="H2" s="2"><v>46086</v></c>'
        "</row>"
    )
    header = "".join(f'<c r="{c}1" t="s"><v>{i}</v></c>' for i, c in enumerate("ABCDEFGH", 3))
    path = make_raw_xlsx(
        tmp_path / "kinds.xlsx",
        {"Kinds": f'<sheetData><row r="1">{header}</row>{row}</sheetData>'},
        strings=[
            "<t>unused</t>",
            "<t>unused</t>",
            '<r><t>To</t></r><r><t>kyo</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh>',
            *[
                f"<t>{name}</t>"
                for name in ["City", "Inline", "Flag", "Error", "Formula", "Date", "Share", "Day"]
            ],
        ],
        formats={164: "d-mmm-yy"},
        xfs=[0, 9, 164],
    )
    assert _records(path) == [
        {
            "City": "Tokyo",
            "Inline": "inline",
            "Flag": "TRUE",
            "Error": "#N/A",
            "Formula": "Tokyo!",
            "Date": "2026-03-05",
            "Share": "25%",
            "Day": "5-Mar-26",
        }
    ]


def test_prefixed_tags_and_cells_without_references(tmp_path: Path) -> None:
    body = (
        "<x:sheetData>"
        '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c></x:row>'
        '<x:row><x:c t="s"><x:v>2</x:v></x:c><x:c><x:v>3.5</x:v></x:c></x:row>'
        "</x:sheetData>"
    )
    path = make_raw_xlsx(
        tmp_path / "prefixed.xlsx",
        {"Data": body},
        strings=["<x:t>Name</x:t>", "<x:t>Score</x:t>", "<x:t>Ana</x:t>"],
        prefix="x:",
    )
    doc = load_file(path)
    assert [(s.provenance.row, s.provenance.cells, s.record) for s in doc.sections] == [
        (2, "A2:B2", {"Name": "Ana", "Score": "3.5"})
    ]


def test_a_damaged_sheet_is_reported_and_the_others_are_read(tmp_path: Path) -> None:
    good = (
        '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Fine</t></is></c></row></sheetData>'
    )
    broken = '<sheetData><row r="1"><c r="A1"><v>1</v>'  # cut off: not well-formed
    path = make_raw_xlsx(tmp_path / "damaged.xlsx", {"Broken": broken, "Good": good})
    doc = load_file(path, display="damaged.xlsx")
    assert [s.text for s in doc.sections] == ["Fine"]
    assert [(p.code, p.severity) for p in doc.problems] == [("knowledge.corrupt", "error")]
    assert doc.problems[0].message.startswith("sheet Broken cannot be read")


def test_a_package_without_a_workbook_is_damaged(tmp_path: Path) -> None:
    import zipfile

    path = tmp_path / "nobook.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
    doc = load_file(path, display="nobook.xlsx")
    assert [p.code for p in doc.problems] == ["knowledge.corrupt"]
    assert "no workbook part" in doc.problems[0].message


def test_a_big_sheet_is_read_whole(tmp_path: Path) -> None:
    # Its speed and memory are measured in bench/bench_ingest_xlsx.py, not asserted here.
    path = make_big_xlsx(tmp_path / "big.xlsx", rows=10_000, cols=10)  # 100,000 cells
    doc = load_file(path)
    assert len(doc.sections) == 10_000 and doc.problems == []
    assert doc.sections[-1].provenance.cells == "A10001:J10001"
    assert doc.sections[0].record is not None
    assert doc.sections[0].record["Field 3"] == "2026-01-01"


@pytest.mark.parametrize("seconds", [-1])
def test_the_time_budget_stops_a_sheet(tmp_path: Path, seconds: float) -> None:
    path = make_big_xlsx(tmp_path / "big.xlsx", rows=50, cols=2)
    doc = load_file(path, limits=Limits(max_seconds=seconds))
    assert [p.code for p in doc.problems] == ["knowledge.truncated"]
    assert doc.sections == []


def test_a_macro_enabled_workbook_reads_like_any_other(tmp_path: Path) -> None:
    path = make_iso_date_xlsx(tmp_path / "dates.xlsx")
    xlsm = tmp_path / "dates.xlsm"
    xlsm.write_bytes(path.read_bytes())
    doc = load_file(xlsm)
    assert doc.kind == "xlsx"
    assert [s.record for s in doc.sections] == _records(path)
