"""``datasetkit schema`` and the VS Code recipe: editors and validate agree on one schema file."""

from __future__ import annotations

import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator

from datasetkit.formats.m365 import schemas, versions
from tests.conftest import ROOT

FORMATS_PAGE = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
COMMANDS_PAGE = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
DATASET = {
    "schemaVersion": "1.4.0",
    "items": [{"prompt": "What is the refund window for online orders?"}],
}


def test_schema_prints_the_newest_1x_schema(cli) -> None:
    result = cli("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schemas.load_schema(versions.LATEST_V1)
    assert json.loads(cli("schema", "1.4.0", "-o", "-").stdout)["$id"] == (
        "https://datasetkit.dev/schemas/m365/eval-document-1.4.0.schema.json"
    )


def test_schema_writes_a_file_and_resolves_a_patch_version(cli, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    result = cli("schema", "1.9.5", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["$id"].endswith("1.9.0.schema.json")
    assert "wrote the 1.9.0 schema" in result.stderr


def test_schema_of_an_unknown_version_is_a_usage_error(cli) -> None:
    result = cli("schema", "9.0.0")
    assert result.exit_code == 2
    assert "no schema for eval document version '9.0.0'" in result.stderr
    assert "1.11.0" in result.stderr


def test_schema_list_names_every_version(cli) -> None:
    lines = cli("schema", "--list").stdout.splitlines()
    assert [ln.split()[0] for ln in lines] == list(versions.KNOWN_VERSIONS)
    assert "(preview)" in lines[-1]


def _recipe() -> tuple[list[list[str]], dict[str, object], str]:
    """The VS Code recipe of docs/formats.md: the command, the settings.json, the $schema line."""
    section = FORMATS_PAGE.split("### VS Code", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w+)\n(.*?)```", section, re.S)
    command = [step.split() for step in next(b for lang, b in blocks if lang == "sh").split("&&")]
    settings = json.loads(next(b for lang, b in blocks if lang == "jsonc"))
    dataset = next(b for lang, b in blocks if lang == "json")
    return command, settings, json.loads(dataset)["$schema"]


def test_vscode_recipe_from_the_readme_validates(cli, tmp_path: Path, monkeypatch) -> None:
    (mkdir, command), settings, schema_ref = _recipe()
    monkeypatch.chdir(tmp_path)
    assert mkdir[:2] == ["mkdir", "-p"] and command[0] == "datasetkit"
    Path(mkdir[2]).mkdir(parents=True)
    assert cli(*command[1:]).exit_code == 0
    # settings.json maps the dataset files to the written schema, relative to the workspace.
    (mapping,) = settings["json.schemas"]  # type: ignore[misc]
    schema_file = tmp_path / mapping["url"]
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    # A dataset in evals/ names the same file by a relative "$schema" (what VS Code follows).
    dataset_path = tmp_path / "evals" / "evals.json"
    dataset_path.parent.mkdir()
    assert (dataset_path.parent / schema_ref).resolve() == schema_file.resolve()
    assert any(Path("evals/evals.json").match(glob) for glob in mapping["fileMatch"])
    doc = {"$schema": schema_ref, **DATASET}
    dataset_path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).validate(doc)
    result = cli("validate", "evals/evals.json")
    assert result.exit_code == 0, result.output
    assert "no problems" in result.stdout


def test_file_and_relative_schema_references_are_accepted(cli, tmp_path: Path) -> None:
    for ref in ("../schemas/m365/eval-document-1.4.0.schema.json", "file:///tmp/s.json"):
        path = tmp_path / "evals.json"
        path.write_text(json.dumps({"$schema": ref, **DATASET}), encoding="utf-8")
        result = cli("validate", str(path))
        assert result.exit_code == 0, (ref, result.output)
    path.write_text(json.dumps({"$schema": "not a uri at all", **DATASET}), encoding="utf-8")
    result = cli("validate", str(path))
    assert result.exit_code == 1
    assert "/$schema" in result.stdout


def test_the_readme_schema_examples_run(cli, tmp_path: Path, monkeypatch) -> None:
    block = (
        COMMANDS_PAGE.split("## `datasetkit schema`", 1)[1].split("```sh\n", 1)[1].split("```")[0]
    )
    monkeypatch.chdir(tmp_path)
    lines = [ln.split("#")[0].split() for ln in block.strip().splitlines()]
    assert len(lines) == 3
    for args in lines:
        assert args[0] == "datasetkit"
        assert cli(*args[1:]).exit_code == 0, args
    assert json.loads((tmp_path / "eval-document-1.4.0.schema.json").read_text())["$id"]
