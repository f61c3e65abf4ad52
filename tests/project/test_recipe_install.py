"""The CI recipes' install step, run as written against a local clone of the repository,
then their check steps and the pre-commit hooks with the copy it installed.

The clone gets the release tag the recipes name (a release is tagged so); pip installs
from it with the recipe's own requirement, without dependencies (this environment has
them) and without the network.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from datasetkit import __version__
from tests.conftest import ROOT
from tests.project.test_readme_recipes import BLOCKS, _commands

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_INSTALL = re.compile(r'pip install "(git\+\$\{DATASETKIT_REPO\}@v([0-9][^"]*))"')


def _install_lines() -> dict[str, str]:
    """Each recipe's install line."""
    found = {}
    for title in ("GitHub Actions", "Azure Pipelines", "GitLab CI"):
        text = yaml.safe_dump(BLOCKS[title], width=1000)
        (found[title],) = [m.group(0) for m in _INSTALL.finditer(text)]
    return found


def test_the_version_is_stated_once_and_the_recipes_install_a_release() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    lines = _install_lines()
    assert len(set(lines.values())) == 1, lines  # one install line, one version
    (version,) = {_INSTALL.search(x).group(2) for x in lines.values()}  # type: ignore[union-attr]
    assert version == __version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(version)} \(\d{{4}}-\d\d-\d\d\)$", changelog, re.M)
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        text = page.read_text(encoding="utf-8")
        assert "pip install datasetkit" not in text and "rev: v" not in text, page


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The recipes' install line run against a tagged local clone: the install folder."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    tmp = tmp_path_factory.mktemp("recipe")
    clone = tmp / "datasetkit"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    line = next(iter(_install_lines().values()))
    tag = line.rsplit("@", 1)[1].rstrip('"')
    git = ["git", "-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "tag", "-f", tag], check=True, capture_output=True)
    env = {**os.environ, "DATASETKIT_REPO": clone.as_uri()}
    args = shlex.split(os.path.expandvars(line.replace("${DATASETKIT_REPO}", clone.as_uri())))
    assert args[:2] == ["pip", "install"], line
    site = tmp / "site"
    offline = ["--no-deps", "--no-build-isolation", "-q", "--target", str(site)]
    proc = subprocess.run(
        [sys.executable, "-m", *args, *offline], env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return site


def _env(site: Path) -> dict[str, str]:
    path = str(site / "bin") + os.pathsep + str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATASETKIT_")}
    return {**env, "PYTHONPATH": str(site), "PATH": path + os.pathsep + env.get("PATH", "")}


def _project(tmp_path: Path) -> Path:
    work = tmp_path / "project"
    shutil.copytree(ROOT / "examples" / "datasets" / "m365", work / "evals")
    (work / "evals" / "with-mistakes.json").unlink()
    (work / "evals" / "legacy-prompts.json").unlink()
    return work


@pytest.mark.parametrize("title", ["GitHub Actions", "Azure Pipelines", "GitLab CI"])
def test_the_installed_copy_runs_each_recipes_checks(
    installed: Path, tmp_path: Path, title: str
) -> None:
    work = _project(tmp_path)
    env = _env(installed)
    version = subprocess.run(
        ["datasetkit", "--version"], env=env, capture_output=True, text=True, check=True
    )
    assert version.stdout.strip() == f"datasetkit {__version__}"
    staging = tmp_path / "staging"
    for line in _commands(BLOCKS[title]):
        line = line.replace("$(Build.ArtifactStagingDirectory)", str(staging))
        proc = subprocess.run(line, shell=True, cwd=work, env=env, capture_output=True, text=True)
        assert proc.returncode == 0, (line, proc.stdout, proc.stderr)


def test_the_pre_commit_recipe_runs_with_the_installed_copy(
    installed: Path, tmp_path: Path
) -> None:
    work = _project(tmp_path)
    (work / ".pre-commit-config.yaml").write_text(yaml.safe_dump(BLOCKS["pre-commit"]))
    env = {
        **_env(installed),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    subprocess.run(["git", "init", "-q"], cwd=work, check=True)
    subprocess.run(["git", "add", "."], cwd=work, check=True)
    run = [sys.executable, "-m", "pre_commit", "run", "--all-files"]
    proc = subprocess.run(run, cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("Passed") == 3, proc.stdout
