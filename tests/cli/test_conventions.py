"""What users expect of every command: -h, examples, -q/-v, completion, colour, exit codes."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main

from tests.conftest import ROOT

BAD = ROOT / "examples" / "datasets" / "m365" / "with-mistakes.json"
GOOD = ROOT / "examples" / "datasets" / "m365" / "evals.json"


def _commands() -> Iterator[tuple[str, object]]:
    """(path, click command) for every command and group, walked from the real app."""
    from datasetkit.cli import build_app

    root = typer.main.get_command(build_app())

    def walk(cmd: object, path: str) -> Iterator[tuple[str, object]]:
        subs = getattr(cmd, "commands", None)
        yield path, cmd
        for name, sub in (subs or {}).items():
            yield from walk(sub, f"{path} {name}".strip())

    yield from walk(root, "")


COMMANDS = [path for path, _ in _commands()]


def test_the_walk_finds_every_command() -> None:
    assert {"validate", "lint", "convert", "schema", "generate knowledge"} <= set(COMMANDS)
    assert len(COMMANDS) >= 15


@pytest.mark.parametrize("path", COMMANDS)
def test_every_help_has_an_example_that_parses(cli, path: str) -> None:
    result = cli(*path.split(), "-h")
    assert result.exit_code == 0, result.output
    assert result.stdout == cli(*path.split(), "--help").stdout
    assert "Examples:" in result.stdout, path
    examples = result.stdout.split("Examples:", 1)[1].strip().splitlines()
    assert examples and all(e.strip().startswith(f"datasetkit {path}") for e in examples), examples
    # Each example is a command line the command accepts (parsed, not run).
    command = dict(_commands())[path]
    for example in examples:
        args = shlex.split(example)[1 + len(path.split()) :]
        command.make_context(path, args)  # type: ignore[attr-defined]
    # Placeholders are words, not Python types.
    assert "<list[" not in result.stdout and "<str>" not in result.stdout, path


@pytest.mark.parametrize("path", [p for p, c in _commands() if p and not hasattr(c, "commands")])
def test_every_command_takes_quiet_and_verbose(path: str) -> None:
    command = dict(_commands())[path]
    opts = {o for p in command.params for o in p.opts}  # type: ignore[attr-defined]
    assert {"-q", "--quiet", "-v", "--verbose"} <= opts, path


def test_format_options_show_their_choices(cli) -> None:
    help_text = cli("validate", "-h").stdout
    assert "--from <m365|foundry|foundry-csv|copilot-studio" in help_text
    assert "<text|json|github|sarif|junit|azure|gitlab>" in help_text
    assert "--format <text|json>" in cli("rules", "-h").stdout
    assert "--format <markdown|json>" in cli("ingest", "-h").stdout
    assert "--jsonl-style <auto|messages|query-response>" in cli("convert", "-h").stdout
    assert "--ungrounded <drop|flag>" in cli("generate", "knowledge", "-h").stdout


def test_shell_completion_is_offered(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "--install-completion" in cli("-h").stdout
    # The shell is found by walking up the process tree, which a test runner's workers may
    # not lead back to a shell (the test failed now and then under load): name it.
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    result = cli("--show-completion", "bash")
    assert result.exit_code == 0
    assert "complete" in result.stdout and "datasetkit" in result.stdout.lower()


def test_quiet_prints_only_the_findings(cli) -> None:
    loud = cli("validate", str(GOOD), str(BAD)).stdout
    assert ": ok" in loud and "2 files checked" in loud
    result = cli("validate", str(GOOD), str(BAD), "-q")
    assert result.exit_code == 1
    assert ": ok" not in result.stdout and "checked" not in result.stdout
    assert "[m365.schema.unknown-field]" in result.stdout
    assert cli("validate", str(GOOD), "-q").stdout == ""


def test_color_follows_no_color_and_force_color(cli) -> None:
    red = "\x1b[31m"
    assert red not in cli("validate", str(BAD)).stdout  # not a terminal: no colour
    assert red in cli("validate", str(BAD), env={"FORCE_COLOR": "1"}).stdout
    assert red not in cli("validate", str(BAD), env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    # Machine formats never carry colour.
    forced = cli("validate", str(BAD), "-f", "json", env={"FORCE_COLOR": "1"}).stdout
    assert "\x1b" not in forced and json.loads(forced)


def test_lint_exit_zero_and_report_file(cli, tmp_path: Path) -> None:
    out = tmp_path / "lint.sarif"
    result = cli("lint", str(BAD), "--exit-zero", "-f", "sarif", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    sarif = json.loads(out.read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"]
    assert cli("lint", str(BAD)).exit_code == 1
    # --exit-zero hides findings, never a run that could not happen.
    assert cli("lint", str(tmp_path / "missing.json"), "--exit-zero").exit_code == 2


@pytest.mark.parametrize(
    "args",
    [
        ["validate", str(GOOD), "--format", "nope"],
        ["validate", str(GOOD), "--from", "nope"],
        ["lint", str(GOOD), "--from", "nope"],
        ["lint", str(GOOD), "--select", "lint.nope"],
        ["convert", str(GOOD), "--to", "nope", "-o", "x.json"],
        ["stats", str(GOOD), "--format", "nope"],
        ["rules", "--format", "nope"],
        ["rules", "lint.nope"],
        ["ingest", str(GOOD), "--format", "nope"],
        ["schema", "nope"],
        ["validate", str(GOOD), "--no-such-option"],
    ],
)
def test_every_usage_error_exits_2(cli, args: list[str], tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "bug in datasetkit" not in result.output


def test_a_mistyped_rule_suggests_a_close_one_or_none(cli) -> None:
    close = cli("rules", "lint.prompt.vauge")
    assert "did you mean lint.prompt.vague?" in close.stderr
    far = cli("rules", "lint.nope")
    assert far.exit_code == 2
    assert "did you mean" not in far.stderr
    assert "no lint rule matches 'lint.nope'" in far.stderr


@pytest.mark.parametrize("code", ["nope.rule", "prompt.vauge", "json.bom"])
def test_a_rule_code_without_lint_is_refused_like_one_with_it(cli, code: str) -> None:
    # `rules` explains lint rules: a code naming none is an error, whatever its head.
    result = cli("rules", code)
    assert result.exit_code == 2 and result.stdout == "", result.stdout
    assert "no lint rule matches" in result.stderr
    assert ("did you mean lint.prompt.vague?" in result.stderr) == (code == "prompt.vauge")


def test_dash_output_writes_the_dataset_to_stdout(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    queries = ROOT / "examples" / "datasets" / "foundry" / "queries.jsonl"
    result = cli("convert", str(queries), "--to", "m365", "-o", "-")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert len(doc["items"]) == 3
    assert "wrote - (m365)" in result.stderr and "datasetkit-stdout" not in result.stderr
    # No file name to tell the format from: a usage error that names the fix.
    bare = cli("convert", str(queries), "-o", "-")
    assert bare.exit_code == 2 and "--to FORMAT -o -" in bare.stderr
    # Chatter a command prints on stdout moves to stderr: stdout is the dataset alone.
    init = cli("init", "-o", "-")
    assert init.exit_code == 0 and json.loads(init.stdout)["schemaVersion"]
    assert "Created -" in init.stderr
    knowledge = str(ROOT / "examples" / "knowledge")
    made = cli("generate", "knowledge", knowledge, "-n", "2", "--seed", "1", "-o", "-")
    assert made.exit_code == 0, made.output
    assert len(json.loads(made.stdout)["items"]) == 2
    sheet = cli("review", "sheet", str(GOOD), "-o", "-")
    assert sheet.exit_code == 0 and sheet.stdout_bytes.startswith(b"PK")
    assert list(tmp_path.iterdir()) == []  # never a file named '-'


def test_dash_output_claims_only_what_reaches_stdout(cli, tmp_path: Path, monkeypatch) -> None:
    # Copilot Studio writes a .setup.md beside its CSV: with -o - it is not written, and
    # the report says so once instead of claiming it was.
    monkeypatch.chdir(tmp_path)
    result = cli("convert", str(GOOD), "--to", "copilot-studio", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('"Question"')
    wrote = next(x for x in result.stderr.splitlines() if "wrote" in x)
    assert wrote.startswith("datasetkit: wrote - (copilot-studio)") and "setup" not in wrote
    assert "stdout" not in result.stderr.replace("goes to stdout", "")
    assert "not written: its .setup.md" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_generate_groups_its_many_options_in_panels(cli) -> None:
    text = cli("generate", "knowledge", "-h").stdout
    headings = [ln[:-1] for ln in text.splitlines() if ln.endswith(":") and not ln.startswith(" ")]
    assert headings[:3] == ["Arguments", "What to make", "Knowledge files"]
    assert {"Output", "LLM provider", "Review by the model", "Cost and pacing"} <= set(headings)
    assert "Options" not in headings  # no flat list of every option

    def panel_of(option: str) -> str:
        before = text.split(f"  {option} ", 1)[0]
        return [ln for ln in before.splitlines() if ln.endswith(":") and not ln.startswith(" ")][-1]

    assert panel_of("--max-cost") == "Cost and pacing:"
    assert panel_of("--model") == "LLM provider:"
    assert panel_of("--no-judge") == "Review by the model:"


def test_quiet_silences_the_chatter_of_writing_commands(cli, tmp_path: Path) -> None:
    knowledge = str(ROOT / "examples" / "knowledge")
    out = str(tmp_path / "g.json")
    loud = cli("generate", "knowledge", knowledge, "-n", "2", "--seed", "1", "-o", out)
    assert "seed 1" in loud.stderr and "wrote 2 case(s)" in loud.stderr
    hushed = cli(
        "generate", "knowledge", knowledge, "-n", "2", "--seed", "1", "-o", out, "--force", "-q"
    )
    assert hushed.exit_code == 0 and hushed.stderr == ""
    assert "nothing to migrate" in cli("migrate", "--check", out).stderr
    assert cli("migrate", "--check", out, "-q").stderr == ""
    schema = cli("schema", "-o", str(tmp_path / "s.json"), "-q")
    assert schema.exit_code == 0 and schema.stderr == ""


@pytest.mark.parametrize("args", [["rules"], ["rules", "--format", "json"], ["formats"]])
def test_a_closed_stdout_ends_quietly(args: list[str]) -> None:
    # `datasetkit rules | head -1`: the reader is gone before the first write.
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "datasetkit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "Broken pipe" not in err and "error" not in err, err
