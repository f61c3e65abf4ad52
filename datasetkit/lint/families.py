"""The format families lint rules apply to, and the family of a format's registry name."""

from __future__ import annotations

# Format families a rule can apply to (a format's registry name is mapped to one).
FAMILIES = ("m365", "foundry", "copilot-studio", "table")
ALL_FAMILIES: tuple[str, ...] = FAMILIES


def family_of(format_name: str | None) -> str:
    """The rule family of a format's registry name (``m365``, ``foundry``, ...)."""
    name = (format_name or "").lower()
    if name.startswith("m365"):
        return "m365"
    if name.startswith("foundry"):
        return "foundry"
    if name.startswith("copilot"):
        return "copilot-studio"
    return "table"
