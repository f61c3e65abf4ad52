"""Workbooks laid out as people build them by hand: a sheet of small blocks under
coloured titles, and a calculator with its inputs above a schedule of formula rows."""

from __future__ import annotations

from pathlib import Path


def make_titled_blocks_xlsx(path: Path, *, colour: str = "FFC000", merge: bool = True) -> Path:
    """One sheet, three blocks under titles filled with ``colour`` (none when empty) and
    merged across their width (when ``merge``): a summary of labels and values, a list of
    sites with one count each (no header), and a table with a header."""
    from openpyxl import Workbook
    from openpyxl.styles import PatternFill

    band = PatternFill("solid", fgColor=colour) if colour else PatternFill()
    wb = Workbook()
    ws = wb.active
    ws.title = "Overview"
    blocks: list[tuple[str, list[tuple[object, ...]]]] = [
        (
            "Project summary",
            [
                ("Owner", "Maria Lopez"),
                ("Start date", "March 2024"),
                ("Budget", 125000),
                ("Status", "On track"),
            ],
        ),
        ("Headcount by site", [("Berlin", 12), ("Paris", 8), ("Madrid", 5), ("Lisbon", 3)]),
        (
            "Milestones",
            [
                ("Milestone", "Due", "Owner"),
                ("Design", "April", "Ana"),
                ("Build", "June", "Ben"),
                ("Launch", "September", "Cleo"),
            ],
        ),
    ]
    row = 1
    for title, rows in blocks:
        width = len(rows[0])
        ws.cell(row, 1, title).fill = band
        if merge:
            ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=width)
        for k, values in enumerate(rows, start=row + 1):
            for j, value in enumerate(values, start=1):
                ws.cell(k, j, value)
        row += len(rows) + 2  # a blank row between blocks
    wb.save(path)
    return path


def make_loan_xlsx(path: Path, *, payments: int = 12, lines: int = 18) -> Path:
    """A loan calculator: a bold title, its inputs as labels and values, and an
    amortization schedule with ``lines`` numbered lines of which the first ``payments``
    hold a payment (the rest are the template's unused lines, computed as zeros)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Loan"
    ws["A1"] = "Loan amortization schedule"
    ws["A1"].font = Font(bold=True, size=14)
    rate, amount = 0.06, 12000.0
    inputs: list[tuple[str, object]] = [
        ("Loan amount", amount),
        ("Annual interest rate", rate),
        ("Loan period in years", 1),
        ("Payments per year", 12),
        ("Lender", "First Community Bank"),
    ]
    for k, (label, value) in enumerate(inputs, start=3):
        ws.cell(k, 1, label)
        ws.cell(k, 2, value)
    ws["B3"].number_format = "#,##0.00"
    ws["B4"].number_format = "0.00%"
    head = ["No.", "Beginning balance", "Payment", "Principal", "Interest", "Ending balance"]
    for j, name in enumerate(head, start=1):
        ws.cell(10, j, name).font = Font(bold=True)
    monthly = rate / 12
    payment = round(amount * monthly / (1 - (1 + monthly) ** -payments), 2)
    balance = amount
    for n in range(1, lines + 1):
        r = 10 + n
        ws.cell(r, 1, n)
        if n > payments:
            for j in range(2, 7):
                ws.cell(r, j, 0)
            continue
        interest = round(balance * monthly, 2)
        principal = round(payment - interest, 2)
        for j, value in enumerate(
            [balance, payment, principal, interest, round(balance - principal, 2)], start=2
        ):
            ws.cell(r, j, round(value, 2))
        balance = round(balance - principal, 2)
    wb.save(path)
    return path
