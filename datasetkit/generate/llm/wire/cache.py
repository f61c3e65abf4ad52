"""The response cache: model replies stored by a hash of the request that produced them.

The key covers the endpoint identity (provider, base URL or Azure deployment, never a
credential), the prompt version and the full request body (model, messages, seed,
temperature, response format), so a rerun with the same seed and inputs replays the
same replies offline. Only the reply text, finish reason and token usage are kept:
no headers, no keys.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from datasetkit.generate.llm.config.settings import redact, redact_obj


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces, the form hashes are taken of."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def request_key(body: dict[str, Any], *, endpoint: str, prompt_version: str) -> str:
    """The hash that names a request in the cache and the journal."""
    payload = canonical_json({"endpoint": redact(endpoint), "prompt": prompt_version, "body": body})
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


TOOL_FOLDER = ".datasetkit"
# Cached replies and journals are this machine's, and may hold paid or private text:
# the folder keeps itself out of version control, as .pytest_cache and .ruff_cache do.
GITIGNORE = "# Created by datasetkit: response cache and run journals, not for commits.\n*\n"


def make_folder(folder: str | os.PathLike[str]) -> None:
    """``mkdir -p folder``; a ``.datasetkit`` folder it creates gets its own .gitignore."""
    path = Path(folder)
    tool = next((p for p in (path, *path.parents) if p.name == TOOL_FOLDER), None)
    if tool is not None and not tool.exists():
        tool.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # an ignore file must never stop a run
            (tool / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    path.mkdir(parents=True, exist_ok=True)


class ResponseCache:
    """A folder of ``<key[:2]>/<key>.json`` files, written atomically."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.hits = 0
        self.writes = 0

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored reply for ``key``, or None (a damaged entry counts as absent)."""
        path = self._path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != key or "response" not in data:
            return None
        self.hits += 1
        response = data["response"]
        return response if isinstance(response, dict) else None

    def put(self, key: str, response: dict[str, Any], *, model: str) -> None:
        """Store a reply (redacted; written to a temporary file, then renamed into place).

        No fsync: the journal is the durable record of a paid reply, and a cache entry
        torn by a crash reads as absent.
        """
        record = {"key": key, "model": model, "response": redact_obj(response)}
        path = self._path(key)
        make_folder(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=f".{key[:12]}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(canonical_json(record) + "\n")
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        self.writes += 1
