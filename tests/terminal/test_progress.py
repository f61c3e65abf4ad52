"""The progress bar: on a terminal only, with rate and time left, driven by bytes read."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from datasetkit.terminal import bar as progress
from datasetkit.terminal.bar import Bar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class AsciiTerminal(Terminal):
    encoding = "ascii"


@pytest.fixture()
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """No half-second grace: the bar shows from the first update."""
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.delenv("DATASETKIT_NO_PROGRESS", raising=False)


def test_a_terminal_gets_a_bar_with_rate_and_time_left(at_once: None) -> None:
    stream = Terminal()
    with Bar("validating", 4 * 1024 * 1024, unit="bytes", stream=stream) as bar:
        bar.update(1024 * 1024)
        bar.update(2 * 1024 * 1024)
        bar.draw()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "validating" in drawn and "50%" in drawn
    assert "2.1/4.2 MB" in drawn  # sizes
    assert re.search(r"(MB|kB|bytes)/s|\?", drawn)  # the rate column
    assert re.search(r"-:--:--|0:00:\d\d", drawn)  # time left


def test_counted_items_show_their_rate(at_once: None) -> None:
    stream = Terminal()
    with Bar("generating", 10, unit="cases", stream=stream) as bar:
        bar.advance(3)
        bar.draw()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "3/10" in drawn


def test_no_bar_in_a_pipe_a_dumb_terminal_or_a_short_run(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    pipe = io.StringIO()
    with Bar("validating", 10, stream=pipe) as bar:
        bar.update(5)
    assert pipe.getvalue() == ""
    monkeypatch.setenv("TERM", "dumb")
    dumb = Terminal()
    with Bar("validating", 10, stream=dumb) as bar:
        bar.update(5)
    assert dumb.getvalue() == ""
    monkeypatch.delenv("TERM")
    monkeypatch.setattr(progress, "SHOW_AFTER", 60.0)
    quick = Terminal()
    with Bar("validating", 10, stream=quick) as bar:
        bar.update(10)
    assert quick.getvalue() == ""  # done before it was worth showing


def test_updates_are_cheap(at_once: None) -> None:
    # Every record of a large file reports progress: an update must cost next to nothing
    # (a clock read; the line is redrawn only when a redraw falls due, twice a second).
    import time

    with Bar("validating", 10**6, stream=Terminal()) as bar:
        started = time.perf_counter()
        for n in range(100_000):
            bar.update(n)
        elapsed = time.perf_counter() - started
    assert elapsed < 2.0


def test_validate_and_lint_drive_the_bar_by_bytes_read(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, int, int | None]] = []

    def record(self: Bar, done: int, total: int | None = None, label: str | None = None) -> None:
        seen.append((self.label, done, total))

    monkeypatch.setattr(Bar, "update", record)
    rows = "".join(
        json.dumps(
            {"query": f"Question number {i} about the refund window?", "response": "30 days"}
        )
        + "\n"
        for i in range(600)
    )
    big = tmp_path / "big.jsonl"
    big.write_text(rows, encoding="utf-8")
    small = tmp_path / "small.jsonl"
    small.write_text(rows[:200].rsplit("\n", 1)[0] + "\n", encoding="utf-8")
    total = big.stat().st_size + small.stat().st_size
    for command in ("validate", "lint"):
        seen.clear()
        assert cli(command, str(big), str(small)).exit_code in (0, 1)
        label = {"validate": "validating", "lint": "linting"}[command]
        assert {s[0] for s in seen} == {label}
        assert seen[0][1:] == (0, total) and seen[-1][1:] == (total, total)
        # Inside the large file too, not only between files.
        assert any(0 < done < big.stat().st_size for _, done, _ in seen), command
    seen.clear()
    assert cli("convert", str(big), "-o", str(tmp_path / "out.json")).exit_code == 0
    assert seen and seen[-1][1] == seen[-1][2]


def test_ingest_moves_the_bar_file_by_file(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int | None]] = []
    monkeypatch.setattr(
        Bar, "update", lambda self, done, total=None, label=None: seen.append((done, total))
    )
    knowledge = Path(__file__).resolve().parents[2] / "examples" / "knowledge"
    assert cli("ingest", str(knowledge)).exit_code == 0
    assert seen == [(1, 2), (2, 2)]


class _Budget:
    def snapshot(self) -> dict[str, object]:
        return {"cost": 0.0123, "calls": 7}


def test_generation_draws_a_bar_on_a_terminal_and_lines_in_a_log(at_once: None) -> None:
    from datasetkit.generate.llm.engine.progress import Progress

    terminal = Terminal()
    bar = Progress(total=4, enabled=True, stream=terminal)
    bar.update(2, 1, _Budget())  # type: ignore[arg-type]
    bar.bar.draw()
    bar.close()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", terminal.getvalue())
    assert "generating (1 short, 7 calls $0.0123)" in drawn and "2/4" in drawn
    assert "[####" not in drawn  # the terminal's bar, not the log's status line
    log = io.StringIO()
    lines = Progress(total=4, enabled=True, stream=log)
    for done in range(1, 5):
        lines.update(done, 0, _Budget())  # type: ignore[arg-type]
    lines.close()
    assert log.getvalue().splitlines()[-1].startswith("[########################] 4/4 cases")
    assert "\x1b" not in log.getvalue() and "\r" not in log.getvalue()


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def _frames(stream: io.StringIO) -> list[str]:
    """Each redraw of the bar as the terminal shows it."""
    return [f for f in _plain(stream.getvalue()).split("\r") if f]


def test_the_bar_fits_the_terminal_and_keeps_its_length(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    ticks = iter(float(n) for n in range(100))
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(ticks))
    stream = Terminal()
    with Bar("converting", 50_000_000, unit="bytes", stream=stream) as bar:
        for done in (0, 1_000, 3_000_000, 27_000_000, 50_000_000):
            bar.update(done)
    frames = _frames(stream)
    assert len(frames) == 5
    # Never wider than the terminal (a wrapped bar scrolls the screen on every redraw).
    assert all(len(f) <= 59 for f in frames)
    bars = [re.search(r"[━╸]+", f) for f in frames]
    assert all(b is not None for b in bars)
    assert len({len(b.group()) for b in bars if b}) == 1  # the bar does not jitter
    assert "100%" in frames[-1] and "50.0/50.0 MB" in frames[-1]
    narrow = Terminal()
    monkeypatch.setenv("COLUMNS", "30")
    with Bar("converting", 50_000_000, unit="bytes", stream=narrow) as bar:
        bar.update(25_000_000)
    assert all(len(f) <= 29 for f in _frames(narrow))
    assert _frames(narrow)[0].startswith("converting")


def test_rate_and_time_left_follow_the_recent_pace(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [0.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    stream = Terminal()
    with Bar("generating", 1_000, unit="cases", stream=stream) as bar:
        # 10 cases a second for 20 s, then 1 a second: the rate shown follows the slow-down.
        for second in range(1, 21):
            now[0] = float(second)
            bar.update(10 * second)
        assert "10.0 cases/s" in _frames(stream)[-1]
        assert "0:01:20" in _frames(stream)[-1]  # 800 left at 10 a second
        for second in range(21, 41):
            now[0] = float(second)
            bar.update(200 + second - 20)
    last = _frames(stream)[-1]
    assert "1.0 cases/s" in last and "220/1000 cases" in last
    assert "0:13:00" in last  # 780 left at 1 a second


def test_no_colour_and_an_ascii_terminal_are_respected(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    ascii_terminal = AsciiTerminal()
    with Bar("linting", 10, unit="files", stream=ascii_terminal) as bar:
        bar.update(5)
    drawn = ascii_terminal.getvalue()
    assert "\x1b[3" not in drawn and "\x1b[38" not in drawn  # no colour codes
    assert "━" not in drawn and "#####" in drawn and "-----" in drawn
    drawn.encode("ascii")


def test_other_text_goes_above_the_bar_and_the_bar_is_erased_at_the_end(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = Terminal()
    monkeypatch.setattr("sys.stderr", stream)
    with Bar("validating", 10, unit="files") as bar:
        bar.update(2)
        print("warning: something to know", file=__import__("sys").stderr)
        bar.update(3)
    assert __import__("sys").stderr is stream  # put back when the bar is done
    out = stream.getvalue()
    warning = out.index("warning: something to know")
    # The bar was erased before the warning was written and drawn again after it.
    assert out[:warning].endswith("\r\x1b[K")
    assert "3/10" in _plain(out[warning:])
    assert out.endswith("\r\x1b[K")  # nothing of the bar left behind


def test_drawing_the_bar_loads_no_terminal_library() -> None:
    # A bar is drawn on runs of a second or two: loading a large library for it would cost
    # more than the 2% the bar may (bench target 8).
    import subprocess
    import sys

    code = (
        "import io, sys\n"
        "from datasetkit.terminal import bar as progress\n"
        "progress.SHOW_AFTER = 0\n"
        "class T(io.StringIO):\n"
        "    def isatty(self): return True\n"
        "t = T()\n"
        "with progress.Bar('converting', 100, unit='bytes', stream=t) as bar:\n"
        "    bar.update(50)\n"
        "assert '50%' in t.getvalue(), t.getvalue()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'tqdm')))\n"
    )
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("TERM", "NO_COLOR")}
    env.pop("DATASETKIT_NO_PROGRESS", None)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_bar_never_goes_back(at_once: None) -> None:
    # A run that starts over (a conversion handing its file to another path) reports
    # smaller counts: the bar waits where it was, and no rate is negative.
    stream = Terminal()
    with Bar("converting", 1000, unit="bytes", stream=stream) as bar:
        bar.update(980)
        bar.draw()
        bar.update(0)
        bar.update(10, total=900)
        bar.draw()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    lines = [part for part in drawn.split("\r") if "converting" in part]
    assert lines and all("98%" in line or "100%" in line for line in lines), lines
    assert not re.search(r"-\d", drawn), drawn
