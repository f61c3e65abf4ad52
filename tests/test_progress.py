"""The progress bar: on a terminal only, with rate and time left, driven by bytes read."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from datasetkit import progress
from datasetkit.progress import Bar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


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
        bar._progress.refresh()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "validating" in drawn and "50%" in drawn
    assert "2.1/4.2 MB" in drawn  # sizes
    assert re.search(r"(MB|kB|bytes)/s|\?", drawn)  # the rate column
    assert re.search(r"-:--:--|0:00:\d\d", drawn)  # time left


def test_counted_items_show_their_rate(at_once: None) -> None:
    stream = Terminal()
    with Bar("generating", 10, unit="cases", stream=stream) as bar:
        bar.advance(3)
        bar._progress.refresh()
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
    # (rich redraws from its own thread, twice a second).
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
    knowledge = Path(__file__).resolve().parents[1] / "examples" / "knowledge"
    assert cli("ingest", str(knowledge)).exit_code == 0
    assert seen == [(1, 2), (2, 2)]


class _Budget:
    def snapshot(self) -> dict[str, object]:
        return {"cost": 0.0123, "calls": 7}


def test_generation_draws_a_bar_on_a_terminal_and_lines_in_a_log(at_once: None) -> None:
    from datasetkit.generate.llm.progress import Progress

    terminal = Terminal()
    bar = Progress(total=4, enabled=True, stream=terminal)
    bar.update(2, 1, _Budget())  # type: ignore[arg-type]
    bar.bar._progress.refresh()
    bar.close()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", terminal.getvalue())
    assert "generating (1 short, 7 calls $0.0123)" in drawn and "2/4" in drawn
    assert "[####" not in drawn  # no hand-drawn bar on a terminal
    log = io.StringIO()
    lines = Progress(total=4, enabled=True, stream=log)
    for done in range(1, 5):
        lines.update(done, 0, _Budget())  # type: ignore[arg-type]
    lines.close()
    assert log.getvalue().splitlines()[-1].startswith("[########################] 4/4 cases")
    assert "\x1b" not in log.getvalue() and "\r" not in log.getvalue()
