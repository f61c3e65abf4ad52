"""datasetkit: author, check, convert and generate evaluation datasets for AI agents.

The public Python API lives here; the command line (``datasetkit``) is a thin layer
over it. Everything not listed in ``__all__`` is private.

    >>> import datasetkit
    >>> ds = datasetkit.loads('{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?"}]}', "m365")
    >>> ds.cases[0].turns[0].prompt
    'Hi?'

Names are imported on first use (module ``__getattr__``), so ``import datasetkit``
stays fast and pulls in no heavy library (pandas, openpyxl, pypdf, docx, openai).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from datasetkit._version import __version__

# Public name -> the private module that defines it.
_EXPORTS = {
    "load": "datasetkit.api.reading",
    "loads": "datasetkit.api.reading",
    "dump": "datasetkit.api.writing",
    "dumps": "datasetkit.api.writing",
    "iter_cases": "datasetkit.api.reading",
    "validate": "datasetkit.api.checking",
    "lint": "datasetkit.api.checking",
    "convert": "datasetkit.api.converting",
    "migrate": "datasetkit.api.converting",
    "ingest": "datasetkit.api.knowledge",
    "generate_knowledge": "datasetkit.api.knowledge",
    "generate_starter": "datasetkit.api.knowledge",
    "Report": "datasetkit.api.results",
    "WriteReport": "datasetkit.api.results",
    "WriteError": "datasetkit.api.results",
    "Knowledge": "datasetkit.api.results",
    "Generated": "datasetkit.api.results",
    "Dataset": "datasetkit.core.model",
    "Case": "datasetkit.core.model",
    "Turn": "datasetkit.core.model",
    "Message": "datasetkit.core.model",
    "Seed": "datasetkit.core.model",
    "Finding": "datasetkit.core.findings",
    "Location": "datasetkit.core.findings",
    "Severity": "datasetkit.core.findings",
    "DatasetkitError": "datasetkit.core.findings",
    "view": "datasetkit.api.viewing",
    "Viewer": "datasetkit.api.viewing",
}

__all__ = [
    "Case",
    "Dataset",
    "DatasetkitError",
    "Finding",
    "Generated",
    "Knowledge",
    "Location",
    "Message",
    "Report",
    "Seed",
    "Severity",
    "Turn",
    "Viewer",
    "WriteError",
    "WriteReport",
    "__version__",
    "convert",
    "dump",
    "dumps",
    "generate_knowledge",
    "generate_starter",
    "ingest",
    "iter_cases",
    "lint",
    "load",
    "loads",
    "migrate",
    "validate",
    "view",
]

if TYPE_CHECKING:
    from datasetkit.api.checking import lint, validate
    from datasetkit.api.converting import convert, migrate
    from datasetkit.api.knowledge import generate_knowledge, generate_starter, ingest
    from datasetkit.api.reading import iter_cases, load, loads
    from datasetkit.api.results import Generated, Knowledge, Report, WriteError, WriteReport
    from datasetkit.api.viewing import Viewer, view
    from datasetkit.api.writing import dump, dumps
    from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
    from datasetkit.core.model import Case, Dataset, Message, Seed, Turn


class _Entry:
    """An API function that is also the way to the private module of the same name.

    ``validate``, ``lint``, ``convert`` and ``migrate`` are API functions and, from
    before the API, modules (``datasetkit.convert.entry.convert``, ``datasetkit.migrate.plan``).
    Calling the entry calls the function; any attribute reads, sets or deletes the
    module's, so code that reaches the modules through the package keeps working.
    """

    # No instance __dict__: ``entry.__dict__`` is then the module's (through __getattr__),
    # so tools that save and restore attributes through __dict__ (pytest's monkeypatch)
    # restore the module's attribute instead of deleting it.
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def _module(self) -> Any:
        return importlib.import_module(f"{__name__}.{self._name}")

    def _function(self) -> Any:
        return getattr(importlib.import_module(_EXPORTS[self._name]), self._name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._function()(*args, **kwargs)

    # For help() and inspect.signature(): the function's documentation and signature.
    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        doc: str | None = self._function().__doc__
        return doc

    @property
    def __wrapped__(self) -> Any:
        return self._function()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._module(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._module(), name, value)

    def __delattr__(self, name: str) -> None:
        delattr(self._module(), name)

    def __repr__(self) -> str:
        return f"<datasetkit.{self._name}: the API function (and the module of that name)>"


_ENTRIES = ("validate", "lint", "convert", "migrate")


class _Package(types.ModuleType):
    """The package, keeping its API entries when a same-named submodule is imported
    (the import system sets every submodule on its package)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _ENTRIES and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


if not TYPE_CHECKING:
    globals().update({name: _Entry(name) for name in _ENTRIES})
sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'datasetkit' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
