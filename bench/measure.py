"""Measuring commands side by side: wall time and peak RSS of a fresh process, interleaved.

Every contestant of a comparison runs once as a warm-up, then the contestants take turns
``runs`` times (A B C A B C ...), so a burst of load from elsewhere on the machine hits
them alike; the medians are compared.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
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


def child_env() -> dict[str, str]:
    """The environment of a measured process: bytecode caching on, as users have it."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONHASHSEED"] = "0"
    return env


def _capped(cmd: list[str], max_bytes: int | None) -> list[str]:
    """``cmd`` with its address space capped (so a run cannot take the machine's memory:
    it fails instead). Through a shell's ``ulimit``, not a pre-exec hook: a hook makes
    the child a fork of this process, whose size wait4's peak RSS would then report."""
    if max_bytes is None:
        return cmd
    return ["sh", "-c", f'ulimit -v {max_bytes // 1024} && exec "$@"', "sh", *cmd]


def run_rss(
    cmd: list[str], ok: tuple[int, ...] = (0, 1), max_bytes: int | None = None
) -> tuple[float, int, str]:
    """Run ``cmd``; (wall seconds, its own peak RSS in bytes, stdout)."""
    t = time.perf_counter()
    with open(os.devnull, "w") as null:
        proc = subprocess.Popen(
            _capped(cmd, max_bytes), stdout=subprocess.PIPE, stderr=null, env=child_env()
        )
        assert proc.stdout is not None
        out = proc.stdout.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in ok:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}")
    # ru_maxrss is in kilobytes on Linux.
    return elapsed, usage.ru_maxrss * 1024, out


def compare(contestants: dict[str, list[str]], runs: int, warmup: bool = True) -> dict[str, Sample]:
    """Run every contestant ``runs`` times, interleaved after a warm-up; medians."""
    if warmup:
        for cmd in contestants.values():
            run_rss(cmd)
    times: dict[str, list[float]] = {k: [] for k in contestants}
    rss: dict[str, list[int]] = {k: [] for k in contestants}
    outs: dict[str, str] = {}
    for _ in range(runs):
        for name, cmd in contestants.items():
            s, r, out = run_rss(cmd)
            times[name].append(s)
            rss[name].append(r)
            outs[name] = out
    return {
        k: Sample(statistics.median(times[k]), int(statistics.median(rss[k])), outs[k], times[k])
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
