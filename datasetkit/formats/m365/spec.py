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
