"""The formats datasetkit reads and writes, as the command line and other tools list them."""

from __future__ import annotations

from typing import Any

from datasetkit import formats


def format_names() -> list[str]:
    """Every format's registry name (the values of ``--from`` and ``--to``), in order."""
    return [f.name for f in formats.all_formats()]


def format_extensions(name: str) -> tuple[str, ...]:
    """The file extensions of format ``name``, the usual one first."""
    return tuple(formats.get(name).extensions)


def format_table() -> list[dict[str, Any]]:
    """One row per format: name, label, extensions, whether it reads, writes and streams."""
    return [
        {
            "name": f.name,
            "label": f.label,
            "extensions": list(f.extensions),
            "read": f.readable,
            "write": f.writable,
            "streamed": type(f).iter_cases is not formats.Format.iter_cases
            and callable(getattr(f, "write_stream", None)),
        }
        for f in formats.all_formats()
    ]
