"""All of datasetkit's performance targets, measured against their baselines in one run.

Makes realistic data (``bench/datagen.py``), runs datasetkit and each baseline in fresh
processes, interleaved, several times after a warm-up, and writes the medians, ratios and
peak memory to ``bench/README.md`` (and prints them).

    python bench/run.py            # the issue's sizes (1,000,000 rows for memory: slow)
    python bench/run.py --quick    # smaller sizes, a few minutes
    python bench/run.py --only startup,m365

Needs the ``bench`` extra: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

import datagen  # noqa: E402
from measure import compare, datasetkit, machine, mb, python, run_rss, tool  # noqa: E402

# No measured process may take more address space than this (the machine is shared).
MEMORY_CAP = 8 * 1024**3
SCHEMA = ROOT / "schemas" / "m365" / "eval-document-1.11.0.schema.json"
ROW_SCHEMA = HERE / "foundry_row.schema.json"

ORJSON_PARSE = """
import orjson, sys
n = 0
with open(sys.argv[1], "rb") as fh:
    for line in fh:
        orjson.loads(line); n += 1
print(n)
"""
PANDAS_LOAD = """
import pandas, sys
print(len(pandas.read_json(sys.argv[1], lines=True)))
"""
JSONSCHEMA_LINES = """
import json, sys
from jsonschema import Draft202012Validator
v = Draft202012Validator(json.load(open(sys.argv[2])))
bad = 0
with open(sys.argv[1], encoding="utf-8") as fh:
    for line in fh:
        bad += any(True for _ in v.iter_errors(json.loads(line)))
print(bad)
"""
FASTJSONSCHEMA_LINES = """
import json, sys, fastjsonschema
check = fastjsonschema.compile(json.load(open(sys.argv[2])))
bad = 0
with open(sys.argv[1], encoding="utf-8") as fh:
    for line in fh:
        try:
            check(json.loads(line))
        except fastjsonschema.JsonSchemaException:
            bad += 1
print(bad)
"""
CONVERT_PROGRESS = """
import io, os, sys, time
from datasetkit.terminal.bar import Bar
from datasetkit.convert.entry import convert
src, dest, use = sys.argv[1], sys.argv[2], sys.argv[3] == "on"

class Terminal(io.StringIO):
    # The CLI's bar draws only on a terminal: this one claims to be, so it draws.
    def isatty(self):
        return True

# Time inside the bar: the CPU time of its updates, which include its redraws and loading
# the code that draws it (the bar has no thread of its own). CPU time, not wall time.
inside = 0.0
calls = 0
bar = Bar("converting", None, unit="bytes", stream=Terminal())
def progress(done, total):
    global inside, calls
    t = time.thread_time()
    bar.update(done, total)
    inside += time.thread_time() - t
    calls += 1
t = time.perf_counter()
convert([src], dest, target="foundry", force=True, progress=progress if use else None)
bar.close()
took = time.perf_counter() - t
# The CPU time of the whole run, the processes convert forked included (reaped by now).
cpu = sum(os.times()[:4])
print(took, inside / took, calls, cpu)
"""


@dataclass
class Row:
    """One line of the results table."""

    target: str
    work: str
    figure: str
    baseline: str
    ratio: float
    goal: str
    holds: bool


@dataclass
class Sizes:
    m365: int
    foundry: int
    memory: tuple[int, int]
    lint: tuple[int, ...]
    cases: int
    runs: int


FULL = Sizes(10_000, 100_000, (100_000, 1_000_000), (1_000, 10_000, 100_000), 64, 5)
QUICK = Sizes(10_000, 20_000, (10_000, 100_000), (1_000, 10_000, 100_000), 48, 3)


def secs(x: float) -> str:
    return f"{x:.2f} s" if x < 10 else f"{x:.1f} s"


def target_startup(tmp: Path, s: Sizes) -> list[Row]:
    small = datagen.write_m365(tmp / "two.json", 2)
    r = compare(
        {
            "dk": datasetkit("validate", str(small)),
            "cj": tool("check-jsonschema", "--schemafile", str(SCHEMA), str(small)),
        },
        s.runs * 2,
    )
    ratio = r["dk"].seconds / r["cj"].seconds
    return [
        Row(
            "1",
            "`validate` a 2-item M365 file (start-up)",
            f"{secs(r['dk'].seconds)}, {mb(r['dk'].rss)}",
            f"check-jsonschema {secs(r['cj'].seconds)}",
            ratio,
            "<= 0.6",
            ratio <= 0.6,
        )
    ]


def target_m365(tmp: Path, s: Sizes) -> list[Row]:
    rows = []
    for errors, label in ((0.0, "valid"), (0.01, "1% errors")):
        doc = datagen.write_m365(tmp / f"m365-{label[0]}.json", s.m365, errors)
        r = compare(
            {
                "dk": datasetkit("validate", str(doc)),
                "cj": tool("check-jsonschema", "--schemafile", str(SCHEMA), str(doc)),
            },
            s.runs,
        )
        ratio = r["cj"].seconds / r["dk"].seconds
        rows.append(
            Row(
                "2",
                f"`validate` a {s.m365:,}-item M365 doc, {label}",
                f"{secs(r['dk'].seconds)}, {mb(r['dk'].rss)}",
                f"check-jsonschema {secs(r['cj'].seconds)}, {mb(r['cj'].rss)}",
                ratio,
                ">= 2x faster",
                ratio >= 2,
            )
        )
    return rows


def target_foundry(tmp: Path, s: Sizes) -> list[Row]:
    path = datagen.write_foundry(tmp / "foundry.jsonl", s.foundry, 0.01)
    r = compare(
        {
            "dk": datasetkit("validate", str(path)),
            "orjson": python(ORJSON_PARSE, str(path)),
            "pandas": python(PANDAS_LOAD, str(path)),
            "jsonschema": python(JSONSCHEMA_LINES, str(path), str(ROW_SCHEMA)),
            "fastjsonschema": python(FASTJSONSCHEMA_LINES, str(path), str(ROW_SCHEMA)),
        },
        max(3, s.runs - 2),
    )
    dk = r["dk"].seconds
    size = path.stat().st_size / 1e6
    work = f"`validate` {s.foundry:,} Foundry rows (~1 KB, {size:.0f} MB, 1% errors)"
    fig = f"{secs(dk)}, {mb(r['dk'].rss)}"
    return [
        Row(
            "3",
            work,
            fig,
            f"orjson parse {secs(r['orjson'].seconds)}",
            dk / r["orjson"].seconds,
            "<= 3x parse",
            dk / r["orjson"].seconds <= 3,
        ),
        Row(
            "3",
            work,
            fig,
            f"python-jsonschema per line {secs(r['jsonschema'].seconds)}",
            r["jsonschema"].seconds / dk,
            ">= 10x faster",
            r["jsonschema"].seconds / dk >= 10,
        ),
        Row(
            "3",
            work,
            fig,
            f"pandas read_json(lines) {secs(r['pandas'].seconds)}, {mb(r['pandas'].rss)}",
            r["pandas"].seconds / dk,
            ">= 4x faster",
            r["pandas"].seconds / dk >= 4,
        ),
        Row(
            "3",
            work,
            fig,
            f"fastjsonschema per line {secs(r['fastjsonschema'].seconds)} (reference)",
            r["fastjsonschema"].seconds / dk,
            "(none)",
            True,
        ),
    ]


def target_memory(tmp: Path, s: Sizes) -> list[Row]:
    small, big = s.memory
    files = {n: datagen.write_foundry(tmp / f"mem-{n}.jsonl", n, 0.001) for n in (small, big)}
    commands: dict[str, Callable[[Path, Path], list[str]]] = {
        "validate": lambda p, o: datasetkit("validate", str(p)),
        "lint": lambda p, o: datasetkit("lint", str(p)),
        "convert -> JSONL": lambda p, o: datasetkit(
            "convert", str(p), "-o", str(o) + ".jsonl", "--force", "-q"
        ),
        "convert -> CSV": lambda p, o: datasetkit(
            "convert", str(p), "-o", str(o) + ".csv", "--to", "foundry-csv", "--force", "-q"
        ),
        "convert -> M365": lambda p, o: datasetkit(
            "convert", str(p), "-o", str(o) + ".json", "--to", "m365", "--force", "-q"
        ),
    }
    rows = []
    for name, make in commands.items():
        rss = {}
        failed = set()
        for n, path in files.items():
            try:
                rss[n] = run_rss(make(path, tmp / f"out-{n}"), ok=(0, 1), max_bytes=MEMORY_CAP)[1]
            except RuntimeError as exc:
                # Over the cap (or failed): counted as the cap, so the ratio says "no".
                rss[n] = MEMORY_CAP
                failed.add(n)
                print(f"  {name} on {n:,} rows failed: {exc}", file=sys.stderr)
        ratio = rss[big] / rss[small] if rss[small] and rss[big] else float("nan")
        rows.append(
            Row(
                "4",
                f"`{name}` peak RSS, {small:,} -> {big:,} rows",
                f"stopped at the {mb(MEMORY_CAP)} cap" if big in failed else mb(rss[big]),
                f"{mb(rss[small])} at {small:,}",
                ratio,
                "<= 1.2",
                ratio <= 1.2,
            )
        )
    return rows


def target_convert(tmp: Path, s: Sizes) -> list[Row]:
    from datasetkit.formats.foundry.fast.parts import JOBS_ENV, jobs

    path = datagen.write_foundry(tmp / "conv.jsonl", s.foundry)
    out = tmp / "conv-out"
    one = ["env", f"{JOBS_ENV}=1"]
    to_csv = ("--to", "foundry-csv")
    r = compare(
        {
            "jsonl": datasetkit("convert", str(path), "-o", f"{out}.jsonl", "--force", "-q"),
            "csv": datasetkit("convert", str(path), "-o", f"{out}.csv", *to_csv, "--force", "-q"),
            "jsonl-1": one
            + datasetkit("convert", str(path), "-o", f"{out}1.jsonl", "--force", "-q"),
            "csv-1": one
            + datasetkit("convert", str(path), "-o", f"{out}1.csv", *to_csv, "--force", "-q"),
            "orjson": python(ORJSON_PARSE, str(path)),
        },
        max(3, s.runs - 2),
    )
    base = r["orjson"].seconds
    n = jobs()
    rows = [
        Row(
            "5",
            f"`convert` {s.foundry:,} rows JSONL -> {k.upper()} ({n} process{'es' if n > 1 else ''})",
            f"{secs(r[k].seconds)}, {mb(r[k].rss)} a process",
            f"orjson parse {secs(base)}",
            r[k].seconds / base,
            "<= 4x parse",
            r[k].seconds / base <= 4,
        )
        for k in ("jsonl", "csv")
    ]
    rows += [
        Row(
            "5",
            f"`convert` {s.foundry:,} rows JSONL -> {k.upper()} (`{JOBS_ENV}=1`, reference)",
            f"{secs(r[k + '-1'].seconds)}, {mb(r[k + '-1'].rss)}",
            f"orjson parse {secs(base)}",
            r[k + "-1"].seconds / base,
            "(none)",
            True,
        )
        for k in ("jsonl", "csv")
    ]
    return rows


def target_lint(tmp: Path, s: Sizes) -> list[Row]:
    from datasetkit.lint.neardup.search import EXACT_LIMIT, exact_pairs, near_duplicate_pairs
    from tests.lint.neardup.test_search import _corpus

    rows, times = [], {}
    for n in s.lint:
        path = datagen.write_prompts_jsonl(tmp / f"lint-{n}.jsonl", n)
        runs = s.runs if n <= 10_000 else 1
        samples = [run_rss(datasetkit("lint", str(path))) for _ in range(runs)]
        times[n] = statistics.median(x[0] for x in samples)
        rss = max(x[1] for x in samples)
        grow = times[n] / times[n // 10] if n // 10 in times else float("nan")
        rows.append(
            Row(
                "6",
                f"`lint` {n:,} prompts (30% templated)",
                f"{secs(times[n])}, {mb(rss)}",
                f"{secs(times[n // 10])} at {n // 10:,}" if n // 10 in times else "",
                grow,
                "<= 12x per 10x, < 1 GB",
                (grow != grow or grow <= 12) and rss < 1024**3,
            )
        )
    texts = _corpus(EXACT_LIMIT + 400)
    exact = {(a, b) for a, b, _ in exact_pairs(texts, list(range(len(texts))), 0.9)}
    found = {(a, b) for a, b, _ in near_duplicate_pairs(texts, 0.9)}
    recall = len(found & exact) / len(exact)
    rows.append(
        Row(
            "6",
            "near-duplicate recall, labelled test corpus (LSH vs exact)",
            f"{recall:.1%}",
            f"{len(exact)} true pairs",
            recall,
            ">= 98%",
            recall >= 0.98,
        )
    )
    return rows


def _call_kinds(cases: int, concurrency: int) -> dict[str, int]:
    """The model calls of one run by kind, counted by an in-process test server."""
    import re

    from tests.helpers.llm_helpers import generator, make_plan, synthetic_chunks
    from tests.helpers.llm_server import FakeLLMServer

    server = FakeLLMServer().start()
    try:
        with tempfile.TemporaryDirectory() as work:
            gen = generator(
                server,
                Path(work),
                settings={"concurrency": concurrency, "no_cache": True, "timeout": 10},
                question_types=["lookup"],
            )
            res = gen.generate_knowledge(make_plan(cases, seed=1, chunks=synthetic_chunks(cases)))
        kinds: dict[str, int] = {"cases": len(res.cases)}
        for req in server.chat_requests():
            msgs = (req.get("body") or {}).get("messages") or []
            text = "\n".join(str(m.get("content")) for m in msgs)
            last = str(msgs[-1].get("content")) if msgs else ""
            if "could not be used" in last:
                kind = "repair"
            elif "datasetkit probe" in text:
                kind = "probe"
            else:
                m = re.search(r"^Task: (.*)$", text, re.M)
                kind = m.group(1) if m else "other"
            kinds[kind] = kinds.get(kind, 0) + 1
        return kinds
    finally:
        server.stop()


def target_generate(tmp: Path, s: Sizes) -> list[Row]:
    from bench_llm_throughput import RemoteServer

    from tests.helpers.llm_helpers import generator, make_plan, synthetic_chunks

    conc = 16

    def one(c: int) -> tuple[float, int, int]:
        with tempfile.TemporaryDirectory(dir=tmp) as work:
            gen = generator(
                server,
                Path(work),
                settings={"concurrency": c, "no_cache": True, "timeout": 10},
                question_types=["lookup"],
            )
            t = time.perf_counter()
            plan = make_plan(s.cases, seed=1, chunks=synthetic_chunks(s.cases))
            res = gen.generate_knowledge(plan)
            return time.perf_counter() - t, len(res.cases), int(res.usage.get("calls", 0))

    server = RemoteServer(0.2)
    try:
        one(conc)
        seq = [one(1) for _ in range(1 if s is QUICK else 2)]
        par = [one(conc) for _ in range(3)]
    finally:
        server.stop()
    t1, tn = statistics.median(x[0] for x in seq), statistics.median(x[0] for x in par)
    ratio = (par[-1][1] / tn) / (seq[-1][1] / t1)
    kinds = _call_kinds(s.cases, conc)
    per_case = {k: v for k, v in kinds.items() if k != "cases"}
    # Concurrency may not add calls: the concurrent run makes as many as the sequential
    # one, and the generation calls are one per case plus repairs.
    gen_calls = sum(
        v for k, v in per_case.items() if k not in ("critic", "judge", "repair", "probe")
    )
    calls_ok = par[-1][2] == seq[-1][2] and gen_calls <= kinds["cases"] + per_case.get("repair", 0)
    return [
        Row(
            "7",
            f"`generate` {s.cases} cases, 200 ms a call, concurrency {conc}",
            f"{secs(tn)}; {par[-1][2]} calls ({', '.join(f'{k} {v}' for k, v in sorted(per_case.items()))})",
            f"concurrency 1 {secs(t1)}, {seq[-1][2]} calls",
            ratio,
            ">= 8x, no extra calls",
            ratio >= 8 and calls_ok,
        )
    ]


def target_progress(tmp: Path, s: Sizes) -> list[Row]:
    # The target is about runs longer than about a second (the bar shows after half a
    # second): the full size, which convert takes 1-2 s for. Fresh processes with and
    # without the bar, interleaved, as every other target: one process converting again
    # and again drifts (each run slower than the last), which no order cancels.
    rows = s.foundry
    path = datagen.write_foundry(tmp / "prog.jsonl", rows)
    # The output in memory where the machine has it: each run syncs 100 MB to disk, and
    # how long the disk takes varies by more than the 2% measured here.
    shm = Path("/dev/shm")
    out_dir = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp
    runs = max(15, s.runs)  # the bar costs about as much as the noise of one run
    try:
        out = str(out_dir / "prog-out.jsonl")
        r = compare({k: python(CONVERT_PROGRESS, str(path), out, k) for k in ("on", "off")}, runs)
    finally:
        if out_dir != tmp:
            shutil.rmtree(out_dir, ignore_errors=True)
    on, off = r["on"].seconds, r["off"].seconds
    per_run = [[float(x) for x in out.split()] for out in r["on"].all_out]
    inside = statistics.median(p[1] for p in per_run)
    calls = per_run[-1][2]
    cpu_on = statistics.median(p[3] for p in per_run)
    cpu_off = statistics.median(float(out.split()[3]) for out in r["off"].all_out)
    cost = cpu_on / cpu_off - 1
    # The cost is the CPU time the run takes with the bar against without it (every
    # process's), which load and the disk move far less than wall time; the bar's own CPU
    # time (updates, redraws, loading its code) is shown against the run's wall time.
    where = "memory" if out_dir != tmp else "disk"
    return [
        Row(
            "8",
            f"progress bar on `convert` {rows:,} rows ({calls:.0f} updates a run), {runs} runs, "
            f"output to {where}",
            f"CPU {secs(cpu_on)} (wall {secs(on)}); the bar's own CPU time {inside:.2%} of the "
            "run's wall time",
            f"no progress: CPU {secs(cpu_off)} (wall {secs(off)}, {on / off - 1:+.1%})",
            cost,
            "< 2% cost",
            cost < 0.02 and inside < 0.02,
        )
    ]


# Memory last: its peak sizes do not depend on load, so the timed targets run first,
# and the machine may do other work during the long 1,000,000-row runs.
TARGETS: dict[str, Callable[[Path, Sizes], list[Row]]] = {
    "startup": target_startup,
    "m365": target_m365,
    "foundry": target_foundry,
    "convert": target_convert,
    "lint": target_lint,
    "generate": target_generate,
    "progress": target_progress,
    "memory": target_memory,
}


def table(rows: list[Row]) -> str:
    lines = [
        "| # | Work | datasetkit | Baseline | Ratio | Target | Holds |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        ratio = f"{r.ratio:.1%}" if r.target in ("6", "8") and r.ratio < 1.5 else f"{r.ratio:.2f}"
        lines.append(
            f"| {r.target} | {r.work} | {r.figure} | {r.baseline} | {ratio} | {r.goal} | "
            f"{'yes' if r.holds else '**no**'} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a few minutes)")
    ap.add_argument("--only", help="comma-separated targets: " + ",".join(TARGETS))
    ap.add_argument("--runs", type=int, help="runs per contestant after the warm-up")
    ap.add_argument("--out", default=str(HERE / "README.md"), help="where to write the table")
    args = ap.parse_args()
    sizes = QUICK if args.quick else FULL
    if args.runs:
        sizes.runs = args.runs
    chosen = args.only.split(",") if args.only else list(TARGETS)
    rows: list[Row] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="datasetkit-bench-") as tmp:
        for name in chosen:
            t = time.perf_counter()
            got = TARGETS[name](Path(tmp), sizes)
            rows.extend(got)
            print(table(got).split("\n", 2)[2], f"  ({time.perf_counter() - t:.0f} s)", flush=True)
    write_readme(Path(args.out), rows, sizes, args.quick, time.perf_counter() - started)


def write_readme(path: Path, rows: list[Row], sizes: Sizes, quick: bool, took: float) -> None:
    head = path.read_text(encoding="utf-8").split("<!-- results -->")[0] if path.exists() else ""
    body = (
        f"<!-- results -->\n\nMachine: {machine()}.  \n"
        f"Run: `python bench/run.py{' --quick' if quick else ''}`, {sizes.runs} interleaved runs "
        f"after a warm-up, medians; took {took / 60:.0f} min.\n\n{table(rows)}\n"
    )
    path.write_text(head + body, encoding="utf-8")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
