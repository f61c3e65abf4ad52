"""Lint a large Foundry JSONL file part by part, so memory does not grow with the file.

Two passes over the file. The first gathers what the rules across cases need
(:class:`~datasetkit.lint.facts.Facts`: repeats, ids, categories, totals; on disk). The
second reads the cases again in parts of ``CHUNK`` cases and runs every rule on each
part (:class:`~datasetkit.lint.chunk.ChunkContext`), its hits located as the whole-file
path locates them; each rule's findings go to disk in the order they come
(:class:`~datasetkit.lint.spill.SpilledFindings`). The findings, their order, places and
messages are those of :func:`datasetkit.lint.engine.lint_result` on the whole file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.formats import InputFile, ReadOptions, ReadResult
from datasetkit.formats.foundry.reader import FoundryReader, RecordIndex
from datasetkit.lint.chunk import ChunkContext, SpanWindow, fill_path
from datasetkit.lint.facts import Facts
from datasetkit.lint.locate import is_superseded, locate_hit
from datasetkit.lint.registry import Rule, all_rules
from datasetkit.lint.settings import LintConfig
from datasetkit.lint.spill import SpilledFindings
from datasetkit.report import FileReport
from datasetkit.validate import Checked

# Cases per part: large enough that the per-part cost of every rule is small, small
# enough that a part's cases and lines take a few megabytes.
CHUNK = 2000
# Files from this size on are linted as a stream; smaller ones whole, as before, which is
# faster (one read) and takes under ~700 MB at this size.
STREAM_MIN_BYTES = 32 * 1024 * 1024

_Superseded = tuple[set[str], str | None, int | None, str | None]


class _NotStreamable(Exception):
    """The file holds what only the whole-file path reads right (JSON arrays, carried fields)."""


@dataclass
class _Part:
    offset: int  # index in the file of the part's first case
    cases: list[Case]
    start: int  # the part's bytes in the file
    end: int


def lint_streamed(
    path: str, fmt: FoundryReader, config: LintConfig, options: ReadOptions | None = None
) -> Checked | None:
    """Validate and lint ``path`` part by part; None when the file needs the whole-file path."""
    opts = options or ReadOptions()
    rules = [r for r in all_rules().values() if r.applies_to("foundry")]
    rules = [r for r in rules if config.enabled(r.code, path)]
    facts = Facts(config, {r.code for r in rules})
    size = os.path.getsize(path)
    try:
        _first_pass(path, fmt, facts, _halved(opts, 0, size))
        facts.finish()
        return _second_pass(path, fmt, config, _halved(opts, size // 2, size), rules, facts)
    except _NotStreamable:
        return None
    finally:
        facts.close()


def _halved(options: ReadOptions, base: int, size: int) -> ReadOptions:
    """Read options whose progress covers half the file's bytes (two passes, one bar)."""
    progress: Callable[[int], None] | None = options.extra.get("progress")
    if progress is None:
        return options
    extra = {**options.extra, "progress": lambda n: progress(min(size, base + n // 2))}
    return replace(options, extra=extra)


def _parts(
    path: str, fmt: FoundryReader, options: ReadOptions, found: list[Finding], index: RecordIndex
) -> Iterator[_Part]:
    """The file's cases in parts of CHUNK, with the bytes each part was read from."""
    window = index.spans
    assert isinstance(window, SpanWindow)
    cases: list[Case] = []
    offset = start = 0
    for case in fmt._scan(InputFile(path), options, found, index):
        if window.prefixed:
            raise _NotStreamable
        if case is None:
            continue
        if offset == 0 and not cases and CARRY_KEY in (case.extensions or {}):
            box = (case.extensions or {})[CARRY_KEY]
            if isinstance(box, dict) and "dataset" in box:
                raise _NotStreamable
        cases.append(case)
        if len(cases) == CHUNK:
            yield _Part(offset, cases, start, window.end)
            offset += len(cases)
            start = window.end
            cases = []
    # The last part takes the rest of the file (lines after the last record too).
    yield _Part(offset, cases, start, os.path.getsize(path))


def _first_pass(path: str, fmt: FoundryReader, facts: Facts, options: ReadOptions) -> None:
    index = RecordIndex(path, InputFile(path))
    index.spans = SpanWindow()  # type: ignore[assignment]
    for part in _parts(path, fmt, options, [], index):
        facts.add(part.cases)
        index.spans.clear()


def _second_pass(
    path: str,
    fmt: FoundryReader,
    config: LintConfig,
    options: ReadOptions,
    rules: list[Rule],
    facts: Facts,
) -> Checked:
    src = InputFile(path)
    index = RecordIndex(path, src)
    window = SpanWindow()
    index.spans = window  # type: ignore[assignment]
    found: list[Finding] = []
    store = SpilledFindings()
    run = _RuleRun(rules, store, path)
    state: dict[str, Any] = {}
    line, record = 1, 0
    with open(path, "rb") as fh:
        for part in _parts(path, fmt, options, found, index):
            fh.seek(part.start)
            data = fh.read(part.end - part.start)
            result = ReadResult(
                Dataset(cases=part.cases, source_format=fmt.name, source_path=path),
                [],
                fmt.name,
                locate=index.locate,
            )
            ctx = ChunkContext(
                path,
                result,
                config,
                data,
                offset=part.offset,
                first_line=line,
                first_record=record,
                facts=facts,
                state=state,
            )
            run.part(ctx)
            line += len(ctx.lines)
            record += len(ctx.jsonl_records)
            window.clear()
    base = [f for f in found if not is_superseded(f, run.superseded())]
    base = [f for f in base if not config.ignored(f.code, path)]
    store.add((fill_path(f, path) for f in base), group=0)
    info = {"rows": facts.n}
    report = FileReport(path, fmt.name, None, store, info)
    return Checked(report, ReadResult(None, [], fmt.name, info=info))


class _RuleRun:
    """Every rule over the parts in turn; each rule's findings kept apart, in order."""

    def __init__(self, rules: list[Rule], store: SpilledFindings, path: str) -> None:
        self.rules = rules
        self.store = store
        self.path = path
        self.failed: set[int] = set()
        self._superseded: dict[int, list[_Superseded]] = {}

    def part(self, ctx: ChunkContext) -> None:
        """Run the rules on one part and store what they find."""
        for group, rule in enumerate(self.rules, start=1):
            if group in self.failed:
                continue
            try:
                hits = list(rule.check(ctx))
            except Exception as exc:  # as run_rules: one broken rule must not hide the others
                self._fail(group, rule, exc)
                continue
            out = []
            for hit in hits:
                loc = locate_hit(ctx, hit)
                severity = ctx.config.apply_severity(rule.code, hit.severity or rule.severity)
                out.append(
                    fill_path(
                        Finding(rule.code, severity, hit.message, hit.hint, loc, hit.data),
                        self.path,
                    )
                )
                if rule.supersedes:
                    self._superseded.setdefault(group, []).append(
                        (set(rule.supersedes), loc.pointer, loc.line, loc.field)
                    )
            self.store.add(out, group)

    def _fail(self, group: int, rule: Rule, exc: Exception) -> None:
        # The whole-file path keeps none of a failed rule's findings, only this one.
        self.failed.add(group)
        self.store.drop_group(group)
        self._superseded.pop(group, None)
        finding = Finding(
            "lint.internal-error",
            Severity.WARNING,
            f"rule {rule.code} could not check this file ({type(exc).__name__}: {exc})",
            f"ignore the rule for this file (--ignore {rule.code}) and report the problem",
            Location(path=self.path),
        )
        self.store.add([finding], group)

    def superseded(self) -> list[_Superseded]:
        """The places superseding rules reported, in rule order."""
        return [s for g in sorted(self._superseded) for s in self._superseded[g]]
