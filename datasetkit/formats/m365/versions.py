"""The M365 eval document's schema versions, in one table.

Which versions exist (oldest to newest), which are previews, the latest of each major,
what each introduced, and the version that introduced each field, evaluator and
feature. Every question about versions asks this module, and :func:`parse_version` is
the one way a version string is read.

The official schema is cumulative: a document that declares ``1.0.0`` and uses
``RetrievalQuery`` validates against the current file. ``runevals`` accepts such files
(and writes ``1.0.0`` itself when it upgrades a legacy file), so datasetkit warns,
naming the version that introduced the feature (:mod:`.features` finds them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from datasetkit.core.findings import DatasetkitError


class Version(NamedTuple):
    """A MAJOR.MINOR.PATCH version; compares as its numbers do (1.10.0 > 1.9.0)."""

    major: int
    minor: int
    patch: int

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


_VERSION_RE = re.compile(r"(\d+)\.(\d+)\.(\d+)")


def parse_version(text: object) -> Version | None:
    """``"1.11.0"`` -> ``Version(1, 11, 0)``; None for anything but MAJOR.MINOR.PATCH digits."""
    match = _VERSION_RE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    major, minor, patch = (int(part) for part in match.groups())
    return Version(major, minor, patch)


def version_key(text: str) -> Version:
    """Sort key of a version string (invalid ones sort first)."""
    return parse_version(text) or Version(0, 0, 0)


def _strict(text: str) -> Version:
    parsed = parse_version(text)
    if parsed is None:
        raise ValueError(f"not a MAJOR.MINOR.PATCH version: {text!r}")
    return parsed


def compare_versions(a: str, b: str) -> int:
    """-1, 0 or 1 as version ``a`` is older than, equal to or newer than ``b`` (numerically);
    ValueError for anything but MAJOR.MINOR.PATCH."""
    left, right = _strict(a), _strict(b)
    return (left > right) - (left < right)


def older_than(version: str | None, since: str) -> bool:
    """True when ``version`` is a valid 1.x version older than ``since``."""
    parsed = parse_version(version)
    return parsed is not None and parsed.major == 1 and parsed < version_key(since)


# ------------------------------------------------------------------------ the versions


@dataclass(frozen=True)
class SchemaVersion:
    """One version of the schema: when it was released and what it introduced."""

    version: str
    released: str | None
    introduced: str  # one line for people (`datasetkit schema --list`, the schema files)
    preview: bool = False  # needs the preview CLI (v2)


# Oldest to newest. tools/build_m365_schemas.py writes schemas/m365/ from this table and
# tools/m365_schema_facts.json (a test checks the files are what it writes). A new
# version is a row here, its changes in the facts file, and the since-versions below.
VERSIONS: tuple[SchemaVersion, ...] = (
    SchemaVersion(
        "1.0.0",
        "2026-02-19",
        "First schema: schemaVersion, metadata and items (prompt, expected_response, response, context, citations, scores, extensions); every object accepts extra keys.",
    ),
    SchemaVersion(
        "1.1.0",
        "2026-03-30",
        "Evaluator configuration: default_evaluators, per-item evaluators and evaluators_mode; metadata.agentName and metadata.cliVersion.",
    ),
    SchemaVersion(
        "1.2.0",
        "2026-04-22",
        "Multi-turn threads of 1 to 20 turns beside single-turn items; items, threads and turns reject unknown keys; closed list of evaluator names; turn status with a text error; four-field thread summary.",
    ),
    SchemaVersion(
        "1.3.0",
        "2026-04-30",
        "Similarity evaluator and its similarity score.",
    ),
    SchemaVersion(
        "1.4.0",
        "2026-05-14",
        "Unified error reporting: status and an {code, message} error on items and turns, errored score entries, six-field thread summary.",
    ),
    SchemaVersion(
        "1.5.0",
        "2026-05-27",
        "RetrievalQuery and RetrievalResult evaluators; typed options for each evaluator, unknown evaluator names rejected.",
    ),
    SchemaVersion(
        "1.6.0",
        "2026-06-15",
        "Custom evaluators (any identifier; threshold 1 to 5 and free-form options); diagnostics.retrieval_executions; retrieval extracts judged by an LLM.",
    ),
    SchemaVersion(
        "1.7.0",
        "2026-07-10",
        "Code-only custom evaluators: a custom threshold may be any number.",
    ),
    SchemaVersion(
        "1.8.0",
        "2026-07-20",
        "Markdown-link citation format, [N](url#suffix).",
    ),
    SchemaVersion(
        "1.9.0",
        "2026-07-29",
        "tags on items, threads and turns; enumerated error codes on error objects, and an optional code on errored scores.",
    ),
    SchemaVersion(
        "1.10.0",
        "2026-08-18",
        "Error code evaluationCrashed, emitted by evaluate-only runs.",
    ),
    SchemaVersion(
        "1.11.0",
        None,
        "Tool approval lists (default_allowed_tools, allowed_tools, allowed_tools_mode), ToolCallSelection and ToolCallExecution evaluators, diagnostics.tool_calls.",
    ),
    SchemaVersion(
        "2.0.0",
        None,
        "Preview major version used by CLI v2; modelled on 1.11.0 with a 2.x schemaVersion.",
        preview=True,
    ),
)

KNOWN_VERSIONS: tuple[str, ...] = tuple(v.version for v in VERSIONS)
PREVIEW_VERSIONS: frozenset[str] = frozenset(v.version for v in VERSIONS if v.preview)
# The newest known version of each major (the table is sorted: the last one wins).
LATEST_OF_MAJOR: dict[int, str] = {version_key(v).major: v for v in KNOWN_VERSIONS}
# The newest known version of any major; 2.0.0 is the CLI v2 preview.
LATEST = KNOWN_VERSIONS[-1]
LATEST_V1 = LATEST_OF_MAJOR[1]
# The newest preview version (what `datasetkit schema preview` gives).
PREVIEW = max(PREVIEW_VERSIONS, key=version_key)
# What runevals declares when it upgrades a legacy (versionless) file.
LEGACY_VERSION = KNOWN_VERSIONS[0]
# The lowest schemaVersion the writer declares; content that needs a newer one declares that.
DEFAULT_WRITE_FLOOR = "1.6.0"


def resolve_version(declared: str) -> str | None:
    """The known schema version to validate a document declaring ``declared`` against.

    An exact match wins. Otherwise the newest known version with the same major that is
    not newer than ``declared`` (a document saying 1.9.5 uses 1.9.0). None when
    ``declared`` is newer than every known version of its major (a future version), when
    its major is unknown, or when it is not a MAJOR.MINOR.PATCH string.
    """
    if declared in KNOWN_VERSIONS:
        return declared
    wanted = parse_version(declared)
    if wanted is None:
        return None
    newest = LATEST_OF_MAJOR.get(wanted.major)
    if newest is None or wanted > version_key(newest):
        return None
    older = [
        v
        for v in KNOWN_VERSIONS
        if version_key(v).major == wanted.major and version_key(v) <= wanted
    ]
    # Empty only if `declared` predates the first known version of its major.
    return older[-1] if older else None


def require_known(version: str) -> None:
    """Raise a DatasetkitError (naming the version to use) unless ``version`` is known."""
    if version not in KNOWN_VERSIONS:
        resolved = resolve_version(version) if isinstance(version, str) else None
        hint = f"known versions: {', '.join(KNOWN_VERSIONS)}"
        if resolved is not None:
            hint = f"the schema for {version} is {resolved} (see resolve_version); " + hint
        raise DatasetkitError(f"no datasetkit schema for eval document version {version!r}", hint)


def version_summary(version: str) -> str:
    """One line on what a known ``version`` introduced."""
    require_known(version)
    return next(v.introduced for v in VERSIONS if v.version == version)


# ------------------------------------------------------------ what came in which version

# Fields newer than 1.0.0 ("a.b" is field b of a's object; "item." a single-turn item's,
# whose turns had status and error from 1.2.0).
FIELD_SINCE: dict[str, str] = {
    "default_evaluators": "1.1.0",
    "evaluators": "1.1.0",
    "evaluators_mode": "1.1.0",
    "metadata.agentName": "1.1.0",
    "metadata.cliVersion": "1.1.0",
    "turns": "1.2.0",
    "item.status": "1.4.0",
    "item.error": "1.4.0",
    "summary.turns_partial": "1.4.0",
    "summary.turns_errored": "1.4.0",
    "diagnostics.retrieval_executions": "1.6.0",
    "tags": "1.9.0",
    "scores.code": "1.9.0",
    "allowed_tools": "1.11.0",
    "allowed_tools_mode": "1.11.0",
    "default_allowed_tools": "1.11.0",
    "diagnostics.tool_calls": "1.11.0",
}

# Built-in evaluators (their facts are in .evaluators).
EVALUATOR_SINCE: dict[str, str] = {
    "Relevance": "1.1.0",
    "Coherence": "1.1.0",
    "Groundedness": "1.1.0",
    "Citations": "1.1.0",
    "ExactMatch": "1.1.0",
    "PartialMatch": "1.1.0",
    "Similarity": "1.3.0",
    "RetrievalQuery": "1.5.0",
    "RetrievalResult": "1.5.0",
    "ToolCallSelection": "1.11.0",
    "ToolCallExecution": "1.11.0",
}

# Evaluators that, per the spec, need schema v2 and CLI v2 (preview) at run time.
V2_ONLY_EVALUATORS = ("ToolCallSelection", "ToolCallExecution")

# Documented citation_format values of the Citations evaluator.
CITATION_FORMAT_SINCE: dict[str, str] = {
    "oai_unicode": "1.1.0",
    "bracket": "1.1.0",
    "mixed": "1.1.0",
    "markdown": "1.8.0",
}

# Error codes added after the codes were enumerated (1.9.0).
ERROR_CODE_SINCE: dict[str, str] = {
    "evaluationCrashed": "1.10.0",
    "toolCallNotAllowed": "1.11.0",
}

# What changed without a new field or value.
FEATURE_SINCE: dict[str, str] = {
    # Items, threads and turns reject unknown keys (1.0-era keys such as testId among them).
    "closed-items": "1.2.0",
    # `error` as an object {code, message} rather than text.
    "error-object": "1.4.0",
    # Evaluator names beyond the built-ins, loaded from custom-evaluators/.
    "custom-evaluators": "1.6.0",
    # A custom evaluator's threshold may be any number, not only 1-5 (code-only evaluators).
    "custom-any-threshold": "1.7.0",
}
