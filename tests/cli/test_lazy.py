"""The CLI registers only the named subcommand's module (start-up time), and that app
behaves as the full one: the same help, the same root options, typos still suggested."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer.main

from datasetkit.cli import _command_app, _modules, build_app

CHILD = """
import sys
from datasetkit.cli import main
sys.argv = ["datasetkit", "validate", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
print("LOADED:" + ",".join(sorted(m for m in sys.modules if m.startswith(tuple(sys.argv[2:])))))
"""


@pytest.mark.parametrize("name", _modules())
def test_single_command_app_has_the_full_help(name, capsys):
    full = typer.main.get_command(build_app())
    single = typer.main.get_command(_command_app([name]))
    assert name in single.commands  # type: ignore[attr-defined]
    outputs = []
    for command in (full, single):
        with pytest.raises(SystemExit) as exc:
            command.main([name, "--help"], prog_name="datasetkit")
        assert exc.value.code == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "Usage: datasetkit " + name in outputs[0]


def test_other_first_arguments_get_every_command():
    for argv in ([], ["--help"], ["--version"], ["valdate"], ["-q", "validate"]):
        assert _command_app(argv) is build_app()


def test_validate_imports_no_other_command(tmp_path):
    path = tmp_path / "evals.json"
    path.write_text('{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi"}]}')
    others = [f"datasetkit.cli.{m}" for m in _modules() if m != "validate"]
    others += ["datasetkit.generate", "datasetkit.knowledge", "datasetkit.lint.engine"]
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), *others],
        capture_output=True,
        text=True,
        timeout=120,
    )
    line = [x for x in proc.stdout.splitlines() if x.startswith("LOADED:")]
    assert line, proc.stderr[-2000:]
    assert line[0] == "LOADED:"
