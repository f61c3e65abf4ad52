"""Bombs are refused within 10 s and 500 MB: an xlsx zip bomb on the dataset and knowledge
paths, a 500 MB CSV field, a 1 GB JSONL line. Each runs the CLI in a fresh process whose
peak memory is measured (and capped, so a regression fails instead of swapping)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

MB = 1024 * 1024
LIMIT_SECONDS = 10
LIMIT_RSS = 500 * MB

CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))
from datasetkit.cli import main
sys.argv = ["datasetkit"] + sys.argv[1:]
try:
    main()
finally:
    # VmHWM, not ru_maxrss: Linux keeps ru_maxrss across exec, so it would count the
    # memory of the forked test process too.
    with open("/proc/self/status") as fh:
        peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\nPEAK_KB={peak}\\n")
"""


def run_cli(*args: str, cwd: Path) -> tuple[int, str, float, int]:
    """Exit code, stderr+stdout, seconds and peak RSS in bytes of one CLI run."""
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )
    took = time.monotonic() - start
    peak = int(proc.stderr.rsplit("PEAK_KB=", 1)[1].split()[0]) * 1024
    return proc.returncode, proc.stdout + proc.stderr, took, peak


def xlsx_bomb(path: Path) -> Path:
    """A small workbook whose one sheet unpacks to 3 GB of XML."""
    row = b'<row><c t="inlineStr"><is><t>' + b"A" * 4000 + b"</t></is></c></row>"
    head = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        zf.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        )
        zf.writestr(
            "xl/workbook.xml",
            '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/'
            'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets>'
            "</workbook>",
        )
        zf.writestr(
            "xl/_rels/workbook.xml.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
            'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships/worksheet" '
            'Target="worksheets/sheet1.xml"/></Relationships>',
        )
        info = zipfile.ZipInfo("xl/worksheets/sheet1.xml")
        info.compress_type = zipfile.ZIP_DEFLATED
        with zf.open(info, "w", force_zip64=True) as fh:
            fh.write(head)
            block = row * 256
            for _ in range(3 * 1024**3 // len(block)):
                fh.write(block)
            fh.write(b"</sheetData></worksheet>")
    return path


@pytest.fixture(scope="module")
def bomb(tmp_path_factory) -> Path:
    return xlsx_bomb(tmp_path_factory.mktemp("bomb") / "bomb.xlsx")


def _assert_refused(code: int, out: str, took: float, peak: int, words: str) -> None:
    print(f"refused in {took:.2f} s, peak {peak / MB:.0f} MB, exit {code}")
    assert "Traceback" not in out, out[-2000:]
    assert code in (1, 2), out[-2000:]
    assert words in out, out[-2000:]
    assert took < LIMIT_SECONDS, f"{took:.1f} s"
    assert peak < LIMIT_RSS, f"{peak / MB:.0f} MB"


@pytest.mark.parametrize("command", ["validate", "lint", "convert"])
def test_xlsx_bomb_refused_on_the_dataset_path(bomb, tmp_path, command):
    assert bomb.stat().st_size < 20 * MB
    args = [command, str(bomb)]
    if command == "convert":
        args += ["-o", str(tmp_path / "out.jsonl")]
    code, out, took, peak = run_cli(*args, cwd=tmp_path)
    _assert_refused(code, out, took, peak, "zip bomb")
    assert not (tmp_path / "out.jsonl").exists()


def test_xlsx_bomb_refused_as_a_review_sheet(bomb, tmp_path):
    dataset = tmp_path / "evals.json"
    dataset.write_text('{"items": [{"prompt": "What is the leave policy?"}]}', encoding="utf-8")
    before = dataset.read_bytes()
    code, out, took, peak = run_cli("review", "merge", str(bomb), str(dataset), cwd=tmp_path)
    _assert_refused(code, out, took, peak, "zip bomb")
    assert dataset.read_bytes() == before


def test_xlsx_bomb_refused_on_the_knowledge_path(bomb, tmp_path):
    _code, out, took, peak = run_cli("ingest", str(bomb), "--max-size", "50MB", cwd=tmp_path)
    assert "zip bomb" in out and took < LIMIT_SECONDS and peak < LIMIT_RSS


def _big_file(path: Path, head: bytes, fill: bytes, size: int, tail: bytes) -> Path:
    with path.open("wb") as fh:
        fh.write(head)
        block = fill * (MB // len(fill))
        for _ in range(size // len(block)):
            fh.write(block)
        fh.write(tail)
    return path


@pytest.mark.parametrize(
    "header", [b"query,response\n", b"Question,Expected response\n", b"prompt,answer\n"]
)
def test_a_500_mb_csv_field(tmp_path, header):
    path = _big_file(tmp_path / "f.csv", header + b'"q","', b"a", 500 * MB, b'"\n')
    code, out, took, peak = run_cli("validate", str(path), cwd=tmp_path)
    assert "Traceback" not in out and code in (1, 2), out[-2000:]
    assert took < LIMIT_SECONDS and peak < LIMIT_RSS, (took, peak / MB, out[-500:])


def test_a_1_gb_jsonl_line(tmp_path):
    head = json.dumps({"query": "q", "response": "r"}).encode() + b'\n{"query": "'
    path = _big_file(tmp_path / "big.jsonl", head, b"x", 1024 * MB, b'"}\n')
    code, out, took, peak = run_cli("validate", str(path), cwd=tmp_path)
    _assert_refused(code, out, took, peak, "over the limit")
