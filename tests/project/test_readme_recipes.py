"""The CI recipes and pre-commit configuration of docs/ci.md: valid YAML whose commands work."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

SECTION = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
BLOCKS = {
    title: yaml.safe_load(part.split("```yaml\n", 1)[1].split("```", 1)[0])
    for title, part in (
        (chunk.split("\n", 1)[0].strip(), chunk) for chunk in SECTION.split("\n## ")[1:]
    )
}


def _commands(node: object) -> list[str]:
    """Every shell line in a recipe that runs datasetkit."""
    if isinstance(node, dict):
        return [c for v in node.values() for c in _commands(v)]
    if isinstance(node, list):
        return [c for v in node for c in _commands(v)]
    if isinstance(node, str) and "datasetkit " in node and not node.startswith("pip "):
        return [node]
    return []


def test_every_recipe_is_there_and_parses() -> None:
    assert set(BLOCKS) == {"GitHub Actions", "Azure Pipelines", "GitLab CI", "pre-commit"}
    (repo,) = BLOCKS["pre-commit"]["repos"]
    assert repo["repo"] == "local" and "rev" not in repo  # no URL or tag to get wrong
    published = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    # The local hooks are the published ones, narrowed to a folder.
    same = ("name", "entry", "language")
    assert {h["id"]: [h[k] for k in same] for h in repo["hooks"]} == {
        h["id"]: [h[k] for k in same] for h in published
    }


@pytest.mark.parametrize("title", ["GitHub Actions", "Azure Pipelines", "GitLab CI"])
def test_recipe_commands_run_as_written(cli, title: str, tmp_path: Path, monkeypatch) -> None:
    shutil.copytree(ROOT / "examples" / "datasets" / "m365", tmp_path / "evals")
    (tmp_path / "evals" / "with-mistakes.json").unlink()
    (tmp_path / "evals" / "legacy-prompts.json").unlink()
    monkeypatch.chdir(tmp_path)
    commands = _commands(BLOCKS[title])
    assert commands, title
    for line in commands:
        line = line.replace("$(Build.ArtifactStagingDirectory)", str(tmp_path / "staging"))
        for step in line.split("&&"):
            args = shlex.split(step)
            if args[:2] == ["mkdir", "-p"]:
                Path(args[2]).mkdir(parents=True)
                continue
            assert args[0] == "datasetkit", line
            result = cli(*args[1:])
            assert result.exit_code == 0, (line, result.output)
            if "-o" in args:
                report = Path(args[args.index("-o") + 1])
                assert json.loads(report.read_text(encoding="utf-8")) is not None


def test_the_example_files_are_the_readme_recipes() -> None:
    files = {
        "GitHub Actions": "github-actions.yml",
        "Azure Pipelines": "azure-pipelines.yml",
        "GitLab CI": "gitlab-ci.yml",
        "pre-commit": "pre-commit-config.yaml",
    }
    for title, name in files.items():
        text = (ROOT / "examples" / "ci" / name).read_text(encoding="utf-8")
        assert yaml.safe_load(text) == BLOCKS[title], name
