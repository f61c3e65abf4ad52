"""``migrate``: legacy M365 shapes to the versioned document, and upgrades between versions.

The legacy upgrade reproduces ``runevals`` byte for byte: the original key order is
kept, ``"schemaVersion": "1.0.0"`` is appended as the last key, the text is
``json.dumps(doc, indent=2) + "\\n"``, and the original bytes are kept first in
``<name>.bak.<YYYYMMDDHHMMSS>`` beside the file. ``--to VERSION`` goes further and
rewrites what the target version no longer accepts, reporting every change: every key
its schema rejects moves into that object's ``extensions``. A ``--to`` result that
still fails validation is never written.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.jsonloc import ParsedJSON, parse_json, pointer_join
from datasetkit.formats.m365 import LEGACY_ITEM_KEYS, classify, did_you_mean, dumps, upgrade_legacy
from datasetkit.formats.m365.features import feature_uses
from datasetkit.formats.m365.versions import (
    FIELD_SINCE,
    KNOWN_VERSIONS,
    LATEST_OF_MAJOR,
    LATEST_V1,
    LEGACY_VERSION,
    parse_version,
    version_key,
)
from datasetkit.io.inplace import replace_in_place


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
    shape: str = "document"
    requested: str | None = None  # the --to version, when one was asked for
    # Keys the target rejects that migrate could not move, and the errors validation
    # still finds in the result: either one means the result must not be written.
    unfixable: list[Finding] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """True when the result passes the target version's validation."""
        return not self.unfixable and not self.remaining

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


class ChangeLog:
    """The changes a migration makes, grouped by kind when rendered (one line per kind)."""

    def __init__(self) -> None:
        self._kinds: dict[str, list[str]] = {}

    def add(self, where: str, what: str) -> None:
        """Record ``what`` happening at ``where`` ('' for the whole document)."""
        self._kinds.setdefault(what, []).append(where)

    def __len__(self) -> int:
        return sum(len(v) for v in self._kinds.values())

    def render(self) -> list[str]:
        """One line per kind of change, with a count and the first places when it repeats."""
        out = []
        for what, wheres in self._kinds.items():
            places = [w for w in wheres if w]
            if len(wheres) == 1:
                out.append(f"{places[0]}: {what}" if places else what)
                continue
            shown = ", ".join(places[:_SHOWN])
            more = f" and {len(places) - _SHOWN} more" if len(places) > _SHOWN else ""
            out.append(f"{what}: {len(wheres)} places ({shown}{more})")
        return out


_SHOWN = 5


def put_extension(ext: dict[str, Any], key: str, value: Any, where: str, log: ChangeLog) -> None:
    """Store ``key`` in ``ext`` without ever overwriting what ``extensions`` already holds."""
    if key not in ext:
        ext[key] = value
        log.add(where, f'{key!r} moved into "extensions"')
    elif ext[key] == value:
        log.add(where, f'{key!r} dropped: "extensions" already holds the same value')
    else:
        n = 2
        while f"{key}_{n}" in ext:
            n += 1
        ext[f"{key}_{n}"] = value
        log.add(
            where,
            f'{key!r} moved into "extensions" as {f"{key}_{n}"!r} '
            f'("extensions" already had a different {key!r}; both kept)',
        )


def _upgrade_turnlike(
    obj: dict[str, Any], where: str, target: tuple[int, int, int], changes: ChangeLog
) -> dict[str, Any]:
    """Rewrite one item or turn for the target version (keys kept in order)."""
    out: dict[str, Any] = {}
    moved: dict[str, Any] = {}
    for k, v in obj.items():
        if k in LEGACY_ITEM_KEYS and isinstance(obj.get("extensions", {}), dict):
            moved[k] = v
            continue
        if k == "error" and isinstance(v, str) and target >= (1, 4, 0):
            out[k] = _error_object(v)
            changes.add(
                where, f'string "error" became an error object with code {out[k]["code"]!r}'
            )
            continue
        out[k] = v
    if moved:
        tags_ok = target >= (1, 9, 0)
        ext = dict(out.get("extensions") or {})
        for k, v in moved.items():
            if k == "category" and tags_ok and isinstance(v, str) and v:
                tags = list(out.get("tags") or [])
                if v not in tags:
                    tags.append(v)
                out["tags"] = tags
                changes.add(where, f'"category" {v!r} moved into "tags"')
            else:
                put_extension(ext, k, v, where, changes)
        if ext:
            out["extensions"] = ext
    return out


def _upgrade_thread(
    item: dict[str, Any], where: str, target: tuple[int, int, int], changes: ChangeLog
) -> dict[str, Any]:
    """Rewrite one multi-turn thread: its own keys, each turn, and its summary."""
    new_item = (
        _upgrade_turnlike({k: v for k, v in item.items() if k != "turns"}, where, target, changes)
        if any(x in item for x in LEGACY_ITEM_KEYS)
        else dict(item)
    )
    rebuilt: dict[str, Any] = {}
    for k in item:
        if k == "turns":
            rebuilt["turns"] = [
                _upgrade_turnlike(t, f"{where}.turns[{t_i}]", target, changes)
                if isinstance(t, dict)
                else t
                for t_i, t in enumerate(item["turns"])
            ]
        elif k in new_item:
            rebuilt[k] = new_item[k]
    for k, v in new_item.items():
        rebuilt.setdefault(k, v)
    summary = rebuilt.get("summary")
    if isinstance(summary, dict) and target >= (1, 4, 0):
        fixed = dict(summary)
        for key in ("turns_partial", "turns_errored"):
            if key not in fixed:
                fixed[key] = 0
                since = FIELD_SINCE[f"summary.{key}"]
                changes.add(f"{where}.summary", f"added {key!r}: 0 (required since {since})")
        rebuilt["summary"] = fixed
    return rebuilt


def upgrade_document(doc: dict[str, Any], to: str, changes: ChangeLog) -> dict[str, Any]:
    """A versioned document rewritten for schema version ``to`` (the known rewrites).

    Legacy item keys, string errors and thread summaries; :func:`move_rejected_keys`
    then handles whatever else the target schema rejects.
    """
    target = parse_version(to)
    if target is None:
        raise DatasetkitError(
            f"--to {to}: not a version like {LATEST_V1}", "write MAJOR.MINOR.PATCH"
        )
    out: dict[str, Any] = {}
    for k, v in doc.items():
        if k == "schemaVersion":
            out[k] = to
        elif k == "items" and isinstance(v, list):
            items: list[Any] = []
            for i, item in enumerate(v):
                where = f"items[{i}]"
                if not isinstance(item, dict):
                    items.append(item)
                elif isinstance(item.get("turns"), list):
                    items.append(_upgrade_thread(item, where, target, changes))
                else:
                    items.append(_upgrade_turnlike(item, where, target, changes))
            out[k] = items
        else:
            out[k] = v
    if "schemaVersion" not in out:
        out["schemaVersion"] = to
    return out


@dataclass(frozen=True)
class Unfixable:
    """A key the target version rejects that migrate cannot move (and why)."""

    pointer: str
    message: str
    hint: str


def _where(path: list[str | int]) -> str:
    """``items[0].turns[1]`` for a JSON path, as the change lines write places."""
    out = ""
    for token in path:
        out += f"[{token}]" if isinstance(token, int) else (f".{token}" if out else str(token))
    return out or "the document root"


def _pointer(path: list[str | int]) -> str:
    return pointer_join("", *path) if path else ""


def _branch_errors(err: Any) -> list[Any]:
    """The errors of the one oneOf/anyOf branch the instance is plainly meant to be.

    A branch is meant when its only complaints about the object itself are unknown keys
    (a thread fails the single-turn branch on "turns", so the thread branch is meant).
    With no such branch, or more than one, nothing is moved: validation reports it.
    """
    branches: dict[Any, list[Any]] = {}
    for sub in err.context or []:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [
        errs
        for errs in branches.values()
        if all(e.validator == "additionalProperties" for e in errs if not e.relative_path)
    ]
    return meant[0] if len(meant) == 1 else []


def rejected_keys(doc: Any, version: str) -> list[tuple[list[str | int], dict[str, Any], str]]:
    """Every (object path, object schema, key) that ``version``'s schema rejects as unknown."""
    from datasetkit.formats.m365 import schemas

    found: list[tuple[list[str | int], dict[str, Any], str]] = []

    def visit(errors: Any) -> None:
        for err in errors:
            if err.validator == "additionalProperties" and isinstance(err.instance, dict):
                schema = err.schema if isinstance(err.schema, dict) else {}
                props = schema.get("properties", {})
                patterns = schema.get("patternProperties", {})
                for key in err.instance:
                    if key not in props and not any(re.search(p, key) for p in patterns):
                        found.append((list(err.absolute_path), schema, key))
            elif err.validator in ("oneOf", "anyOf"):
                visit(_branch_errors(err))

    visit(schemas.validator_for(version).iter_errors(doc))
    return found


def _node(doc: Any, path: list[str | int]) -> Any:
    for token in path:
        doc = doc[token]
    return doc


def _validated_with(version: str) -> str:
    """The schema ``datasetkit validate`` checks a document declaring ``version`` against.

    Like runevals, it uses the newest (cumulative) schema of the major version, which
    can reject keys that an old, open target schema (1.0.0, 1.1.0) still allowed.
    """
    return LATEST_OF_MAJOR[version_key(version).major]


def move_rejected_keys(doc: dict[str, Any], version: str, changes: ChangeLog) -> list[Unfixable]:
    """Move every key ``version`` rejects into its object's ``extensions`` (in place).

    The schemas themselves say which keys are unknown and which objects have
    ``extensions``, so a key nobody listed is handled too: first the target's schema,
    then the one validation uses. Returns what cannot be moved.
    """
    unfixable: list[Unfixable] = []
    for schema_version in dict.fromkeys([version, _validated_with(version)]):
        for path, schema, key in rejected_keys(doc, schema_version):
            obj = _node(doc, path)
            if key not in obj or any(
                u.pointer == pointer_join(_pointer(path), key) for u in unfixable
            ):
                continue
            problem = _move_one(obj, path, schema, key, version, changes)
            if problem is not None:
                unfixable.append(problem)
    return unfixable


def _move_one(
    obj: dict[str, Any],
    path: list[str | int],
    schema: dict[str, Any],
    key: str,
    version: str,
    changes: ChangeLog,
) -> Unfixable | None:
    """Move one rejected key into ``extensions``, or say why it cannot be moved."""
    where, ptr = _where(path), pointer_join(_pointer(path), key)
    allowed = [p for p in schema.get("properties", {}) if p not in obj]
    close = did_you_mean(key, allowed, cutoff=0.8)
    # Only a near-identical name counts as a slip: response_id is a key of its own.
    if close and abs(len(close) - len(key)) <= 2:
        # Moving a misspelt field would hide it: runevals would run without it.
        return Unfixable(
            ptr,
            f"{key!r} on {where} looks like a misspelling of {close!r}, "
            f"which {version} expects there",
            f"rename {key!r} to {close!r}",
        )
    if "extensions" not in schema.get("properties", {}):
        return Unfixable(
            ptr,
            f"{key!r} is not allowed on {where} in {version}, "
            'and that object has no "extensions" to keep it in',
            f"remove {key!r} (or keep it in the extensions of the enclosing item)",
        )
    if not isinstance(obj.get("extensions", {}), dict):
        return Unfixable(
            ptr,
            f'{key!r} cannot move into "extensions" on {where}: "extensions" is not an object',
            'make "extensions" an object, then migrate again',
        )
    value = obj.pop(key)
    put_extension(obj.setdefault("extensions", {}), key, value, where, changes)
    return None


_LEGACY_LABELS = {
    "legacy-array": 'bare array wrapped as {"items": [...]}',
    "legacy-object": "object without a version",
    "legacy-parallel": '"prompts"/"expected_responses" arrays paired into "items"',
    "prompts-objects": 'root "prompts" renamed to "items" (runevals would have run 0 items)',
}


def _refuse_non_document(path: str, original: bytes, value: Any, shape: str) -> None:
    """Stop on a file that is no M365 eval document at all, rather than half-migrate it."""
    if shape == "invalid":
        from datasetkit.formats import InputFile, get

        found = get("m365").validate(InputFile(path, original)).findings
        first = next((f for f in found if f.code.startswith("m365.shape.")), None)
        keys = ", ".join(repr(k) for k in list(value)[:6]) if isinstance(value, dict) else ""
        why = first.message if first else 'no "items" and no "schemaVersion"'
        raise DatasetkitError(
            f"{path}: not an M365 eval document ({why}"
            + (f"; its root keys are {keys}" if keys else "")
            + "); nothing was migrated",
            first.hint if first else "run 'datasetkit validate' on it to see what it is",
        )
    if shape == "legacy-parallel":
        prompts = value.get("prompts") or []
        expected = value.get("expected_responses")
        if isinstance(expected, list) and len(expected) != len(prompts):
            raise DatasetkitError(
                f"{path}: {len(prompts)} prompts but {len(expected)} expected_responses",
                'make the two arrays the same length (use "" for no expected response)',
            )
    items = upgrade_legacy(value).get("items")
    if (
        isinstance(items, list)
        and items
        and not any(isinstance(i, dict) and ("prompt" in i or "turns" in i) for i in items)
    ):
        raise DatasetkitError(
            f'{path}: not an M365 eval document: none of its {len(items)} entries has a "prompt" '
            'or "turns"; nothing was migrated',
            "check the file is a runevals dataset; 'datasetkit validate' says what it looks like",
        )


def _check_target(path: str, doc: dict[str, Any], to: str) -> str:
    """The version ``to`` as given, once it is known to be a reachable 1.x target."""
    declared = doc.get("schemaVersion")
    current: str = declared if isinstance(declared, str) else LEGACY_VERSION
    if parse_version(to) is None:
        raise DatasetkitError(
            f"--to {to}: not a version like {LATEST_V1}",
            f"write MAJOR.MINOR.PATCH, e.g. {LATEST_V1}",
        )
    if to not in KNOWN_VERSIONS:
        raise DatasetkitError(
            f"--to {to}: datasetkit knows no schema {to}",
            f"known versions: {', '.join(KNOWN_VERSIONS)}",
        )
    if parse_version(current) and version_key(to) < version_key(current):
        raise DatasetkitError(
            f"{path}: declares {current}; migrate does not downgrade to {to}",
            f"pick a version >= {current}",
        )
    if parse_version(current) and version_key(to).major != version_key(current).major:
        raise DatasetkitError(
            f"{path}: {current} -> {to} changes the major version",
            "a 2.x document needs the v2 preview CLI; migrate within 1.x",
        )
    too_new = sorted(
        {(u.feature, u.since) for u in feature_uses(doc) if version_key(u.since) > version_key(to)},
        key=lambda x: version_key(x[1]),
    )
    if too_new:
        names = "; ".join(f"{f} ({s})" for f, s in too_new)
        raise DatasetkitError(
            f"{path}: the document uses features newer than {to}: {names}",
            f"migrate to {too_new[-1][1]} or newer",
        )
    return current


def _migrate_hint(hint: str, path: str) -> str:
    """A reader's hint for a file migrate cannot parse, without the options of other
    commands (migrate has no --from): records, one a line, are converted instead."""
    if "--from" not in hint:
        return hint
    head = hint.split(";")[0]
    return f"{head}; if each line is a record, convert the file: datasetkit convert {path} --to m365 -o OUT.json"


def plan(path: str, to: str | None = None) -> Migration:
    """Work out what migrating ``path`` would do, without writing anything.

    With ``to``, the result is validated against that version; ``mig.valid`` says
    whether it may be written, and ``mig.remaining`` lists what still fails.
    """
    from datasetkit.io.inputs import require_regular

    p = Path(path)
    require_regular(p)
    if not p.is_file():
        raise DatasetkitError(f"{path}: no such file", "check the path")
    if to == "latest":
        to = LATEST_V1  # as `datasetkit schema latest` reads it
    original = p.read_bytes()
    parsed = parse_json(original, path)
    if not parsed.ok:
        first = parsed.findings[0]
        raise DatasetkitError(
            f"{first.location.describe()}: {first.message}; the file is not migrated",
            _migrate_hint(first.hint, path),
        )
    value = parsed.value
    shape = classify(value)
    mig = Migration(path=path, needed=False, original=original, shape=shape, requested=to)
    log = ChangeLog()
    unfixable: list[Unfixable] = []
    if shape == "document":
        doc = value
        declared = doc.get("schemaVersion")
        mig.from_version = declared if isinstance(declared, str) else None
        if to is None:
            return mig
    else:
        _refuse_non_document(path, original, value, shape)
        doc = upgrade_legacy(value)
        log.add(
            "",
            f'legacy format: {_LEGACY_LABELS[shape]}; "schemaVersion": "{LEGACY_VERSION}" added, '
            "as runevals does",
        )
        mig.to_version = LEGACY_VERSION
    if to is not None:
        current = _check_target(path, doc, to)
        if current != to:
            log.add("", f"schemaVersion {current} -> {to}")
        doc = upgrade_document(doc, to, log)
        unfixable = move_rejected_keys(doc, to, log)
        mig.to_version = to
    mig.changes = log.render()
    if len(log):
        mig.needed = True
        mig.new_text = dumps(doc)
    if to is not None or mig.needed:
        _check_result(mig, parsed, unfixable)
    return mig


def _check_result(mig: Migration, parsed: ParsedJSON, unfixable: list[Unfixable]) -> None:
    """Fill ``mig.remaining`` (and ``mig.unfixable`` under --to) from validating the result."""
    text = mig.new_text or mig.original.decode("utf-8", "replace")
    remaining = _remaining_errors(mig, text)
    if mig.requested is not None:
        mig.unfixable = [
            Finding(
                "migrate.cannot-move",
                Severity.ERROR,
                u.message,
                u.hint,
                parsed.loc(mig.path, _original_pointer(u.pointer, mig.shape), key=True),
            )
            for u in unfixable
        ]
        # The validator names the same keys; say it once, with migrate's reason.
        said = {u.pointer for u in unfixable}
        remaining = [f for f in remaining if f.location.pointer not in said]
    mig.remaining = remaining


def _remaining_errors(mig: Migration, text: str) -> list[Finding]:
    """The errors ``datasetkit validate`` would report on the result, placed in the original."""
    from datasetkit.formats import InputFile, get

    found = get("m365").validate(InputFile(mig.path, text.encode("utf-8"))).findings
    errors = [f for f in found if f.severity == Severity.ERROR]
    if mig.new_text is None:
        return errors  # nothing changed: the places are already the file's own
    # The file on disk stays as it was, so point at its lines, not the unwritten result's.
    original = parse_json(mig.original, mig.path)
    out = []
    for f in errors:
        ptr = f.location.pointer
        if ptr is None or not original.ok:
            out.append(f.with_location(line=None, column=None))
            continue
        loc = original.loc(mig.path, _original_pointer(ptr, mig.shape), key=True)
        out.append(f.with_location(line=loc.line, column=loc.column))
    return out


def _original_pointer(pointer: str, shape: str) -> str:
    """Where a pointer into the migrated document points in the original legacy shape."""
    if shape == "legacy-array" and pointer.startswith("/items"):
        return pointer[len("/items") :]
    if shape == "prompts-objects" and pointer.startswith("/items"):
        return "/prompts" + pointer[len("/items") :]
    return pointer


def apply(mig: Migration, when: datetime | None = None) -> Migration:
    """Write the migration: backup first, then the atomic rewrite. Inputs untouched on failure."""
    if not mig.needed or mig.new_text is None:
        return mig
    if mig.requested and not mig.valid:
        raise DatasetkitError(
            f"{mig.path}: not migrated: the result would not validate against {mig.to_version}",
            "fix the errors migrate lists, then run it again",
        )
    # Locked, re-checked against what plan() read, backed up under a name of its own.
    mig.backup = replace_in_place(mig.path, mig.original, mig.new_text.encode("utf-8"), when=when)
    mig.written = True
    return mig
