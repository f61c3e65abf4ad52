"""An output's suffix and the format written agree, or nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture()
def src(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text('{"query": "Refund window?", "response": "30 days."}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("to", "name", "right"),
    [("ragas", "x.csv", ".jsonl"), ("foundry", "x.csv", ".jsonl"), ("m365", "x.jsonl", ".json")],
)
def test_a_suffix_of_another_format_is_refused(tmp_path, src, cli, to, name, right):
    out = tmp_path / name
    res = cli("convert", str(src), "--to", to, "-o", str(out))
    assert res.exit_code == 2 and f"writes {right} files" in res.output, res.output
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


@pytest.mark.parametrize(("to", "name"), [("ragas", "x.jsonl"), ("copilot-studio", "x.txt")])
def test_a_suffix_the_format_writes_is_written(tmp_path, src, cli, to, name):
    res = cli("convert", str(src), "--to", to, "-o", str(tmp_path / name))
    assert res.exit_code == 0, res.output
    assert (tmp_path / name).exists()


def test_a_suffix_no_format_reads_is_the_users_choice(tmp_path, src, cli):
    res = cli("convert", str(src), "--to", "foundry", "-o", str(tmp_path / "out.data"))
    assert res.exit_code == 0, res.output
    assert "30 days." in (tmp_path / "out.data").read_text(encoding="utf-8")
