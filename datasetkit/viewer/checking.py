"""Checking an edit while it is typed: the lint rules on the edited case, and the gate.

Linting the whole file on every key is too slow for large sets, so the edited case is
linted alone, in a dataset that keeps its file's format, settings and defaults, by the
same engine and configuration as ``datasetkit lint``. Some rules judge a case against the
others (duplicates, a category used once, the set's coverage): alone, they would say
what is not so. Which those are is learnt, not listed: a code the unedited case raises
alone but not in the check of its whole file is left out of the live findings. The
whole-file findings such rules raised stay shown, marked as being from that check, until
the next save checks the file again.
"""

from __future__ import annotations

import threading
from typing import Any

from datasetkit.core.findings import Finding
from datasetkit.core.model import Case, Dataset
from datasetkit.generate.decisions import apply_edit
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.detail import finding_view, gate_verdict
from datasetkit.viewer.opened import OpenFile, is_generated
from datasetkit.viewer.placing import Locator


class LiveChecker:
    """Live checks of edits, with what each unedited case raises alone kept for reuse."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self._alone: dict[tuple[str, int], tuple[set[str], set[str]]] = {}
        self._lock = threading.Lock()

    def lint_alone(
        self, opened: OpenFile, case: Case
    ) -> list[tuple[Finding, int | None, str | None]]:
        """The lint findings of ``case`` in a dataset of its own (with its file's settings)."""
        from datasetkit.lint.engine import lint_dataset

        base = opened.dataset
        alone = Dataset(
            schema_version=base.schema_version,
            metadata=base.metadata,
            default_evaluators=base.default_evaluators,
            default_allowed_tools=base.default_allowed_tools,
            cases=[case],
            extra=base.extra,
        )
        alone.source_format = opened.format
        alone.source_path = opened.path
        locator = Locator([case])
        out = []
        for f in lint_dataset(alone, opened.format, self.config):
            where = locator.place(f)
            out.append((f, where[1], where[2]) if where else (f, None, None))
        return out

    def _baseline(self, opened: OpenFile, index: int) -> tuple[set[str], set[str]]:
        """The codes the unedited case raises alone, and those of them its file does not
        raise on it (rules that judge a case against the others)."""
        key = (opened.version, index)
        with self._lock:
            known = self._alone.get(key)
        if known is None:
            alone = {f.code for f, _, _ in self.lint_alone(opened, opened.cases[index])}
            in_file = {f.code for f, _, _ in opened.findings_of(index)}
            known = (alone, alone - in_file)
            with self._lock:
                self._alone[key] = known
        return known

    def check(self, opened: OpenFile, index: int, edit: dict[str, Any]) -> dict[str, Any]:
        """The findings of case ``index`` with ``edit`` made, and the gate's verdict on it."""
        original = opened.cases[index]
        edited = original.model_copy(deep=True)
        apply_edit(edited, edit)
        alone_codes, context = self._baseline(opened, index)
        live = [
            finding_view(f, t, fld)
            for f, t, fld in self.lint_alone(opened, edited)
            if f.code not in context
        ]
        live_codes = {f["code"] for f in live}
        # Whole-file findings no lone check can repeat (duplicates, schema): kept, marked.
        kept = [
            {**finding_view(f, t, fld), "stale": True}
            for f, t, fld in opened.findings_of(index)
            if f.code not in alone_codes and f.code not in live_codes
        ]
        gate = gate_verdict(edited, dk_extensions(edited)) if is_generated(edited) else None
        return {"findings": live + kept, "gate": gate}
