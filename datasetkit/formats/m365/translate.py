"""Schema error translation: jsonschema errors to findings a person can act on."""

from __future__ import annotations

import json
import re
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import ParsedJSON, pointer_join, split_pointer
from datasetkit.formats.m365.spec import LEGACY_ITEM_KEYS, OUTPUT_FIELDS, did_you_mean, hint_path
from datasetkit.formats.m365.versions import FEATURE_SINCE, LATEST_V1

# ---------------------------------------------------------------------------
# Schema error translation


# Schema keyword -> the SchemaTranslator method that words its errors.
_KEYWORD_HANDLERS = {
    "required": "_required",
    "additionalProperties": "_additional_properties",
    "type": "_type",
    "enum": "_enum",
    "const": "_const",
    "pattern": "_pattern",
    "minItems": "_item_count",
    "maxItems": "_item_count",
    "minLength": "_min_length",
    "minimum": "_range",
    "maximum": "_range",
    "exclusiveMinimum": "_range",
    "exclusiveMaximum": "_range",
    "format": "_format",
    "not": "_not",
}


class SchemaTranslator:
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
        tokens = split_pointer(pointer)
        where = self._describe(tokens)
        if "propertyNames" in err.relative_schema_path or "propertyNames" in err.schema_path:
            self._property_name(err, pointer, tokens)
            return
        if v == "oneOf" and self._is_item_pointer(tokens):
            self.item(err.instance, pointer)
            return
        handler = _KEYWORD_HANDLERS.get(v)
        if handler is not None:
            getattr(self, handler)(err, pointer, tokens, where)
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

    def _property_name(self, err: Any, pointer: str, tokens: list[str]) -> None:
        """A key that breaks ``propertyNames``: an unknown evaluator (up to 1.5) or a bad name."""
        inst = err.instance
        v = err.validator
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

    def _required(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """Missing required fields, with the likely misspelling when there is one."""
        inst = err.instance
        missing = [m for m in err.validator_value if not (isinstance(inst, dict) and m in inst)]
        for name in missing:
            hint = f'add "{name}" to {where}'
            if name == "schemaVersion":
                hint = f'add "schemaVersion": "{LATEST_V1}" at the top of the document'
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

    def _additional_properties(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """Unknown fields: a rename when one is close, legacy fields pointed at migrate."""
        inst = err.instance
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
                    f"{name!r} is not allowed on {where} (schemas since {FEATURE_SINCE['closed-items']} "
                    "reject it; older documentation showed it)",
                    f'move it into "extensions" (or "tags"): datasetkit migrate --to {LATEST_V1} {hint_path(self.path)}',
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

    def _type(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A value of the wrong JSON type."""
        inst = err.instance
        expected = err.validator_value
        exp = " or ".join(expected) if isinstance(expected, list) else expected
        self.add(
            "type",
            f"{where} must be {_article(exp)} {exp}, not {describe_json_value(inst)}",
            f"write {where} as {_article(exp)} {exp}"
            + (" (in double quotes)" if exp == "string" else ""),
            pointer,
        )

    def _enum(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A value outside a closed set."""
        inst = err.instance
        choices = [str(c) for c in err.validator_value]
        close = did_you_mean(str(inst), choices, cutoff=0.6)
        msg = f"{where} is {json.dumps(inst)}, which is not one of: {', '.join(choices)}"
        if close:
            msg += f"; did you mean {close!r}?"
        self.add("enum", msg, f"use one of: {', '.join(choices)}", pointer, suggestion=close)

    def _const(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A value that must be one constant."""
        inst = err.instance
        self.add(
            "const",
            f"{where} must be {json.dumps(err.validator_value)}, not {json.dumps(inst)}",
            f"set it to {json.dumps(err.validator_value)}",
            pointer,
        )

    def _pattern(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A value of the wrong form (schemaVersion gets its own wording)."""
        inst = err.instance
        if tokens == ["schemaVersion"]:
            self.add(
                "version-format",
                f'schemaVersion {json.dumps(inst)} is not a version like "{LATEST_V1}" for this schema',
                f'write MAJOR.MINOR.PATCH, e.g. "{LATEST_V1}" (2.x documents need the v2 preview)',
                pointer,
            )
        else:
            self.add(
                "pattern",
                f"{where} {json.dumps(inst)} does not have the required form ({err.validator_value})",
                "fix the value to match the pattern",
                pointer,
            )

    def _item_count(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """Too few or too many entries (a thread's turn limit gets its own wording)."""
        inst = err.instance
        v = err.validator
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

    def _min_length(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """An empty string."""
        what = tokens[-1] if tokens and not tokens[-1].isdigit() else "value"
        self.add("empty-string", f"{where} is empty", f"write a non-empty {what}", pointer)

    def _range(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A number outside its range."""
        inst = err.instance
        scale = self._range_of(err.schema)
        self.add(
            "out-of-range",
            f"{where} is {json.dumps(inst)}, outside the allowed range {scale}",
            f"use a value in {scale}",
            pointer,
        )

    def _format(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A value of the wrong format (date-time, uri...)."""
        inst = err.instance
        self.add(
            "format",
            f"{where} {json.dumps(inst)} is not a valid {err.validator_value}",
            "write an ISO 8601 date-time, e.g. 2026-12-01T09:30:00Z"
            if err.validator_value == "date-time"
            else f"write a valid {err.validator_value}",
            pointer,
        )

    def _not(self, err: Any, pointer: str, tokens: list[str], where: str) -> None:
        """A field not allowed in this combination."""
        self.add(
            "not",
            f"{where} has a field that is not allowed in this combination",
            "see the schema for the allowed shape",
            pointer,
        )

    # -- specific shapes -----------------------------------------------------

    def item(self, inst: Any, pointer: str) -> None:
        where = self._describe(split_pointer(pointer))
        if not isinstance(inst, dict):
            self.add(
                "item-type",
                f"{where} must be an object, not {describe_json_value(inst)}",
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


def describe_json_value(value: Any) -> str:
    """How a message names what ``value`` is: "null", "a string ("...")", "an array"."""
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
