"""``lint``: the semantic rules that catch a bad evaluation set before a paid run does.

``lint_file`` validates a file first (the format's own rules), then runs every selected
rule of :mod:`datasetkit.lint.registry` on the canonical dataset and adds located
findings. Rules live one family per module in :mod:`datasetkit.lint.rules`; the one
near-duplicate definition in :mod:`datasetkit.lint.neardup`; configuration in
:mod:`datasetkit.lint.config` (the settings as data in :mod:`datasetkit.lint.settings`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datasetkit.lint.config import LintConfig, find_config, load_config
    from datasetkit.lint.engine import lint_dataset, lint_file, lint_paths, lint_result
    from datasetkit.lint.registry import Hit, Rule, all_rules

# Name -> module. Imported on first use: validate should not pay for the engine and its
# rules.
_EXPORTS = {
    "Hit": "registry",
    "LintConfig": "config",
    "Rule": "registry",
    "all_rules": "registry",
    "find_config": "config",
    "lint_dataset": "engine",
    "lint_file": "engine",
    "lint_paths": "engine",
    "lint_result": "engine",
    "load_config": "config",
}

__all__ = [
    "Hit",
    "LintConfig",
    "Rule",
    "all_rules",
    "find_config",
    "lint_dataset",
    "lint_file",
    "lint_paths",
    "lint_result",
    "load_config",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
