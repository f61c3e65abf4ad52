"""Folder walks skip what is not a dataset: defaults, exclude/extend-exclude, .gitignore."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DOC = {"schemaVersion": "1.2.0", "items": [{"prompt": "What is the refund window for orders?"}]}


def _tree(root: Path, names: list[str]) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(DOC), encoding="utf-8")


def _checked(cli, *args: str) -> list[str]:
    result = cli("validate", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return sorted(Path(f["path"]).as_posix() for f in json.loads(result.stdout)["files"])


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    _tree(
        tmp_path,
        [
            "evals/evals.json",
            "build/lib/evals.json",
            "dist/copy.json",
            "pkg.egg-info/sources.json",
            "node_modules/x/package.json",
            "schemas/eval-document.schema.json",
        ],
    )
    return tmp_path


def test_build_folders_and_schemas_are_skipped_by_default(cli, project: Path) -> None:
    assert _checked(cli, ".") == ["evals/evals.json"]
    # A file named on the command line is always read.
    assert _checked(cli, "build/lib/evals.json") == ["build/lib/evals.json"]


def test_gitignore_files_are_honoured(cli, project: Path) -> None:
    (project / ".git").mkdir()
    (project / ".gitignore").write_text("generated/\n# comment\n", encoding="utf-8")
    _tree(project, ["generated/out.json", "evals/old/a.json", "evals/old/keep.json"])
    (project / "evals" / "old" / ".gitignore").write_text("*.json\n!keep.json\n", encoding="utf-8")
    assert _checked(cli, ".") == ["evals/evals.json", "evals/old/keep.json"]
    # Walking a subfolder still honours the .gitignore above it.
    (project / "evals" / "generated").mkdir()
    _tree(project, ["evals/generated/x.json"])
    assert _checked(cli, "evals") == ["evals/evals.json", "evals/old/keep.json"]


def test_extend_exclude_adds_and_exclude_replaces(cli, project: Path) -> None:
    _tree(project, ["evals/archive/2024.json"])
    config = project / "datasetkit.toml"
    config.write_text('extend-exclude = ["evals/archive/"]\n', encoding="utf-8")
    assert _checked(cli, ".") == ["evals/evals.json"]
    # In pyproject.toml, under [tool.datasetkit]; exclude replaces the defaults.
    config.unlink()
    (project / "pyproject.toml").write_text(
        '[tool.datasetkit]\nexclude = ["node_modules/", "*.schema.json", "archive/"]\n',
        encoding="utf-8",
    )
    assert _checked(cli, ".") == [
        "build/lib/evals.json",
        "dist/copy.json",
        "evals/evals.json",
        "pkg.egg-info/sources.json",
    ]


def test_a_mistyped_key_is_named_with_the_fix(cli, project: Path) -> None:
    (project / "datasetkit.toml").write_text('exlude = ["x/"]\n[lint]\nexlude = 1\n')
    result = cli("lint", ".")
    assert result.exit_code == 2
    assert "unknown key 'exlude'" in result.stderr and "'exclude'" in result.stderr


def test_the_lint_table_overrides_and_other_keys_are_lints(cli, project: Path) -> None:
    # The walk reads its patterns from the settings file as lint reads them ([lint] wins);
    # checking the other keys is lint's job, so a walk for validate does not stop on them.
    _tree(project, ["evals/archive/2024.json", "evals/old/2023.json"])
    (project / "datasetkit.toml").write_text(
        'extend-exclude = ["evals/archive/"]\n[lint]\nextend-exclude = ["evals/old/"]\n'
        'select = ["lint.no-such-rule"]\n',
        encoding="utf-8",
    )
    assert _checked(cli, ".") == ["evals/archive/2024.json", "evals/evals.json"]
    result = cli("lint", ".")
    assert result.exit_code == 2 and "no lint rule matches" in result.stderr


def test_a_folder_holding_a_symbolic_link_in_a_loop_is_no_bug(cli, tmp_path: Path) -> None:
    # Path.resolve() raised RuntimeError for the loop: the bug-report fallback.
    (tmp_path / "evals.json").write_text(
        '{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?"}]}', encoding="utf-8"
    )
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    res = cli("lint", str(tmp_path))
    assert res.exit_code == 2, res.output
    assert "symbolic link in a loop" in res.output and "bug" not in res.output
