"""The Microsoft 365 Copilot Agent Evaluations CLI (``runevals``) eval document.

Reads every shape ``runevals`` accepts (the versioned document, the legacy bare
array, the versionless object, the legacy ``prompts``/``expected_responses`` arrays),
validates with the project's own schemas (the cumulative schema of the document's
major version, as ``runevals`` does) and adds the checks the schema does not make:
features newer than the declared version, unknown versions, legacy shapes, and
misspelt evaluator names. Every finding is located to line, column and JSON Pointer,
and worded for people.

Where things are: ``spec`` (field names), ``versions`` (the one table of schema versions:
known, preview, latest, what each introduced and since when each field, evaluator and
feature exists), ``evaluators`` (the built-in evaluators), ``features`` (the versioned
features a document uses), ``schemas`` (the schema files), ``shape`` (which kind of JSON,
legacy upgrade), ``validator`` and ``translate`` (schema validation and its findings in
plain words), ``checks`` (beyond the schema), ``mapping`` (document <-> Dataset),
``format`` (the registered format).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from datasetkit.core.lazy import lazy_exports
from datasetkit.formats.m365.checks import evaluator_name_findings, version_findings
from datasetkit.formats.m365.format import M365Format, dumps
from datasetkit.formats.m365.shape import classify, upgrade_legacy
from datasetkit.formats.m365.spec import (
    LEGACY_ITEM_KEYS,
    MIGRATE_HINT,
    OUTPUT_FIELDS,
    ROOT_FIELDS,
    THREAD_FIELDS,
    did_you_mean,
)
from datasetkit.formats.m365.versions import DEFAULT_WRITE_FLOOR

if TYPE_CHECKING:
    from datasetkit.formats.m365.mapping import (
        from_dataset,
        implied_schema_version,
        to_dataset,
    )

# Loaded on first use: the mapping imports the canonical model (and pydantic).
__getattr__ = lazy_exports(
    __name__,
    dict.fromkeys(("from_dataset", "implied_schema_version", "to_dataset"), ".mapping"),
)

__all__ = [
    "DEFAULT_WRITE_FLOOR",
    "LEGACY_ITEM_KEYS",
    "MIGRATE_HINT",
    "OUTPUT_FIELDS",
    "ROOT_FIELDS",
    "THREAD_FIELDS",
    "M365Format",
    "classify",
    "did_you_mean",
    "dumps",
    "evaluator_name_findings",
    "from_dataset",
    "implied_schema_version",
    "to_dataset",
    "upgrade_legacy",
    "version_findings",
]
