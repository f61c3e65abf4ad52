"""On some damaged workbook parts the workbook reader prints to stdout or warns and
carries on (found by fuzzing): that text never reaches the user's output, where it
would corrupt ``--format json``; what it said becomes a finding instead."""

from __future__ import annotations

import io
import json
import re
import zipfile
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook


def _workbook(path: Path, styles: tuple[str, str]) -> Path:
    """A small dataset sheet whose styles part has ``styles[0]`` replaced by ``styles[1]``."""
    wb = Workbook()
    ws = wb.active
    ws.append(["prompt", "expected_response"])
    ws.append(["What is 2+2?", "4"])
    ws.append(["When does it open?", datetime(2024, 1, 2)])
    buf = io.BytesIO()
    wb.save(buf)
    with zipfile.ZipFile(buf) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "xl/styles.xml":
                text, n = re.subn(styles[0], styles[1], data.decode(), flags=re.S)
                assert n == 1
                data = text.encode()
            zout.writestr(info, data)
    return path


def test_a_style_the_reader_prints_about_leaves_json_output_whole(tmp_path: Path, cli) -> None:
    # A named style pointing past the style list: the reader prints "7 is out of range"
    # to stdout, then raises.
    path = _workbook(
        tmp_path / "bad.xlsx",
        ('<cellStyle name="Normal" xfId="0"', '<cellStyle name="Normal" xfId="7"'),
    )
    result = cli("validate", "--format", "json", str(path))
    assert "7 is out of range" not in result.stdout
    report = json.loads(result.stdout)
    assert result.exit_code in (1, 2)
    assert "damaged" in json.dumps(report)


def test_a_style_part_read_with_defaults_is_a_warning_not_stderr(tmp_path: Path, cli) -> None:
    # An empty cell-format list: the reader warns "Workbook contains no stylesheet" and
    # reads on with its defaults, so the date shows as a plain serial number.
    path = _workbook(
        tmp_path / "nostyles.xlsx",
        (r'<cellXfs count="\d+">.*?</cellXfs>', '<cellXfs count="0"></cellXfs>'),
    )
    result = cli("validate", str(path))
    assert result.exit_code == 0, result.output
    assert "UserWarning" not in result.output
    assert "[sheet.damaged-part]" in result.output
    assert "no stylesheet" in result.output
    assert "save it again as .xlsx" in result.output
