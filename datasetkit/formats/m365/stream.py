"""An eval document written item by item, and checked as it is written.

The whole-document writer builds every item, then the document, then its text; the
check after it parses that text again. For a large conversion both hold the whole
document several times over. Here each item's text goes to a spool file beside the
output as it comes, the root (whose ``schemaVersion`` depends on every item) is written
last around the spooled items, and each item is checked on its own: the findings are
those :meth:`M365Format.validate` reports at error level on the written file, in its
order, located by pointer (a convert places them at the input case).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import parse_json
from datasetkit.core.model import Case, Dataset
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.m365.checks import evaluator_name_findings
from datasetkit.formats.m365.features import minimum_version
from datasetkit.formats.m365.mapping import (
    declared_version,
    document_head,
    is_dropped_seed,
    item_of,
    seeds_dropped,
    to_dataset,
)
from datasetkit.formats.m365.spec import identity_pointer
from datasetkit.formats.m365.versions import DEFAULT_WRITE_FLOOR, version_key
from datasetkit.io.files import atomic_writer
from datasetkit.io.staging import beside

# Items checked together: one jsonschema and model pass per chunk, not per item.
_CHUNK = 256
_ITEM_INDENT = "\n    "


class _Places:
    """Stands in for a parsed file: a location is the file and the pointer (an item's
    index shifted from its chunk to the document)."""

    def __init__(self, shift: int = 0) -> None:
        self.shift = shift

    def loc(self, path: str | None, pointer: str, *, key: bool = False) -> Location:
        return Location(path=path, pointer=_shifted(pointer, self.shift))


def _shifted(pointer: str, shift: int) -> str:
    if not shift or not pointer.startswith("/items/"):
        return pointer
    index, sep, rest = pointer[len("/items/") :].partition("/")
    return f"/items/{int(index) + shift}{sep}{rest}" if index.isdigit() else pointer


def _non_finite(text: str, path: str, base: str) -> list[Finding]:
    """NaN and Infinity in a value's text (json.dumps writes them; JSON has no such number)."""
    if "NaN" not in text and "Infinity" not in text:
        return []
    found = parse_json(text.encode("utf-8"), path).findings
    return [f.with_location(pointer=base + (f.location.pointer or "")) for f in found]


class ItemCheck:
    """The error findings of validating the written document, gathered item by item.

    Only items the compiled schema cannot prove valid (few) keep their jsonschema
    errors until :meth:`findings`, which words them all at once as the whole-document
    check does (sorted by place, one finding per place).
    """

    def __init__(self, path: str, schema_version: str, first_index: int = 0) -> None:
        self.path = path
        self.schema_version = schema_version
        self.count = first_index
        self._chunk: list[dict[str, Any]] = []
        self._errors: list[Any] = []
        self._names: list[Finding] = []
        self._json: list[Finding] = []
        self._build: BaseException | None = None
        self._sources: list[Any] = []
        # Item index -> what the caller said of it (its input case's Source), kept only
        # for the items that have a finding: a convert places the finding there.
        self.sources: dict[int, Any] = {}

    def add(self, item: dict[str, Any], text: str, source: Any = None) -> None:
        """Check one item (``text`` is how it was written; ``source`` is kept if it fails)."""
        index = self.count + len(self._chunk)
        found = _non_finite(text, self.path, f"/items/{index}")
        if found:
            self._json.extend(found)
            self.sources[index] = source
        self._chunk.append(item)
        self._sources.append(source)
        if len(self._chunk) >= _CHUNK:
            self._flush()

    def _flag(self, index: int, shift: int) -> None:
        if 0 <= index - shift < len(self._sources):
            self.sources[index] = self._sources[index - shift]

    def _flush(self) -> None:
        from datasetkit.formats.m365.validator import schema_errors

        chunk = self._chunk
        if not chunk:
            return
        shift = self.count
        doc = {"schemaVersion": self.schema_version, "items": chunk}
        for err in schema_errors(self.schema_version, doc):
            path = err.relative_path
            if len(path) >= 2 and path[0] == "items" and isinstance(path[1], int):
                path[1] += shift
                self._errors.append(err)
                self._flag(path[1], shift)
        found = evaluator_name_findings(doc, _Places(shift), self.path, identity_pointer)  # type: ignore[arg-type]
        for f in found:
            if f.severity == Severity.ERROR:
                self._names.append(f)
                self._flag(int((f.location.pointer or "").split("/")[2]), shift)
        if self._build is None:
            try:
                to_dataset(doc, self.path, identity_pointer, _Places(shift))  # type: ignore[arg-type]
            except Exception as exc:  # the model's verdict, reported as validate does
                self._build = exc
        self.count += len(chunk)
        self._chunk, self._sources = [], []

    def findings(self, head: dict[str, Any], first_item: Any) -> list[Finding]:
        """Every error finding, in the whole-document check's order; ``head`` is the
        written root (``items`` replaced by nothing) and ``first_item`` any one item."""
        from datasetkit.formats.m365 import schemas
        from datasetkit.formats.m365.format import validation_schema_version
        from datasetkit.formats.m365.translate import SchemaTranslator
        from datasetkit.formats.m365.validator import schema_errors
        from datasetkit.io.safety import build_or_report

        self._flush()
        root = {k: v for k, v in head.items() if k != "items"}
        sample = {**root, "items": [first_item] if self.count else []}
        errors = [
            e
            for e in schema_errors(self.schema_version, sample)
            if not (len(e.relative_path) >= 2 and e.relative_path[0] == "items")
        ]
        translator = SchemaTranslator(
            _Places(),  # type: ignore[arg-type]
            self.path,
            schemas.load_schema(
                validation_schema_version(None, str(head.get("schemaVersion") or ""))
            ),
            identity_pointer,
        )
        translator.translate(errors + self._errors)
        out = _non_finite(json.dumps(root), self.path, "") + self._json + translator.findings
        reported = {f.location.pointer for f in translator.findings}
        names = evaluator_name_findings(root, _Places(), self.path, identity_pointer)  # type: ignore[arg-type]
        out += [
            f
            for f in [*names, *self._names]
            if f.severity == Severity.ERROR and f.location.pointer not in reported
        ]
        out = [f for f in out if f.severity == Severity.ERROR]
        build = self._build

        def rebuild() -> Any:
            if build is not None:
                raise build
            return to_dataset({**root, "items": []}, self.path, identity_pointer, _Places())  # type: ignore[arg-type]

        build_or_report(rebuild, out, self.path)
        return out


def check_version(dataset: Dataset, options: WriteOptions) -> str:
    """The schema the written document is validated against (known before any item)."""
    from datasetkit.formats.m365.format import validation_schema_version

    declared = declared_version(dataset, options.extra.get("schema_version"))
    return validation_schema_version(None, declared or DEFAULT_WRITE_FLOOR)


def item_text(item: dict[str, Any], ascii_only: bool) -> str:
    """An item as the whole-document writer lays it out inside ``"items": [...]``."""
    return json.dumps(item, indent=2, ensure_ascii=ascii_only).replace("\n", _ITEM_INDENT)


class ItemWriter:
    """Items spooled beside the output as they come; :meth:`finish` writes the document."""

    def __init__(self, dest: Path, dataset: Dataset, options: WriteOptions | None) -> None:
        self.dest = Path(dest)
        self.dataset = dataset
        self.options = options or WriteOptions()
        self.ascii = bool(self.options.extra.get("ascii", False))
        self.declared = declared_version(dataset, self.options.extra.get("schema_version"))
        self.version = minimum_version(document_head(dataset, []), DEFAULT_WRITE_FLOOR)
        self.items = 0
        self.seeds = 0
        self.first: dict[str, Any] | None = None
        folder = self.dest.parent if str(self.dest.parent) else Path(".")
        beside(folder)
        fd, self.spool = tempfile.mkstemp(
            prefix=f".datasetkit-spool-{os.getpid()}-", suffix=".json", dir=folder
        )
        self._fh = os.fdopen(fd, "wb")

    def add(self, case: Case) -> tuple[dict[str, Any], str] | None:
        """Write one case's item; returns it and its text (None when no item holds it)."""
        if is_dropped_seed(case):
            self.seeds += 1
            return None
        item = item_of(case)
        if item is None:
            return None
        text = item_text(item, self.ascii)
        self._fh.write(((",\n    " if self.items else _ITEM_INDENT) + text).encode("utf-8"))
        if self.declared is None:
            used = minimum_version({"items": [item]}, self.version)
            if version_key(used) > version_key(self.version):
                self.version = used
        if self.first is None:
            self.first = item
        self.items += 1
        return item, text

    def head(self) -> dict[str, Any]:
        """The root of the document as written (``items`` left as a placeholder)."""
        doc = document_head(self.dataset, None)
        doc["schemaVersion"] = self.declared or self.version
        return doc

    def finish(self) -> WriteResult:
        """The document, written atomically around the spooled items."""
        self._fh.close()
        marker = f"datasetkit-items-{secrets.token_hex(8)}"
        doc = self.head()
        doc["items"] = marker
        text = json.dumps(doc, indent=2, ensure_ascii=self.ascii) + "\n"
        before, after = text.split(json.dumps(marker), 1)
        with atomic_writer(self.dest) as out, open(self.spool, "rb") as spooled:
            out.write(before.encode("utf-8") + b"[")
            shutil.copyfileobj(spooled, out, 1 << 20)
            out.write((b"\n  ]" if self.items else b"]") + after.encode("utf-8"))
        return WriteResult([self.dest], seeds_dropped(self.seeds), cases=self.items)

    def close(self) -> None:
        """Remove the spool (after :meth:`finish`, or when the write failed)."""
        if not self._fh.closed:
            self._fh.close()
        with contextlib.suppress(OSError):
            os.unlink(self.spool)


def write_items(
    cases: Iterable[Case], dest: Path, dataset: Dataset, options: WriteOptions | None = None
) -> WriteResult:
    """Write ``dataset``'s root around ``cases`` as they come (same bytes as ``write``)."""
    writer = ItemWriter(dest, dataset, options)
    try:
        for case in cases:
            writer.add(case)
        return writer.finish()
    finally:
        writer.close()
