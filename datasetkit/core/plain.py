"""Models as plain JSON data, whatever the depth of the values they carry.

pydantic's JSON-mode serialiser stops at 255 levels ("Maximum serialization depth
exceeded"), while the JSON parsers the readers use accept values nested several times
deeper. Everything that turns a case into plain data for comparing or hashing goes
through :func:`plain`, so a field nested 300 levels deep is compared like any other
instead of failing the check that looked at it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def plain(model: BaseModel, **options: Any) -> Any:
    """``model.model_dump(mode="json", **options)``; past pydantic's depth limit, the
    Python-mode dump (for data read from files: the same dicts, lists, text and numbers)."""
    try:
        return model.model_dump(mode="json", **options)
    except ValueError as exc:
        if "depth" not in str(exc):
            raise
        return model.model_dump(mode="python", **options)
