"""Converting one large Foundry JSONL file in parts, on several processors at once.

The fast path (:mod:`.convert`) spends its time parsing, checking and laying out
each row, independently of every other row. A large file is cut into byte ranges at
line starts; this process converts the first while forked copies of it convert the
others, each into a file of its own, and the parts are joined in order. A copy converts
every row of its part; it does not know how many lines come before the part, so it
counts its lines from the part's start and records its findings with what the reader's
collector did with each (:class:`.scan.Recorder`). This process adds each part's
findings in order, moved down by the lines before it, and says the row limit where it
falls, so findings, their lines, the caps per code and the loss counts are those of one
process reading the file from start to end. The bytes written are the same too (tests
compare them); only the time differs. A part whose process fails (a line the fast path
does not cover) is converted here, with the rest of the file.

Only where ``fork`` is cheap and safe (Linux), for files of at least MIN_BYTES, with as
many parts as processors this process may use (at most MAX_JOBS);
``DATASETKIT_JOBS=1`` turns it off.
"""

from __future__ import annotations

import contextlib
import csv
import mmap
import os
import pickle
import select
import signal
import struct
import sys
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.foundry import spec
from datasetkit.io.csvfile import format_record
from datasetkit.io.files import MAX_LINE_BYTES
from datasetkit.io.staging import temp_prefix

if TYPE_CHECKING:
    from datasetkit import formats
    from datasetkit.formats.csv_safety import ExcelSafe
    from datasetkit.formats.foundry.csv_shapes import CsvShapes
    from datasetkit.formats.foundry.fast.aside import Aside
    from datasetkit.formats.foundry.fast.scan import Scan
    from datasetkit.formats.foundry.loss import Loss

JOBS_ENV = "DATASETKIT_JOBS"
MIN_BYTES = 8 << 20  # smaller files convert in well under a second in one process
MAX_JOBS = 4
MAIN_LESS = 0.05  # the share of its part this process leaves to the others (see split_points)
_ENDING = {signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
_SLOT = struct.Struct("q")  # a part's progress: bytes done, in shared memory


def jobs() -> int:
    """How many processes may convert one file at once."""
    wanted = os.environ.get(JOBS_ENV, "").strip()
    limit = int(wanted) if wanted.isdigit() and int(wanted) >= 1 else MAX_JOBS
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(limit, cpus))


def split_points(path: str, total: int) -> list[int]:
    """Where to cut the file at ``path``, of ``total`` bytes (line starts, ascending); []
    to convert it in one piece."""
    if total < MIN_BYTES:
        return []
    n = jobs()
    if n < 2:
        return []
    # This process also joins the parts, draws the progress bar and reads the rows that
    # are not clean: it takes a smaller first part, so all parts end about together.
    first = total * (1 - MAIN_LESS) / n
    rest = (total - first) / (n - 1)
    points: list[int] = []
    with open(path, "rb") as fh:
        for k in range(1, n):
            fh.seek(int(first + rest * (k - 1)))
            fh.readline(MAX_LINE_BYTES + 1)  # to the start of the next line
            at = fh.tell()
            if (points and at <= points[-1]) or at >= total:
                continue
            points.append(at)
    return points


@dataclass
class _Piece:
    """A part of the output: its file, how many rows it holds, and the output of its
    rows read the full way (for the output's check, see aside.py)."""

    path: Path
    cases: int
    aside: Aside | None = None


@dataclass
class _Child:
    """A forked process converting bytes ``start`` to ``end`` into ``path``."""

    pid: int
    fd: int
    start: int
    end: int | None
    path: Path
    slot: int


def convert_in_parts(
    scan: Scan,
    points: list[int],
    staged: Path,
    target: formats.Format,
    options: WriteOptions,
    progress: Callable[[int, int], None] | None,
    total: int,
    asides: list[tuple[Aside, int]],
) -> WriteResult:
    """The file ``scan`` reads, converted in parts cut at ``points``, written to
    ``staged``; each part's rows read the full way go to ``asides``, with the number of
    output rows before the part (the caller checks and removes them)."""
    from datasetkit.formats.csv_safety import ExcelSafe
    from datasetkit.formats.foundry.fast.scan import preload_full_way
    from datasetkit.formats.foundry.loss import Loss

    loss, safe = Loss(), ExcelSafe(options)
    meter = _Progress(progress, total, len(points) + 1)
    report = meter if progress is not None else None
    children: list[_Child] = []
    rest = staged.with_name(staged.name + ".rest")
    pieces: list[_Piece] = []
    preload_full_way(scan.path, points[0])
    try:
        ends: list[int | None] = [*points[1:], None]
        for i, (start, end) in enumerate(zip(points, ends, strict=True), 1):
            # A SIGTERM between the fork and the list would leave a process unknown to
            # the clean-up, which could write its part after the clean-up ran.
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _ENDING)
            try:
                children.append(_fork(scan, start, end, staged, target, options, meter.shared, i))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        with open(scan.path, "rb") as fh:
            pieces.append(write_part(scan, fh, 0, points[0], staged, target, options, loss, safe, report))  # fmt: skip
            resume, used = _collect(children, scan, loss, safe, pieces, meter if report else None)
            if resume is not None:
                _stop(children, staged.parent)
                meter.resume(children, used, resume)
                pieces.append(write_part(scan, fh, resume, None, rest, target, _no_bom(options), loss, safe, report))  # fmt: skip
        scan.finish()
        cases = sum(p.cases for p in pieces)
        _join(pieces, staged, target, options)
    finally:
        _stop(children, staged.parent)
        for path in [c.path for c in children] + [rest]:
            with contextlib.suppress(OSError):
                path.unlink()
        meter.shared.close()
        base = 0
        for p in pieces:
            if p.aside is not None:
                asides.append((p.aside, base))
            base += p.cases
    if progress is not None:
        progress(total, total)
    return _written(staged, target, cases, loss, safe)


def _written(
    staged: Path, target: formats.Format, cases: int, loss: Loss, safe: ExcelSafe
) -> WriteResult:
    """The result of writing ``cases`` rows to ``staged``: what was lost or made safe,
    and the batch row limit when the rows are past it."""
    from datasetkit.formats.foundry.fast.write import past_limit

    limit = past_limit(cases, staged)
    if target.name == "foundry":
        return WriteResult(paths=[staged], findings=loss.findings("foundry") + limit, cases=cases)
    found = loss.findings("foundry-csv") + safe.findings("foundry-csv") + limit
    return WriteResult(paths=[staged], findings=found, cases=cases)


def write_part(
    scan: Scan,
    fh: Any,
    start: int,
    end: int | None,
    dest: Path,
    target: formats.Format,
    options: WriteOptions,
    loss: Loss,
    safe: ExcelSafe,
    report: Callable[[int], None] | None,
) -> _Piece:
    """Bytes ``start`` to ``end`` of the file converted into ``dest``."""
    from datasetkit.formats.foundry.fast.aside import Aside
    from datasetkit.formats.foundry.fast.scan import write_items

    aside = Aside(dest)
    rows = scan.rows(fh, start, end, on_block=report)
    try:
        written = write_items(rows, dest, target, options, loss, safe, aside)
    except BaseException:
        aside.remove()
        raise
    finally:
        rows.close()
        aside.close()
    return _Piece(dest, written.cases or 0, aside)


def _no_bom(options: WriteOptions) -> WriteOptions:
    """The options for a part after the first: a byte order mark starts the file only."""
    return replace(options, extra={**options.extra, "bom": False})


# --- the forked processes ------------------------------------------------------------------


def _fork(
    scan: Scan,
    start: int,
    end: int | None,
    staged: Path,
    target: formats.Format,
    options: WriteOptions,
    shared: mmap.mmap,
    slot: int,
) -> _Child:
    """A process converting bytes ``start`` to ``end``, clean rows only, into a file
    beside ``staged`` (named as this process's own, so a SIGTERM here removes it)."""
    fd, name = tempfile.mkstemp(prefix=temp_prefix(staged.name), suffix=f".part{slot}", dir=staged.parent)  # fmt: skip
    os.close(fd)
    r, w = os.pipe()
    child = _Child(0, r, start, end, Path(name), slot)
    with warnings.catch_warnings():
        # Python 3.12+ warns when a process with threads (a program calling the API from
        # a thread pool) forks: the child uses none of their locks (no printing, no
        # logging) and leaves by _exit.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # pragma: no cover  (runs in the child; tests check what it writes)
        os.close(r)
        _child_main(scan, child, target, options, shared, w)
    os.close(w)
    child.pid = pid
    return child


def _child_main(
    scan: Scan,
    part: _Child,
    target: formats.Format,
    options: WriteOptions,
    shared: mmap.mmap,
    w: int,
) -> None:  # pragma: no cover  (runs in the child)
    """Convert the part, send what the parent needs through ``w``, and leave."""
    try:
        # The parent handles Ctrl-C for the whole group and ends this process.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for sig in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _ENDING)
        answer = pickle.dumps(_convert_part(scan, part, target, options, shared))
    except BaseException:
        answer = pickle.dumps(None)
    try:
        view = memoryview(answer)
        while view:
            view = view[os.write(w, view) :]
    finally:
        os._exit(0)


def _convert_part(
    scan: Scan, part: _Child, target: formats.Format, options: WriteOptions, shared: mmap.mmap
) -> dict[str, Any]:  # pragma: no cover  (runs in the child)
    """The child's work: its rows converted, their line numbers counted from the part's
    start; what the parent adds up and places."""
    from datasetkit.formats.csv_safety import ExcelSafe
    from datasetkit.formats.foundry.fast.scan import Recorder
    from datasetkit.formats.foundry.loss import Loss

    loss, safe = Loss(), ExcelSafe(options)
    scan.start_part()

    def report(done: int) -> None:
        _SLOT.pack_into(shared, _SLOT.size * part.slot, done - part.start)

    with open(scan.path, "rb") as fh:
        piece = write_part(scan, fh, part.start, part.end, part.path, target, _no_bom(options), loss, safe, report)  # fmt: skip
    col = scan._col
    aside = piece.aside
    return {
        "lines": scan.lines,
        "rows": scan.read.rows,
        "full": scan.read.full,
        "cases": piece.cases,
        "loss": loss.kinds,
        "safe": safe.changed,
        "events": col.events if isinstance(col, Recorder) else [],
        "overflow": col.overflow() if isinstance(col, Recorder) else {},
        "tally": scan.read.tally.counts if scan.read.tally is not None else {},
        "aside": (str(aside.path) if aside.path else None, aside.rows, aside.shapes)
        if aside is not None
        else None,
    }


class _Progress:
    """Progress as the bytes converted here and in every part's process (shared memory)."""

    def __init__(self, progress: Callable[[int, int], None] | None, total: int, parts: int) -> None:
        self.progress = progress
        self.total = total
        self.shared = mmap.mmap(-1, _SLOT.size * parts)
        self.base = 0  # bytes converted here before the range being read
        self.start = 0  # where that range starts
        self.mine = 0

    def __call__(self, done: int) -> None:
        """This process reached offset ``done`` of its range."""
        self.mine = self.base + done - self.start
        self.poll()

    def poll(self) -> None:
        """Say how far all processes are."""
        slots = range(1, len(self.shared) // _SLOT.size)
        others = sum(_SLOT.unpack_from(self.shared, _SLOT.size * i)[0] for i in slots)
        if self.progress is not None:
            self.progress(min(self.total, self.mine + others), self.total)

    def resume(self, children: list[_Child], used: int, at: int) -> None:
        """This process converts from ``at`` on; only the first ``used`` parts count."""
        for c in children[used:]:
            _SLOT.pack_into(self.shared, _SLOT.size * c.slot, 0)
        if used and children[used - 1].end != at:
            c = children[used - 1]
            _SLOT.pack_into(self.shared, _SLOT.size * c.slot, at - c.start)
        self.base, self.start = self.mine, at


def _collect(
    children: list[_Child],
    scan: Scan,
    loss: Loss,
    safe: ExcelSafe,
    pieces: list[_Piece],
    meter: _Progress | None,
) -> tuple[int | None, int]:
    """Each part's answer in order, added up: the offset from which this process must
    convert the rest itself (None when every part's process converted its part), and
    how many parts were used."""
    for used, c in enumerate(children):
        answer = _answer(c, meter)
        if answer is None:
            # It failed (a line the fast path does not cover, a full disk): its part and
            # the rest are converted here, and what it left is removed.
            _remove_leftovers(c.path.parent, f".{c.path.name}.dk")
            return c.start, used
        lines = scan.lines  # the lines before the part: its own count from 1
        _add_part(scan, c, answer)
        for kind, (n, what, reason, hint) in answer["loss"].items():
            entry = loss.kinds.setdefault(kind, [0, what, reason, hint])
            entry[0] += n
        safe.changed += answer["safe"]
        pieces.append(_Piece(c.path, answer["cases"], _aside(c.path, answer["aside"], lines)))
    return None, len(children)


def _aside(dest: Path, sent: tuple[str | None, int, CsvShapes] | None, lines: int) -> Aside | None:
    """The Aside of a part's process, from what it sent; ``lines`` before its part."""
    from datasetkit.formats.foundry.fast.aside import Aside

    if sent is None:
        return None
    path, rows, shapes = sent
    return Aside(dest, Path(path) if path else None, rows, shapes, lines)


def _add_part(scan: Scan, c: _Child, answer: dict[str, Any]) -> None:
    """A part's counts and findings added to ``scan``'s, in their place in the file: its
    rows are ``scan.lines`` further down, and the first row past the batch limit may be
    one of them."""
    from datasetkit.formats.foundry.fast.scan import replay

    before = scan.lines
    scan.lines += answer["lines"]
    scan.read.rows += answer["rows"]
    scan.read.full += answer["full"]
    events = answer["events"]
    if before <= spec.MAX_ROWS < scan.lines:
        # The reader says the row limit before that row's own findings.
        number = spec.MAX_ROWS + 1
        cut = next(
            (i for i, (_, f) in enumerate(events) if (f.location.line or 0) + before >= number),
            len(events),
        )
        if cut:
            replay(scan.collector(), events[:cut], {}, before)
        scan.too_many(number, _line_at(scan.path, c.start, number - before))
        events = events[cut:]
    if events or answer["overflow"]:
        replay(scan.collector(), events, answer["overflow"], before)
    tally = scan.read.tally
    if tally is not None:
        for kind, (n, message, hint, severity) in answer["tally"].items():
            tally.counts.setdefault(kind, [0, message, hint, severity])[0] += n


def _line_at(path: str, start: int, k: int) -> bytes:
    """Line ``k`` (1 for the first) of the lines from byte ``start`` of ``path``."""
    with open(path, "rb") as fh:
        fh.seek(start)
        for _ in range(k - 1):
            fh.readline()
        return fh.readline()


def _answer(c: _Child, meter: _Progress | None) -> dict[str, Any] | None:
    """What a part's process sent (None when it failed); progress meanwhile."""
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([c.fd], [], [], 0.25)
            if meter is not None:
                meter.poll()
            if not ready:
                continue
            data = os.read(c.fd, 1 << 16)
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(c.fd)
        c.fd = -1
        with contextlib.suppress(ChildProcessError):
            os.waitpid(c.pid, 0)
        c.pid = 0
    try:
        answer = pickle.loads(b"".join(chunks))
    except Exception:
        return None
    return answer if isinstance(answer, dict) else None


def _stop(children: list[_Child], folder: Path) -> None:
    """End and reap every part's process still running, and remove what it was writing:
    the temporary file beside its part (``.<part>.dk<its pid>...``, see io.atomic_writer)."""
    for c in children:
        if c.pid:
            with contextlib.suppress(OSError):
                os.kill(c.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(c.pid, 0)
            c.pid = 0
            _remove_leftovers(folder, f".{c.path.name}.dk")
        if c.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(c.fd)
            c.fd = -1


def _remove_leftovers(folder: Path, prefix: str) -> None:
    """Remove the files in ``folder`` whose names start with ``prefix``."""
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if name.startswith(prefix):
                with contextlib.suppress(OSError):
                    os.unlink(folder / name)


# --- joining the parts -------------------------------------------------------------------


def _join(
    pieces: list[_Piece], staged: Path, target: formats.Format, options: WriteOptions
) -> None:
    """The parts after the first appended to it (``staged``), in order."""
    if target.name == "foundry":
        with open(staged, "r+b") as out:
            out.seek(0, os.SEEK_END)
            for p in pieces[1:]:
                _append(out, p.path, 0)
            _sync(out)
        return
    heads = [_csv_head(p.path) for p in pieces]
    header = _merged_header([cols for (cols, _), p in zip(heads, pieces, strict=True) if p.cases])
    if all(cols == header for (cols, _), p in zip(heads, pieces, strict=True) if p.cases) and (
        heads[0][0] == header
    ):
        with open(staged, "r+b") as out:
            out.seek(0, os.SEEK_END)
            for p, (_, size) in zip(pieces[1:], heads[1:], strict=True):
                if p.cases:
                    _append(out, p.path, size)
            _sync(out)
        return
    _rewrite(pieces, heads, header, staged, bool(options.extra.get("bom")))


def _append(out: Any, path: Path, skip: int) -> None:
    """The bytes of ``path`` after the first ``skip`` appended to ``out``."""
    out.flush()
    with open(path, "rb") as src:
        src.seek(skip)
        try:  # in the kernel, without copying through this process
            while os.copy_file_range(src.fileno(), out.fileno(), 1 << 30):
                pass
            out.seek(0, os.SEEK_END)
            return
        except (AttributeError, OSError):
            pass
        while chunk := src.read(1 << 20):
            out.write(chunk)


def _sync(out: Any) -> None:
    """On disk before the output is moved into place (as io.atomic_writer does)."""
    out.flush()
    os.fsync(out.fileno())


def _csv_head(path: Path) -> tuple[list[str], int]:
    """A part's CSV header and its length in bytes (with any byte order mark)."""
    with open(path, "rb") as fh:
        raw = fh.read(1 << 16)
    bom = len(UTF8_BOM) if raw.startswith(UTF8_BOM) else 0
    with open(path, encoding="utf-8-sig", newline="") as fh:
        header = next(csv.reader(fh), [])
    return header, bom + len((format_record(header) + "\n").encode("utf-8"))


def _merged_header(heads: list[list[str]]) -> list[str]:
    """Every part's columns in the order first seen, laid out as one writer writing all
    the rows lays them out."""
    from datasetkit.formats.foundry.fast.csv_body import csv_header

    columns: dict[str, None] = {}
    for header in heads:
        columns.update(dict.fromkeys(header))
    return csv_header(list(columns))


def _rewrite(
    pieces: list[_Piece],
    heads: list[tuple[list[str], int]],
    header: list[str],
    staged: Path,
    bom: bool,
) -> None:
    """The parts written again under one header (their columns differ: rare)."""
    from datasetkit.formats.foundry.fast.csv_body import relay_records

    joined = staged.with_name(staged.name + ".joined")
    try:
        with open(joined, "wb") as out:
            out.write((("\ufeff" if bom else "") + format_record(header) + "\n").encode("utf-8"))
            for p, (cols, size) in zip(pieces, heads, strict=True):
                if p.cases:
                    with open(p.path, "rb") as src:
                        src.seek(size)
                        relay_records(src, os.fstat(src.fileno()).st_size - size, cols, header, out)
            _sync(out)
        os.replace(joined, staged)
    finally:
        with contextlib.suppress(OSError):
            joined.unlink()
