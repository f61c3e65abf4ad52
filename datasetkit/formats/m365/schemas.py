"""The project's JSON Schemas for the Microsoft 365 Copilot eval document, one per version.

The files live in the repository's top-level ``schemas/m365/`` folder and ship in the wheel
as the package ``datasetkit._schemas``. Each schema describes what that version of the
format allowed; like the official files, none of them gates features on the declared
``schemaVersion`` (any 1.x version string passes the 1.x patterns), so version-aware
checks belong to the linter.
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

__all__ = [
    "KNOWN_VERSIONS",
    "LATEST",
    "LATEST_V1",
    "PREVIEW_VERSIONS",
    "SCHEMA_BASE_URL",
    "compare_versions",
    "load_schema",
    "parse_version",
    "resolve_version",
    "schema_file_name",
    "schema_id",
    "schema_text_path",
    "validator_for",
    "version_summary",
]

# Sorted oldest to newest. The one list of versions: tools/build_m365_schemas.py writes
# schemas/m365/versions.json from it (a test checks the files are what it writes).
KNOWN_VERSIONS: tuple[str, ...] = (
    "1.0.0",
    "1.1.0",
    "1.2.0",
    "1.3.0",
    "1.4.0",
    "1.5.0",
    "1.6.0",
    "1.7.0",
    "1.8.0",
    "1.9.0",
    "1.10.0",
    "1.11.0",
    "2.0.0",
)
LATEST_V1 = "1.11.0"
# The newest known version of any major; 2.0.0 is the CLI v2 preview.
LATEST = KNOWN_VERSIONS[-1]
PREVIEW_VERSIONS: frozenset[str] = frozenset({"2.0.0"})

# Every published schema's $id is this base plus its path under schemas/. The ids are
# names, stable across releases; nothing fetches them (editors use the local files).
SCHEMA_BASE_URL = "https://datasetkit.dev/schemas/"

_VERSION_RE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


def parse_version(version: str) -> tuple[int, int, int]:
    """'1.10.0' -> (1, 10, 0); raise ValueError for anything but MAJOR.MINOR.PATCH digits."""
    match = _VERSION_RE.match(version) if isinstance(version, str) else None
    if match is None:
        raise ValueError(f"not a MAJOR.MINOR.PATCH version: {version!r}")
    major, minor, patch = (int(part) for part in match.groups())
    return (major, minor, patch)


def compare_versions(a: str, b: str) -> int:
    """-1, 0 or 1 as version ``a`` is older than, equal to or newer than ``b`` (numerically)."""
    left, right = parse_version(a), parse_version(b)
    return (left > right) - (left < right)


def resolve_version(declared: str) -> str | None:
    """The known schema version to validate a document declaring ``declared`` against.

    An exact match wins. Otherwise the newest known version with the same major that is
    not newer than ``declared`` (a document saying 1.9.5 uses 1.9.0). None when
    ``declared`` is newer than every known version of its major (a future version), when
    its major is unknown, or when it is not a MAJOR.MINOR.PATCH string.
    """
    if declared in KNOWN_VERSIONS:
        return declared
    try:
        wanted = parse_version(declared)
    except ValueError:
        return None
    same_major = [v for v in KNOWN_VERSIONS if parse_version(v)[0] == wanted[0]]
    if not same_major or wanted > parse_version(same_major[-1]):
        return None
    older = [v for v in same_major if parse_version(v) <= wanted]
    # Empty only if `declared` predates the first known version of its major.
    return older[-1] if older else None


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


def _require_known(version: str) -> None:
    if version not in KNOWN_VERSIONS:
        resolved = resolve_version(version) if isinstance(version, str) else None
        hint = f"known versions: {', '.join(KNOWN_VERSIONS)}"
        if resolved is not None:
            hint = f"the schema for {version} is {resolved} (see resolve_version); " + hint
        raise DatasetkitError(f"no datasetkit schema for eval document version {version!r}", hint)


def schema_file_name(version: str) -> str:
    """The file name of a version's schema under ``schemas/m365/``."""
    return f"eval-document-{version}.schema.json"


def schema_id(version: str) -> str:
    """The ``$id`` of a version's schema: stable, https, under :data:`SCHEMA_BASE_URL`."""
    return f"{SCHEMA_BASE_URL}m365/{schema_file_name(version)}"


def schema_text_path(version: str) -> Traversable:
    """Where the schema file of a known ``version`` is (a Path in a checkout)."""
    _require_known(version)
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


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, Any]:
    path = _schema_root() / "m365" / "versions.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DatasetkitError(f"cannot read {path}: {exc}", "reinstall datasetkit") from exc
    return data


def version_summary(version: str) -> str:
    """One line on what a known ``version`` introduced, from versions.json."""
    _require_known(version)
    for entry in _index()["versions"]:
        if entry["version"] == version:
            return str(entry["introduced"])
    raise DatasetkitError(f"{version} is missing from versions.json", "reinstall datasetkit")
