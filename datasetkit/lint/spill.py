"""Findings and first-seen tables kept on disk, so a large lint run's memory stays flat.

Both live in a private SQLite database opened with an empty file name: SQLite makes it
a temporary file that is deleted as it is opened (POSIX), so nothing is left behind on
exit, on SIGTERM or on a crash. Only a small page cache is held in memory.
"""

from __future__ import annotations

import pickle
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, SupportsIndex, overload

from datasetkit.core.findings import Finding, Severity, sort_key

# Page cache per database, in KiB (SQLite's negative cache_size): the memory a table
# of any size costs while it is written, looked up and sorted.
_CACHE_KIB = 8192
# Rows fetched from SQLite at a time when findings are read back.
_FETCH = 2048


def scratch_db() -> sqlite3.Connection:
    """A private on-disk SQLite database that disappears when closed (or the process ends)."""
    db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA cache_size=-{_CACHE_KIB}")
    db.execute("PRAGMA temp_store=FILE")
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("BEGIN")
    return db


class SpilledFindings(list[Finding]):
    """A read-only list of findings kept on disk, in the order they were added.

    It holds nothing in the list itself: iteration, ``len``, indexing and equality read
    the database. ``sorted_findings`` gives them in reading order (the order reporters
    print), sorted by SQLite on disk. Groups (``group``) order the findings first: the
    validation findings, then each rule's, as the in-memory path concatenates them.
    """

    def __init__(self) -> None:
        super().__init__()
        self._db = scratch_db()
        self._db.execute(
            "CREATE TABLE f (grp INTEGER, seq INTEGER, k1 INTEGER, k2 INTEGER, k3 INTEGER,"
            " k4 INTEGER, code TEXT, blob BLOB)"
        )
        self._n = 0
        self._seq = 0
        self._counts: dict[Severity, int] = {}

    # -- writing ---------------------------------------------------------------------

    def add(self, findings: Iterable[Finding], group: int = 0) -> None:
        """Store findings under ``group`` (after the ones already there)."""
        rows = []
        for f in findings:
            self._seq += 1
            self._counts[f.severity] = self._counts.get(f.severity, 0) + 1
            rows.append((group, self._seq, *sort_key(f), pickle.dumps(f, protocol=5)))
        self._db.executemany("INSERT INTO f VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
        self._n += len(rows)

    def drop_group(self, group: int) -> None:
        """Forget every finding of ``group`` (a rule that failed part way)."""
        for (blob,) in self._db.execute("SELECT blob FROM f WHERE grp = ?", (group,)):
            sev = pickle.loads(blob).severity
            self._counts[sev] -= 1
            self._n -= 1
        self._db.execute("DELETE FROM f WHERE grp = ?", (group,))

    def append(self, f: Finding) -> None:
        """Add one finding at the end."""
        self.add([f], group=1 << 30)

    def extend(self, findings: Iterable[Finding]) -> None:
        """Add findings at the end."""
        self.add(findings, group=1 << 30)

    # -- reading ---------------------------------------------------------------------

    def _read(self, order: str) -> Iterator[Finding]:
        cur = self._db.cursor()
        cur.execute(f"SELECT blob FROM f ORDER BY {order}")
        while rows := cur.fetchmany(_FETCH):
            for (blob,) in rows:
                yield pickle.loads(blob)

    def __iter__(self) -> Iterator[Finding]:
        return self._read("grp, seq")

    def __len__(self) -> int:
        return self._n

    def __bool__(self) -> bool:
        return self._n > 0

    @overload
    def __getitem__(self, i: SupportsIndex) -> Finding: ...
    @overload
    def __getitem__(self, i: slice) -> list[Finding]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Finding | list[Finding]:
        if isinstance(i, slice):
            return list(self)[i]
        k = i.__index__()
        k = k + self._n if k < 0 else k
        if not 0 <= k < self._n:
            raise IndexError("finding index out of range")
        row = self._db.execute(
            "SELECT blob FROM f ORDER BY grp, seq LIMIT 1 OFFSET ?", (k,)
        ).fetchone()
        return pickle.loads(row[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, list):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None

    def __repr__(self) -> str:
        return f"<{len(self)} findings on disk>"

    def severity_count(self, severity: Severity) -> int:
        """How many findings have ``severity`` (counted as they were added)."""
        return self._counts.get(severity, 0)

    def sorted_findings(self) -> list[Finding]:
        """The findings in reading order (``sort_findings``'s), read from disk as iterated."""
        return _SortedView(self)

    def close(self) -> None:
        """Delete the stored findings now (the database file goes with its connection)."""
        self._db.close()


class _SortedView(list[Finding]):
    """:class:`SpilledFindings` in ``sort_findings`` order, read lazily."""

    def __init__(self, store: SpilledFindings) -> None:
        super().__init__()
        self._store = store

    def __iter__(self) -> Iterator[Finding]:
        # The same key as sort_findings; ties keep the order findings were added.
        return self._store._read("k1, k2, k3, k4, code, grp, seq")

    def __len__(self) -> int:
        return len(self._store)

    def __bool__(self) -> bool:
        return bool(self._store)

    @overload
    def __getitem__(self, i: SupportsIndex) -> Finding: ...
    @overload
    def __getitem__(self, i: slice) -> list[Finding]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Finding | list[Finding]:
        return list(self)[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, list):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None

    def severity_count(self, severity: Severity) -> int:
        """How many findings have ``severity``."""
        return self._store.severity_count(severity)


class FirstSeen:
    """Keys seen so far and the first position each was seen at, on disk.

    ``first(keys)`` takes a batch of ``(key, position, payload)`` in position order and
    returns, for each, the first ``(position, payload)`` stored under its key (itself
    when it is new). Keys are bytes or text of any length; payload is text or None.
    """

    _BATCH = 500

    def __init__(self, db: sqlite3.Connection, name: str) -> None:
        self._db = db
        self._t = name
        db.execute(f"CREATE TABLE {name} (k BLOB PRIMARY KEY, i INTEGER, p TEXT) WITHOUT ROWID")

    def first(self, batch: Sequence[tuple[Any, int, str | None]]) -> list[tuple[int, str | None]]:
        """The first position and payload of each key (see the class)."""
        known: dict[Any, tuple[int, str | None]] = {}
        keys = list(dict.fromkeys(k for k, _, _ in batch))
        for s in range(0, len(keys), self._BATCH):
            part = keys[s : s + self._BATCH]
            marks = ",".join("?" * len(part))
            for k, i, p in self._db.execute(
                f"SELECT k, i, p FROM {self._t} WHERE k IN ({marks})", part
            ):
                known[k] = (i, p)
        out: list[tuple[int, str | None]] = []
        new: list[tuple[Any, int, str | None]] = []
        for k, i, p in batch:
            hit = known.get(k)
            if hit is None:
                hit = known[k] = (i, p)
                new.append((k, i, p))
            out.append(hit)
        self._db.executemany(f"INSERT INTO {self._t} VALUES (?, ?, ?)", new)
        return out
