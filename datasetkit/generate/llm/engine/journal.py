"""The run journal: an append-only JSONL log, fsynced line by line, that makes runs resumable.

Every paid reply is appended (``response`` records, by request key) the moment it
arrives, before anything is done with it; accepted cases, failures, batch ids and the
reason a run stopped follow. Resuming replays the journaled replies instead of calling
the model again, and the engine rebuilds the same cases from them, so nothing accepted
is lost or doubled. A crash can leave a torn last line: it is ignored on reading.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from datasetkit.generate.llm.config.settings import redact_obj
from datasetkit.generate.llm.wire.cache import canonical_json, make_folder

JOURNAL_VERSION = 1


class Journal:
    """One run's journal file."""

    def __init__(self, path: str | os.PathLike[str], *, resume: bool) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self.records: list[dict[str, Any]] = []
        self.torn_lines = 0
        make_folder(self.path.parent)
        if resume and self.path.exists():
            self._load()
        else:
            # A fresh run: replace any earlier journal of the same run key (its replies
            # are still in the response cache when caching is on).
            with self.path.open("wb") as fh:
                fh.flush()
                os.fsync(fh.fileno())
        self._fh = self.path.open("ab")
        self._ensure_newline()

    def _load(self) -> None:
        with self.path.open("rb") as fh:
            for raw in fh:
                line = raw.strip()
                if not line:
                    continue
                try:
                    rec = json.loads(line)
                except ValueError:
                    self.torn_lines += 1
                    continue
                if isinstance(rec, dict):
                    self.records.append(rec)

    def _ensure_newline(self) -> None:
        # After a torn write the file may not end in a newline; start a clean line.
        size = self.path.stat().st_size
        if size:
            with self.path.open("rb") as fh:
                fh.seek(size - 1)
                if fh.read(1) != b"\n":
                    self._fh.write(b"\n")
                    self._fh.flush()

    # Records that stand for money spent or work started must survive a power cut; the
    # others (cases, failures) are rebuilt from them and only need flushing.
    DURABLE = frozenset({"run", "response", "batch", "batch_done", "stop"})

    def append(self, kind: str, **fields: Any) -> None:
        """Append one record (secrets redacted); paid replies and batch ids are fsynced."""
        rec = redact_obj({"t": kind, **fields})
        data = (canonical_json(rec) + "\n").encode("utf-8")
        with self._lock:
            self._fh.write(data)
            self._fh.flush()
            if kind in self.DURABLE:
                os.fsync(self._fh.fileno())
            self.records.append(rec)

    def responses(self) -> dict[str, dict[str, Any]]:
        """Journaled replies by request key."""
        return {
            r["key"]: r["response"] for r in self.records if r.get("t") == "response" and "key" in r
        }

    def last(self, kind: str) -> dict[str, Any] | None:
        """The latest record of a kind."""
        for rec in reversed(self.records):
            if rec.get("t") == kind:
                return rec
        return None

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """All records of a kind, in order."""
        return [r for r in self.records if r.get("t") == kind]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            if not self._fh.closed:
                self._fh.close()
