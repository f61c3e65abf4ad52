"""Number formats: a value and its format code in, the text Excel shows out.

Each expected string is written as an en-US Excel shows the cell (padding from ``_``
and ``*`` fills aside, which only align text in the column).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from datasetkit.knowledge.excel.numbers import BUILTIN_FORMATS, format_value, is_date_format

ACCOUNTING = BUILTIN_FORMATS[44]  # _("$"* #,##0.00_);_("$"* \(#,##0.00\);_("$"* "-"??_);_(@_)

CASES: list[tuple[Any, str, str]] = [
    # General: at most 15 significant digits, so float noise never shows
    (0.1 + 0.2, "General", "0.3"),
    (1 / 3, "General", "0.333333333333333"),
    (100, "General", "100"),
    (-5, "General", "-5"),
    (2.5, "General", "2.5"),
    (1e20, "General", "1E+20"),
    (Decimal("0.30000000000000004"), "General", "0.3"),
    # decimals and digit placeholders
    (1234.5, "0.00", "1234.50"),
    (1.005, "0.00", "1.01"),
    (2 / 3, "0.00", "0.67"),
    (45.6789, "0.0#", "45.68"),
    (3, "0.0#", "3.0"),
    (0.5, "#.##", ".5"),
    (123, "000000", "000123"),
    (5551234567, "(###) ###-####", "(555) 123-4567"),
    (12.5, '0.0 "kg"', "12.5 kg"),
    (5, "[Color10]0.00", "5.00"),
    # thousands separators and scaling
    (1234567, "#,##0", "1,234,567"),
    (1234567.891, "#,##0.00", "1,234,567.89"),
    (-1234, "#,##0", "-1,234"),
    (999, "#,##0", "999"),
    (1234567, '#,##0,"K"', "1,235K"),
    (1234567891, '0.0,,"M"', "1234.6M"),
    # currency
    (19.9, '"$"#,##0.00', "$19.90"),
    (165000, "\\$#,##0", "$165,000"),
    (-5, '"$"#,##0.00', "-$5.00"),
    (1234.5, "#,##0.00 [$€-407]", "1,234.50 €"),
    (1234.5, "[$$-409]#,##0.00", "$1,234.50"),
    (99, "[$£-809]#,##0", "£99"),
    # percentages
    (0.7, "0%", "70%"),
    (0.155, "0.0%", "15.5%"),
    (0.1234, "0.00%", "12.34%"),
    (1, "0%", "100%"),
    (0.005, "0%", "1%"),
    # sections: positive;negative;zero;text
    (-1234.5, "#,##0.00;(#,##0.00)", "(1,234.50)"),
    (1234.5, "#,##0.00;(#,##0.00)", "1,234.50"),
    (-42, "0;[Red]-0", "-42"),
    (-42, "0;[Red]0", "42"),
    (0, '0.00;-0.00;"none"', "none"),
    (-5, "$#,##0.00_);($#,##0.00)", "($5.00)"),
    (5, "$#,##0.00_);($#,##0.00)", "$5.00"),
    (1234, "0.00;-0.00;0;", "1234.00"),
    ("abc", '0;-0;0;"Text: "@', "Text: abc"),
    ("abc", "0;-0;0;", ""),
    # conditions
    (1500, '[>=1000]#,##0,"K";0', "2K"),
    (999, '[>=1000]#,##0,"K";0', "999"),
    (50, '[<100]"low";[>=100]"high"', "low"),
    (150, '[<100]"low";[>=100]"high"', "high"),
    (1234567, '[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', "1.2M"),
    (5300, '[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', "5.3K"),
    (12, '[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', "12"),
    # accounting: built-in 44 and 43
    (1234.5, ACCOUNTING, "$1,234.50"),
    (-1234.5, ACCOUNTING, "$(1,234.50)"),
    (0, ACCOUNTING, "$ -"),
    ("N/A", ACCOUNTING, "N/A"),
    (1234.5, BUILTIN_FORMATS[43], "1,234.50"),
    (-1234.5, BUILTIN_FORMATS[43], "(1,234.50)"),
    (0, BUILTIN_FORMATS[43], "-"),
    # scientific
    (12345.678, "0.00E+00", "1.23E+04"),
    (0.000123, "0.00E+00", "1.23E-04"),
    (-12345.678, "0.00E+00", "-1.23E+04"),
    (0, "0.00E+00", "0.00E+00"),
    (9.999, "0.00E+00", "1.00E+01"),
    (12345, "##0.0E+0", "12.3E+3"),
    # fractions
    (1.25, "# ?/?", "1 1/4"),
    (0.5, "# ?/?", "1/2"),
    (3, "# ?/?", "3"),
    (-1.5, "# ?/?", "-1 1/2"),
    (3.14159, "# ??/??", "3 14/99"),
    (1.25, "?/?", "5/4"),
    (0.3, "# ?/8", "2/8"),
    # text
    (42, "@", "42"),
    ("x", '"Code: "@', "Code: x"),
    ("  two   spaces  ", "@", "two spaces"),
    # literal-only sections and hidden values
    (1, '"Yes";"Yes";"No"', "Yes"),
    (-3, '"Yes";"Yes";"No"', "Yes"),
    (0, '"Yes";"Yes";"No"', "No"),
    (7, ";;;", ""),
    ("t", ";;;", ""),
    # booleans ignore the format
    (True, "0.00", "TRUE"),
    (False, "General", "FALSE"),
]

DATES: list[tuple[Any, str, str]] = [
    # date values (openpyxl gives datetimes)
    (dt.datetime(2026, 3, 5), "d-mmm-yy", "5-Mar-26"),
    (dt.datetime(2026, 3, 5), "mm/dd/yyyy", "03/05/2026"),
    (dt.datetime(2026, 3, 5), "mmmm d, yyyy", "March 5, 2026"),
    (dt.datetime(2026, 3, 5), "dddd", "Thursday"),
    (dt.datetime(2026, 3, 5), "ddd, mmm d", "Thu, Mar 5"),
    (dt.datetime(2026, 3, 5), "dd/mm/yyyy", "05/03/2026"),
    (dt.datetime(2026, 3, 5), "mmmmm", "M"),
    (dt.datetime(2026, 3, 5), "yy", "26"),
    (dt.datetime(2026, 3, 5), "[$-409]mmmm d, yyyy;@", "March 5, 2026"),
    (dt.datetime(2026, 3, 5), "[$-F800]dddd, mmmm dd, yyyy", "Thursday, March 5, 2026"),
    (dt.datetime(2026, 3, 5, 9, 5), "[$-F400]h:mm:ss AM/PM", "9:05:00 AM"),
    (dt.datetime(2026, 3, 5, 14, 30), "h:mm AM/PM", "2:30 PM"),
    (dt.datetime(2026, 3, 5, 0, 15), "h:mm AM/PM", "12:15 AM"),
    (dt.datetime(2026, 3, 5, 9, 5), "yyyy-mm-dd hh:mm", "2026-03-05 09:05"),
    (dt.date(2026, 3, 5), "d-mmm-yy", "5-Mar-26"),
    (dt.time(9, 5), "h:mm AM/PM", "9:05 AM"),
    (dt.timedelta(hours=36, minutes=5), "[h]:mm", "36:05"),
    # the same moments as Excel stores them: serial numbers
    (46086, "d-mmm-yy", "5-Mar-26"),
    (46086.75, "m/d/yyyy h:mm", "3/5/2026 18:00"),
    (46086.5, "yyyy-mm-dd hh:mm:ss", "2026-03-05 12:00:00"),
    (46086.123456, "hh:mm:ss.000", "02:57:46.598"),
    (0.4375, "h:mm", "10:30"),
    (0.4375 - 1e-12, "h:mm", "10:30"),
    (0.4375, "hh:mm:ss AM/PM", "10:30:00 AM"),
    (0.75, "h AM/PM", "6 PM"),
    (0.75, "h:mm a/p", "6:00 p"),
    (1.5, "[h]:mm", "36:00"),
    (1.5, "[mm]:ss", "2160:00"),
    (0.0625, "mm:ss", "30:00"),
    # Excel's calendar counts a 29 February 1900 that never was
    (1, "yyyy-mm-dd", "1900-01-01"),
    (59, "yyyy-mm-dd", "1900-02-28"),
    (61, "yyyy-mm-dd", "1900-03-01"),
    # built-in date and time formats as an en-US Excel shows them
    (46086, BUILTIN_FORMATS[14], "3/5/2026"),
    (46086.40625, BUILTIN_FORMATS[22], "3/5/2026 9:45"),
    (46086, BUILTIN_FORMATS[15], "5-Mar-26"),
    (46086, BUILTIN_FORMATS[17], "Mar-26"),
    (0.40625, BUILTIN_FORMATS[18], "9:45 AM"),
    (0.40625, BUILTIN_FORMATS[21], "9:45:00"),
    (1.40625, BUILTIN_FORMATS[46], "33:45:00"),
    # a date with the General format reads as an ISO date
    (dt.datetime(2026, 3, 5), "General", "2026-03-05"),
    (dt.datetime(2026, 3, 5, 9, 30), "General", "2026-03-05 09:30"),
    (dt.date(2026, 3, 5), "General", "2026-03-05"),
    (dt.time(9, 5), "General", "09:05:00"),
]


@pytest.mark.parametrize(("value", "fmt", "shown"), CASES)
def test_numbers_text_and_sections(value: Any, fmt: str, shown: str) -> None:
    assert format_value(value, fmt) == shown


@pytest.mark.parametrize(("value", "fmt", "shown"), DATES)
def test_dates_and_times(value: Any, fmt: str, shown: str) -> None:
    assert format_value(value, fmt) == shown


def test_the_1904_date_system() -> None:
    assert format_value(0, "yyyy-mm-dd", date1904=True) == "1904-01-01"
    assert format_value(44624, "yyyy-mm-dd", date1904=True) == "2026-03-05"
    assert format_value(dt.datetime(2026, 3, 5), "yyyy-mm-dd", date1904=True) == "2026-03-05"


def test_numbers_outside_the_calendar_read_as_numbers() -> None:
    # Excel shows ##### for a negative date; the number says more.
    assert format_value(-1, "yyyy-mm-dd") == "-1"
    assert format_value(3e6, "yyyy-mm-dd") == "3000000"


def test_date_formats_are_told_from_number_formats() -> None:
    assert is_date_format("d-mmm-yy")
    assert is_date_format("[h]:mm")
    assert is_date_format("[$-409]mmmm d, yyyy;@")
    assert not is_date_format("0.00E+00")
    assert not is_date_format('#,##0 "days"')
    assert not is_date_format("General")


def test_empty_and_missing_values() -> None:
    assert format_value(None, "0.00") == ""
    assert format_value("", "@") == ""
    assert format_value(5, None) == "5"
    assert format_value(5, "") == "5"


def test_locale_format_ids_with_no_code_show_dates_and_times(tmp_path: Any) -> None:
    """Ids Excel writes with no format code (an East Asian locale's date and time) read
    as a date and a time, not as the serial number behind them."""
    import re
    import zipfile

    from openpyxl import Workbook

    from datasetkit.knowledge import load_file

    wb = Workbook()
    ws = wb.active
    ws.append(["Shift", "Day", "Start"])
    ws.append(["Morning", 41244.375, 0.375])
    ws["B2"].number_format = "yyyy/mm/dd"
    ws["C2"].number_format = "hh:mm:ss"
    built = tmp_path / "built.xlsx"
    wb.save(built)
    path = tmp_path / "shifts.xlsx"
    with zipfile.ZipFile(built) as src, zipfile.ZipFile(path, "w") as out:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/styles.xml":
                # The two custom formats become locale ids (a date, a time) with no code.
                text = re.sub(r"<numFmts.*?</numFmts>", "", data.decode())
                text = text.replace('numFmtId="164"', 'numFmtId="57"')
                data = text.replace('numFmtId="165"', 'numFmtId="33"').encode()
            out.writestr(item, data)
    doc = load_file(path, display="shifts.xlsx")
    assert [s.record for s in doc.sections] == [
        {"Shift": "Morning", "Day": "2012-12-01", "Start": "9:00:00"}
    ]


def test_general_drops_binary_float_noise() -> None:
    from datasetkit.knowledge.excel.numbers import general

    # A sum of decimal fractions a sheet stored with its binary noise at the 16th digit.
    assert general(0.8000000000000007) == "0.8"
    assert general(-0.8000000000000007) == "-0.8"
    assert general(0.1 + 0.2) == "0.3"
    # Real digits stay: more than ten significant ones that are no noise.
    assert general(0.123456789012) == "0.123456789012"
    assert general(1234567890.12) == "1234567890.12"
