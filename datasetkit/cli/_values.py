"""Plain option values without pydantic.

typer (0.29 and later) converts every option value through a pydantic ``TypeAdapter``:
the first conversion imports pydantic and builds an adapter per option, about a third
of a short ``datasetkit validate`` run. Our options are text, lists of text and enum
choices, whose conversion needs none of that. :func:`install` gives each option of a
command a converter that does those directly and hands anything else (another type,
a value it does not take as is, a choice that is not one) to typer's own, so values
and error messages stay typer's (tests/cli/test_values.py compares the two).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, get_args, get_origin

# Typer's private names this relies on; without them (another typer) nothing is changed.
_SLOT = "_runtime_param"
_DESCRIPTOR = "type_descriptor"


class _PlainValue:
    """An option's conversion: direct for text, lists of text and enum choices."""

    def __init__(self, descriptor: Any) -> None:
        self.descriptor = descriptor
        self._typer: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        done, result = _plain(self.descriptor, value, param, ctx)
        if done:
            return result
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(self.descriptor)
        return self._typer.coerce(value, param=param, ctx=ctx)


def _plain(descriptor: Any, value: Any, param: Any, ctx: Any) -> tuple[bool, Any]:
    """(True, the value typer would give) when it is plain, else (False, None)."""
    info = descriptor.parameter_info
    if info.parser is not None or descriptor.file_annotation is not None:
        return False, None
    annotation = descriptor.annotation
    many = param.multiple or param.nargs == -1
    if value is None:
        return True, (() if many else None)
    if get_origin(annotation) is list:
        ok = (
            many
            and get_args(annotation) == (str,)
            and isinstance(value, (list, tuple))
            and all(type(v) is str for v in value)
        )
        return (True, list(value)) if ok else (False, None)
    if many:
        return False, None
    if annotation is str and type(value) is str:
        return True, value
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice(annotation, info.case_sensitive, value, ctx, param)
    return False, None


def _choice(
    enum: type[Enum], case_sensitive: bool, value: Any, ctx: Any, param: Any
) -> tuple[bool, Any]:
    import typer
    from typer._param_types import coerce_cli_choice

    if isinstance(value, enum):
        return True, value
    if type(value) is not str:
        return False, None
    try:
        return True, coerce_cli_choice(
            value, choices=list(enum), case_sensitive=case_sensitive, ctx=ctx
        )
    except ValueError as exc:
        # typer's wording of a choice that is not one, without the "Value error," its
        # pydantic conversion puts in front of it.
        raise typer.BadParameter(str(exc), ctx=ctx, param=param) from None


def _give(param: Any) -> None:
    descriptor = getattr(param, _DESCRIPTOR, None)
    if descriptor is not None and getattr(param, _SLOT, "absent") is None:
        setattr(param, _SLOT, _PlainValue(descriptor))


def install(command: Any) -> None:
    """Give every option of ``command`` (and of its subcommands) the plain conversion."""
    for param in getattr(command, "params", ()):
        _give(param)
    made = getattr(command, "get_help_option", None)
    if made is not None:
        # The help option is made when a command line is parsed, not with the command.
        def get_help_option(ctx: Any) -> Any:
            option = made(ctx)
            if option is not None:
                _give(option)
            return option

        command.get_help_option = get_help_option
    for sub in getattr(command, "commands", {}).values():
        install(sub)
