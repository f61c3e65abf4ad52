"""The one table of M365 schema versions: known versions, previews, the latest of each
major, what each introduced and since when each field, evaluator and feature exists."""

from __future__ import annotations

import pytest

from datasetkit.formats.m365 import versions
from datasetkit.formats.m365.evaluators import M365_EVALUATORS


@pytest.mark.parametrize(
    ("declared", "resolved"),
    [
        ("1.0.0", "1.0.0"),
        ("1.4.0", "1.4.0"),
        ("1.11.0", "1.11.0"),
        ("2.0.0", "2.0.0"),
        ("1.9.5", "1.9.0"),  # a patch we have no file for uses its minor
        ("1.0.7", "1.0.0"),
        ("1.02.0", "1.2.0"),  # numeric, like the schema pattern allows
        ("1.11.1", None),  # newer than every known 1.x: a future version
        ("1.12.0", None),
        ("2.0.1", None),
        ("2.1.0", None),
        ("3.0.0", None),  # unknown major
        ("0.9.0", None),
        ("1.2", None),  # not MAJOR.MINOR.PATCH
        ("v1.2.0", None),
        ("1.2.0-preview.1", None),
        ("", None),
    ],
)
def test_resolve_version(declared: str, resolved: str | None) -> None:
    assert versions.resolve_version(declared) == resolved


def test_known_versions_are_sorted_numerically() -> None:
    ordered = sorted(versions.KNOWN_VERSIONS, key=versions.parse_version)
    assert list(versions.KNOWN_VERSIONS) == ordered
    assert versions.KNOWN_VERSIONS.index("1.10.0") > versions.KNOWN_VERSIONS.index("1.9.0")
    assert versions.LATEST == "2.0.0"
    assert versions.LATEST_V1 == "1.11.0"
    assert frozenset({"2.0.0"}) == versions.PREVIEW_VERSIONS


def test_compare_versions() -> None:
    assert versions.compare_versions("1.10.0", "1.9.0") == 1
    assert versions.compare_versions("1.9.0", "1.10.0") == -1
    assert versions.compare_versions("1.4.0", "1.4.0") == 0
    assert versions.compare_versions("2.0.0", "1.11.0") == 1
    with pytest.raises(ValueError, match=r"MAJOR\.MINOR\.PATCH"):
        versions.compare_versions("1.4", "1.4.0")


def test_one_parser_reads_every_version_string() -> None:
    assert versions.parse_version("1.11.0") == versions.Version(1, 11, 0)
    assert versions.parse_version("1.11.0").minor == 11  # type: ignore[union-attr]
    assert str(versions.Version(1, 2, 0)) == "1.2.0"
    for bad in ("1.2", "1.2.0.1", "v1.2.0", "1.2.0\n", " 1.2.0", "", None, 1.2):
        assert versions.parse_version(bad) is None, bad
    assert versions.version_key("not a version") < versions.version_key("0.0.1")
    assert versions.older_than("1.6.0", "1.7.0") and not versions.older_than("1.7.0", "1.7.0")
    # Only a valid 1.x version is older: a 2.x preview or a malformed one is not.
    assert not versions.older_than("2.0.0", "1.7.0") and not versions.older_than("1.6", "1.7.0")


def test_the_latest_of_each_major_and_the_preview() -> None:
    assert versions.LATEST_OF_MAJOR == {1: "1.11.0", 2: "2.0.0"}
    assert versions.PREVIEW == "2.0.0" and versions.LEGACY_VERSION == "1.0.0"
    assert versions.version_summary("2.0.0").startswith("Preview major version")


def test_every_since_version_is_a_known_version() -> None:
    tables = (
        versions.FIELD_SINCE,
        versions.EVALUATOR_SINCE,
        versions.CITATION_FORMAT_SINCE,
        versions.ERROR_CODE_SINCE,
        versions.FEATURE_SINCE,
    )
    for table in tables:
        assert set(table.values()) <= set(versions.KNOWN_VERSIONS), table
    assert versions.DEFAULT_WRITE_FLOOR in versions.KNOWN_VERSIONS
    # Every built-in evaluator has a since-version, and only they do.
    assert set(versions.EVALUATOR_SINCE) == set(M365_EVALUATORS)
    assert set(versions.V2_ONLY_EVALUATORS) <= set(versions.EVALUATOR_SINCE)


def test_checks_name_the_version_the_table_gives() -> None:
    from datasetkit.formats.m365.features import feature_uses, minimum_version

    doc = {"schemaVersion": "1.8.0", "items": [{"prompt": "Which plan?", "tags": ["billing"]}]}
    (use,) = feature_uses(doc)
    assert use.since == versions.FIELD_SINCE["tags"] == "1.9.0"
    assert minimum_version(doc) == "1.9.0"
