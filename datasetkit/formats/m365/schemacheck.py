"""A fast JSON Schema verdict that knows when it does not know.

jsonschema builds an error object for every check and resolves references as it goes;
most of an eval document is valid, and proving that needs none of it. A schema
(draft 2020-12, references already inlined) is compiled once into nested closures that
answer ``True`` (jsonschema would find no error), ``False`` (it would find one) or
``None`` (this module cannot tell: a keyword or format it does not implement, a
reference left by a cycle). Callers ask jsonschema itself whenever the answer is not
``True``, so every error, message and path still comes from jsonschema.

:func:`schema_errors` uses this to validate a document's items array sparsely: only the
items not proven valid go through jsonschema, in the same order and with the same error
paths as a full run.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Callable, Iterator
from typing import Any

Verdict = bool | None
Check = Callable[[Any], Verdict]

# Keywords that never fail validation.
_ANNOTATIONS = frozenset(
    [
        "title",
        "description",
        "$comment",
        "default",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$id",
        "$schema",
        "$defs",
        "$anchor",
        "contentMediaType",
        "contentEncoding",
    ]
)


def _always(value: Verdict) -> Check:
    return lambda _: value


def _is_type(name: str, v: Any) -> bool | None:
    """jsonschema's draft 2020-12 type checker (None for a name it does not define)."""
    if name == "string":
        return isinstance(v, str)
    if name == "object":
        return isinstance(v, dict)
    if name == "array":
        return isinstance(v, list)
    if name == "boolean":
        return isinstance(v, bool)
    if name == "null":
        return v is None
    if name == "integer":
        if isinstance(v, bool):
            return False
        return isinstance(v, int) or (isinstance(v, float) and v.is_integer())
    if name == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return None


def _all(checks: list[Check]) -> Check:
    """Valid when every check is: False wins, then None."""
    if not checks:
        return _always(True)
    if len(checks) == 1:
        return checks[0]

    def check(v: Any) -> Verdict:
        unsure = False
        for c in checks:
            r = c(v)
            if r is False:
                return False
            if r is None:
                unsure = True
        return None if unsure else True

    return check


def compile_schema(schema: Any) -> Check:
    """The verdict function of ``schema`` (a dict or a boolean schema)."""
    if schema is True:
        return _always(True)
    if schema is False:
        return _always(False)
    if not isinstance(schema, dict):
        return _always(None)
    checks: list[Check] = []
    for key, value in schema.items():
        if key in _ANNOTATIONS:
            continue
        make = _KEYWORDS.get(key)
        checks.append(make(value, schema) if make is not None else _always(None))
    return _all(checks)


# --- keywords -----------------------------------------------------------------------


def _type(value: Any, schema: dict[str, Any]) -> Check:
    names = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else None
    if not names or any(_is_type(n, None) is None for n in names):
        return _always(None)
    if len(names) == 1:
        name = names[0]
        return lambda v: _is_type(name, v)
    return lambda v: any(_is_type(n, v) for n in names)


def _enum(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        return _always(None)
    strings = frozenset(e for e in value if isinstance(e, str))
    only_strings = len(strings) == len(value)

    def check(v: Any) -> Verdict:
        # jsonschema's equality compares a string with anything by ==; other kinds
        # (numbers against booleans, containers) are left to it.
        if isinstance(v, str):
            return v in strings
        return False if only_strings else None

    return check


def _const(value: Any, schema: dict[str, Any]) -> Check:
    return _enum([value], schema)


def _required(value: Any, schema: dict[str, Any]) -> Check:
    names = list(value) if isinstance(value, list) else None
    if names is None:
        return _always(None)
    return lambda v: not isinstance(v, dict) or all(n in v for n in names)


def _properties(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, dict):
        return _always(None)
    props = {k: compile_schema(s) for k, s in value.items()}

    def check(v: Any) -> Verdict:
        if not isinstance(v, dict):
            return True
        unsure = False
        for k, item in v.items():
            c = props.get(k)
            if c is not None:
                r = c(item)
                if r is False:
                    return False
                if r is None:
                    unsure = True
        return None if unsure else True

    return check


def _additional(value: Any, schema: dict[str, Any]) -> Check:
    known = frozenset(schema.get("properties") or {})
    patterns = [re.compile(p) for p in (schema.get("patternProperties") or {})]
    sub = compile_schema(value)

    def check(v: Any) -> Verdict:
        if not isinstance(v, dict):
            return True
        unsure = False
        for k, item in v.items():
            if k in known or any(p.search(k) for p in patterns):
                continue
            r = sub(item)
            if r is False:
                return False
            if r is None:
                unsure = True
        return None if unsure else True

    return check


def _each(pairs: Iterator[tuple[Check, Any]]) -> Verdict:
    """Valid when each check passes on its value: False wins, then None."""
    unsure = False
    for check, value in pairs:
        r = check(value)
        if r is False:
            return False
        if r is None:
            unsure = True
    return None if unsure else True


def _pattern_properties(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, dict):
        return _always(None)
    pairs = [(re.compile(p), compile_schema(s)) for p, s in value.items()]

    def check(v: Any) -> Verdict:
        if not isinstance(v, dict):
            return True
        return _each((c, x) for p, c in pairs for k, x in v.items() if p.search(k))

    return check


def _property_names(value: Any, schema: dict[str, Any]) -> Check:
    sub = compile_schema(value)

    def check(v: Any) -> Verdict:
        return True if not isinstance(v, dict) else _each((sub, k) for k in v)

    return check


def _items(value: Any, schema: dict[str, Any]) -> Check:
    if "prefixItems" in schema:
        return _always(None)
    sub = compile_schema(value)

    def check(v: Any) -> Verdict:
        if not isinstance(v, list):
            return True
        unsure = False
        for item in v:
            r = sub(item)
            if r is False:
                return False
            if r is None:
                unsure = True
        return None if unsure else True

    return check


def _bound(kind: str, op: Callable[[Any, Any], bool]) -> Callable[[Any, dict[str, Any]], Check]:
    """minLength and the like: a comparison on strings, arrays, objects or numbers."""

    def make(value: Any, schema: dict[str, Any]) -> Check:
        if _is_type("number", value) is not True:
            return _always(None)
        if kind == "number":
            return lambda v: not _is_type("number", v) or op(v, value)
        if kind == "string":
            return lambda v: not isinstance(v, str) or op(len(v), value)
        if kind == "array":
            return lambda v: not isinstance(v, list) or op(len(v), value)
        return lambda v: not isinstance(v, dict) or op(len(v), value)

    return make


def _pattern(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, str):
        return _always(None)
    try:
        rx = re.compile(value)
    except re.error:
        return _always(None)
    return lambda v: not isinstance(v, str) or rx.search(v) is not None


def _not(value: Any, schema: dict[str, Any]) -> Check:
    sub = compile_schema(value)

    def check(v: Any) -> Verdict:
        r = sub(v)
        return None if r is None else not r

    return check


def _all_of(value: Any, schema: dict[str, Any]) -> Check:
    return _all([compile_schema(s) for s in value]) if isinstance(value, list) else _always(None)


def _any_of(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        return _always(None)
    subs = [compile_schema(s) for s in value]

    def check(v: Any) -> Verdict:
        unsure = False
        for c in subs:
            r = c(v)
            if r is True:
                return True
            if r is None:
                unsure = True
        return None if unsure else False

    return check


def _one_of(value: Any, schema: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        return _always(None)
    subs = [compile_schema(s) for s in value]

    def check(v: Any) -> Verdict:
        passed = 0
        for c in subs:
            r = c(v)
            if r is None:
                return None
            passed += r
        return passed == 1

    return check


def _if(value: Any, schema: dict[str, Any]) -> Check:
    cond = compile_schema(value)
    then = compile_schema(schema.get("then", True))
    other = compile_schema(schema.get("else", True))

    def check(v: Any) -> Verdict:
        r = cond(v)
        if r is None:
            return None
        return then(v) if r else other(v)

    return check


def _format(value: Any, schema: dict[str, Any]) -> Check:
    if value != "date-time":
        return lambda v: True if not isinstance(v, str) else None
    try:
        from rfc3339_validator import validate_rfc3339
    except ImportError:  # jsonschema then skips the format; let it decide
        return lambda v: True if not isinstance(v, str) else None
    # jsonschema's own date-time check (jsonschema._format.is_datetime).
    return lambda v: not isinstance(v, str) or bool(validate_rfc3339(v.upper()))


_KEYWORDS: dict[str, Callable[[Any, dict[str, Any]], Check]] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional,
    "patternProperties": _pattern_properties,
    "propertyNames": _property_names,
    "items": _items,
    "minLength": _bound("string", lambda n, b: n >= b),
    "maxLength": _bound("string", lambda n, b: n <= b),
    "minItems": _bound("array", lambda n, b: n >= b),
    "maxItems": _bound("array", lambda n, b: n <= b),
    "minProperties": _bound("object", lambda n, b: n >= b),
    "maxProperties": _bound("object", lambda n, b: n <= b),
    "minimum": _bound("number", lambda n, b: n >= b),
    "maximum": _bound("number", lambda n, b: n <= b),
    "exclusiveMinimum": _bound("number", lambda n, b: n > b),
    "exclusiveMaximum": _bound("number", lambda n, b: n < b),
    "pattern": _pattern,
    "not": _not,
    "allOf": _all_of,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "if": _if,
    "then": lambda value, schema: _always(True),  # decided by "if"
    "else": lambda value, schema: _always(True),
    "format": _format,
}


# --- sparse validation of an items array ---------------------------------------------

# The array being validated sparsely, and the indexes jsonschema must still look at.
_SPARSE: contextvars.ContextVar[tuple[list[Any], list[int]] | None] = contextvars.ContextVar(
    "datasetkit_sparse_items", default=None
)


class Compiled:
    """A schema's verdicts: the whole document, one item, the document without items."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.doc = compile_schema(schema)
        props = schema.get("properties") if isinstance(schema, dict) else None
        items_schema = props.get("items") if isinstance(props, dict) else None
        self.sparse = (
            isinstance(items_schema, dict)
            and "items" in items_schema
            and "prefixItems" not in items_schema
        )
        if self.sparse:
            assert isinstance(items_schema, dict) and isinstance(props, dict)
            self.item = compile_schema(items_schema["items"])
            # The items array's own keywords (minItems...) still apply; its elements are
            # judged one by one above.
            skeleton_items = {k: v for k, v in items_schema.items() if k != "items"}
            self.skeleton = compile_schema(
                {**schema, "properties": {**props, "items": skeleton_items}}
            )


_COMPILED: dict[str, tuple[Any, Compiled]] = {}


def _compiled(key: str, schema: dict[str, Any]) -> Compiled:
    hit = _COMPILED.get(key)
    if hit is None or hit[0] is not schema:
        hit = (schema, Compiled(schema))
        _COMPILED[key] = hit
    return hit[1]


def schema_errors(
    key: str, schema: dict[str, Any], doc: Any, validator: Callable[[], Any]
) -> list[Any]:
    """jsonschema's errors for ``doc``, asking jsonschema only about what is not proven valid.

    ``key`` names the schema (its compiled verdicts are cached under it); ``validator``
    makes the jsonschema validator of ``schema``, and is not called at all for a
    document proven valid. The errors are those of ``validator().iter_errors(doc)``: items
    of the document's ``items`` array proven valid are skipped (they have none).
    """
    compiled = _compiled(key, schema)
    items = doc.get("items") if isinstance(doc, dict) else None
    if not compiled.sparse or not isinstance(items, list):
        if compiled.doc(doc) is True:
            return []
        return list(validator().iter_errors(doc))
    check = compiled.item
    unsure = [i for i, item in enumerate(items) if check(item) is not True]
    if not unsure and compiled.skeleton(doc) is True:
        return []
    sparse = _sparse_validator(validator())
    token = _SPARSE.set((items, unsure))
    try:
        return list(sparse.iter_errors(doc))
    finally:
        _SPARSE.reset(token)


def _sparse_items(original: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    def items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[Any]:
        sparse = _SPARSE.get()
        if sparse is None or instance is not sparse[0] or "prefixItems" in schema:
            yield from original(validator, items, instance, schema)
            return
        # jsonschema's own loop (jsonschema._keywords.items), over the unproven indexes.
        for index in sparse[1]:
            yield from validator.descend(instance=instance[index], schema=items, path=index)

    return items


_SPARSE_CLASSES: dict[Any, Any] = {}


def _sparse_validator(validator: Any) -> Any:
    """``validator`` with an ``items`` keyword that honours :data:`_SPARSE`."""
    base = type(validator)
    cls = _SPARSE_CLASSES.get(base)
    if cls is None:
        from jsonschema import validators

        cls = validators.extend(base, {"items": _sparse_items(base.VALIDATORS["items"])})
        _SPARSE_CLASSES[base] = cls
    return cls(validator.schema, format_checker=validator.format_checker)
