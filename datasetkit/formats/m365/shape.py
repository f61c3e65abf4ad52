"""Shape detection: which kind of JSON a file holds, and the 1.0-era legacy upgrade."""

from __future__ import annotations

from typing import Any

from datasetkit.formats.m365.versions import LEGACY_VERSION

# ---------------------------------------------------------------------------
# Shape detection


# Keys only an M365 item (or thread) uses: a record holding one is meant for runevals,
# whatever else it holds (its other keys are then M365 errors worth reporting).
M365_ONLY_KEYS = frozenset(
    {"expected_response", "evaluators", "evaluators_mode", "allowed_tools",
     "allowed_tools_mode", "turns", "conversation_id"}
)  # fmt: skip


def m365_keyed(record: dict[str, Any]) -> bool:
    """Whether a record's keys say it is an M365 item: a ``prompt`` or ``turns``, and
    either a key only M365 uses or no key foreign to an item (a misspelt item key counts
    as the item's own). ``{id, prompt, ideal_behavior}`` is another harness's record."""
    from datasetkit.formats.m365.spec import ITEM_KEYS, did_you_mean

    if "prompt" not in record and "turns" not in record:
        return False
    if M365_ONLY_KEYS & set(record):
        return True
    return all(k in ITEM_KEYS or did_you_mean(k, ITEM_KEYS) is not None for k in record)


def m365_keyed_list(records: list[dict[str, Any]]) -> bool:
    """Whether most records of a list are M365 items by their keys (see m365_keyed)."""
    return sum(1 for r in records if m365_keyed(r)) * 2 >= len(records) > 0


def holds_plain_records(value: Any, shape: str) -> bool:
    """Whether ``value`` is a list of records that are not M365 items by their keys
    (:func:`m365_keyed`), bare or as the one list of an object without M365 keys."""
    from datasetkit.core.jsonloc import record_list

    if shape not in ("legacy-array", "invalid"):
        return False
    if isinstance(value, dict) and "individual_results" in value:
        return False
    found = record_list(value)
    if found is None:
        return False
    records, base = found
    return bool(base) or not m365_keyed_list(records)


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
        return {"items": value, "schemaVersion": LEGACY_VERSION}
    if shape == "legacy-object":
        out = dict(value)
        out["schemaVersion"] = LEGACY_VERSION
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
        out["schemaVersion"] = LEGACY_VERSION
        return out
    if shape == "prompts-objects":
        out = {("items" if k == "prompts" else k): v for k, v in value.items()}
        out["schemaVersion"] = LEGACY_VERSION
        return out
    raise ValueError(f"not a legacy shape: {shape}")


# ---------------------------------------------------------------------------
# What the canonical model rejects


def _str_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _object_map(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(o, dict) for o in v.values())


def model_rejects(doc: dict[str, Any]) -> bool:
    """Whether building the canonical model of ``doc`` (``mapping.to_dataset``) fails.

    The mapping type-checks every value it hands the model except these three, which
    it passes on when their container type is right: a thread's ``tags``, and the
    root's ``default_evaluators`` and ``default_allowed_tools``. Validation asks this
    instead of building the model (and importing pydantic) to learn whether building
    would add a finding; tests/formats/m365/test_mapping_total.py checks that it agrees with
    the build on arbitrary documents.
    """
    evaluators = doc.get("default_evaluators")
    if isinstance(evaluators, dict) and not _object_map(evaluators):
        return True
    tools = doc.get("default_allowed_tools")
    if isinstance(tools, list) and not _str_list(tools):
        return True
    items = doc.get("items")
    for item in items if isinstance(items, list) else ():
        if (
            isinstance(item, dict)
            and "turns" in item
            and "prompt" not in item
            and isinstance(item.get("turns"), list)
            and isinstance(item.get("tags"), list)
            and not _str_list(item["tags"])
        ):
            return True
    return False
