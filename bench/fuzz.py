"""Mutation fuzzing of every reader over the corpus, for a given time per reader.

Each reader takes corpus files of its kind, mutated (bytes flipped, inserted,
deleted, duplicated, spliced between files, and hostile values such as huge
integers, lone surrogates, deep nesting and long names dropped in; Office files
are also mutated inside their zip parts so the XML parsers see the damage). A
mutated input is run through the same public path the CLI uses. A *crash* is an
exception escaping that path, or the boundary's bug-report fallback firing (an
exception nobody explained); a *hang* is an input taking more than --hang seconds
of CPU time (or ten times that of wall-clock time, for an input that blocks). Crashing
and hanging inputs are saved to --save for replay.

Besides the corpus, each reader mutates small files this script writes itself (a one-page
PDF, a short Word document and workbook, a few JSON/CSV rows): a fuzzer finds most bugs
in small inputs, and these run tens of times faster than a 104-page PDF. ``--jobs`` runs
that many worker processes per reader; ``--log`` appends one JSON line per reader and
run, so ``--totals`` can add up the inputs every run has tried.

    nice python bench/fuzz.py --seconds 60                 # every reader, 60 s each
    nice python bench/fuzz.py --seconds 600 --jobs 2 --log bench/fuzz-log.jsonl
    python bench/fuzz.py --totals bench/fuzz-log.jsonl      # inputs per reader, all runs
    nice python bench/fuzz.py --reader convert --reader in-place --seconds 60
    nice python bench/fuzz.py --reader xlsx --seconds 600 --save fuzz-crashes
    nice python bench/fuzz.py --reader pdf-bomb --reader device --reader fifo \\
        --reader api-memory --reader deep-extras --seconds 600 --jobs 2 --log bench/fuzz-log.jsonl
    nice python bench/fuzz.py --reader fifo --inputs 100000 --seconds 7200  # a count of inputs
    python bench/fuzz.py --replay fuzz-crashes/xlsx-0001.xlsx
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import signal
import sys
import tempfile
import time
import traceback
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fuzz_paths import DRAWN
from fuzz_runs import Progress, Stop, Tally, head_commit, log_run, print_totals, supervise
from fuzz_shapes import SHAPES

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

# Values that broke readers before: keep them in the mutation pool.
HOSTILE = [
    b"1" * 5000,
    b"-" + b"9" * 4400,
    b'"\\ud800"',
    b"\\udfff",
    b"[" * 20000,
    b'{"a":' * 5000,
    b'"' + b"x" * 300 + b'"',
    b"false",
    b"null",
    b"1e999999",
    b"NaN",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\r",
    b'"=HYPERLINK(""http://x"")"',
    b"\xed\xa0\x80",
]


class Hang(BaseException):
    """Raised by the alarm when one input runs too long (a BaseException, so the
    boundary under test does not take it for an unexplained error and report a fallback)."""


def _mutate_bytes(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 3, 8))):
        op = rng.randrange(7)
        pos = rng.randrange(len(buf) + 1)
        if op == 0 and buf:
            buf[min(pos, len(buf) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            buf[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
        elif op == 2:
            del buf[pos : pos + rng.randrange(1, 64)]
        elif op == 3 and buf:
            start = rng.randrange(len(buf))
            buf[pos:pos] = buf[start : start + rng.randrange(1, 256)]
        elif op == 4:
            buf[pos:pos] = rng.choice(HOSTILE)
        elif op == 5 and pool:
            other = rng.choice(pool)
            start = rng.randrange(len(other) + 1)
            buf[pos:pos] = other[start : start + rng.randrange(1, 512)]
        elif op == 6:
            del buf[pos:]
    return bytes(buf)


def _mutate_zip(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    """Mutate one or two parts of an Office zip and write it back (valid container)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            parts = [(i.filename, zf.read(i)) for i in zf.infolist()]
    except Exception:
        return _mutate_bytes(data, rng, pool)
    out = io.BytesIO()
    hit = {rng.randrange(len(parts)) for _ in range(rng.choice((1, 1, 2)))} if parts else set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, (name, body) in enumerate(parts):
            if n in hit:
                if rng.random() < 0.1:
                    continue  # a missing part
                body = _mutate_bytes(body, rng, [])
            zf.writestr(name, body)
    return out.getvalue()


# Raw JSON text a structured mutation puts in place of a value or a key.
HOSTILE_VALUES = [
    b"false",
    b"true",
    b"null",
    b"0",
    b"-1",
    b"1.5e308",
    b"9" * 4400,
    b'"\\ud800"',
    b'"\\udc00x"',
    b"[" * 3000 + b"]" * 3000,
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b"{}",
    b"[]",
    b'""',
    b'"' + b"e" * 400 + b'"',
    b'"=HYPERLINK(\\"http://x\\")"',
    b'"a\\rb"',
    b'"\\u0000"',
    b'["x", 1, null]',
]
_MARK = "__fuzz_hostile__"


def _nodes(value: object, out: list[tuple[object, object]]) -> None:
    if isinstance(value, dict):
        for k in list(value):
            out.append((value, k))
            _nodes(value[k], out)
    elif isinstance(value, list):
        for i in range(len(value)):
            out.append((value, i))
            _nodes(value[i], out)


def _mutate_json_value(text: str, rng: random.Random) -> bytes | None:
    import json

    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    nodes: list[tuple[object, object]] = []
    _nodes(value, nodes)
    if not nodes:
        return None
    for _ in range(rng.choice((1, 1, 2))):
        parent, key = rng.choice(nodes)
        if isinstance(parent, dict) and key not in parent:
            continue
        if isinstance(parent, dict) and isinstance(key, str) and rng.random() < 0.2:
            parent[_MARK + key] = parent.pop(key)  # a hostile key (long name)
        else:
            parent[key] = _MARK  # type: ignore[index]
    raw = json.dumps(value, ensure_ascii=False).encode("utf-8")
    raw = raw.replace(b'"' + _MARK.encode() + b'"', rng.choice(HOSTILE_VALUES))
    return raw.replace(_MARK.encode(), b"k" * rng.choice((1, 300, 5000)))


def _mutate_json(data: bytes, suffix: str, rng: random.Random) -> bytes | None:
    """Replace values (or keys) of the parsed JSON with hostile ones, keeping it JSON."""
    text = data.decode("utf-8-sig", errors="replace")
    if suffix != ".jsonl":
        return _mutate_json_value(text, rng)
    lines = text.splitlines()
    if not lines:
        return None
    n = rng.randrange(len(lines))
    got = _mutate_json_value(lines[n], rng)
    if got is None:
        return None
    lines[n] = got.decode("utf-8", errors="surrogatepass")
    return "\n".join(lines).encode("utf-8", errors="surrogatepass")


def mutate(data: bytes, suffix: str, rng: random.Random, pool: list[bytes]) -> bytes:
    """One mutant of ``data``: inside the zip parts for Office files most of the time,
    often by value for JSON files."""
    if suffix in (".xlsx", ".docx") and rng.random() < 0.75:
        return _mutate_zip(data, rng, pool)
    if suffix in (".json", ".jsonl") and rng.random() < 0.4:
        got = _mutate_json(data, suffix, rng)
        if got is not None:
            return got
    return _mutate_bytes(data, rng, pool)


def _dataset(fmt: str | None) -> Callable[[str], bool]:
    def run(path: str) -> bool:
        from datasetkit.io.safety import FALLBACKS
        from datasetkit.lint.engine import lint_file

        before = len(FALLBACKS)
        lint_file(path, fmt)
        return len(FALLBACKS) == before

    return run


def _knowledge(path: str) -> bool:
    from datasetkit.io.safety import FALLBACKS
    from datasetkit.knowledge.guard import Limits
    from datasetkit.knowledge.loader import load_file

    before = len(FALLBACKS)
    load_file(path, limits=Limits(max_seconds=25))
    return len(FALLBACKS) == before


def _xlsx(path: str) -> bool:
    return _dataset(None)(path) and _knowledge(path)


def _convert(path: str) -> bool:
    """Read and write: every writer, with a target picked from the input's name."""
    from datasetkit.convert.entry import convert
    from datasetkit.io.safety import FALLBACKS

    before = len(FALLBACKS)
    folder = os.path.dirname(path)
    pick = sum(Path(path).read_bytes()[:64]) % 5
    name, to = [
        ("out.json", None),
        ("out.jsonl", None),
        ("out.csv", "foundry-csv"),
        ("out.csv", "copilot-studio"),
        ("out.csv", "promptfoo"),
    ][pick]
    convert([path], os.path.join(folder, name), target=to, force=True)
    return len(FALLBACKS) == before


def _in_place(path: str) -> bool:
    """migrate (JSON) and lint --fix, writing, as the CLI runs them."""
    from datasetkit import migrate
    from datasetkit.io.safety import FALLBACKS
    from datasetkit.lint import LintConfig
    from datasetkit.lint.fix.apply import fix_file

    before = len(FALLBACKS)
    if path.endswith(".json"):
        migrate.apply(migrate.plan(path, None if len(path) % 2 else "1.11.0"))
    fix_file(path, None, LintConfig(), write=True)
    for backup in Path(path).parent.glob("*.bak.*"):
        backup.unlink()
    return len(FALLBACKS) == before


# reader -> (corpus globs, runner)
READERS: dict[str, tuple[tuple[str, ...], Callable[[str], bool]]] = {
    "m365": (("m365/*.json", "wild/m365/**/*.json"), _dataset("m365")),
    "foundry-jsonl": (("foundry/*.jsonl", "wild/foundry/**/*.jsonl"), _dataset("foundry")),
    "foundry-csv": (("foundry/*.csv", "wild/foundry/**/*.csv"), _dataset("foundry")),
    "copilot-studio": (
        ("copilot-studio/*.csv", "copilot-studio/*.txt", "wild/copilot-studio/**/*.csv"),
        _dataset("copilot-studio"),
    ),
    "xlsx": (("**/*.xlsx",), _xlsx),
    "docx": (("knowledge/*.docx",), _knowledge),
    "pdf": (("knowledge/*.pdf",), _knowledge),
    "txt": (("copilot-studio/*.txt", "**/*.md"), _knowledge),
    # Writers and in-place edits on mutated inputs (not readers, but the same boundary).
    "convert": (
        ("m365/*.json", "foundry/*.jsonl", "foundry/*.csv", "copilot-studio/*.csv"),
        _convert,
    ),
    "in-place": (("m365/*.json", "foundry/*.jsonl", "copilot-studio/*.csv"), _in_place),
    # Shapes no corpus file has (bench/fuzz_shapes.py): small seeds of their own.
    **{name: ((), runner) for name, (_, runner) in SHAPES.items()},
}


def seeds(reader: str, corpus: Path) -> list[Path]:
    """The corpus files a reader mutates."""
    found: set[Path] = set()
    for pattern in READERS[reader][0]:
        found.update(p for p in corpus.glob(pattern) if p.is_file())
    return sorted(found)


def _alarm(_sig: int, _frame: object) -> None:
    raise Hang()


# A hang is ``hang`` seconds of the process's own CPU time: on a loaded machine (other
# jobs, ``nice``) a 3-second PDF can take 30 s of wall-clock time without being at fault.
# Wall-clock time still stops an input that blocks without computing, at ten times that.
_WALL_FACTOR = 10


def run_one(runner: Callable[[str], bool], path: str, hang: float) -> tuple[str | None, float]:
    """Run one input: ('crash: Type', t), ('hang', t), ('chatter', t) or (None, t).

    What a library prints or warns while reading reaches the user's terminal (and
    corrupts ``--format json`` on stdout): printed text and escaped warnings are
    defects too.
    """
    signal.setitimer(signal.ITIMER_PROF, hang)
    signal.setitimer(signal.ITIMER_REAL, hang * _WALL_FACTOR)
    start = time.monotonic()
    outcome: str | None = None
    from datasetkit.core.findings import DatasetkitError

    printed = io.StringIO()
    with (
        warnings.catch_warnings(record=True) as caught,
        contextlib.redirect_stdout(printed),
        contextlib.redirect_stderr(printed),
    ):
        warnings.simplefilter("always")
        try:
            if not runner(path):
                outcome = "fallback"
        except DatasetkitError:
            outcome = None  # an explained error: what the CLI shows as a clean exit 2
        except Hang:
            outcome = "hang"
        except Exception as exc:
            outcome = f"crash: {type(exc).__name__}"
            if os.environ.get("FUZZ_VERBOSE"):
                traceback.print_exc(file=sys.__stderr__)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
    if outcome is None and (printed.getvalue().strip() or caught):
        outcome = "chatter"
        if os.environ.get("FUZZ_VERBOSE"):
            said = [str(w.message) for w in caught] + [printed.getvalue()]
            print("chatter:", said, file=sys.__stderr__)
    return outcome, time.monotonic() - start


def small_seeds(reader: str) -> list[tuple[str, bytes]]:
    """Small valid inputs of the reader's kind, written here (fast to mutate and read)."""
    if reader in SHAPES:
        return SHAPES[reader][0]()
    kind = {"pdf": ".pdf", "docx": ".docx", "xlsx": ".xlsx", "txt": ".md"}.get(reader)
    if kind == ".pdf":
        from tests.helpers.knowledge_fixtures import make_pdf

        with tempfile.TemporaryDirectory() as tmp:
            lines = ["Refunds", "Unused items can be returned within 30 days.", "- Gas canisters"]
            path = make_pdf(Path(tmp) / "s.pdf", [lines, ["Contact: help@example.com"]])
            return [(".pdf", path.read_bytes())]
    if kind == ".docx":
        import docx

        d = docx.Document()
        d.add_heading("Travel policy", level=1)
        d.add_paragraph("Expense reports must be submitted within 30 days.")
        d.add_paragraph("Economy class", style="List Bullet")
        table = d.add_table(rows=2, cols=2)
        table.rows[0].cells[0].text, table.rows[1].cells[0].text = "City", "Oslo"
        buf = io.BytesIO()
        d.save(buf)
        return [(".docx", buf.getvalue())]
    if kind == ".xlsx":
        from openpyxl import Workbook

        wb = Workbook()
        ws = wb.active
        ws.append(["prompt", "expected_response", "Price"])
        ws.append(["How do I return an item?", "Start a return in Orders.", 12.5])
        buf = io.BytesIO()
        wb.save(buf)
        return [(".xlsx", buf.getvalue())]
    if kind == ".md":
        return [(".md", b"# Returns\n\nUnused items can be returned within 30 days.\n")]
    return []


@dataclass(frozen=True)
class Job:
    """One worker's settings."""

    reader: str
    seconds: float
    hang: float
    seed: int
    save: Path | None
    slow: float = 10.0
    corpus_share: float = 0.1
    inputs: int | None = None  # stop after this many, if before ``seconds``

    def __call__(self, progress: Progress, scratch: Path) -> None:
        """Run in a worker process: the alarms armed, then :func:`fuzz`."""
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
        signal.signal(signal.SIGALRM, _alarm)
        signal.signal(signal.SIGPROF, _alarm)
        fuzz(self, progress, scratch)


def fuzz(job: Job, progress: Progress, scratch: Path) -> Tally:
    """Mutate the reader's seeds for ``job.seconds``; count runs, crashes and hangs.

    Each input is written to ``scratch`` before it runs. The tally goes to ``progress``
    as it grows and when the run ends, also when a signal or a MemoryError ends it.
    """
    files = seeds(job.reader, CORPUS) if job.reader not in SHAPES else []
    if not files and job.reader not in SHAPES:
        raise SystemExit(f"no corpus files for {job.reader} under {CORPUS}")
    # Most draws mutate a small seed (a corpus PDF costs a thousand times more to read);
    # a share (--corpus-share) mutates a corpus file, so real structures are fuzzed too.
    small = small_seeds(job.reader)
    corpus_datas = [(p.suffix.lower(), p.read_bytes()) for p in files]
    tally = Tally()
    DRAWN.clear()
    try:
        _loop(job, tally, progress, scratch, corpus_datas, small)
    except (Stop, MemoryError) as exc:
        # A MemoryError outside run_one (mutating, writing the input) ends the run; the
        # line logged says so, with what was counted.
        tally.stopped = f"stopped by {exc.args[0] if isinstance(exc, Stop) else 'MemoryError'}"
    tally.drawn = dict(DRAWN)
    progress.write(tally, force=True)
    return tally


def _loop(
    job: Job,
    tally: Tally,
    progress: Progress,
    scratch: Path,
    corpus_datas: list[tuple[str, bytes]],
    small: list[tuple[str, bytes]],
) -> None:
    pool = [d for _, d in corpus_datas + small if len(d) < 2_000_000]
    runner = READERS[job.reader][1]
    rng = random.Random(job.seed)
    end = time.monotonic() + job.seconds
    while time.monotonic() < end and tally.runs != job.inputs:
        tally.drawn = dict(DRAWN)
        progress.write(tally)
        from_corpus = bool(corpus_datas) and (not small or rng.random() < job.corpus_share)
        suffix, data = rng.choice(corpus_datas if from_corpus else small)
        mutant = mutate(data, suffix, rng, pool)
        path = scratch / f"input{suffix}"
        path.write_bytes(mutant)
        outcome, took = run_one(runner, str(path), job.hang)
        tally.runs += 1
        tally.slowest = max(tally.slowest, took)
        if outcome is None and took > job.slow and job.save is not None:
            job.save.mkdir(parents=True, exist_ok=True)
            (job.save / f"{job.reader}-slow-{tally.runs:07d}{suffix}").write_bytes(mutant)
        if outcome is None:
            continue
        if outcome == "hang":
            tally.hangs += 1
        else:
            tally.crashes += 1
        tally.kinds[outcome] = tally.kinds.get(outcome, 0) + 1
        if job.save is not None:
            job.save.mkdir(parents=True, exist_ok=True)
            n = tally.crashes + tally.hangs
            (job.save / f"{job.reader}-{n:04d}{suffix}").write_bytes(mutant)


def fuzz_parallel(reader: str, args: argparse.Namespace) -> Tally:
    """``fuzz`` in ``args.jobs`` worker processes (each its own seed), the tallies added
    up; a worker that dies or a signal that stops the run is in the tally."""
    jobs = [
        Job(
            reader,
            args.seconds,
            args.hang,
            args.seed * 1000 + i,
            args.save,
            args.slow,
            args.corpus_share,
            args.inputs and -(-args.inputs // max(1, args.jobs)),
        )
        for i in range(max(1, args.jobs))
    ]
    with tempfile.TemporaryDirectory(prefix="dk-fuzz-") as tmp:
        # Stuck: no progress written for longer than an input may take by wall-clock time.
        stall = args.hang * _WALL_FACTOR + 30
        return supervise(list(jobs), Path(tmp), args.save, reader, stall)


def _replay_reader(name: str) -> str:
    """The reader a saved input belongs to: the longest reader name its file name starts with."""
    return max((r for r in READERS if name.startswith(r + "-")), key=len, default=name)


def main(argv: list[str] | None = None) -> int:
    """Command line: fuzz readers and print one line of counts per reader."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reader", action="append", choices=sorted(READERS))
    ap.add_argument("--seconds", type=float, default=60.0, help="time per reader")
    ap.add_argument("--inputs", type=int, help="stop a reader after this many inputs")
    ap.add_argument("--hang", type=float, default=30.0, help="seconds that count as a hang")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", type=Path, help="folder for crashing (and slow) inputs")
    ap.add_argument(
        "--slow", type=float, default=10.0, help="seconds past which an input is saved as slow"
    )
    ap.add_argument("--replay", type=Path, help="run one saved input with the traceback shown")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes per reader")
    ap.add_argument(
        "--corpus-share",
        type=float,
        default=0.1,
        help="share of inputs mutated from corpus files (the rest from small seeds)",
    )
    ap.add_argument("--log", type=Path, help="append one JSON line per reader to this file")
    ap.add_argument("--totals", type=Path, help="print the inputs per reader of a --log file")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)
    if args.replay:
        os.environ["FUZZ_VERBOSE"] = "1"
        os.environ["DATASETKIT_RAISE_UNEXPECTED"] = "1"
        reader = args.reader[0] if args.reader else _replay_reader(args.replay.name)
        print(run_one(READERS[reader][1], str(args.replay), args.hang))
        return 0
    if args.totals:
        print_totals(args.totals)
        return 0
    failed = False
    for reader in args.reader or list(READERS)[:8]:
        commit = head_commit(ROOT)
        t = fuzz_parallel(reader, args)
        failed = failed or bool(t.crashes or t.hangs or t.stopped)
        if args.log:
            settings = {"reader": reader, "seed": args.seed, "jobs": args.jobs}
            settings |= {"seconds": args.seconds, "corpus_share": args.corpus_share}
            if args.inputs:
                settings["inputs_asked"] = args.inputs
            log_run(args.log, commit, settings, t)
        kinds = ", ".join(f"{k} x{v}" for k, v in sorted(t.kinds.items())) or "-"
        print(
            f"{reader:15} inputs {t.runs:>8,}  crashes {t.crashes:>5}  hangs {t.hangs:>3}  "
            f"slowest {t.slowest:6.2f}s  {kinds}" + (f"  ({t.stopped})" if t.stopped else ""),
            flush=True,
        )
        if t.stopped and t.stopped.startswith("stopped by SIG"):
            break
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
