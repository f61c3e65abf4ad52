"""``lint``: the semantic rules that catch a bad evaluation set before a paid run does.

``lint_file`` validates a file first (the format's own rules), then runs every selected
rule of :mod:`datasetkit.lint.registry` on the canonical dataset and adds located
findings. Rules live one family per module (``rules_*.py``); evaluator facts are in
:mod:`datasetkit.lint.evaluators`; configuration in :mod:`datasetkit.lint.config`.
"""

from __future__ import annotations

from .config import LintConfig, find_config, load_config
from .engine import lint_dataset, lint_file, lint_paths, lint_result
from .registry import Hit, Rule, all_rules

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
