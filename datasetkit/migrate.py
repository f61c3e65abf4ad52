"""``migrate``: legacy M365 shapes to the versioned document, and upgrades between versions.

The legacy upgrade reproduces ``runevals`` byte for byte: the original key order is
kept, ``"schemaVersion": "1.0.0"`` is appended as the last key, the text is
``json.dumps(doc, indent=2) + "\\n"``, and the original bytes are kept first in
``<name>.bak.<YYYYMMDDHHMMSS>`` beside the file. ``--to VERSION`` goes further and
rewrites what the target version no longer accepts, reporting every change.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .findings import DatasetkitError
from .formats.m365 import LEGACY_ITEM_KEYS, classify, dumps, upgrade_legacy
from .formats.m365_versions import feature_uses, parse_version, version_key
from .io import atomic_write_bytes, write_backup
from .jsonloc import parse_json


@dataclass
class Migration:
    """What migrating one file does (or did)."""

    path: str
    needed: bool
    original: bytes
    new_text: str | None = None
    changes: list[str] = field(default_factory=list)
    from_version: str | None = None
    to_version: str | None = None
    backup: Path | None = None
    written: bool = False

    def diff(self) -> str:
        """A unified diff of the change ('' when nothing changes)."""
        if self.new_text is None:
            return ""
        old = self.original.decode("utf-8", errors="replace").lstrip("\ufeff")
        return "".join(
            difflib.unified_diff(
                old.splitlines(keepends=True),
                self.new_text.splitlines(keepends=True),
                fromfile=f"{self.path} (before)",
                tofile=f"{self.path} (after)",
            )
        )


# Error-message prefixes runevals writes, to recover an ErrorObject code from a 1.2-era string.
_ERROR_CODES = (
    ("turn not attempted", "turnSkipped"),
    ("evaluator", "evaluatorsFailed"),
    ("timeout", "agentTimeout"),
    ("timed out", "agentTimeout"),
    ("429", "agentRateLimited"),
    ("rate limit", "agentRateLimited"),
)


def _error_object(message: str) -> dict[str, str]:
    low = message.lower()
    for prefix, code in _ERROR_CODES:
        if prefix in low:
            return {"code": code, "message": message}
    return {"code": "agentRequestFailed", "message": message or "Agent request failed"}


def _upgrade_turnlike(
    obj: dict[str, Any], where: str, target: tuple[int, int, int], changes: list[str]
) -> dict[str, Any]:
    """Rewrite one item or turn for the target version (keys kept in order)."""
    out: dict[str, Any] = {}
    moved: dict[str, Any] = {}
    for k, v in obj.items():
        if k in LEGACY_ITEM_KEYS:
            moved[k] = v
            continue
        if k == "error" and isinstance(v, str) and target >= (1, 4, 0):
            out[k] = _error_object(v)
            changes.append(
                f'{where}: string "error" became an error object with code {out[k]["code"]!r}'
            )
            continue
        out[k] = v
    if moved:
        tags_ok = target >= (1, 9, 0)
        ext = dict(out.get("extensions") or {}) if isinstance(out.get("extensions"), dict) else {}
        for k, v in moved.items():
            if k == "category" and tags_ok and isinstance(v, str) and v:
                tags = list(out.get("tags") or [])
                if v not in tags:
                    tags.append(v)
                out["tags"] = tags
                changes.append(f'{where}: "category" {v!r} moved into "tags"')
            else:
                ext[k] = v
                changes.append(f'{where}: {k!r} moved into "extensions"')
        if ext:
            out["extensions"] = ext
    return out


def upgrade_document(doc: dict[str, Any], to: str, changes: list[str]) -> dict[str, Any]:
    """A versioned document rewritten for schema version ``to``."""
    target = parse_version(to)
    if target is None:
        raise DatasetkitError(f"--to {to}: not a version like 1.11.0", "write MAJOR.MINOR.PATCH")
    out: dict[str, Any] = {}
    for k, v in doc.items():
        if k == "schemaVersion":
            out[k] = to
        elif k == "items" and isinstance(v, list):
            items = []
            for i, item in enumerate(v):
                where = f"items[{i}]"
                if not isinstance(item, dict):
                    items.append(item)
                    continue
                if isinstance(item.get("turns"), list):
                    new_item = (
                        _upgrade_turnlike(
                            {kk: vv for kk, vv in item.items() if kk != "turns"},
                            where,
                            target,
                            changes,
                        )
                        if any(x in item for x in LEGACY_ITEM_KEYS)
                        else {kk: vv for kk, vv in item.items()}
                    )
                    rebuilt: dict[str, Any] = {}
                    for kk in item:
                        if kk == "turns":
                            rebuilt["turns"] = [
                                _upgrade_turnlike(t, f"{where}.turns[{t_i}]", target, changes)
                                if isinstance(t, dict)
                                else t
                                for t_i, t in enumerate(item["turns"])
                            ]
                        elif kk in new_item:
                            rebuilt[kk] = new_item[kk]
                    for kk, vv in new_item.items():
                        rebuilt.setdefault(kk, vv)
                    summary = rebuilt.get("summary")
                    if isinstance(summary, dict) and target >= (1, 4, 0):
                        fixed = dict(summary)
                        for key in ("turns_partial", "turns_errored"):
                            if key not in fixed:
                                fixed[key] = 0
                                changes.append(
                                    f"{where}.summary: added {key!r}: 0 (required since 1.4.0)"
                                )
                        rebuilt["summary"] = fixed
                    items.append(rebuilt)
                else:
                    items.append(_upgrade_turnlike(item, where, target, changes))
            out[k] = items
        else:
            out[k] = v
    if "schemaVersion" not in out:
        out["schemaVersion"] = to
    return out


def plan(path: str, to: str | None = None) -> Migration:
    """Work out what migrating ``path`` would do, without writing anything."""
    p = Path(path)
    if not p.is_file():
        raise DatasetkitError(f"{path}: no such file", "check the path")
    original = p.read_bytes()
    parsed = parse_json(original, path)
    if not parsed.ok:
        first = parsed.findings[0]
        raise DatasetkitError(
            f"{first.location.describe()}: {first.message}; the file is not migrated",
            first.hint,
        )
    value = parsed.value
    shape = classify(value)
    mig = Migration(path=path, needed=False, original=original)
    if shape == "invalid":
        raise DatasetkitError(
            f'{path}: not an M365 eval document (no "items" and no "schemaVersion")',
            "run 'datasetkit validate' on it to see what is wrong",
        )
    changes = mig.changes
    if shape != "document":
        mig.from_version = None
        labels = {
            "legacy-array": 'bare array wrapped as {"items": [...]}',
            "legacy-object": "object without a version",
            "legacy-parallel": '"prompts"/"expected_responses" arrays paired into "items"',
            "prompts-objects": 'root "prompts" renamed to "items" (runevals would have run 0 items)',
        }
        if shape == "legacy-parallel":
            prompts = value.get("prompts") or []
            expected = value.get("expected_responses")
            if isinstance(expected, list) and len(expected) != len(prompts):
                raise DatasetkitError(
                    f"{path}: {len(prompts)} prompts but {len(expected)} expected_responses",
                    'make the two arrays the same length (use "" for no expected response)',
                )
        doc = upgrade_legacy(value)
        changes.append(
            f'legacy format: {labels[shape]}; "schemaVersion": "1.0.0" added, as runevals does'
        )
        mig.to_version = "1.0.0"
    else:
        doc = value
        mig.from_version = (
            doc.get("schemaVersion") if isinstance(doc.get("schemaVersion"), str) else None
        )
        if to is None:
            return mig
    if to is not None:
        declared = doc.get("schemaVersion")
        current: str = declared if isinstance(declared, str) else "1.0.0"
        if parse_version(to) is None:
            raise DatasetkitError(
                f"--to {to}: not a version like 1.11.0", "write MAJOR.MINOR.PATCH, e.g. 1.11.0"
            )
        from . import schemas

        if to not in schemas.KNOWN_VERSIONS:
            raise DatasetkitError(
                f"--to {to}: datasetkit knows no schema {to}",
                f"known versions: {', '.join(schemas.KNOWN_VERSIONS)}",
            )
        if parse_version(current) and version_key(to) < version_key(current):
            raise DatasetkitError(
                f"{path}: declares {current}; migrate does not downgrade to {to}",
                f"pick a version >= {current}",
            )
        if parse_version(current) and version_key(to)[0] != version_key(current)[0]:
            raise DatasetkitError(
                f"{path}: {current} -> {to} changes the major version",
                "a 2.x document needs the v2 preview CLI; migrate within 1.x",
            )
        too_new = sorted(
            {
                (u.feature, u.since)
                for u in feature_uses(doc)
                if version_key(u.since) > version_key(to)
            },
            key=lambda x: version_key(x[1]),
        )
        if too_new:
            names = "; ".join(f"{f} ({s})" for f, s in too_new)
            raise DatasetkitError(
                f"{path}: the document uses features newer than {to}: {names}",
                f"migrate to {too_new[-1][1]} or newer",
            )
        before = len(changes)
        doc = upgrade_document(doc, to, changes)
        if current != to:
            changes.insert(before, f"schemaVersion {current} -> {to}")
        mig.to_version = to
    if shape == "document" and not changes:
        return mig
    new_text = dumps(doc)
    mig.needed = True
    mig.new_text = new_text
    return mig


def apply(mig: Migration, when: datetime | None = None) -> Migration:
    """Write the migration: backup first, then the atomic rewrite. Inputs untouched on failure."""
    if not mig.needed or mig.new_text is None:
        return mig
    backup = write_backup(mig.path, when)
    try:
        # The file may have changed since plan(): never overwrite what we did not read.
        if Path(mig.path).read_bytes() != mig.original:
            raise DatasetkitError(
                f"{mig.path}: the file changed while migrating; nothing was written",
                "run migrate again",
            )
        atomic_write_bytes(mig.path, mig.new_text.encode("utf-8"))
    except BaseException:
        backup.unlink(missing_ok=True)
        raise
    mig.backup = backup
    mig.written = True
    return mig
