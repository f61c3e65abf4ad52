"""A workbook whose zip declares a version the zip reader cannot read (found by fuzzing)
is a damaged file with a clear message on both paths, never a traceback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from openpyxl import Workbook

from datasetkit.core.findings import DatasetkitError
from datasetkit.io.workbook import check_package
from datasetkit.knowledge.loader import load_file


def _future_zip_version(tmp_path: Path) -> Path:
    wb = Workbook()
    wb.active.append(["prompt", "expected_response"])
    buf = io.BytesIO()
    wb.save(buf)
    data = bytearray(buf.getvalue())
    # "Version needed to extract" of the first central-directory entry: 14.8 (148).
    at = data.find(b"PK\x01\x02")
    data[at + 6 : at + 8] = (148).to_bytes(2, "little")
    path = tmp_path / "future.xlsx"
    path.write_bytes(bytes(data))
    return path


def test_a_zip_version_the_reader_cannot_read_is_a_damaged_workbook(tmp_path: Path) -> None:
    path = _future_zip_version(tmp_path)
    with pytest.raises(DatasetkitError) as found:
        check_package(str(path), path.read_bytes())
    assert "cannot be opened as an Excel workbook" in found.value.message
    doc = load_file(path)
    assert [p.code for p in doc.problems] == ["knowledge.corrupt"]
    assert "zip file version" in doc.problems[0].message


def test_validate_reports_it_as_a_finding(tmp_path: Path, cli) -> None:
    path = _future_zip_version(tmp_path)
    result = cli("validate", str(path))
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    assert "damaged" in result.output


def test_a_number_past_decimal_limits_is_shown_as_written() -> None:
    """A workbook cell holding 1E+999999999 (found by fuzzing) is shown, not a bug report."""
    from decimal import Decimal

    from datasetkit.knowledge.excel.numbers import general

    assert general(Decimal("1E+999999999")) == "1E+999999999"
    assert general(Decimal("1234.5")) == "1234.5"
