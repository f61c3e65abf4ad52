"""The lint rule catalogue, configuration, safe fixes and dataset statistics.

What the ``lint``, ``rules`` and ``stats`` commands use beside :func:`datasetkit.lint`, for
any tool built on the library. Each name is imported on first use: ``datasetkit rules``
loads no lint engine and ``datasetkit stats`` no fixer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from datasetkit.core.lazy import lazy_exports

if TYPE_CHECKING:
    pass

_WHERE = {
    "LintConfig": "datasetkit.lint.config",
    "load_config": "datasetkit.lint.config",
    "FixResult": "datasetkit.lint.fix",
    "Rule": "datasetkit.lint.registry",
    "all_rules": "datasetkit.lint.registry",
    **dict.fromkeys(
        (
            "configured",
            "explain",
            "fix_files",
            "rule_dict",
            "rule_summaries",
            "rule_table",
            "rules_named",
        ),
        "datasetkit.lint.run",
    ),
    "dataset_stats": "datasetkit.lint.stats",
    "render_stats": "datasetkit.lint.stats",
    "stats_report": "datasetkit.lint.stats",
}
__getattr__ = lazy_exports(__name__, _WHERE)

__all__ = sorted(_WHERE)
