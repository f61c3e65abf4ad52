"""Workbooks for the Excel reader's tests, built with openpyxl as a person lays them out.

Number formats and dates, several tables on one sheet (side by side and stacked, with
titles and notes), headers of two rows with merged group labels, merged cells down a
column, and hidden sheets, rows and columns.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

# (label, value, number format, what Excel shows). Dates are written as datetimes,
# which openpyxl stores as serial numbers with the given format, as Excel does.
FORMAT_CASES: list[tuple[str, Any, str, str]] = [
    ("two decimals", 1234.5, "0.00", "1234.50"),
    ("thousands", 1234567, "#,##0", "1,234,567"),
    ("currency", 19.9, '"$"#,##0.00', "$19.90"),
    ("euro after", 1234.5, "#,##0.00 [$€-407]", "1,234.50 €"),
    ("percent", 0.7, "0%", "70%"),
    ("percent decimals", 0.155, "0.0%", "15.5%"),
    ("float sum", 0.1 + 0.2, "General", "0.3"),
    ("negative in parentheses", -1234.5, "#,##0.00;(#,##0.00)", "(1,234.50)"),
    ("negative in red", -42, "0;[Red]-0", "-42"),
    ("zero section", 0, '0.00;-0.00;"none"', "none"),
    ("condition met", 1500, '[>=1000]#,##0,"K";0', "2K"),
    ("condition not met", 999, '[>=1000]#,##0,"K";0', "999"),
    (
        "accounting",
        1234.5,
        '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
        "$1,234.50",
    ),
    (
        "accounting negative",
        -1234.5,
        '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
        "$(1,234.50)",
    ),
    ("accounting zero", 0, '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', "$ -"),
    ("scientific", 12345.678, "0.00E+00", "1.23E+04"),
    ("fraction", 1.25, "# ?/?", "1 1/4"),
    ("text format", 42, "@", "42"),
    ("literal only", 1, '"Yes";"Yes";"No"', "Yes"),
    ("hidden value", 7, ";;;", ""),
    ("short date", dt.datetime(2026, 3, 5), "d-mmm-yy", "5-Mar-26"),
    ("us date", dt.datetime(2026, 3, 5), "mm/dd/yyyy", "03/05/2026"),
    ("long date", dt.datetime(2026, 3, 5), "mmmm d, yyyy", "March 5, 2026"),
    ("weekday", dt.datetime(2026, 3, 5), "dddd", "Thursday"),
    ("time", dt.datetime(2026, 3, 5, 14, 30), "h:mm AM/PM", "2:30 PM"),
    ("locale date", dt.datetime(2026, 3, 5), "[$-409]mmmm d, yyyy;@", "March 5, 2026"),
    ("elapsed", dt.timedelta(hours=36, minutes=5), "[h]:mm", "36:05"),
    ("built-in date", dt.datetime(2026, 3, 5), "mm-dd-yy", "3/5/2026"),
    ("built-in time", dt.datetime(2026, 3, 5, 9, 5), "h:mm", "9:05"),
    ("date and time", dt.datetime(2026, 3, 5, 9, 5), "yyyy-mm-dd hh:mm", "2026-03-05 09:05"),
]


def make_formats_xlsx(path: Path) -> Path:
    """One table: a label per row and a value shown in its number format."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Formats"
    ws.append(["Case", "Shown"])
    for label, value, fmt, _ in FORMAT_CASES:
        ws.append([label, value])
        ws.cell(ws.max_row, 2).number_format = fmt
    wb.save(str(path))
    return path


def make_iso_date_xlsx(path: Path) -> Path:
    """Dates stored as ISO strings (``t="d"``) with the General format."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.iso_dates = True
    ws = wb.active
    ws.title = "Dates"
    ws.append(["Event", "When"])
    ws.append(["Launch", dt.datetime(2026, 3, 5)])
    ws.append(["Review", dt.datetime(2026, 4, 1, 9, 30)])
    for row in (2, 3):
        ws.cell(row, 2).number_format = "General"
    wb.save(str(path))
    return path


def _table(
    ws: Any, top: int, left: int, rows: list[list[Any]], fmt: dict[int, str] | None = None
) -> None:
    for i, values in enumerate(rows):
        for j, value in enumerate(values):
            cell = ws.cell(top + i, left + j, value)
            if fmt and i > 0 and j in fmt:
                cell.number_format = fmt[j]


def make_layout_xlsx(path: Path) -> Path:
    """Several tables on a sheet: two side by side with a title over each, a note,
    and a third below with its title right above its header; a second sheet with a
    table that carries on after blank rows, and a titled table stacked under it."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Offices"
    price = {2: '"$"#,##0.00'}
    ws["A1"] = "North office"
    _table(
        ws,
        3,
        1,
        [
            ["Product", "Units", "Price"],
            ["Desk", 12, 250],
            ["Chair", 40, 89.5],
            ["Lamp", 15, 19.99],
        ],
        price,
    )
    ws["E1"] = "South office"
    _table(ws, 3, 5, [["Product", "Units", "Price"], ["Desk", 4, 260], ["Shelf", 9, 120]], price)
    ws["A9"] = "Prices exclude VAT and are reviewed every quarter."
    ws["A11"] = "Contacts"
    _table(
        ws,
        12,
        1,
        [["Name", "Email"], ["Ana Diaz", "ana@contoso.example"], ["Bo Chen", "bo@contoso.example"]],
    )

    plans = wb.create_sheet("Plans")
    _table(plans, 1, 1, [["Plan", "Seats", "Price"], ["Basic", 1, 9.9], ["Team", 10, 49]], price)
    # A blank spacer row, then more rows of the same table.
    _table(plans, 5, 1, [["Enterprise", 100, 199.5], ["Unlimited", 1000, 999]])
    for r in (5, 6):
        plans.cell(r, 3).number_format = price[2]
    plans["A9"] = "Archived plans"
    _table(
        plans,
        10,
        1,
        [["Plan", "Retired on"], ["Starter", dt.datetime(2024, 6, 30)]],
        {1: "d-mmm-yy"},
    )
    wb.save(str(path))
    return path


def make_merged_xlsx(path: Path) -> Path:
    """A two-row header with merged group labels under a merged title; merged cells
    down a column of records; and a two-row header whose groups are not merged."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Quarterly"
    ws["A1"] = "Sales by quarter"
    ws.merge_cells("A1:E1")
    ws["A2"] = "Region"
    ws.merge_cells("A2:A3")
    ws["B2"] = "Q1"
    ws.merge_cells("B2:C2")
    ws["D2"] = "Q2"
    ws.merge_cells("D2:E2")
    for col, name in zip("BCDE", ["Revenue", "Cost", "Revenue", "Cost"], strict=True):
        ws[f"{col}3"] = name
    _table(ws, 4, 1, [["North", 1200, 800, 1500, 900], ["South", 950, 700, 1100, 720]])
    for row in ws.iter_rows(min_row=4, max_row=5, min_col=2, max_col=5):
        for cell in row:
            cell.number_format = "#,##0"

    inv = wb.create_sheet("Inventory")
    _table(
        inv,
        1,
        1,
        [
            ["Category", "Item", "Stock"],
            ["Hardware", "Laptop", 14],
            [None, "Monitor", 30],
            [None, "Dock", 8],
            ["Software", "Office licence", 120],
        ],
    )
    inv.merge_cells("A2:A4")

    budget = wb.create_sheet("Budget")
    budget["B1"] = "Actual"
    budget["D1"] = "Forecast"
    _table(
        budget,
        2,
        1,
        [["Team", "Q1", "Q2", "Q1", "Q2"], ["Sales", 10, 12, 14, 15], ["Support", 5, 6, 6, 7]],
    )
    wb.save(str(path))
    return path


def make_hidden_xlsx(path: Path) -> Path:
    """Hidden rows (7, 8, 12) and a hidden column (D) inside one table; an empty hidden
    row; a hidden sheet and a very hidden one."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Costs"
    ws.append(["Item", "Owner", "Cost", "Internal code", "Status"])
    for i in range(2, 14):
        ws.append([f"Item {i}", "Ops", i * 10, f"X-{i}", "open"])
    for r in (7, 8, 12):
        ws.row_dimensions[r].hidden = True
    ws.row_dimensions[20].hidden = True  # empty: nothing is left out
    ws.column_dimensions["D"].hidden = True
    lookup = wb.create_sheet("Lookup")
    lookup.append(["Code", "Meaning"])
    lookup.append(["X", "internal"])
    lookup.sheet_state = "hidden"
    secret = wb.create_sheet("Secret")
    secret["A1"] = "macro data"
    secret.sheet_state = "veryHidden"
    wb.save(str(path))
    return path


def make_big_xlsx(path: Path, rows: int = 10_000, cols: int = 10) -> Path:
    """A plain table of ``rows`` x ``cols`` cells (text, numbers, dates), written in
    openpyxl's streaming mode."""
    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Data")
    ws.append([f"Field {c}" for c in range(1, cols + 1)])
    day = dt.datetime(2026, 1, 1)
    for r in range(rows):
        values: list[Any] = []
        for c in range(cols):
            kind = c % 4
            if kind == 0:
                values.append(f"Record {r} text {c} with some words")
            elif kind == 1:
                values.append(r * 1.5 + c)
            elif kind == 2:
                values.append(day + dt.timedelta(days=r % 365))
            else:
                values.append(r * c)
        ws.append(values)
    wb.save(str(path))
    return path


def make_blocks_xlsx(path: Path) -> Path:
    """Smaller layouts, one per sheet: a merged title right above two side-by-side
    tables, notes under a table, a header repeated after a break, a question list with
    a spacer row, a one-column list, plain text, a title with a subtitle, a form, a
    double-spaced table, titled tables with the same header, a line above a table."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Headcount"
    ws["A1"] = "Regional headcount"
    ws.merge_cells("A1:G1")
    _table(ws, 2, 1, [["Office", "Staff", "Open roles"], ["Oslo", 40, 3], ["Rome", 25, 1]])
    _table(ws, 2, 5, [["Team", "Lead"], ["Sales", "Ana"], ["Ops", "Bo"]])
    sheets: dict[str, list[list[Any]]] = {
        "Notes": [
            ["Plan", "Price"],
            ["Basic", 9.9],
            ["Team", 49],
            ["* Prices in USD, billed monthly"],
            ["Source: price committee, March 2026"],
        ],
        "Repeat": [["Item", "Qty"], ["A", 1], ["B", 2], [], ["Item", "Qty"], ["C", 3]],
        "FAQ": [
            ["Question", "Answer"],
            ["How do I reset my password?", "Use the sign-in page."],
            ["Where is the office?", "In Oslo."],
            [],
            ["Who approves travel?", "Your manager."],
        ],
        "List": [["Approved vendors"], ["Contoso"], ["Fabrikam"], ["Northwind"], ["Tailspin"]],
        "Text": [
            ["Welcome to the handbook."],
            [],
            ["Read the travel rules before booking."],
            ["Ask HR if unsure."],
        ],
        "Subtitle": [
            ["Price list"],
            ["Valid from 1 March 2026"],
            ["Plan", "Price"],
            ["Basic", 9.9],
        ],
        "Form": [
            ["Name:", "Ana Diaz"],
            ["Role:", "Engineer"],
            ["Start date:", dt.datetime(2026, 1, 5)],
        ],
        # Double spacing: a blank row after the header and after every record.
        "Spaced": [["Name", "Score"], [], ["Ana", 7], [], ["Bo", 9]],
        # Two titled tables with the same header, one under the other.
        "Sections": [
            ["Oslo"],
            ["Key", "Value"],
            ["rooms", 12],
            [],
            ["Rome"],
            ["Key", "Value"],
            ["rooms", 8],
        ],
        # A line of text with two cells above a table.
        "Prepared": [["Prepared by:", "Finance"], [], ["Item", "Cost"], ["Desk", 250]],
    }
    for name, rows in sheets.items():
        sheet = wb.create_sheet(name)
        for row in rows:
            sheet.append(row)
    wb["Form"]["B3"].number_format = "mmmm d, yyyy"
    wb.save(str(path))
    return path


_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def make_raw_xlsx(
    path: Path,
    sheets: dict[str, str],
    *,
    strings: list[str] | None = None,
    formats: dict[int, str] | None = None,
    xfs: list[int] | None = None,
    date1904: bool = False,
    prefix: str = "",
) -> Path:
    """A workbook written by hand, for what openpyxl does not write: each sheet's
    ``<sheetData>`` body as given, shared string items (``<si>`` bodies), custom number
    formats (id -> code), cell styles (their number format ids), and tags written with
    a namespace ``prefix`` (``x:``) as some generators do."""
    import zipfile

    p = prefix
    ns = f'xmlns{":" + p[:-1] if p else ""}="{_MAIN}"'

    def part(root: str, body: str) -> str:
        return f'<?xml version="1.0" encoding="UTF-8"?><{p}{root} {ns} xmlns:r="{_REL}">{body}</{p}{root}>'

    names = list(sheets)
    entries = "".join(
        f'<{p}sheet name="{n}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(names, 1)
    )
    pr = f'<{p}workbookPr date1904="1"/>' if date1904 else ""
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(names) + 1)
    )
    rels += f'<Relationship Id="rS" Type="{_REL}/sharedStrings" Target="sharedStrings.xml"/>'
    rels += f'<Relationship Id="rY" Type="{_REL}/styles" Target="styles.xml"/>'
    fmts = "".join(
        f'<{p}numFmt numFmtId="{i}" formatCode="{code}"/>' for i, code in (formats or {}).items()
    )
    cell_xfs = "".join(f'<{p}xf numFmtId="{i}"/>' for i in (xfs or [0]))
    files = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "_rels/.rels": f'<?xml version="1.0"?><Relationships xmlns="{_PKG}"><Relationship Id="r1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/_rels/workbook.xml.rels": f'<?xml version="1.0"?><Relationships xmlns="{_PKG}">{rels}</Relationships>',
        "xl/workbook.xml": part("workbook", f"{pr}<{p}sheets>{entries}</{p}sheets>"),
        "xl/sharedStrings.xml": part("sst", "".join(f"<{p}si>{s}</{p}si>" for s in strings or [])),
        "xl/styles.xml": part(
            "styleSheet",
            f'<{p}numFmts>{fmts}</{p}numFmts><{p}cellStyleXfs><{p}xf numFmtId="9"/></{p}cellStyleXfs>'
            f"<{p}cellXfs>{cell_xfs}</{p}cellXfs>",
        ),
    }
    for i, body in enumerate(sheets.values(), 1):
        files[f"xl/worksheets/sheet{i}.xml"] = part("worksheet", body)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def make_sheet_xlsx(path: Path, sheet: str, rows: list[list[Any]]) -> Path:
    """A workbook of one sheet holding ``rows`` from A1 (an empty list is an empty row)."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = sheet
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def make_sheets_xlsx(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """A workbook of one sheet per entry of ``sheets`` (title -> rows from A1), in order."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path
