"""The registered ``m365`` format: sniff, validate, read, write."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.gcpause import collector_paused
from datasetkit.core.jsonloc import ParsedJSON, parse_json, pointer_join
from datasetkit.formats import (
    NO_DATASET,
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
)
from datasetkit.formats.m365.checks import evaluator_name_findings, version_findings
from datasetkit.formats.m365.features import minimum_version
from datasetkit.formats.m365.shape import (
    classify,
    holds_plain_records,
    model_rejects,
    upgrade_legacy,
)
from datasetkit.formats.m365.spec import (
    bare_array_pointer,
    did_you_mean,
    hint_path,
    identity_pointer,
    prompts_array_pointer,
)
from datasetkit.formats.m365.translate import SchemaTranslator, describe_json_value
from datasetkit.formats.m365.validator import schema_errors
from datasetkit.formats.m365.versions import (
    KNOWN_VERSIONS,
    LATEST_OF_MAJOR,
    LATEST_V1,
    LEGACY_VERSION,
    PREVIEW,
    parse_version,
    version_key,
)
from datasetkit.io.files import atomic_write_text
from datasetkit.io.safety import build_or_report

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset

# ---------------------------------------------------------------------------
# The format


# Legacy shape -> its finding's code and message.
_LEGACY_MESSAGES = {
    "legacy-array": (
        "m365.legacy.bare-array",
        "legacy format: a bare JSON array of prompts (runevals upgrades it in place, with a backup, on its next run)",
    ),
    "legacy-object": (
        "m365.legacy.no-version",
        'legacy format: no "schemaVersion" (runevals upgrades the file in place, with a backup, on its next run)',
    ),
    "legacy-parallel": (
        "m365.legacy.parallel-arrays",
        'legacy format: "prompts"/"expected_responses" string arrays',
    ),
}


def _not_a_document(value: Any, parsed: ParsedJSON, path: str) -> Finding:
    """Why a JSON value that is no eval document (of any shape) cannot be run."""
    if isinstance(value, dict) and "individual_results" in value:
        return Finding(
            "m365.shape.results-file",
            Severity.ERROR,
            "this is a runevals results file in the old pre-schema format (individual_results), not a dataset",
            "point datasetkit at the input dataset; to reuse these prompts, convert the results "
            "into items with prompt and expected_response",
            parsed.loc(path, "/individual_results", key=True),
        )
    if isinstance(value, dict):
        close = did_you_mean("items", list(value), cutoff=0.6)
        hint = (
            f'rename {close!r} to "items"'
            if close
            else (
                f'write {{"schemaVersion": "{LATEST_V1}", "items": [{{"prompt": "...", "expected_response": "..."}}]}}'
            )
        )
        return Finding(
            "m365.shape.no-items",
            Severity.ERROR,
            'the document has neither "schemaVersion" nor "items": runevals finds no test cases in it',
            hint,
            parsed.loc(path, ""),
        )
    return Finding(
        "m365.shape.not-a-document",
        Severity.ERROR,
        f"the file holds {describe_json_value(value)}, not an eval document",
        f'write {{"schemaVersion": "{LATEST_V1}", "items": [...]}}',
        parsed.loc(path, ""),
    )


def validation_schema_version(forced: Any, declared: str) -> str:
    """The schema to validate with: the one the user forces, else the cumulative schema
    of the declared major (runevals validates every 1.x document against its one v1 file)."""
    if forced:
        if forced not in KNOWN_VERSIONS:
            raise DatasetkitError(
                f"--schema-version {forced}: datasetkit has no schema for that version",
                f"known versions: {', '.join(KNOWN_VERSIONS)}",
            )
        return str(forced)
    parsed_version = parse_version(declared)
    return (LATEST_OF_MAJOR.get(parsed_version.major) if parsed_version else None) or LATEST_V1


def _declared_version_findings(declared: str, parsed: ParsedJSON, path: str) -> list[Finding]:
    """A declared version newer than any known, or the v2 preview."""
    parsed_version = parse_version(declared)
    assert parsed_version is not None
    newest = LATEST_OF_MAJOR.get(parsed_version.major)
    if newest and parsed_version > version_key(newest):
        return [
            Finding(
                "m365.version.unknown",
                Severity.WARNING,
                f"schemaVersion {declared} is newer than any version datasetkit knows (newest {newest}); "
                "runevals rejects documents newer than it knows",
                f"check the version; datasetkit validated it against {newest}",
                parsed.loc(path, "/schemaVersion"),
            )
        ]
    if parsed_version.major == version_key(PREVIEW).major:
        return [
            Finding(
                "m365.version.preview",
                Severity.INFO,
                f"schema {declared} is the v2 preview: it needs the v2 preview CLI; datasetkit checks it "
                f"against its {PREVIEW} schema",
                'use "schemaVersion": "1.x" for the released CLI',
                parsed.loc(path, "/schemaVersion"),
            )
        ]
    return []


class M365Format(Format):
    # Eval documents have fixed fields; JSON records are read with --map (records.py).
    maps_columns = True
    """The runevals eval document (schema 1.x and the 2.x preview)."""

    name = "m365"
    label = "M365 Copilot eval document (runevals JSON)"
    extensions = (".json",)

    def sniff(self, src: InputFile) -> float:
        head = src.head(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
        if src.suffix == ".json" or ".json.bak." in src.path:
            return 0.9 if head[:1] in (b"{", b"[") else 0.6
        if src.suffix in ("", ".txt") and head[:1] in (b"{", b"["):
            first_line = head.split(b"\n", 1)[0]
            # A JSONL file has one complete object per line; a document spans lines.
            return 0.5 if not first_line.rstrip().endswith(b"}") else 0.2
        return 0.0

    # -- reading ---------------------------------------------------------------

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Parse, check the shape and version, validate against the schema, check names."""
        # The document's objects are built all at once and live to the end: without the
        # cycle collector walking them again and again (see datasetkit.core.gcpause).
        with collector_paused():
            return self._process(src, options or ReadOptions(), build=True)

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read into the canonical model (with the same findings as validate)."""
        with collector_paused():
            return self._process(src, options or ReadOptions(), build=True)

    def _process(self, src: InputFile, options: ReadOptions, build: bool) -> ReadResult:
        from datasetkit.formats.m365 import schemas

        path = "<stdin>" if src.path == "-" else src.path
        parsed = parse_json(src.data, path)
        result = ReadResult(None, list(parsed.findings), self.name)
        result.locate = lambda p: parsed.loc(path, p)
        if not parsed.ok:
            return result
        value = parsed.value
        shape = classify(value)
        result.info["shape"] = shape
        if holds_plain_records(value, shape):
            # Not an M365 document by its keys: records, whatever format was named.
            from datasetkit.formats.records import records_result

            return records_result(value, parsed, path, result, options)
        if shape == "invalid":
            result.findings.append(_not_a_document(value, parsed, path))
            return result
        pmap, doc, declared = self._document(value, shape, parsed, path, result.findings)
        result.info["schemaVersion"] = declared or None
        forced = options.extra.get("schema_version")
        schema_version = validation_schema_version(forced, declared)
        result.info["validatedWith"] = schema_version
        if declared and parse_version(declared) and not forced:
            result.findings.extend(_declared_version_findings(declared, parsed, path))
        translator = SchemaTranslator(parsed, path, schemas.load_schema(schema_version), pmap)
        translator.translate(schema_errors(schema_version, doc))
        result.findings.extend(translator.findings)
        if isinstance(doc, dict):
            reported = {f.location.pointer for f in translator.findings}
            result.findings.extend(
                f
                for f in evaluator_name_findings(doc, parsed, path, pmap)
                if f.location.pointer not in reported
            )
            # A legacy file is reported as such; runevals stamps 1.0.0 on it whatever it uses,
            # so per-feature version warnings would only repeat the legacy finding.
            if shape == "document" and declared and parse_version(declared):
                result.findings.extend(version_findings(doc, declared, parsed, path, pmap))
        if build and isinstance(doc, dict):
            self._build(doc, path, pmap, parsed, options, result)
        result.locate = lambda p: parsed.loc(path, pmap(p))
        return result

    def _document(
        self, value: Any, shape: str, parsed: ParsedJSON, path: str, out: list[Finding]
    ) -> tuple[Any, Any, str]:
        """(pointer map, the document to check, its declared version) for a readable shape."""
        if shape != "document":
            pmap = self._legacy_findings(value, shape, parsed, path, out)
            return pmap, upgrade_legacy(value), LEGACY_VERSION
        doc = value
        declared = doc.get("schemaVersion") if isinstance(doc.get("schemaVersion"), str) else ""
        if isinstance(doc.get("prompts"), list):
            out.append(
                Finding(
                    "m365.legacy.prompts-key",
                    Severity.WARNING,
                    'a root "prompts" key makes runevals use its legacy parser',
                    'remove "prompts" (the test cases belong in "items")',
                    parsed.loc(path, "/prompts", key=True),
                )
            )
        return identity_pointer, doc, declared

    @staticmethod
    def _build(
        doc: dict[str, Any],
        path: str,
        pmap: Any,
        parsed: ParsedJSON,
        options: ReadOptions,
        result: ReadResult,
    ) -> None:
        """The canonical dataset (or, for findings only, what building it rejects)."""
        # The mapping (and with it the model, pydantic) is imported only to build.
        if not options.extra.get(NO_DATASET):
            from datasetkit.formats.m365.mapping import to_dataset

            result.dataset = build_or_report(
                lambda: to_dataset(doc, path, pmap, parsed), result.findings, path or "<input>"
            )
        elif not any(f.severity == Severity.ERROR for f in result.findings) and model_rejects(doc):
            # Findings only (validate): the model is built, unlocated and then dropped,
            # only when it would reject a value that no error reports yet (a finding).
            from datasetkit.formats.m365.mapping import to_dataset

            build_or_report(
                lambda: to_dataset(doc, path, pmap, sources=False),
                result.findings,
                path or "<input>",
            )

    def _legacy_findings(
        self, value: Any, shape: str, parsed: ParsedJSON, path: str, out: list[Finding]
    ) -> Any:
        """What a legacy shape means to runevals; returns its pointer map to the upgraded form."""
        hint_file = hint_path(path)
        if shape == "prompts-objects":
            out.append(
                Finding(
                    "m365.legacy.prompts-objects",
                    Severity.ERROR,
                    'the root key "prompts" holds objects: runevals reads "prompts" as the legacy list of strings and runs 0 items',
                    f'rename "prompts" to "items" and add a schemaVersion: datasetkit migrate {hint_file}',
                    parsed.loc(path, "/prompts", key=True),
                )
            )
            return prompts_array_pointer
        code, msg = _LEGACY_MESSAGES[shape]
        needed = minimum_version(upgrade_legacy(value))
        hint = f"upgrade it to a versioned document: datasetkit migrate {hint_file}"
        if needed != LEGACY_VERSION:
            hint += (
                f" (runevals stamps {LEGACY_VERSION}; it uses features of {needed}: "
                f"datasetkit migrate --to {needed} {hint_file} declares that)"
            )
        out.append(Finding(code, Severity.WARNING, msg, hint, parsed.loc(path, "")))
        if shape == "legacy-array":
            return bare_array_pointer
        if shape == "legacy-parallel":
            out.extend(self._parallel_findings(value, parsed, path))
            return prompts_array_pointer
        return identity_pointer

    @staticmethod
    def _parallel_findings(
        value: dict[str, Any], parsed: ParsedJSON, path: str | None
    ) -> list[Finding]:
        prompts = value.get("prompts") or []
        expected = value.get("expected_responses")
        out = []
        if isinstance(expected, list) and len(expected) != len(prompts):
            out.append(
                Finding(
                    "m365.legacy.count-mismatch",
                    Severity.ERROR,
                    f"{len(prompts)} prompts but {len(expected)} expected_responses: they are paired by position",
                    'give every prompt exactly one expected response (use "" for none)',
                    parsed.loc(path, "/expected_responses", key=True),
                )
            )
        for i, p in enumerate(prompts):
            if not isinstance(p, str):
                out.append(
                    Finding(
                        "m365.legacy.not-a-string",
                        Severity.ERROR,
                        f"prompts[{i}] must be a string in the legacy parallel-array format",
                        "write each prompt as a string",
                        parsed.loc(path, pointer_join("/prompts", i)),
                    )
                )
        return out

    # -- writing ---------------------------------------------------------------

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write an eval document (2-space indent, UTF-8, LF, final newline)."""
        from datasetkit.formats.m365.mapping import from_dataset

        options = options or WriteOptions()
        doc, findings = from_dataset(dataset, version=options.extra.get("schema_version"))
        text = dumps(doc, ascii_only=bool(options.extra.get("ascii", False)))
        atomic_write_text(dest, text)
        return WriteResult([Path(dest)], findings, cases=len(doc.get("items") or []))


def dumps(doc: Any, ascii_only: bool = True) -> str:
    """Serialise as runevals does: ``json.dumps(doc, indent=2) + "\\n"``."""
    return json.dumps(doc, indent=2, ensure_ascii=ascii_only) + "\n"


register(M365Format())
