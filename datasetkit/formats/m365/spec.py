"""Field names of the M365 eval document, did-you-mean for misspelt ones, and pointer maps."""

from __future__ import annotations

import difflib
import functools
import re

# Item/turn fields by role (the input ones are TURN_INPUT_FIELDS, shared with the
# canonical model's carry). Output-only fields are written by runevals into results.
OUTPUT_FIELDS = ("citations", "scores", "diagnostics", "status", "error")
# Turns a thread holds at most (the schema's maxItems; the runner enforces it too).
MAX_TURNS = 20
THREAD_FIELDS = ("name", "description", "turns", "conversation_id", "summary", "tags", "extensions")
ROOT_FIELDS = ("schemaVersion", "metadata", "default_evaluators", "default_allowed_tools", "items")
# Item keys that 1.0-era documentation showed and that later schemas reject (closed
# items: versions.FEATURE_SINCE["closed-items"]).
LEGACY_ITEM_KEYS = ("testId", "category", "notes")
# Every key an item, a thread or a turn of any version holds (input and output).
ITEM_KEYS = (
    "prompt", "expected_response", "response", "context", "evaluators", "evaluators_mode",
    "allowed_tools", "allowed_tools_mode", "tags", "extensions", *OUTPUT_FIELDS,
    *THREAD_FIELDS, *LEGACY_ITEM_KEYS,
)  # fmt: skip

# The evaluator names the schemas accept (their evaluator_map's propertyNames pattern).
EVALUATOR_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*$")
MIGRATE_HINT = "datasetkit migrate {path}"


def hint_path(path: str | None) -> str:
    """The file a hint's command names: ``path``, or FILE for standard input."""
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


# Pointer maps: a pointer in the validated (upgraded) document -> the same place in the file.


def identity_pointer(p: str) -> str:
    """The pointer map of a file validated as it is."""
    return p


def bare_array_pointer(p: str) -> str:
    """The pointer map of a legacy bare array: "/items/3/prompt" is "/3/prompt" there."""
    if p == "/items":
        return ""
    if p.startswith("/items/"):
        return p[len("/items") :]
    return p


def prompts_array_pointer(p: str) -> str:
    """The pointer map of a legacy ``prompts`` file: "/items/3" is "/prompts/3" there."""
    if p == "/items" or p.startswith("/items/"):
        return "/prompts" + p[len("/items") :]
    return p
