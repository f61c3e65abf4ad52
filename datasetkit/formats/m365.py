"""The Microsoft 365 Copilot Agent Evaluations CLI (``runevals``) eval document.

Reads every shape ``runevals`` accepts (the versioned document, the legacy bare
array, the versionless object, the legacy ``prompts``/``expected_responses`` arrays),
validates with the project's own schemas (the cumulative schema of the document's
major version, as ``runevals`` does) and adds the checks the schema does not make:
features newer than the declared version, unknown versions, legacy shapes, and
misspelt evaluator names. Every finding is located to line, column and JSON Pointer,
and worded for people.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path
from typing import Any

from ..carry import TURN_INPUT_FIELDS
from ..findings import DatasetkitError, Finding, Location, Severity
from ..io import atomic_write_text, is_dir
from ..jsonloc import ParsedJSON, parse_json, pointer_join, split_pointer
from ..model import Case, Dataset, Turn
from ..safety import build_or_report
from . import (
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
)
from .m365_versions import (
    BUILTIN_EVALUATORS,
    RESERVED_EVALUATORS,
    V2_ONLY_EVALUATORS,
    feature_uses,
    minimum_version,
    parse_version,
    version_key,
)

# Item/turn fields by role (the input ones are TURN_INPUT_FIELDS, shared with the
# canonical model's carry). Output-only fields are written by runevals into results.
OUTPUT_FIELDS = ("citations", "scores", "diagnostics", "status", "error")
THREAD_FIELDS = ("name", "description", "turns", "conversation_id", "summary", "tags", "extensions")
ROOT_FIELDS = ("schemaVersion", "metadata", "default_evaluators", "default_allowed_tools", "items")
# Item keys that 1.0-era documentation showed and that schemas from 1.2.0 reject.
LEGACY_ITEM_KEYS = ("testId", "category", "notes")

DEFAULT_WRITE_FLOOR = "1.6.0"
_IDENT = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*$")
MIGRATE_HINT = "datasetkit migrate {path}"


def _hint_path(path: str | None) -> str:
    return path if path and path != "<stdin>" else "FILE"


def did_you_mean(
    word: str, choices: list[str] | tuple[str, ...], cutoff: float = 0.75
) -> str | None:
    """The closest choice to ``word`` (case-insensitive), or None."""
    return _did_you_mean(word, tuple(choices), cutoff)


@functools.lru_cache(maxsize=4096)
def _did_you_mean(word: str, choices: tuple[str, ...], cutoff: float) -> str | None:
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[match[0]] if match else None


# ---------------------------------------------------------------------------
# Shape detection


def _plain_records(value: Any, shape: str) -> bool:
    """Whether ``value`` is a list of records that are not M365 items (no ``prompt`` and
    no ``turns`` in any), bare or as the one list of an object without M365 keys."""
    from .records import record_list

    if shape not in ("legacy-array", "invalid"):
        return False
    if isinstance(value, dict) and "individual_results" in value:
        return False
    found = record_list(value)
    if found is None:
        return False
    records, base = found
    if not base:
        return not any("prompt" in r or "turns" in r for r in records)
    return True


def classify(value: Any) -> str:
    """Which input shape runevals would see: document, legacy-array, legacy-object,
    legacy-parallel, prompts-objects, or invalid."""
    if isinstance(value, list):
        return "legacy-array"
    if not isinstance(value, dict):
        return "invalid"
    if "schemaVersion" in value:
        return "document"
    prompts = value.get("prompts")
    if isinstance(prompts, list) and "items" not in value:
        if prompts and all(isinstance(p, dict) for p in prompts):
            return "prompts-objects"
        return "legacy-parallel"
    if "items" in value:
        return "legacy-object"
    return "invalid"


def upgrade_legacy(value: Any) -> dict[str, Any]:
    """The document runevals makes of a legacy shape (key order kept, version appended)."""
    shape = classify(value)
    if shape == "legacy-array":
        return {"items": value, "schemaVersion": "1.0.0"}
    if shape == "legacy-object":
        out = dict(value)
        out["schemaVersion"] = "1.0.0"
        return out
    if shape == "legacy-parallel":
        out = {}
        prompts = value.get("prompts") or []
        expected = value.get("expected_responses") or []
        for k, v in value.items():
            if k == "prompts":
                items = []
                for i, p in enumerate(prompts):
                    item: dict[str, Any] = {"prompt": p}
                    if i < len(expected):
                        item["expected_response"] = expected[i]
                    items.append(item)
                out["items"] = items
            elif k != "expected_responses":
                out[k] = v
        out["schemaVersion"] = "1.0.0"
        return out
    if shape == "prompts-objects":
        out = {("items" if k == "prompts" else k): v for k, v in value.items()}
        out["schemaVersion"] = "1.0.0"
        return out
    raise ValueError(f"not a legacy shape: {shape}")


# ---------------------------------------------------------------------------
# Schema error translation


class _Translator:
    """Turns jsonschema errors into findings worded for people."""

    def __init__(
        self, parsed: ParsedJSON, path: str | None, schema: dict[str, Any], pointer_map: Any
    ) -> None:
        self.parsed = parsed
        self.path = path
        self.schema = schema
        # Maps a pointer in the validated document to one in the file (legacy arrays
        # are validated as their upgraded form).
        self.pointer_map = pointer_map
        self.findings: list[Finding] = []
        self._seen: set[tuple[str, str]] = set()
        self._defs = schema.get("$defs", {})

    def loc(self, pointer: str, key: bool = False) -> Location:
        return self.parsed.loc(self.path, self.pointer_map(pointer), key=key)

    def add(
        self,
        code: str,
        message: str,
        hint: str,
        pointer: str,
        key: bool = False,
        severity: Severity = Severity.ERROR,
        **data: Any,
    ) -> None:
        # One finding per place: a value that breaks two constraints (empty and not
        # matching a pattern) needs one fix, and named fields get their own pointers.
        ident = ("", pointer)
        if ident in self._seen:
            return
        self._seen.add(ident)
        self.findings.append(
            Finding(f"m365.schema.{code}", severity, message, hint, self.loc(pointer, key), data)
        )

    # -- helpers -------------------------------------------------------------

    def _item_branches(self) -> tuple[str | None, str | None]:
        """Names of the single-turn and thread defs that the items' oneOf chooses between."""
        single = thread = None
        node = self.schema.get("properties", {}).get("items", {}).get("items", {})
        for _ in range(5):  # follow $ref chains to the oneOf
            if "oneOf" in node or "$ref" not in node:
                break
            node = self._defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        for branch in node.get("oneOf", []):
            name = branch.get("$ref", "").rsplit("/", 1)[-1]
            req = self._defs.get(name, {}).get("required", [])
            if "turns" in req:
                thread = name
            elif "prompt" in req:
                single = name
        return single, thread

    def _sub_errors(self, def_name: str, value: Any) -> list[Any]:
        from jsonschema import Draft202012Validator

        sub = {"$ref": f"#/$defs/{def_name}", "$defs": self._defs}
        validator = Draft202012Validator(sub, format_checker=Draft202012Validator.FORMAT_CHECKER)
        return list(validator.iter_errors(value))

    @staticmethod
    def _ptr(error: Any, base: str = "") -> str:
        return base + "".join(
            "/" + str(p).replace("~", "~0").replace("/", "~1") for p in error.absolute_path
        )

    def _allowed_props(self, schema: dict[str, Any]) -> list[str]:
        props = list(schema.get("properties", {}))
        if not props and "$ref" in schema:
            props = list(
                self._defs.get(schema["$ref"].rsplit("/", 1)[-1], {}).get("properties", {})
            )
        return props

    # -- main ----------------------------------------------------------------

    def translate(self, errors: list[Any], base: str = "") -> None:
        for err in sorted(errors, key=lambda e: (list(map(str, e.absolute_path)), e.validator)):
            self.one(err, base)

    def one(self, err: Any, base: str = "") -> None:
        pointer = self._ptr(err, base)
        v = err.validator
        inst = err.instance
        tokens = split_pointer(pointer)
        where = self._describe(tokens)
        if "propertyNames" in err.relative_schema_path or "propertyNames" in err.schema_path:
            name = str(inst)
            if v == "enum":  # schemas up to 1.5 close the set of evaluator names
                choices = [str(c) for c in err.validator_value]
                close = did_you_mean(name, choices, cutoff=0.6)
                self.add(
                    "unknown-evaluator",
                    f"unknown evaluator {name!r}" + (f"; did you mean {close!r}?" if close else ""),
                    f"rename it to {close!r}" if close else f"use one of: {', '.join(choices)}",
                    pointer_join(pointer, name),
                    key=True,
                    suggestion=close,
                )
                return
            self.add(
                "evaluator-name"
                if tokens[-1:] in (["evaluators"], ["default_evaluators"])
                else "property-name",
                f"{'evaluator ' if tokens[-1:] in (['evaluators'], ['default_evaluators']) else ''}name {name!r} is not allowed: "
                "names are identifiers (letters, digits and _, starting with a letter)",
                "rename it (a custom evaluator's folder and files must have the same name)",
                pointer_join(pointer, name),
                key=True,
            )
            return
        if v == "oneOf" and self._is_item_pointer(tokens):
            self.item(inst, pointer)
            return
        if v == "required":
            missing = [m for m in err.validator_value if not (isinstance(inst, dict) and m in inst)]
            for name in missing:
                hint = f'add "{name}" to {where}'
                if name == "schemaVersion":
                    hint = 'add "schemaVersion": "1.11.0" at the top of the document'
                elif name == "items":
                    hint = 'put the test cases in an "items" array'
                close = did_you_mean(name, list(inst)) if isinstance(inst, dict) else None
                if close and close != name:
                    hint = f"rename {close!r} to {name!r}"
                self.add(
                    "required",
                    f"{where} is missing the required field {name!r}",
                    hint,
                    pointer,
                    field=name,
                )
            return
        if v == "additionalProperties":
            allowed = self._allowed_props(err.schema)
            extra = (
                [k for k in inst if k not in allowed and not self._matches_pattern(err.schema, k)]
                if isinstance(inst, dict)
                else []
            )
            for name in extra:
                child = pointer_join(pointer, name)
                if name in LEGACY_ITEM_KEYS and self._is_turnlike(tokens):
                    self.add(
                        "legacy-field",
                        f"{name!r} is not allowed on {where} (schemas since 1.2.0 reject it; older documentation showed it)",
                        f'move it into "extensions" (or "tags"): datasetkit migrate --to 1.11.0 {_hint_path(self.path)}',
                        child,
                        key=True,
                        field=name,
                    )
                    continue
                # Never suggest an output-only field: a user's "Status" column is not the
                # run status runevals writes (renaming it would fake a result).
                inputs = [a for a in allowed if a not in OUTPUT_FIELDS]
                close = did_you_mean(name, inputs)
                msg = f"unknown field {name!r} on {where}"
                if close:
                    msg += f"; did you mean {close!r}?"
                    hint = f"rename {name!r} to {close!r}"
                else:
                    hint = (
                        'remove it, or move it into "extensions"'
                        if "extensions" in allowed
                        else "remove it"
                    )
                    if inputs:
                        hint += f" (input fields allowed here: {', '.join(inputs)})"
                self.add("unknown-field", msg, hint, child, key=True, field=name, suggestion=close)
            return
        if v == "type":
            expected = err.validator_value
            exp = " or ".join(expected) if isinstance(expected, list) else expected
            self.add(
                "type",
                f"{where} must be {_article(exp)} {exp}, not {_json_type(inst)}",
                f"write {where} as {_article(exp)} {exp}"
                + (" (in double quotes)" if exp == "string" else ""),
                pointer,
            )
            return
        if v == "enum":
            choices = [str(c) for c in err.validator_value]
            close = did_you_mean(str(inst), choices, cutoff=0.6)
            msg = f"{where} is {json.dumps(inst)}, which is not one of: {', '.join(choices)}"
            if close:
                msg += f"; did you mean {close!r}?"
            self.add("enum", msg, f"use one of: {', '.join(choices)}", pointer, suggestion=close)
            return
        if v in ("const",):
            self.add(
                "const",
                f"{where} must be {json.dumps(err.validator_value)}, not {json.dumps(inst)}",
                f"set it to {json.dumps(err.validator_value)}",
                pointer,
            )
            return
        if v == "pattern":
            if tokens == ["schemaVersion"]:
                self.add(
                    "version-format",
                    f'schemaVersion {json.dumps(inst)} is not a version like "1.11.0" for this schema',
                    'write MAJOR.MINOR.PATCH, e.g. "1.11.0" (2.x documents need the v2 preview)',
                    pointer,
                )
            else:
                self.add(
                    "pattern",
                    f"{where} {json.dumps(inst)} does not have the required form ({err.validator_value})",
                    "fix the value to match the pattern",
                    pointer,
                )
            return
        if v in ("minItems", "maxItems"):
            n = len(inst) if isinstance(inst, list) else 0
            if v == "maxItems" and tokens[-1:] == ["turns"]:
                self.add(
                    "too-many-turns",
                    f"this thread has {n} turns; a thread holds at most {err.validator_value}",
                    "split the conversation into several threads of at most 20 turns",
                    pointer,
                    key=True,
                )
            elif v == "minItems" and n == 0:
                self.add(
                    "empty",
                    f"{where} is empty",
                    f"add at least {err.validator_value} entry to {where}",
                    pointer,
                )
            else:
                self.add(
                    v,
                    f"{where} has {n} entries; {'at least' if v == 'minItems' else 'at most'} {err.validator_value} allowed",
                    "adjust the number of entries",
                    pointer,
                )
            return
        if v == "minLength":
            what = tokens[-1] if tokens and not tokens[-1].isdigit() else "value"
            self.add("empty-string", f"{where} is empty", f"write a non-empty {what}", pointer)
            return
        if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            scale = self._range_of(err.schema)
            self.add(
                "out-of-range",
                f"{where} is {json.dumps(inst)}, outside the allowed range {scale}",
                f"use a value in {scale}",
                pointer,
            )
            return
        if v == "format":
            self.add(
                "format",
                f"{where} {json.dumps(inst)} is not a valid {err.validator_value}",
                "write an ISO 8601 date-time, e.g. 2026-12-01T09:30:00Z"
                if err.validator_value == "date-time"
                else f"write a valid {err.validator_value}",
                pointer,
            )
            return
        if v == "not":
            self.add(
                "not",
                f"{where} has a field that is not allowed in this combination",
                "see the schema for the allowed shape",
                pointer,
            )
            return
        if v == "anyOf" and self._looks_like(tokens, "RetrievalResult"):
            self.add(
                "retrieval-result-needs-expectation",
                'RetrievalResult needs "expected_items" or "min_expected_count"',
                'add "expected_items": [{"retrievalExtract_contains": "..."}] or "min_expected_count": 1',
                pointer,
            )
            return
        if v in ("oneOf", "anyOf"):
            self._best_branch(err, pointer, where, base)
            return
        self.add(
            str(v), f"{where}: {err.message}", "fix the value so it matches the schema", pointer
        )

    # -- specific shapes -----------------------------------------------------

    def item(self, inst: Any, pointer: str) -> None:
        where = self._describe(split_pointer(pointer))
        if not isinstance(inst, dict):
            self.add(
                "item-type",
                f"{where} must be an object, not {_json_type(inst)}",
                'write each item as {"prompt": "...", "expected_response": "..."}',
                pointer,
            )
            return
        single, thread = self._item_branches()
        has_prompt, has_turns = "prompt" in inst, "turns" in inst
        if has_prompt and has_turns:
            self.add(
                "prompt-and-turns",
                f'{where} has both "prompt" and "turns": an item is either a single-turn prompt or a multi-turn thread',
                'keep one: move the prompt into turns[0] for a conversation, or drop "turns" for a single prompt',
                pointer,
            )
            return
        if not has_prompt and not has_turns:
            close = did_you_mean("prompt", list(inst)) or did_you_mean("turns", list(inst))
            hint = (
                f"rename {close!r} to {('prompt' if close and close.lower().startswith('p') else 'turns')!r}"
                if close
                else ('add "prompt": "..." (single-turn) or "turns": [...] (multi-turn)')
            )
            self.add("prompt-or-turns", f'{where} has neither "prompt" nor "turns"', hint, pointer)
            return
        def_name = thread if has_turns else single
        if def_name is None:
            self.add(
                "item",
                f"{where} does not match the item schema",
                "check the item against the schema",
                pointer,
            )
            return
        errors = self._sub_errors(def_name, inst)
        if not errors:
            self.add(
                "item",
                f"{where} does not match the item schema",
                "check the item against the schema",
                pointer,
            )
            return
        self.translate(errors, pointer)

    def _best_branch(self, err: Any, pointer: str, where: str, base: str) -> None:
        from jsonschema.exceptions import best_match

        ctx = list(err.context or [])
        if not ctx:
            self.add(
                "shape",
                f"{where} does not match any allowed shape",
                "check it against the schema",
                pointer,
            )
            return
        # Score results: an errored score must not carry score/threshold.
        inst = err.instance
        if isinstance(inst, dict) and inst.get("result") == "error":
            extra = [k for k in inst if k not in ("result", "error", "code")]
            if "error" not in inst:
                self.add(
                    "errored-score",
                    f'{where} has result "error" but no "error" message',
                    'add "error": "<what went wrong>" (an errored score has result, error and optionally code)',
                    pointer,
                )
                return
            if extra:
                self.add(
                    "errored-score",
                    f'{where} is an errored score (result "error") but also has {", ".join(map(repr, extra))}',
                    "an errored score has only result, error and code: remove the other fields",
                    pointer,
                )
                return
        best = best_match(ctx)
        if best is not None:
            self.one(best, base)
        else:  # pragma: no cover - best_match returns None only for no errors
            self.add(
                "shape",
                f"{where} does not match any allowed shape",
                "check it against the schema",
                pointer,
            )

    def _matches_pattern(self, schema: dict[str, Any], key: str) -> bool:
        return any(re.search(p, key) for p in schema.get("patternProperties", {}))

    @staticmethod
    def _range_of(schema: dict[str, Any]) -> str:
        lo = schema.get("minimum", schema.get("exclusiveMinimum"))
        hi = schema.get("maximum", schema.get("exclusiveMaximum"))
        if lo is not None and hi is not None:
            return f"{lo}..{hi}"
        if lo is not None:
            return f">= {lo}"
        return f"<= {hi}"

    @staticmethod
    def _is_item_pointer(tokens: list[str]) -> bool:
        return len(tokens) == 2 and tokens[0] == "items" and tokens[1].isdigit()

    @staticmethod
    def _is_turnlike(tokens: list[str]) -> bool:
        return (len(tokens) == 2 and tokens[0] == "items") or (
            len(tokens) == 4 and tokens[2] == "turns"
        )

    @staticmethod
    def _looks_like(tokens: list[str], evaluator: str) -> bool:
        return bool(tokens) and tokens[-1] == evaluator

    @staticmethod
    def _describe(tokens: list[str]) -> str:
        if not tokens:
            return "the document"
        if tokens[0] == "items" and len(tokens) >= 2 and tokens[1].isdigit():
            out = f"items[{tokens[1]}]"
            rest = tokens[2:]
            if len(rest) >= 2 and rest[0] == "turns" and rest[1].isdigit():
                out += f".turns[{rest[1]}]"
                rest = rest[2:]
            if not rest:
                return "item " + out if len(tokens) == 2 else "turn " + out
            return out + "".join(f"[{t}]" if t.isdigit() else f".{t}" for t in rest)
        return tokens[0] + "".join(f"[{t}]" if t.isdigit() else f".{t}" for t in tokens[1:])


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"a string ({json.dumps(value[:40])})"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _inline_refs(node: Any, defs: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """``node`` with local ``$ref``s replaced by what they point to (cycles left as refs)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in seen and name in defs:
                target = _inline_refs(defs[name], defs, (*seen, name))
                rest = {k: _inline_refs(v, defs, seen) for k, v in node.items() if k != "$ref"}
                return {**rest, "allOf": [target]} if rest else target
        return {k: (v if k == "$defs" else _inline_refs(v, defs, seen)) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(x, defs, seen) for x in node]
    return node


@functools.cache
def _fast_validator(version: str) -> Any:
    """A validator for ``version`` with references inlined.

    Resolving ``$ref`` is most of jsonschema's cost on an eval document (every item goes
    through two or three references); inlining them once makes a 10,000-item file
    validate about twice as fast, with the same verdicts and error paths into the data.
    """
    from jsonschema import Draft202012Validator

    from .. import schemas

    schema = schemas.load_schema(version)
    inlined = _inline_refs(schema, schema.get("$defs", {}))
    return Draft202012Validator(inlined, format_checker=Draft202012Validator.FORMAT_CHECKER)


# ---------------------------------------------------------------------------
# Checks beyond the schema


def _evaluator_maps(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(doc.get("default_evaluators"), dict):
        out.append(("/default_evaluators", doc["default_evaluators"]))
    items = doc.get("items")
    if isinstance(items, list):
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            if isinstance(item.get("evaluators"), dict):
                out.append((pointer_join("/items", i, "evaluators"), item["evaluators"]))
            turns = item.get("turns")
            if isinstance(turns, list):
                for t, turn in enumerate(turns):
                    if isinstance(turn, dict) and isinstance(turn.get("evaluators"), dict):
                        out.append(
                            (
                                pointer_join("/items", i, "turns", t, "evaluators"),
                                turn["evaluators"],
                            )
                        )
    return out


def _custom_evaluator_dirs(path: str | None) -> list[Path]:
    """Where runevals looks for custom evaluators: ./custom-evaluators (and beside the file)."""
    dirs = [Path.cwd() / "custom-evaluators"]
    if path and path not in ("-", "<stdin>"):
        dirs.append(Path(path).resolve().parent / "custom-evaluators")
        dirs.append(Path(path).resolve().parent.parent / "custom-evaluators")
    return dirs


def evaluator_name_findings(
    doc: dict[str, Any], parsed: ParsedJSON, path: str | None, pmap: Any
) -> list[Finding]:
    """Misspelt, wrong-case and reserved evaluator names (the schema lets them through as custom names)."""
    findings: list[Finding] = []
    builtin = list(BUILTIN_EVALUATORS)
    lower = {b.lower(): b for b in RESERVED_EVALUATORS}
    folders = _custom_evaluator_dirs(path)
    folder_cache: dict[str, bool] = {}
    for base, evs in _evaluator_maps(doc):
        for name in evs:
            where = pointer_join(base, name)
            loc = parsed.loc(path, pmap(where), key=True)
            if name in BUILTIN_EVALUATORS:
                continue
            if name == "ToolCallAccuracy":
                findings.append(
                    Finding(
                        "m365.evaluator.retired",
                        Severity.ERROR,
                        "'ToolCallAccuracy' is a retired evaluator and a reserved name: runevals no longer runs it",
                        "remove it; for tool calls use ToolCallSelection / ToolCallExecution (schema v2 preview)",
                        loc,
                        {"evaluator": name},
                    )
                )
                continue
            if name.lower() in lower:
                right = lower[name.lower()]
                findings.append(
                    Finding(
                        "m365.evaluator.case",
                        Severity.ERROR,
                        f"evaluator {name!r} differs from the built-in {right!r} only in case; runevals rejects names that collide with a built-in",
                        f"write it as {right!r} ('datasetkit lint --fix' corrects the case)",
                        loc,
                        {"evaluator": name, "suggestion": right},
                    )
                )
                continue
            if not _IDENT.match(name):
                continue  # the schema reports names that are not identifiers
            if name not in folder_cache:
                folder_cache[name] = any(is_dir(d / name) for d in folders)
            has_folder = folder_cache[name]
            close = did_you_mean(name, builtin, cutoff=0.8)
            if close and not has_folder:
                findings.append(
                    Finding(
                        "m365.evaluator.unknown",
                        Severity.ERROR,
                        f"unknown evaluator {name!r}; did you mean {close!r}?",
                        f"rename it to {close!r} (a custom evaluator needs a folder custom-evaluators/{name}/)",
                        loc,
                        {"evaluator": name, "suggestion": close},
                    )
                )
            elif not has_folder:
                findings.append(
                    Finding(
                        "m365.evaluator.custom-missing",
                        Severity.WARNING,
                        f"{name!r} is not a built-in evaluator, so runevals loads it from custom-evaluators/{name}/, which was not found",
                        f"create custom-evaluators/{name}/{name}.py in the folder you run runevals from,"
                        " or use a built-in name ('datasetkit rules' lists them)",
                        loc,
                        {"evaluator": name},
                    )
                )
    return findings


def version_findings(
    doc: dict[str, Any], declared: str, parsed: ParsedJSON, path: str | None, pmap: Any
) -> list[Finding]:
    """Features newer than the declared schemaVersion (warnings that name the version)."""
    findings: list[Finding] = []
    declared_key = version_key(declared)
    first: dict[str, tuple[str, str, bool, int]] = {}
    for use in feature_uses(doc):
        if version_key(use.since) > declared_key:
            if use.feature in first:
                f, s, k, n = first[use.feature]
                first[use.feature] = (f, s, k, n + 1)
            else:
                first[use.feature] = (use.pointer, use.since, use.key, 1)
    needed = minimum_version(doc, declared)
    for feature, (pointer, since, key, n) in first.items():
        times = f" ({n} places)" if n > 1 else ""
        findings.append(
            Finding(
                "m365.version.feature-newer",
                Severity.WARNING,
                f"{feature} came with schema {since}, but the document declares schemaVersion {declared}{times}",
                f'declare "schemaVersion": "{needed}" or newer (datasetkit migrate --to {needed} {_hint_path(path)})',
                parsed.loc(path, pmap(pointer), key=key),
                {"feature": feature, "since": since, "count": n},
            )
        )
    for base, evs in _evaluator_maps(doc):
        for name in evs:
            if name in V2_ONLY_EVALUATORS and declared_key[0] < 2:
                findings.append(
                    Finding(
                        "m365.version.v2-evaluator",
                        Severity.INFO,
                        f"{name} runs only in the CLI v2 preview with a schema 2.x document",
                        'declare "schemaVersion": "2.0.0" and run with the v2 preview CLI',
                        parsed.loc(path, pmap(pointer_join(base, name)), key=True),
                        {"evaluator": name},
                    )
                )
    return findings


# ---------------------------------------------------------------------------
# The format


def _identity(p: str) -> str:
    return p


def _legacy_array_map(p: str) -> str:
    # "/items/3/prompt" in the upgraded form is "/3/prompt" in a bare-array file.
    if p == "/items":
        return ""
    if p.startswith("/items/"):
        return p[len("/items") :]
    return p


def _prompts_map(p: str) -> str:
    if p == "/items" or p.startswith("/items/"):
        return "/prompts" + p[len("/items") :]
    return p


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

    def _read_records(
        self, value: Any, path: str, parsed: Any, result: ReadResult, options: ReadOptions
    ) -> ReadResult:
        """JSON records that are no eval document, read through the column-role resolver."""
        from .records import read_records, record_list

        found = record_list(value)
        assert found is not None
        records, base = found
        locate = lambda p: parsed.loc(path, p)  # noqa: E731
        result.findings.append(
            Finding(
                "records.not-a-document",
                Severity.INFO,
                "not an eval document: read as plain records"
                + (f" (the list under {base})" if base else ""),
                "",
                locate(base),
            )
        )
        ds, findings = read_records(records, base, path, locate, self.name, options.mapping)
        result.dataset = ds
        result.findings += findings
        return result

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Parse, check the shape and version, validate against the schema, check names."""
        return self._process(src, options or ReadOptions(), build=True)

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read into the canonical model (with the same findings as validate)."""
        return self._process(src, options or ReadOptions(), build=True)

    def _process(self, src: InputFile, options: ReadOptions, build: bool) -> ReadResult:
        from .. import schemas

        path = "<stdin>" if src.path == "-" else src.path
        parsed = parse_json(src.data, path)
        result = ReadResult(None, list(parsed.findings), self.name)
        result.locate = lambda p: parsed.loc(path, p)
        if not parsed.ok:
            return result
        value = parsed.value
        shape = classify(value)
        result.info["shape"] = shape
        if build and options.extra.get("converting") and _plain_records(value, shape):
            return self._read_records(value, path, parsed, result, options)
        pmap: Any = _identity
        hint_file = _hint_path(path)
        if shape == "invalid":
            if isinstance(value, dict) and "individual_results" in value:
                result.findings.append(
                    Finding(
                        "m365.shape.results-file",
                        Severity.ERROR,
                        "this is a runevals results file in the old pre-schema format (individual_results), not a dataset",
                        "point datasetkit at the input dataset; to reuse these prompts, convert the results "
                        "into items with prompt and expected_response",
                        parsed.loc(path, "/individual_results", key=True),
                    )
                )
            elif isinstance(value, dict):
                close = did_you_mean("items", list(value), cutoff=0.6)
                hint = (
                    f'rename {close!r} to "items"'
                    if close
                    else (
                        'write {"schemaVersion": "1.11.0", "items": [{"prompt": "...", "expected_response": "..."}]}'
                    )
                )
                result.findings.append(
                    Finding(
                        "m365.shape.no-items",
                        Severity.ERROR,
                        'the document has neither "schemaVersion" nor "items": runevals finds no test cases in it',
                        hint,
                        parsed.loc(path, ""),
                    )
                )
            else:
                result.findings.append(
                    Finding(
                        "m365.shape.not-a-document",
                        Severity.ERROR,
                        f"the file holds {_json_type(value)}, not an eval document",
                        'write {"schemaVersion": "1.11.0", "items": [...]}',
                        parsed.loc(path, ""),
                    )
                )
            return result
        if shape != "document":
            messages = {
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
            if shape == "prompts-objects":
                result.findings.append(
                    Finding(
                        "m365.legacy.prompts-objects",
                        Severity.ERROR,
                        'the root key "prompts" holds objects: runevals reads "prompts" as the legacy list of strings and runs 0 items',
                        f'rename "prompts" to "items" and add a schemaVersion: datasetkit migrate {hint_file}',
                        parsed.loc(path, "/prompts", key=True),
                    )
                )
                pmap = _prompts_map
            else:
                code, msg = messages[shape]
                needed = minimum_version(upgrade_legacy(value))
                hint = f"upgrade it to a versioned document: datasetkit migrate {hint_file}"
                if needed != "1.0.0":
                    hint += (
                        f" (runevals stamps 1.0.0; it uses features of {needed}: "
                        f"datasetkit migrate --to {needed} {hint_file} declares that)"
                    )
                result.findings.append(
                    Finding(code, Severity.WARNING, msg, hint, parsed.loc(path, ""))
                )
                if shape == "legacy-array":
                    pmap = _legacy_array_map
                elif shape == "legacy-parallel":
                    result.findings.extend(self._parallel_findings(value, parsed, path))
                    pmap = _prompts_map
            doc = upgrade_legacy(value)
            declared = "1.0.0"
        else:
            doc = value
            declared = doc.get("schemaVersion") if isinstance(doc.get("schemaVersion"), str) else ""
            if isinstance(doc.get("prompts"), list):
                result.findings.append(
                    Finding(
                        "m365.legacy.prompts-key",
                        Severity.WARNING,
                        'a root "prompts" key makes runevals use its legacy parser',
                        'remove "prompts" (the test cases belong in "items")',
                        parsed.loc(path, "/prompts", key=True),
                    )
                )
        result.info["schemaVersion"] = declared or None
        # Which schema: the one the user forces, else the cumulative schema of the
        # declared major (runevals validates every 1.x document against its one v1 file).
        forced = options.extra.get("schema_version")
        parsed_version = parse_version(declared) if declared else None
        if forced:
            if forced not in schemas.KNOWN_VERSIONS:
                raise DatasetkitError(
                    f"--schema-version {forced}: datasetkit has no schema for that version",
                    f"known versions: {', '.join(schemas.KNOWN_VERSIONS)}",
                )
            schema_version = forced
        elif parsed_version and parsed_version[0] == 2:
            schema_version = max(
                (v for v in schemas.KNOWN_VERSIONS if v.startswith("2.")), key=version_key
            )
        else:
            schema_version = schemas.LATEST_V1
        result.info["validatedWith"] = schema_version
        if parsed_version and not forced:
            major_known = [
                v for v in schemas.KNOWN_VERSIONS if version_key(v)[0] == parsed_version[0]
            ]
            newest = max(major_known, key=version_key) if major_known else None
            if newest and version_key(declared) > version_key(newest):
                result.findings.append(
                    Finding(
                        "m365.version.unknown",
                        Severity.WARNING,
                        f"schemaVersion {declared} is newer than any version datasetkit knows (newest {newest}); "
                        "runevals rejects documents newer than it knows",
                        f"check the version; datasetkit validated it against {newest}",
                        parsed.loc(path, "/schemaVersion"),
                    )
                )
            elif parsed_version[0] == 2:
                result.findings.append(
                    Finding(
                        "m365.version.preview",
                        Severity.INFO,
                        f"schema {declared} is the v2 preview: it needs the v2 preview CLI; datasetkit checks it "
                        "against its 2.0.0 schema",
                        'use "schemaVersion": "1.x" for the released CLI',
                        parsed.loc(path, "/schemaVersion"),
                    )
                )
        validator = _fast_validator(schema_version)
        translator = _Translator(parsed, path, schemas.load_schema(schema_version), pmap)
        translator.translate(list(validator.iter_errors(doc)))
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
            result.dataset = build_or_report(
                lambda: to_dataset(doc, path, pmap, parsed), result.findings, path or "<input>"
            )
        result.locate = lambda p: parsed.loc(path, pmap(p))
        return result

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
        options = options or WriteOptions()
        doc, findings = from_dataset(dataset, version=options.extra.get("schema_version"))
        text = dumps(doc, ascii_only=bool(options.extra.get("ascii", False)))
        atomic_write_text(dest, text)
        return WriteResult([Path(dest)], findings, cases=len(doc.get("items") or []))


def dumps(doc: Any, ascii_only: bool = True) -> str:
    """Serialise as runevals does: ``json.dumps(doc, indent=2) + "\\n"``."""
    return json.dumps(doc, indent=2, ensure_ascii=ascii_only) + "\n"


# ---------------------------------------------------------------------------
# Model mapping


def _str_or_none(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _turn_from(obj: dict[str, Any], allowed_extra_out: tuple[str, ...] = ()) -> Turn:
    """A Turn from an item or turn object; values of the wrong type stay in ``extra``."""
    typed: dict[str, Any] = {}
    results: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    checks = {
        "prompt": lambda v: isinstance(v, str),
        "expected_response": lambda v: isinstance(v, str),
        "context": lambda v: isinstance(v, str),
        "response": lambda v: isinstance(v, str),
        "evaluators": lambda v: (
            isinstance(v, dict) and all(isinstance(o, dict) for o in v.values())
        ),
        "evaluators_mode": lambda v: isinstance(v, str),
        "allowed_tools": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "allowed_tools_mode": lambda v: isinstance(v, str),
        "tags": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "extensions": lambda v: isinstance(v, dict),
    }
    for k, v in obj.items():
        if k in checks and checks[k](v):
            typed[k] = v
        elif k in OUTPUT_FIELDS:
            results[k] = v
        else:
            extra[k] = v
    return Turn(prompt=typed.pop("prompt", ""), results=results, extra=extra, **typed)


def _case_facts(case: Case, raw: dict[str, Any], ext: dict[str, Any] | None) -> None:
    """Test id, category and notes: from the 1.0-era item keys or from extensions."""
    ext = ext or {}
    for attr, keys in (
        ("id", ("testId", "id")),
        ("category", ("category",)),
        ("notes", ("notes",)),
    ):
        for k in keys:
            v = raw.get(k) if k != "id" else None
            if isinstance(v, str) and v:
                setattr(case, attr, v)
                break
            v = ext.get(k)
            if isinstance(v, str) and v:
                setattr(case, attr, v)
                break


def to_dataset(
    doc: dict[str, Any], path: str | None, pmap: Any = _identity, parsed: ParsedJSON | None = None
) -> Dataset:
    """The canonical Dataset of an (upgraded) eval document."""
    from ..model import Source

    cases: list[Case] = []
    items = doc.get("items") if isinstance(doc.get("items"), list) else []
    for i, item in enumerate(items or []):
        base = pointer_join("/items", i)
        line = None
        if parsed is not None:
            line = parsed.loc(path, pmap(base)).line
        if not isinstance(item, dict):
            cases.append(
                Case(
                    kind="single",
                    turns=[Turn(prompt="", extra={"$value": item})],
                    source=Source(
                        path=path, pointer=pmap(base), line=line, turn_pointers=[pmap(base)]
                    ),
                )
            )
            continue
        if "turns" in item and "prompt" not in item and isinstance(item.get("turns"), list):
            turns = [
                (_turn_from(t) if isinstance(t, dict) else Turn(prompt="", extra={"$value": t}))
                for t in item["turns"]
            ]
            extra = {k: v for k, v in item.items() if k not in THREAD_FIELDS}
            case = Case(
                kind="conversation",
                name=_str_or_none(item.get("name")),
                description=_str_or_none(item.get("description")),
                tags=item.get("tags") if isinstance(item.get("tags"), list) else None,
                turns=turns,
                conversation_id=_str_or_none(item.get("conversation_id")),
                summary=item.get("summary") if isinstance(item.get("summary"), dict) else None,
                extensions=item.get("extensions")
                if isinstance(item.get("extensions"), dict)
                else None,
                extra=extra,
                source=Source(
                    path=path,
                    pointer=pmap(base),
                    line=line,
                    turn_pointers=[pmap(pointer_join(base, "turns", t)) for t in range(len(turns))],
                ),
            )
            # Wrongly typed thread fields stay raw so nothing is lost.
            for k in ("name", "description", "conversation_id", "summary", "tags", "extensions"):
                if k in item and getattr(case, k) is None:
                    case.extra[k] = item[k]
            _case_facts(case, item, case.extensions)
        else:
            turn = _turn_from(item)
            case = Case(
                kind="single",
                turns=[turn],
                tags=turn.tags,
                source=Source(path=path, pointer=pmap(base), line=line, turn_pointers=[pmap(base)]),
            )
            _case_facts(case, item, turn.extensions)
        cases.append(case)
    extra = {k: v for k, v in doc.items() if k not in ROOT_FIELDS}
    ds = Dataset(
        schema_version=_str_or_none(doc.get("schemaVersion")),
        metadata=doc.get("metadata") if isinstance(doc.get("metadata"), dict) else None,
        default_evaluators=doc.get("default_evaluators")
        if isinstance(doc.get("default_evaluators"), dict)
        else None,
        default_allowed_tools=doc.get("default_allowed_tools")
        if isinstance(doc.get("default_allowed_tools"), list)
        else None,
        cases=cases,
        extra=extra,
        source_format="m365",
        source_path=path,
    )
    for k in ("metadata", "default_evaluators", "default_allowed_tools"):
        if k in doc and getattr(ds, k) is None:
            ds.extra[k] = doc[k]
    return ds


def _turn_obj(turn: Turn) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in TURN_INPUT_FIELDS:
        v = getattr(turn, k)
        if k == "prompt" or v is not None:
            out[k] = v
    for k, v in turn.results.items():
        out[k] = v
    for k, v in turn.extra.items():
        if k == "$value":
            continue
        out.setdefault(k, v)
    return out


def _reorder_extensions(item: dict[str, Any]) -> dict[str, Any]:
    """Put ``extensions`` where the writer would: after the input fields, before output ones."""
    ext = item.pop("extensions")
    out: dict[str, Any] = {}
    placed = False
    for k, v in item.items():
        if not placed and k not in TURN_INPUT_FIELDS:
            out["extensions"] = ext
            placed = True
        out[k] = v
    if not placed:
        out["extensions"] = ext
    return out


def _merge_case_facts(case: Case, target: dict[str, Any], raw_keys: dict[str, Any]) -> None:
    """Put id/category/notes where the M365 document can hold them, unless already there."""
    if not isinstance(target.get("extensions") or {}, dict):
        return  # carried extensions that are no object: kept as they are, not merged into
    ext = dict(target.get("extensions") or {})
    changed = False
    for attr, raw_key, ext_key in (
        ("id", "testId", "id"),
        ("category", "category", "category"),
        ("notes", "notes", "notes"),
    ):
        value = getattr(case, attr)
        if not value:
            continue
        if (
            raw_keys.get(raw_key) == value
            or ext.get(ext_key) == value
            or (attr == "id" and ext.get("testId") == value)
        ):
            continue
        ext[ext_key] = value
        changed = True
    if changed:
        target["extensions"] = ext


def from_dataset(
    dataset: Dataset, version: str | None = None
) -> tuple[dict[str, Any], list[Finding]]:
    """An eval document for ``dataset``, and what it could not carry."""
    findings: list[Finding] = []
    items: list[dict[str, Any]] = []
    seeds = 0
    for case in dataset.cases:
        if case.kind == "seed" and not case.turns:
            seeds += 1
            continue
        if case.kind == "conversation":
            # Thread keys in the order THREAD_FIELDS lists them, as runevals' samples have them.
            thread: dict[str, Any] = {}
            for k in THREAD_FIELDS:
                value = [_turn_obj(t) for t in case.turns] if k == "turns" else getattr(case, k)
                if value is not None:
                    thread[k] = value
            for k, v in case.extra.items():
                thread.setdefault(k, v)
            _merge_case_facts(case, thread, case.extra)
            items.append(thread)
        else:
            if not case.turns:
                continue
            turn = case.turns[0]
            item = _turn_obj(turn)
            if case.tags is not None and "tags" not in item:
                item["tags"] = case.tags
            if case.extensions:
                # A single-turn item is its own turn: case-level extensions (e.g. test
                # methods from Copilot Studio) join the item's, which win on a clash.
                had = "extensions" in item
                item["extensions"] = {**case.extensions, **(item.get("extensions") or {})}
                if not had:
                    item = _reorder_extensions(item)
            _merge_case_facts(case, item, turn.extra)
            items.append(item)
    if seeds:
        findings.append(
            Finding(
                "convert.m365.seeds-dropped",
                Severity.WARNING,
                f"{seeds} simulation seed(s) have no prompts and cannot be written as M365 items",
                "write seeds to Foundry JSONL instead (--to foundry)",
                Location(),
            )
        )
    doc: dict[str, Any] = {}
    for k, v in dataset.extra.items():
        if k.startswith("$"):
            doc[k] = v
    doc["schemaVersion"] = dataset.schema_version or ""
    for key, value in (
        ("metadata", dataset.metadata),
        ("default_evaluators", dataset.default_evaluators),
        ("default_allowed_tools", dataset.default_allowed_tools),
    ):
        if value is not None:
            doc[key] = value
    for k, v in dataset.extra.items():
        if not k.startswith("$"):
            doc.setdefault(k, v)
    doc["items"] = items
    # A version the dataset already declares is kept (validate warns about newer
    # features); otherwise the lowest version that covers the content is declared.
    chosen = version or dataset.schema_version or ""
    if parse_version(chosen) is None:
        chosen = minimum_version(doc, DEFAULT_WRITE_FLOOR)
    doc["schemaVersion"] = chosen
    return doc, findings


def implied_schema_version(dataset: Dataset) -> str:
    """The schemaVersion the writer declares for ``dataset`` when it declares none.

    Another format need not carry a version that writing M365 again would give anyway:
    Foundry -> M365 -> Foundry then adds no ``datasetkit`` column for it.
    """
    doc, _ = from_dataset(dataset.model_copy(update={"schema_version": None}))
    return str(doc["schemaVersion"])


register(M365Format())
