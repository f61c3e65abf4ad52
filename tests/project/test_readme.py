"""The README stays true: the facts it states are the ones the code has."""

from __future__ import annotations

import re

from datasetkit.formats import all_formats
from datasetkit.formats.m365 import templates
from datasetkit.lint import all_rules
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_rule_count() -> None:
    (n,) = re.findall(r"then (\d+) semantic rules", README)
    assert int(n) == len(all_rules())


def test_every_format_and_template_is_named() -> None:
    for fmt in all_formats():
        assert f"`{fmt.name}`" in README, fmt.name
    for name in templates.names():
        assert f"`{name}`" in README, name


def test_every_command_has_a_section() -> None:
    from datasetkit.cli import build_app

    app = build_app()
    names = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    for name in sorted(n for n in names if n):
        assert f"`datasetkit {name}`" in README, name


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
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
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
    assert "(`init`, `new`, `generate`) create a missing output folder" in " ".join(README.split())
    assert cli("init", "-o", "a/evals.json").exit_code == 0 and (tmp_path / "a").is_dir()
    new = cli("new", "-p", "What is the refund window for orders?", "-o", "b/evals.json")
    assert new.exit_code == 0 and (tmp_path / "b").is_dir()
    refused = cli("convert", "a/evals.json", "-o", "c/out.jsonl")
    assert refused.exit_code == 2 and not (tmp_path / "c").exists()
