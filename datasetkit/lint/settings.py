"""The lint configuration as data: which rules run, at which severity, with which settings.

:mod:`.config` finds and reads the configuration file into a :class:`LintConfig`; the
class lives apart so the lint context can hold one without importing the loader
(which checks rule codes against the rule registry).
"""

from __future__ import annotations

import contextlib
import fnmatch
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from datasetkit.core.findings import Severity
from datasetkit.lint.neardup.definition import DEFAULT_THRESHOLD as DEFAULT_NEAR_DUPLICATE_THRESHOLD


@dataclass
class LintConfig:
    """Which rules run, at which severity, with which settings."""

    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    severity: dict[str, str] = field(default_factory=dict)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    near_duplicate_threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD
    foundry_evaluators: list[str] = field(default_factory=list)
    # Folder walks skip these (gitignore-style; None: datasetkit.io.exclude.DEFAULT_EXCLUDE);
    # a walk reads them from the same file itself (datasetkit.io.exclude.for_walk).
    exclude: list[str] | None = None
    extend_exclude: list[str] = field(default_factory=list)
    # Where the configuration came from (None: defaults), and the folder globs are relative to.
    source: Path | None = None
    root: Path | None = None

    # -- selection --------------------------------------------------------------

    def enabled(self, code: str, path: str | None = None) -> bool:
        """True when rule ``code`` runs (on ``path``)."""
        if self.select is not None and not any(code_matches(code, s) for s in self.select):
            return False
        if self.severity_for(code) == "off":
            return False
        return not self.ignored(code, path)

    def ignored(self, code: str, path: str | None = None) -> bool:
        """True when ``code`` is ignored, globally or for ``path``."""
        if any(code_matches(code, s) for s in self.ignore):
            return True
        if path and self.per_file_ignores:
            for pattern, codes in self.per_file_ignores.items():
                if self._path_matches(path, pattern) and any(code_matches(code, c) for c in codes):
                    return True
        return False

    def severity_for(self, code: str) -> str | None:
        """The configured severity of ``code`` (the longest matching prefix wins)."""
        best: tuple[int, str] | None = None
        for prefix, value in self.severity.items():
            if code_matches(code, prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), value)
        return best[1] if best else None

    def apply_severity(self, code: str, default: Severity) -> Severity:
        """The severity a finding of ``code`` is reported with."""
        value = self.severity_for(code)
        if value is None or value == "off":
            return default
        return Severity(value)

    def _path_matches(self, path: str, pattern: str) -> bool:
        p = Path(path)
        candidates = {p.as_posix(), p.name}
        base = self.root or Path.cwd()
        with contextlib.suppress(ValueError, OSError):
            candidates.add(p.resolve().relative_to(base.resolve()).as_posix())
        pat = pattern.replace("\\", "/")
        return any(fnmatch.fnmatchcase(c, pat) or PurePosixPath(c).match(pat) for c in candidates)


def code_matches(code: str, selector: str) -> bool:
    """``selector`` is ``ALL``, a full code, or a dotted prefix of ``code``."""
    if selector in ("ALL", "*"):
        return True
    return code == selector or code.startswith(selector.rstrip(".") + ".")
