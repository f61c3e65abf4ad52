"""The public API on the corpus: reading a real file from memory gives what reading it by path gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import datasetkit

SUFFIXES = {".json", ".jsonl", ".csv", ".txt", ".xlsx"}


def _files(corpus: Path) -> list[Path]:
    return sorted(
        p
        for family in ("m365", "foundry", "copilot-studio")
        for p in (corpus / family).iterdir()
        if p.suffix in SUFFIXES and p.stat().st_size < 1_000_000
    )


def test_memory_and_path_read_alike(corpus: Path) -> None:
    compared = 0
    for path in _files(corpus):
        try:
            by_path = datasetkit.load(path)
        except datasetkit.DatasetkitError:
            # Unreadable by path: unreadable from memory too, and said the same way.
            with pytest.raises(datasetkit.DatasetkitError):
                datasetkit.load(path.read_bytes())
            continue
        data = path.read_bytes()
        in_memory = datasetkit.load(data, by_path.source_format, sidecar=False)
        by_path_plain = datasetkit.load(path, by_path.source_format, sidecar=False)
        assert in_memory.model_dump() == by_path_plain.model_dump(), path.name
        compared += 1
    assert compared >= 40


def test_validate_from_memory_matches_the_file(corpus: Path) -> None:
    for path in _files(corpus)[:40]:
        fmt = datasetkit.validate(path).files[0].format
        if fmt is None:
            continue
        in_memory = datasetkit.validate(path.read_bytes(), fmt, sidecar=False)
        on_disk = datasetkit.validate(path, fmt, sidecar=False)
        assert [(f.code, f.location.line, f.location.pointer) for f in in_memory.findings] == [
            (f.code, f.location.line, f.location.pointer) for f in on_disk.findings
        ], path.name
