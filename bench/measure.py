"""Measuring commands side by side: wall time and peak RSS of a fresh process, interleaved.

Every contestant of a comparison runs once as a warm-up, then the contestants take turns
``runs`` times (A B C, C B A, ...), so a burst of load from elsewhere on the machine hits
them alike; the medians are compared.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BIN = Path(sys.executable).parent


@dataclass
class Sample:
    """The medians of one contestant's runs."""

    seconds: float
    rss: int  # bytes
    out: str = ""
    all_seconds: list[float] = field(default_factory=list)
    all_out: list[str] = field(default_factory=list)  # each run's stdout
    # CPU seconds (user and system, the command's processes together): what load from
    # elsewhere on the machine moves least.
    cpu: float = 0.0


def child_env() -> dict[str, str]:
    """The environment of a measured process: bytecode caching on, as users have it."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONHASHSEED"] = "0"
    return env


SPAWN = Path(__file__).with_name("spawn.py")


def run_rss(
    cmd: list[str], ok: tuple[int, ...] = (0, 1), max_bytes: int | None = None
) -> tuple[float, int, str]:
    """Run ``cmd``; (wall seconds, its own peak RSS in bytes, stdout). See run_cpu."""
    took, rss, _, out = run_cpu(cmd, ok, max_bytes)
    return took, rss, out


def run_cpu(
    cmd: list[str], ok: tuple[int, ...] = (0, 1), max_bytes: int | None = None
) -> tuple[float, int, float, str]:
    """Run ``cmd``; (wall seconds, its own peak RSS in bytes, CPU seconds, stdout).

    Started through ``spawn.py``, a small process, which times it and reads its peak RSS:
    started from this one, the command would report this process's size (see spawn.py).
    ``max_bytes`` caps its address space.
    """
    with tempfile.TemporaryDirectory(prefix="datasetkit-measure-") as tmp:
        report = Path(tmp) / "report"
        wrapped = [sys.executable, "-I", "-S", str(SPAWN), str(report), str(max_bytes or 0)]
        with open(os.devnull, "w") as null:
            proc = subprocess.run(
                [*wrapped, *cmd], stdout=subprocess.PIPE, stderr=null, env=child_env()
            )
        if proc.returncode not in ok:
            raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}")
        took, rss, cpu = report.read_text(encoding="ascii").split()
    return float(took), int(rss), float(cpu), proc.stdout.decode("utf-8", "replace")


def compare(contestants: dict[str, list[str]], runs: int, warmup: bool = True) -> dict[str, Sample]:
    """Run every contestant ``runs`` times, interleaved after a warm-up; medians.

    The order turns round every other round (A B, B A, A B, ...): a machine that speeds up
    or slows down over the runs, or a run that leaves work behind for the next one (the
    disk writing back the last output), then weighs on every contestant alike.
    """
    if warmup:
        for cmd in contestants.values():
            run_rss(cmd)
    times: dict[str, list[float]] = {k: [] for k in contestants}
    rss: dict[str, list[int]] = {k: [] for k in contestants}
    cpu: dict[str, list[float]] = {k: [] for k in contestants}
    outs: dict[str, list[str]] = {k: [] for k in contestants}
    names = list(contestants)
    for turn in range(runs):
        for name in names if turn % 2 == 0 else reversed(names):
            s, r, c, out = run_cpu(contestants[name])
            times[name].append(s)
            rss[name].append(r)
            cpu[name].append(c)
            outs[name].append(out)
    return {
        k: Sample(
            statistics.median(times[k]),
            int(statistics.median(rss[k])),
            outs[k][-1],
            times[k],
            outs[k],
            statistics.median(cpu[k]),
        )
        for k in contestants
    }


def python(code: str, *args: str) -> list[str]:
    """A command that runs ``code`` in a fresh interpreter of this environment."""
    return [sys.executable, "-c", code, *args]


def tool(name: str, *args: str) -> list[str]:
    """A console script of this environment."""
    return [str(BIN / name), *args]


def datasetkit(*args: str) -> list[str]:
    """The datasetkit CLI, as a user runs it."""
    return tool("datasetkit", *args)


def machine() -> str:
    """One line about the machine the figures come from."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GB RAM"
    except (OSError, ValueError, IndexError):
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f}"
    return (
        f"{cpu}, {os.cpu_count()} cores{mem}{load}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}"
    )


def mb(n: float) -> str:
    return f"{n / 1024 / 1024:,.0f} MB"


# A child that imports what it needs first, then times only the work, and prints its time,
# its own peak RSS and what the work reports (``info``) as one JSON line.
_TIMED_CHILD = """
import json, resource, sys, time
{setup}
start = time.perf_counter()
{work}
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
print(json.dumps({{"seconds": seconds, "peak_mb": peak, "info": info}}))
"""


def timed_child(setup: str, work: str) -> str:
    """The code of a child that times ``work`` (which sets ``info``) after ``setup``."""
    return _TIMED_CHILD.format(setup=setup, work=work)


def run_child(code: str, path: Path) -> dict:
    """One measurement of ``code`` (from :func:`timed_child`) on ``path`` in a fresh
    interpreter: {"seconds", "peak_mb", "info"}."""
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    return json.loads(out.stdout.strip().splitlines()[-1])
