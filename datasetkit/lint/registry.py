"""The rule registry: every lint rule with its code, severity, description and examples,
and the fixes of the rules that have one.

A rule is a function that looks at a :class:`~datasetkit.lint.context.LintContext` and
yields :class:`Hit` objects (what is wrong and where, in dataset terms). The engine
turns hits into located :class:`~datasetkit.core.findings.Finding` objects, applying the
rule's code and the configured severity. A fix is registered beside its rule with
:func:`fixes`; ``lint --fix`` (:mod:`datasetkit.lint.fix`) runs it where the rule fired.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from datasetkit.core.findings import Finding, Severity

# Format families a rule can apply to (a format's registry name is mapped to one by
# family_of); they live in .families so the lint context needs no registry import.
from datasetkit.lint.families import ALL_FAMILIES as ALL_FAMILIES
from datasetkit.lint.families import FAMILIES as FAMILIES
from datasetkit.lint.families import family_of as family_of

if TYPE_CHECKING:
    from datasetkit.lint.context import LintContext


@dataclass
class Hit:
    """One place a rule fires, before it becomes a Finding.

    Say where with ``case`` (index into ``Dataset.cases``) and optionally ``turn`` and
    ``key`` (a field of that record, e.g. ``"expected_response"``, or a path below it
    such as ``"evaluators/relevance"``), or give a document-level ``pointer``.
    """

    message: str
    hint: str
    case: int | None = None
    turn: int | None = None
    key: str | None = None
    pointer: str | None = None
    # Point at the member name rather than its value (renaming keys).
    at_key: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    severity: Severity | None = None
    # A place in the raw file, for rules that read it directly (CSV cells, the BOM).
    line: int | None = None
    column: int | None = None
    row: int | None = None
    field: str | None = None


Check = Callable[["LintContext"], Iterable[Hit]]


@dataclass
class Rule:
    """A lint rule: stable code, default severity, docs and examples, and its check."""

    code: str
    severity: Severity
    summary: str
    explanation: str
    bad: str
    good: str
    families: tuple[str, ...]
    check: Check
    # Format of the two examples (a registry name) and a file suffix for them.
    example_format: str = "m365"
    example_suffix: str = ".json"
    fixable: bool = False
    # Settings the rule reads from the configuration (documented by `datasetkit rules`).
    settings: tuple[str, ...] = ()
    # Validate codes this rule reports better (with a hint or a fix): a validate finding
    # with one of these codes at the same place is dropped when the rule fires.
    supersedes: tuple[str, ...] = ()
    # The rule reads only the raw file, so it also runs when the reader built no dataset.
    raw: bool = False

    def applies_to(self, family: str) -> bool:
        """True when the rule checks files of this format family."""
        return family in self.families


RULES: dict[str, Rule] = {}


def rule(
    code: str,
    severity: Severity,
    summary: str,
    *,
    explanation: str,
    bad: str,
    good: str,
    families: tuple[str, ...] = ALL_FAMILIES,
    example_format: str = "m365",
    example_suffix: str = ".json",
    fixable: bool = False,
    settings: tuple[str, ...] = (),
    supersedes: tuple[str, ...] = (),
    raw: bool = False,
) -> Callable[[Check], Check]:
    """Register the decorated check function as a rule."""

    def deco(func: Check) -> Check:
        if code in RULES:
            raise ValueError(f"duplicate lint rule code {code}")
        RULES[code] = Rule(
            code,
            severity,
            summary,
            explanation.strip(),
            bad.strip("\n") + "\n",
            good.strip("\n") + "\n",
            families,
            func,
            example_format,
            example_suffix,
            fixable,
            settings,
            supersedes,
            raw,
        )
        return func

    return deco


@dataclass(frozen=True)
class Fixer:
    """A fix: the rule codes it answers, the view of the file it edits, and the function
    that edits it (given the view and the findings of those codes)."""

    codes: tuple[str, ...]
    view: type
    fix: Callable[[Any, list[Finding]], None]


FIXERS: list[Fixer] = []
_Fix = TypeVar("_Fix", bound=Callable[..., None])


def fixes(*codes: str, on: type) -> Callable[[_Fix], _Fix]:
    """Register the decorated function as the fix of the rules ``codes`` in files seen as
    ``on``, a view of :mod:`datasetkit.lint.fix.edits` (``FileBytes``, ``JsonDocument``,
    ``JsonLines`` or ``CsvTable``). Fixes run in the order they are registered; each lint
    rule is registered first, with ``fixable=True``. A code outside ``lint.`` is a validate
    finding's (lint shows validate's findings, so a fix may answer one directly)."""

    def deco(func: _Fix) -> _Fix:
        for code in codes:
            if code.startswith("lint.") and (code not in RULES or not RULES[code].fixable):
                raise ValueError(f"a fix for {code}, which is no registered rule with fixable=True")
        FIXERS.append(Fixer(codes, on, func))
        return func

    return deco


_loaded = False


def all_rules() -> dict[str, Rule]:
    """Every registered rule, by code (the rule modules are imported on first use)."""
    global _loaded
    if not _loaded:
        import importlib

        from datasetkit.lint.rules import RULE_MODULES

        for mod in RULE_MODULES:
            importlib.import_module(f"datasetkit.lint.rules.{mod}")
        _loaded = True
    return RULES


def all_fixers() -> list[Fixer]:
    """Every registered fix, in the order they run (the rule modules are imported first)."""
    all_rules()
    return FIXERS
