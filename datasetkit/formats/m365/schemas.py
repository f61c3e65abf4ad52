"""The project's JSON Schemas for the Microsoft 365 Copilot eval document, one per version.

The files live in the repository's top-level ``schemas/m365/`` folder and ship in the wheel
as the package ``datasetkit._schemas``. Each schema describes what that version of the
format allowed; like the official files, none of them gates features on the declared
``schemaVersion`` (any 1.x version string passes the 1.x patterns), so version-aware
checks are made beside them (:mod:`.features`, from the version table :mod:`.versions`).
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.formats.m365.versions import require_known

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

__all__ = [
    "SCHEMA_BASE_URL",
    "load_schema",
    "schema_file_name",
    "schema_id",
    "schema_text_path",
    "validator_for",
]

# Every published schema's $id is this base plus its path under schemas/. The ids are
# names, stable across releases; nothing fetches them (editors use the local files).
SCHEMA_BASE_URL = "https://datasetkit.dev/schemas/"


def _schema_root() -> Traversable:
    """Folder holding ``m365/``: the packaged data in a wheel, else the checkout's schemas/."""
    try:
        packaged = importlib.resources.files("datasetkit._schemas")
    except (ModuleNotFoundError, TypeError):
        # An editable install cannot import the mapped data folder as a package.
        packaged = None
    if packaged is not None and (packaged / "m365" / "versions.json").is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "schemas"


def schema_file_name(version: str) -> str:
    """The file name of a version's schema under ``schemas/m365/``."""
    return f"eval-document-{version}.schema.json"


def schema_id(version: str) -> str:
    """The ``$id`` of a version's schema: stable, https, under :data:`SCHEMA_BASE_URL`."""
    return f"{SCHEMA_BASE_URL}m365/{schema_file_name(version)}"


def schema_text_path(version: str) -> Traversable:
    """Where the schema file of a known ``version`` is (a Path in a checkout)."""
    require_known(version)
    return _schema_root() / "m365" / schema_file_name(version)


@functools.cache
def _parsed(version: str) -> dict[str, Any]:
    path = schema_text_path(version)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DatasetkitError(
            f"cannot read the bundled schema {path}: {exc}",
            "reinstall datasetkit; the package data is missing or damaged",
        ) from exc
    if not isinstance(data, dict):
        raise DatasetkitError(f"bundled schema {path} is not a JSON object", "reinstall datasetkit")
    return data


def load_schema(version: str) -> dict[str, Any]:
    """The schema of a known ``version`` as a dict (read once; each call returns a copy)."""
    # A copy, so a caller that edits its schema cannot change what validator_for uses.
    return copy.deepcopy(_parsed(version))


@functools.cache
def validator_for(version: str) -> Validator:
    """A cached draft 2020-12 validator (with format checking) for a known ``version``."""
    # jsonschema is imported here, not at the top: a document the fast verdict proves
    # valid (datasetkit.formats.m365.schemacheck) is checked without it, and it takes ~40 ms to import.
    from jsonschema import Draft202012Validator, FormatChecker

    return Draft202012Validator(_parsed(version), format_checker=FormatChecker())
