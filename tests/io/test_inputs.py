"""Devices, FIFOs and pipes as inputs: a device is refused, a pipe is read under the
budgets of standard input (bytes and time), nothing waits for ever."""

from __future__ import annotations

import contextlib
import io
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.io import inputs
from datasetkit.io.files import read_line

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")

EVALS = json.dumps({"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?"}]}).encode()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inputs, "PIPE_WAIT_SECONDS", 0.3)
    monkeypatch.setattr(inputs, "PIPE_IDLE_SECONDS", 0.5)
    monkeypatch.setattr(inputs, "_PIPED", {})


def within(seconds: float, fifo: Path, call: Callable[[], Any]) -> Any:
    """``call()``, which must return within ``seconds``; a call still blocked then (in
    ``open`` of the FIFO) is released by opening the FIFO for writing, and fails."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # handed to the test
            out["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(5)
        pytest.fail(f"still waiting on {fifo.name} after {seconds} s")
    if "error" in out:
        raise out["error"]
    return out["value"]


@pytest.mark.parametrize("fmt", ["m365", "foundry", "copilot-studio"])
def test_dev_zero_is_refused_as_a_device(cli, fmt: str) -> None:
    res = cli("validate", "--from", fmt, "/dev/zero")
    assert res.exit_code == 1
    assert "/dev/zero: is a character device" in res.output and "not a file" in res.output


@pytest.mark.parametrize("command", ["convert", "stats", "lint"])
def test_a_device_is_refused_by_every_command(cli, tmp_path: Path, command: str) -> None:
    args = [command, "/dev/urandom", "--from", "foundry"]
    if command == "convert":
        args += ["-o", str(tmp_path / "out.json")]
    res = cli(*args)
    assert res.exit_code in (1, 2) and "character device" in res.output
    assert not (tmp_path / "out.json").exists()


@pytest.fixture()
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "evals.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("validate",),
        ("lint",),
        ("stats",),
        ("convert", "-o", "{out}"),
        ("validate", "--from", "foundry"),
    ],
)
def test_a_fifo_nobody_writes_to_is_given_up_on(cli, fifo: Path, args: tuple[str, ...]) -> None:
    argv = [a.format(out=fifo.parent / "out.jsonl") for a in args]
    res = within(10, fifo, lambda: cli(argv[0], str(fifo), *argv[1:]))
    assert res.exit_code in (1, 2)
    assert "a pipe (FIFO) that no program writes to" in res.output
    assert not (fifo.parent / "out.jsonl").exists()


@pytest.mark.parametrize("command", [("migrate",), ("lint", "--fix")])
def test_an_edit_in_place_refuses_a_fifo_at_once(cli, fifo: Path, command: tuple[str, ...]) -> None:
    res = within(10, fifo, lambda: cli(*command, str(fifo)))
    assert res.exit_code == 2 and "is a pipe, not a file" in res.output


def test_a_review_merge_refuses_a_fifo_as_the_dataset(cli, fifo: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "review.xlsx"
    sheet.write_bytes(b"not read")
    res = within(10, fifo, lambda: cli("review", "merge", str(sheet), str(fifo)))
    assert res.exit_code == 2 and "is a pipe" in res.output


def _writer(fifo: Path, data: bytes, pause: float = 0.0) -> threading.Thread:
    def write() -> None:
        # Opening waits for the reader, as a real writer does; a reader that gave up
        # closes the pipe under it.
        with contextlib.suppress(BrokenPipeError), fifo.open("wb") as fh:
            if pause:
                fh.flush()
                threading.Event().wait(pause)
            fh.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_fifo_with_a_writer_is_read_like_standard_input(cli, fifo: Path) -> None:
    writer = _writer(fifo, EVALS)
    res = within(10, fifo, lambda: cli("validate", str(fifo)))
    writer.join(5)
    # Detected from the bytes (each format looks at them), then read: one pass of the pipe.
    assert res.exit_code == 0, res.output
    assert "(m365 1.11.0): ok" in res.output


def test_a_shell_pipe_as_dev_fd_is_read(cli) -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, EVALS)
    os.close(write_end)
    try:
        res = cli("validate", "--from", "m365", f"/dev/fd/{read_end}")
    finally:
        os.close(read_end)
    assert res.exit_code == 0, res.output


def test_a_writer_that_stays_silent_is_given_up_on(fifo: Path) -> None:
    writer = _writer(fifo, EVALS, pause=2.0)
    with pytest.raises(DatasetkitError, match=r"sent nothing for 0\.5 s"):
        within(10, fifo, lambda: inputs.open_input(str(fifo)))
    writer.join(5)


def test_a_pipe_is_read_under_the_byte_budget(fifo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inputs, "PIPE_BYTES", 1000)
    writer = _writer(fifo, b"x" * 5000)
    with pytest.raises(DatasetkitError, match="more than 1,000 bytes came through the pipe"):
        within(10, fifo, lambda: inputs.read_whole(str(fifo), None))
    writer.join(5)


class Endless(io.RawIOBase):
    """Zeros for ever, like /dev/zero; fails once far more than ``stop`` was read."""

    def __init__(self, stop: int) -> None:
        self.given, self.stop = 0, stop

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.given > self.stop:
            raise AssertionError("read on past the line limit")
        n = len(buf)
        buf[:n] = bytes(n)
        self.given += n
        return n


def test_an_over_long_line_is_not_read_to_its_end() -> None:
    fh = io.BufferedReader(Endless(stop=10_000))
    with pytest.raises(DatasetkitError, match="line 1 is over the limit"):
        read_line(fh, 1, "zeros.jsonl", limit=1000)


def test_a_knowledge_file_that_is_a_device_or_a_fifo_is_not_read(
    fifo: Path, tmp_path: Path
) -> None:
    from datasetkit.knowledge import load_file

    notes = tmp_path / "notes.md"
    os.mkfifo(notes)
    device = tmp_path / "zeros.txt"
    device.symlink_to("/dev/zero")
    for path, what in ((notes, "a pipe"), (device, "a character device")):
        doc = within(10, notes, lambda path=path: load_file(path))
        [problem] = doc.problems
        assert problem.code == "knowledge.unreadable" and what in problem.message


def _in_768_mb() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (768 * 1024 * 1024,) * 2)


@pytest.mark.parametrize(
    "args",
    [
        ("validate", "--from", "m365", "/dev/zero"),
        ("validate", "--from", "foundry", "/dev/zero"),
        ("convert", "/dev/zero", "--from", "copilot-studio", "-o", "{tmp}/out.json"),
        ("lint", "/dev/urandom", "--from", "foundry"),
        ("validate", "{fifo}"),
        ("migrate", "{fifo}"),
    ],
    ids=["m365-zero", "foundry-zero", "convert-zero", "lint-urandom", "fifo", "migrate-fifo"],
)
def test_devices_and_writerless_fifos_end_quickly_in_bounded_memory(tmp_path: Path, args) -> None:
    # Before: /dev/zero read until the kernel killed the run (about 24 GB), a FIFO with no
    # writer blocked open() for ever. Here: 768 MB of address space and 30 s, generous.
    import subprocess
    import sys

    fifo = tmp_path / "evals.json"
    os.mkfifo(fifo)
    argv = [a.format(tmp=tmp_path, fifo=fifo) for a in args]
    try:
        done = subprocess.run(
            [sys.executable, "-m", "datasetkit", *argv],
            preexec_fn=_in_768_mb,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"{' '.join(argv)} still running after 30 s")
    assert done.returncode in (1, 2), done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "character device" in said or "no program writes to" in said or "a pipe" in said, said
    assert "Traceback" not in said and "bug in datasetkit" not in said


def test_a_kernel_file_is_read_whole_though_its_size_is_0(cli) -> None:
    # /proc files say their size is 0 and make their content as they are read.
    res = cli("validate", "--from", "foundry", "/proc/self/maps")
    assert res.exit_code in (1, 2) and "holds CSV or plain text" in res.output


def test_a_kernel_file_that_waits_for_data_is_refused(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /proc/kmsg (readable by root) blocked a read for ever, waiting for the next kernel
    # message. Reading it in a test would take those messages from the system's log, so a
    # file of size 0 whose reads would wait stands in for it.
    kmsg = tmp_path / "kmsg.jsonl"
    kmsg.touch()
    real_read, inode = os.read, kmsg.stat().st_ino

    def read(fd: int, n: int) -> bytes:
        if os.fstat(fd).st_ino == inode:
            if os.get_blocking(fd):
                pytest.fail("a kernel file was read with a read that waits")
            raise BlockingIOError
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", read)
    res = cli("validate", "--from", "foundry", str(kmsg))
    assert res.exit_code in (1, 2)
    assert "waits for more data as it is read" in res.output


def test_a_symbolic_link_in_a_loop_is_named_as_such(cli, tmp_path: Path) -> None:
    loop = tmp_path / "evals.json"
    loop.symlink_to(loop)
    res = cli("validate", str(loop))
    assert res.exit_code == 2 and "symbolic link in a loop" in res.output


def test_a_file_that_grows_while_read_is_read_to_its_size_when_opened(tmp_path: Path) -> None:
    # A log being written faster than it is read was read for ever: it ends where it ended
    # when it was opened.
    path = tmp_path / "growing.jsonl"
    line = b'{"query": "q", "response": "r"}\n'
    path.write_bytes(line * 10)
    with inputs.open_input(str(path)) as fh:
        first = fh.readline()
        with path.open("ab") as writer:
            writer.write(line * 1000)
        rest = fh.read()
    assert first + rest == line * 10
