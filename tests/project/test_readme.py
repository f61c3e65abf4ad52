"""The README stays true: the facts it states are the ones the code has."""

from __future__ import annotations

import re

from datasetkit.formats import all_formats
from datasetkit.formats.m365 import templates
from datasetkit.lint import all_rules
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))}
# The README and the reference pages it links to, as one text.
ALL = "\n".join([README, *DOCS.values()])


def test_rule_count() -> None:
    (n,) = re.findall(r"then (\d+) semantic rules", DOCS["commands.md"])
    assert int(n) == len(all_rules())


def test_every_format_and_template_is_named() -> None:
    for fmt in all_formats():
        assert f"`{fmt.name}`" in DOCS["formats.md"], fmt.name
    for name in templates.names():
        assert f"`{name}`" in ALL, name


def test_every_command_has_a_section() -> None:
    from datasetkit.cli import build_app

    app = build_app()
    names = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    examples = _readme_examples()
    for name in sorted(n for n in names if n):
        # A section in the reference, and a line in the README's examples.
        assert f"## `datasetkit {name}`" in ALL or f", `datasetkit {name}`" in ALL, name
        assert any(f"{line} ".startswith(f"datasetkit {name} ") for line in examples), name


def test_quick_start_runs_as_written(cli, tmp_path, monkeypatch) -> None:
    import shlex
    import shutil

    block = README.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0].strip()
    steps = [shlex.split(part) for part in block.split("&&")]
    assert steps[0][:2] == ["pip", "install"]
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for step in steps[1:]:
        assert step[0] == "datasetkit"
        result = cli(*step[1:])
        assert result.exit_code == 0, (step, result.output)
    assert "1 file checked: no problems" in result.stdout


def test_the_files_the_examples_check_are_in_the_repository() -> None:
    # A newcomer runs the examples from the clone: every file they name is there.
    blocks = re.findall(r"```sh\n(.*?)```", ALL, re.S)
    named = [
        word
        for block in blocks
        for line in block.splitlines()
        if line.startswith(("datasetkit validate", "datasetkit lint", "cat "))
        for word in line.split("#")[0].split()[1:]
        if word.startswith("examples/")
    ]
    assert named, "no example names a file"
    for word in named:
        pattern = word.strip('"')
        assert list(ROOT.glob(pattern)) or (ROOT / pattern).exists(), word


def test_the_commands_that_start_a_dataset_create_its_folder(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    said = " ".join(DOCS["commands.md"].split())
    assert "(`init`, `new`, `generate`) create a missing output folder" in said
    assert cli("init", "-o", "a/evals.json").exit_code == 0 and (tmp_path / "a").is_dir()
    new = cli("new", "-p", "What is the refund window for orders?", "-o", "b/evals.json")
    assert new.exit_code == 0 and (tmp_path / "b").is_dir()
    refused = cli("convert", "a/evals.json", "-o", "c/out.jsonl")
    assert refused.exit_code == 2 and not (tmp_path / "c").exists()


def _readme_examples() -> list[str]:
    """The lines of the README's "One example per command"."""
    section = README.split("## One example per command", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_readme_examples_run_as_written(cli, tmp_path, monkeypatch) -> None:
    import shlex
    import shutil

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    for line in _readme_examples():
        args = shlex.split(line)
        assert args[0] == "datasetkit", line
        if args[1] == "view":
            _serve_until_interrupted(args[1:], tmp_path)
            continue
        result = cli(*args[1:])
        # The examples on files with mistakes show findings: exit 1; the others are clean.
        broken = "with-mistakes" in line or "legacy-prompts" in line
        assert result.exit_code == (1 if broken else 0), (line, result.output)


def _serve_until_interrupted(args: list[str], cwd) -> None:
    """Run a serving command as written: it prints its address, answers there, and
    Ctrl-C ends it cleanly."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    # BROWSER=true: "opening the browser" runs the true command, so no window appears.
    env = {**os.environ, "BROWSER": "true", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "datasetkit", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), (args, url, proc.stderr.read())
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) in (0, 130), (args, proc.stderr.read())
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _doc_commands() -> list[tuple[str, list[str]]]:
    """Every datasetkit command line in the sh blocks of the docs pages."""
    import shlex

    found = []
    for name, text in DOCS.items():
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            for line in block.replace("\\\n", " ").splitlines():
                for part in line.split("#")[0].split("|"):
                    part = part.strip()
                    if part.startswith("datasetkit ") and "&&" not in part:
                        found.append((name, shlex.split(part)[1:]))
    return found


def test_every_command_in_the_docs_parses(cli) -> None:
    # Commands that need a server or a provider key are not run here; each must name a
    # command and options that exist (-h after them parses every option first).
    lines = _doc_commands()
    assert len(lines) > 40
    for page, args in lines:
        result = cli(*args, "-h")
        assert result.exit_code == 0, (page, args, result.output)
