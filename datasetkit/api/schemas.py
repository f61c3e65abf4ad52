"""The JSON Schemas datasetkit validates M365 eval documents with, one per schema version."""

from __future__ import annotations

from datasetkit.formats.m365 import schemas, versions


def schema_versions() -> list[tuple[str, bool, str]]:
    """Every known version, oldest first: (version, whether a preview, what it introduced)."""
    return [
        (v, v in versions.PREVIEW_VERSIONS, versions.version_summary(v))
        for v in versions.KNOWN_VERSIONS
    ]


def resolve_schema_version(name: str) -> str | None:
    """The version whose schema applies to ``name``: ``latest``, ``preview``, a known version,
    or a version between two known ones (the older); None when there is none."""
    wanted = {"latest": versions.LATEST_V1, "preview": versions.PREVIEW}.get(name, name)
    return versions.resolve_version(wanted)


def schema_text(version: str) -> str:
    """The JSON Schema of a resolved ``version``, as the file that ships it."""
    return schemas.schema_text_path(version).read_text(encoding="utf-8")


def schema_id(version: str) -> str:
    """The ``$id`` of the schema of ``version``."""
    return schemas.schema_id(version)
