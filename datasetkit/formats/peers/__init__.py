"""Peer tools' dataset files: promptfoo, Ragas, DeepEval, OpenAI Evals, prompt flow.

Each is detected from its content (the tool's marker fields), read into the canonical
model and, for promptfoo, Ragas and DeepEval, written back so a set can move into
those tools. Every module here that declares ``PEER`` (:class:`.base.Peer`: the format
and its place in the list) is one peer format; importing this package registers them.
"""

from __future__ import annotations

import importlib
import pkgutil

from datasetkit.formats import Format, register
from datasetkit.formats.peers.base import Peer


def peer_formats() -> list[Format]:
    """The formats the modules of this package declare, in their ``rank`` order."""
    found: list[tuple[int, str, Format]] = []
    for info in pkgutil.iter_modules(__path__):
        peer = getattr(importlib.import_module(f"{__name__}.{info.name}"), "PEER", None)
        if isinstance(peer, Peer):
            found.append((peer.rank, peer.format.name, peer.format))
    return [fmt for _, _, fmt in sorted(found, key=lambda t: t[:2])]


for _format in peer_formats():
    register(_format)
