"""Files shipped with datasetkit (schemas, templates), from a wheel or from the checkout."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable


def data_root(name: str) -> Traversable:
    """The shipped folder ``schemas`` or ``templates``.

    In an installed wheel they are the packages ``datasetkit._schemas`` and
    ``datasetkit._templates``; in a checkout they are the top-level folders.
    """
    try:
        root = resources.files(f"datasetkit._{name}")
        if root.is_dir() and any(True for _ in root.iterdir()):
            return root
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        pass
    return Path(__file__).resolve().parents[2] / name
