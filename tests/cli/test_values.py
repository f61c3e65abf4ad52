"""Option values converted without pydantic (cli._values) are exactly typer's own.

Every option of every command is given sample values of each kind (text, lists, choices
valid and not, numbers, flags, none); the plain conversion must give the value typer's
pydantic-based one gives, or fail with the same error.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer._click import Context
from typer._coercion import build_runtime_param

from datasetkit.cli import _values, build_app

SAMPLES: list[Any] = [
    None,
    "",
    "x",
    "json",
    "JSON",
    "text",
    "nope",
    "5",
    "-1",
    "a=b",
    ("a", "b"),
    ["a"],
    (),
    ("a", 1),
    5,
    True,
    False,
    b"bytes",
]


def _params() -> list[tuple[str, Any, Any]]:
    root = typer.main.get_command(build_app())
    found = []
    for name, command in sorted(root.commands.items()):  # type: ignore[attr-defined]
        subs = getattr(command, "commands", None)
        for sub_name, sub in sorted((subs or {name: command}).items()):
            for param in sub.params:
                if getattr(param, "type_descriptor", None) is not None:
                    found.append((f"{name} {sub_name} {param.name}", sub, param))
    return found


PARAMS = _params()


def _outcome(runtime: Any, value: Any, param: Any, ctx: Context) -> tuple[str, Any]:
    try:
        return "value", runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # the error itself is what is compared
        return type(exc).__name__, str(exc)


def test_every_command_has_options_to_compare():
    names = {p[0].split()[0] for p in PARAMS}
    assert {"validate", "lint", "convert"} <= names
    assert len(PARAMS) > 40


@pytest.mark.parametrize(("label", "command", "param"), PARAMS, ids=[p[0] for p in PARAMS])
def test_plain_conversion_is_typers(label, command, param):
    ctx = Context(command)
    typer_runtime = build_runtime_param(param.type_descriptor)
    plain = _values._PlainValue(param.type_descriptor)
    for value in SAMPLES:
        want = _outcome(typer_runtime, value, param, ctx)
        # typer's words, less the "Value error," its pydantic conversion puts in front.
        got = _outcome(plain, value, param, ctx)
        if want[0] != "value":
            want, got = ((o[0], o[1].replace("Value error, ", "")) for o in (want, got))
        assert got == want, f"{label}: {value!r}"
        if want[0] == "value":
            assert type(got[1]) is type(want[1]), f"{label}: {value!r}"


def test_install_reaches_subcommands_and_the_help_option():
    root = typer.main.get_command(build_app())
    _values.install(root)
    validate = root.commands["validate"]  # type: ignore[attr-defined]
    assert all(
        isinstance(p._runtime_param, _values._PlainValue)
        for p in validate.params
        if hasattr(p, "type_descriptor")
    )
    ctx = Context(validate, help_option_names=["-h", "--help"])
    option = validate.get_help_option(ctx)
    assert isinstance(option._runtime_param, _values._PlainValue)


def test_a_choice_that_is_not_one_is_said_plainly():
    import subprocess
    import sys

    args = [sys.executable, "-m", "datasetkit", "validate", "x.json", "--format", "xml"]
    result = subprocess.run(args, capture_output=True, text=True)
    assert result.returncode == 2
    assert "'xml' is not one of 'text', 'json'" in result.stderr
    assert "Value error" not in result.stderr
