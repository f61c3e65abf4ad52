"""Names a package hands out on first use, so importing it stays cheap.

A format package re-exports its writers and model mapping, whose modules import the
canonical model (and pydantic); registering the format, on every run, must not. The API
hands out the lint catalogue without loading lint's engine for a command that never
asks for it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def lazy_exports(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports ``names`` (name -> its
    submodule) on first use.

    ``module`` is absolute, or relative to ``package``.
    """

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    return __getattr__
