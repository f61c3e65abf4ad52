"""Malformed JSON gets a located finding (and exit 1), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CASES = {
    "truncated": (
        b'{"schemaVersion": "1.10.0", "items": [{"prompt": "a"',
        "json.syntax",
        (1, 53),
        "truncated",
    ),
    "trailing-comma": (
        b'{"schemaVersion": "1.10.0",\n "items": [{"prompt": "a"},]}',
        "json.syntax",
        (2, 27),
        "trailing comma",
    ),
    "invalid-utf8": (
        b'{"schemaVersion": "1.10.0",\n "items": [{"prompt": "caf\xe9"}]}',
        "json.encoding",
        (2, 27),
        "UTF-8",
    ),
    "nan": (
        b'{"schemaVersion": "1.10.0", "items": [{"prompt": "a", "evaluators": {"Relevance": {"threshold": NaN}}}]}',
        "json.non-finite-number",
        (1, 97),
        "NaN",
    ),
    "duplicate-key": (
        b'{"schemaVersion": "1.10.0",\n "items": [{"prompt": "a", "prompt": "b"}]}',
        "json.duplicate-key",
        (2, 28),
        "duplicate",
    ),
    "single-quotes": (b"{'schemaVersion': '1.10.0'}", "json.syntax", (1, 2), "single quotes"),
    "empty": (b"", "json.syntax", (1, 1), "empty"),
    "jsonl-saved-as-json": (
        b'{"prompt": "a"}\n{"prompt": "b"}\n',
        "json.syntax",
        (2, 1),
        "more than one",
    ),
    "control-char": (
        b'{"schemaVersion": "1.10.0", "items": [{"prompt": "a\nb"}]}',
        "json.syntax",
        (1, 52),
        "control character",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_json_is_located(cli, tmp_path: Path, name: str) -> None:
    data, code, (line, col), words = CASES[name]
    p = tmp_path / f"{name}.json"
    p.write_bytes(data)
    result = cli("validate", str(p), "--format", "json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    finding = next(f for f in report["files"][0]["findings"] if f["code"] == code)
    assert (finding["line"], finding["column"]) == (line, col)
    assert words.lower() in finding["message"].lower()
    assert finding["hint"]


def test_bom_is_reported_and_the_rest_still_checked(cli, tmp_path: Path) -> None:
    p = tmp_path / "bom.json"
    p.write_bytes(b'\xef\xbb\xbf{"schemaVersion": "1.10.0", "items": [{"prompt": ""}]}')
    report = json.loads(cli("validate", str(p), "--format", "json").stdout)
    found = {f["code"] for f in report["files"][0]["findings"]}
    assert found == {"json.bom", "m365.schema.empty-string"}


def test_fifty_megabyte_malformed_file(cli, tmp_path: Path) -> None:
    item = {
        "prompt": "What is the refund policy for orders over 30 days?" * 4,
        "expected_response": "x" * 200,
    }
    body = json.dumps({"schemaVersion": "1.10.0", "items": [item] * 1}, indent=2)
    one = json.dumps(item, indent=2)
    n = 50_000_000 // len(one) + 1
    text = body[: body.index("[") + 1] + ",\n".join([one] * n)  # never closed: truncated
    p = tmp_path / "big.json"
    p.write_text(text, encoding="utf-8")
    assert p.stat().st_size > 50_000_000
    result = cli("validate", str(p), "--format", "json")
    assert result.exit_code == 1
    (finding,) = json.loads(result.stdout)["files"][0]["findings"]
    assert finding["code"] == "json.syntax"
    assert finding["line"] == text.count("\n") + 1
