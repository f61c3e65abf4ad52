"""Build datasetkit's JSON Schemas for the Microsoft 365 Copilot eval document.

The thirteen files under ``schemas/m365/`` are generated from the version table
(``datasetkit.formats.m365.versions``: the versions, when each was released and what it
introduced) and one data file, ``tools/m365_schema_facts.json``, so that they stay
consistent with each other and differ exactly where the format's changelog says a version
changed something: the data file holds the 1.0.0 document (``base``) and, per later
version, what that version added, replaced or removed (``changes``). A version whose body is modelled on another (``feature_level_of``:
2.0.0 uses 1.11.0, the best available model of the v2 preview) reuses that body.

Usage (from the repository root)::

    python tools/build_m365_schemas.py          # (re)write the files
    python tools/build_m365_schemas.py --check  # exit 1 if a file is stale

To describe a new version, add its row to ``datasetkit.formats.m365.versions.VERSIONS`` and
its ``changes`` to the data file, then run this script.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

# Run as a script, the folder on sys.path is tools/; the package lives one level up.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from datasetkit.formats.m365.schemas import schema_file_name, schema_id
from datasetkit.formats.m365.versions import KNOWN_VERSIONS, LATEST_V1, PREVIEW, SchemaVersion
from datasetkit.formats.m365.versions import VERSIONS as TABLE

Schema = dict[str, Any]

FACTS_FILE = Path(__file__).resolve().with_name("m365_schema_facts.json")
FACTS: Schema = json.loads(FACTS_FILE.read_text(encoding="utf-8"))
VERSIONS: tuple[str, ...] = KNOWN_VERSIONS
ROWS: dict[str, SchemaVersion] = {row.version: row for row in TABLE}


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def apply_change(doc: Schema, change: Schema) -> None:
    """Apply one ``add``/``replace``/``remove`` change (a JSON Pointer ``path``) in place."""
    *parents, last = [_unescape(t) for t in change["path"].split("/")[1:]]
    node = doc
    for token in parents:
        node = node[token]
    op = change["op"]
    if op == "remove":
        del node[last]
    elif op == "replace":
        node[last] = copy.deepcopy(change["value"])
    elif op == "add":
        # Dicts keep insertion order and the files are written in it: put the key where it goes.
        items = list(node.items())
        at = 0 if change["after"] is None else [k for k, _ in items].index(change["after"]) + 1
        # A copy: later changes edit the document, never the facts it was built from.
        items.insert(at, (last, copy.deepcopy(change["value"])))
        node.clear()
        node.update(items)
    else:
        raise ValueError(f"{FACTS_FILE.name}: unknown op {op!r} at {change['path']}")


def body(version: str) -> Schema:
    """The document of ``version`` before its version-specific texts are filled in."""
    version = FACTS["feature_level_of"].get(version, version)
    doc = copy.deepcopy(FACTS["base"])
    for earlier in VERSIONS:
        for change in FACTS["changes"].get(earlier, []):
            apply_change(doc, change)
        if earlier == version:
            return doc
    raise ValueError(f"{FACTS_FILE.name}: no version {version}")


def build(version: str) -> Schema:
    """The whole schema document for one version."""
    doc = body(version)
    major = version.split(".")[0]
    row = ROWS[version]
    date = row.released
    modelled = FACTS["feature_level_of"].get(version)
    doc["$id"] = schema_id(version)
    doc["title"] = f"Microsoft 365 Copilot eval document, schema {version}"
    doc["description"] = (
        "An evaluation dataset for the Microsoft 365 Copilot evaluations CLI (runevals), "
        "which is also the shape of its JSON results. "
        f"Version {version}"
        + (f" ({date})" if date else "")
        + f" introduced: {row.introduced}"
        + (
            f" Only the opening of the official {major}.x file is public; the rest follows "
            f"{modelled}."
            if modelled
            else ""
        )
    )
    schema_version = doc["properties"]["schemaVersion"]
    schema_version["description"] = FACTS["schema_version_description"].replace("{major}", major)
    schema_version["pattern"] = f"^{major}\\.\\d+\\.\\d+$"
    schema_version["examples"] = [version]
    return doc


def versions_index() -> Schema:
    return {
        "format": "Microsoft 365 Copilot eval document",
        "versions": [
            {
                "version": v,
                "released": ROWS[v].released,
                "preview": ROWS[v].preview,
                "schema": schema_file_name(v),
                "introduced": ROWS[v].introduced,
            }
            for v in VERSIONS
        ],
        "latest_v1": LATEST_V1,
        "preview": PREVIEW,
    }


def render(doc: Schema) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def expected_files() -> dict[str, str]:
    """File name -> exact text, for every file this script owns."""
    files = {schema_file_name(v): render(build(v)) for v in VERSIONS}
    files["versions.json"] = render(versions_index())
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="report stale files, write nothing")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "schemas" / "m365",
        help="output folder (default: schemas/m365 in this checkout)",
    )
    args = parser.parse_args(argv)
    stale = []
    for name, content in expected_files().items():
        target = args.out / name
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == content:
            continue
        stale.append(name)
        if not args.check:
            # Imported here so --check works without the package installed.
            from datasetkit.io.files import atomic_write_text

            args.out.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, content)
    verb = "stale" if args.check else "written"
    for name in stale:
        print(f"{verb}: {args.out / name}", file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
