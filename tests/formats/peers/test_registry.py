"""A peer format is one module of datasetkit.formats.peers that declares PEER."""

from __future__ import annotations

from pathlib import Path

import pytest

import datasetkit.formats.peers as peers


def test_the_peer_formats_in_their_order() -> None:
    names = [f.name for f in peers.peer_formats()]
    assert names == ["promptfoo", "ragas", "deepeval", "openai-evals", "promptflow"]


def test_a_module_that_declares_a_peer_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "evalkit.py").write_text(
        "from datasetkit.formats import Format\n"
        "from datasetkit.formats.peers.base import Peer\n"
        "class EvalkitFormat(Format):\n"
        "    name = 'evalkit'\n"
        "    label = 'Evalkit cases'\n"
        "    extensions = ('.evalkit',)\n"
        "PEER = Peer(EvalkitFormat(), rank=35)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(peers, "__path__", [*peers.__path__, str(tmp_path)])
    names = [f.name for f in peers.peer_formats()]
    assert names == ["promptfoo", "ragas", "deepeval", "evalkit", "openai-evals", "promptflow"]
