"""The run manifest: what produced a generated dataset, so it can be reproduced and audited.

Model, provider endpoint (no credentials), seed, prompt version, a hash of every input
file, counts (requested, produced, per category, rejected by reason) and the real token
usage and cost. Written atomically, secrets redacted.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from datasetkit._version import __version__
from datasetkit.generate.llm.config.settings import redact_obj
from datasetkit.io.files import atomic_write_text


def file_sha256(path: str | os.PathLike[str]) -> str | None:
    """The SHA-256 of a file's bytes, or None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 16), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def input_hashes(paths: Iterable[str], *, base: Path | None = None) -> list[dict[str, Any]]:
    """``{path, sha256, bytes}`` for each distinct input file (relative to ``base``), by name."""
    out = []
    for p in sorted(set(paths)):
        real = Path(p) if base is None or Path(p).is_absolute() else base / p
        sha = file_sha256(real)
        size = real.stat().st_size if sha is not None else None
        out.append({"path": p, "sha256": sha, "bytes": size})
    return out


def build_manifest(**facts: Any) -> dict[str, Any]:
    """A manifest from the given facts, stamped with the tool version and time."""
    return dict(
        redact_obj(
            {
                "tool": "datasetkit",
                "version": __version__,
                "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                **facts,
            }
        )
    )


def write_manifest(path: str | os.PathLike[str], manifest: dict[str, Any]) -> None:
    """Write the manifest as indented JSON, atomically."""
    atomic_write_text(path, json.dumps(redact_obj(manifest), indent=2, ensure_ascii=False) + "\n")
