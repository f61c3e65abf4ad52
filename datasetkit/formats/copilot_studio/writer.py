"""Writing Copilot Studio test sets: the single-response and conversation CSV writers.

Layouts, limits and options are described in :mod:`datasetkit.formats.copilot_studio`;
settings are parsed in :mod:`.options` and the setup sidecar is rendered by
:mod:`.sidecar_write`; what cannot be written is reported by :mod:`.losses`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.copilot_studio.losses import (
    LeftOut,
    Loss,
    count_setup_loss,
    describe_loc,
    fit_question,
    left_out_texts,
    mapping_findings,
    no_cases_finding,
    note_losses,
    source_loc,
    unavailable_methods,
    unfit_reason,
)
from datasetkit.formats.copilot_studio.methods import case_methods
from datasetkit.formats.copilot_studio.options import WriteSettings, write_settings
from datasetkit.formats.copilot_studio.parse import finding, sidecar_path
from datasetkit.formats.copilot_studio.sidecar_write import CaseEntry, render_sidecar
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_COMMENTS,
    CONVERSATION_FORMAT,
    CONVERSATION_HEADER,
    CONVERSATION_QUESTION_MAX,
    CURRENT_COMMENTS,
    FORMAT,
    G2_COMMENTS,
    MAX_CASES,
    QUESTION_MAX,
    QUESTION_WARN,
    SINGLE_ONLY,
    TEMPLATES,
)
from datasetkit.formats.csv_safety import ExcelSafe
from datasetkit.io import csvfile as csvutil
from datasetkit.io.files import atomic_write_bytes


def _part_paths(dest: Path, parts: int) -> list[Path]:
    """``dest`` itself, or ``<stem>-1<suffix>``, ``-2``... (zero-padded) when split."""
    if parts <= 1:
        return [dest]
    width = len(str(parts))
    suffix = dest.suffix or ".csv"
    return [dest.with_name(f"{dest.stem}-{i:0{width}d}{suffix}") for i in range(1, parts + 1)]


def _encode(lines: list[str], settings: WriteSettings) -> bytes:
    text = settings.newline.join(lines) + settings.newline
    return (UTF8_BOM if settings.bom else b"") + text.encode("utf-8")


# --- writing the files


def _split_finding(
    prefix: str, paths: list[Path], sizes: list[int], per: int, unit: str, sidecar: bool
) -> Finding:
    """A note that the set was split: how many files of how many cases, and their names."""
    names = [f"{p.name} ({n})" for p, n in zip(paths, sizes, strict=True)]
    shown = ", ".join(names) if len(names) <= 6 else f"{names[0]}, {names[1]} … {names[-1]}"
    return Finding(
        f"{prefix}.write.split",
        Severity.INFO,
        f"{sum(sizes):,} {unit}s split into {len(paths)} files of at most {per} "
        f"(a test set holds at most {per}): {shown}",
        "import each file as its own test set"
        + (", set up as its .setup.md says" if sidecar else ""),
        Location(),
        {"files": len(paths), "per_file": per, "count": sum(sizes), "sizes": sizes},
    )


def _write_parts(
    dataset: Dataset,
    dest: Path,
    settings: WriteSettings,
    entries: list[CaseEntry],
    per_part: int,
    conversation: bool,
    render: Callable[[list[CaseEntry]], list[str]],
) -> tuple[list[Path], list[Finding]]:
    """Write ``entries`` in files of ``per_part`` cases (``render`` makes a file's lines),
    each with its sidecar when one is wanted; a split is reported as a note."""
    chunks = [entries[i : i + per_part] for i in range(0, len(entries), per_part)]
    paths = _part_paths(dest, len(chunks))
    written: list[Path] = []
    for part, (chunk, path) in enumerate(zip(chunks, paths, strict=True), start=1):
        atomic_write_bytes(path, _encode(render(chunk), settings))
        written.append(path)
        if settings.sidecar:
            side = sidecar_path(path)
            atomic_write_bytes(
                side,
                render_sidecar(
                    dataset, path.name, chunk, conversation, part, len(chunks), per_part
                ).encode("utf-8"),
            )
            written.append(side)
    if len(chunks) < 2:
        return written, []
    unit = "conversation" if conversation else "case"
    prefix = CONVERSATION_FORMAT if conversation else FORMAT
    sizes = [len(c) for c in chunks]
    split = _split_finding(prefix, paths, sizes, per_part, unit, settings.sidecar)
    return written, [split]


@dataclass
class _Plan:
    """What a writer gathers before writing: entries, skipped cases, losses, findings."""

    prefix: str
    dataset: Dataset
    left_out: LeftOut
    findings: list[Finding] = field(default_factory=list)
    loss: Loss = field(default_factory=Loss)
    unmapped: Counter[str] = field(default_factory=Counter)
    changed: Counter[tuple[str, str]] = field(default_factory=Counter)
    entries: list[CaseEntry] = field(default_factory=list)

    def methods(self, case: Case) -> list[dict[str, Any]]:
        """The case's test methods; evaluators without one are counted."""
        mapped = case_methods(case, self.dataset)
        self.unmapped.update(mapped.unmapped)
        self.changed.update(mapped.changed)
        return mapped.methods

    def report(self, target: str) -> list[Finding]:
        """Every finding, in order: per-case notes, skipped kinds, mappings, field losses."""
        dataset = self.dataset
        out = self.findings + self.left_out.findings(dataset, written=bool(self.entries))
        out += mapping_findings(self.unmapped, self.changed, self.prefix)
        out += self.loss.findings(self.prefix, target)
        if not dataset.cases:
            out.append(no_cases_finding(self.prefix))
        return out


def _single_entry(case: Case, index: int, settings: WriteSettings, plan: _Plan) -> CaseEntry | None:
    """The case as a single-response row, or None (counted in ``plan.left_out``)."""
    kind = unfit_reason(case) or ("conversation" if len(case.turns) > 1 else None)
    if kind:
        plan.left_out.add(kind, index)
        return None
    loc = source_loc(case, index)
    turn = case.turns[0]
    q = fit_question(
        turn.prompt, QUESTION_MAX, QUESTION_WARN, settings.truncate, loc, plan.findings, FORMAT
    )
    if q is None:
        plan.left_out.add("question-length", index)
        return None
    if q.lstrip().startswith("#"):
        plan.findings.append(
            finding(
                f"{FORMAT}.write.comment-question",
                Severity.WARNING,
                f"the question of {describe_loc(loc)} starts with '#'; Copilot Studio reads such "
                "rows as comments and would skip it",
                "reword the question so it does not start with '#'",
                **loc,
            )
        )
    methods = plan.methods(case)
    note_losses(case, plan.loss, settings.sidecar, conversation=False)
    return CaseEntry(case, [(q, turn.expected_response or "")], methods)


def write_single(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a single-response test set (split every 100 cases), each file with its sidecar.

    Cases it cannot hold (conversations, seeds, cases without a question, questions over
    the limit) are left out and reported once per kind; only when none is left does the
    write fail.
    """
    settings = write_settings(options, conversation=False)
    plan = _Plan(FORMAT, dataset, LeftOut(FORMAT, left_out_texts(False, settings)))
    for i, case in enumerate(dataset.cases):
        entry = _single_entry(case, i, settings, plan)
        if entry is not None:
            plan.entries.append(entry)
    if not settings.sidecar:
        count_setup_loss(
            dataset, plan.entries, plan.loss, per_row=settings.template in ("g2", "ess")
        )
    findings = plan.report("a Copilot Studio test set")
    # Everything is reported at once; with any error nothing is written.
    if any(f.severity == Severity.ERROR for f in findings):
        return WriteResult([], findings)
    safe = ExcelSafe(options)
    render = _single_renderer(settings, plan.entries, safe)
    written, split = _write_parts(dataset, dest, settings, plan.entries, MAX_CASES, False, render)
    found = findings + split + safe.findings(FORMAT)
    return WriteResult(written, found, cases=len(plan.entries))


def _single_renderer(
    settings: WriteSettings, entries: list[CaseEntry], safe: ExcelSafe
) -> Callable[[list[CaseEntry]], list[str]]:
    """A function that renders one file's lines in the chosen template."""
    header = TEMPLATES[settings.template]
    with_methods = settings.template in ("g2", "ess")
    if settings.template == "ess" and not any(
        "passing_score" in m for e in entries for m in e.methods[:1]
    ):
        header = header[:3]

    def render(chunk: list[CaseEntry]) -> list[str]:
        lines: list[str] = []
        if settings.comments:
            if settings.template == "g2":
                lines += [csvutil.format_record([c, "", "", ""]) for c in G2_COMMENTS]
            else:
                lines += [csvutil.format_record([c], always=True) for c in CURRENT_COMMENTS]
        lines.append(csvutil.format_record(header, always=settings.quote_all))
        for e in chunk:
            q, exp = e.rows[0]
            cells = safe.row([q, exp])
            if with_methods:
                first = e.methods[0] if e.methods else {}
                cells.append(str(first.get("type", "")))
                if len(header) > 3:
                    score = first.get("passing_score", "")
                    cells.append("" if score is None else str(score))
            lines.append(csvutil.format_record(cells, always=settings.quote_all))
        return lines

    return render


def _conversation_entry(
    case: Case, index: int, settings: WriteSettings, plan: _Plan, single_only: Counter[str]
) -> CaseEntry | None:
    """The case as conversation rows, or None (counted in ``plan.left_out``).

    A conversation over the pair limit is left out whole rather than split: its later
    turns depend on the earlier ones, so a second half run on its own tests something
    else. A single-turn case is a one-pair conversation, which the template holds.
    """
    kind = unfit_reason(case) or ("turns" if len(case.turns) > settings.limits.pairs else None)
    if kind:
        plan.left_out.add(kind, index)
        return None
    loc = source_loc(case, index)
    pointers = (case.source.turn_pointers if case.source else None) or []
    rows: list[tuple[str, str]] = []
    for t, turn in enumerate(case.turns):
        tloc = {**loc, "pointer": pointers[t]} if t < len(pointers) else loc
        q = fit_question(
            turn.prompt,
            CONVERSATION_QUESTION_MAX,
            None,
            settings.truncate,
            tloc,
            plan.findings,
            CONVERSATION_FORMAT,
        )
        if q is None:
            plan.left_out.add("question-length", index)
            return None
        rows.append((q, turn.expected_response or ""))
    methods = plan.methods(case)
    single_only.update(m["type"] for m in methods if m["type"] in SINGLE_ONLY)
    note_losses(case, plan.loss, settings.sidecar, conversation=True)
    return CaseEntry(case, rows, methods)


def write_conversation(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a conversation test set (split per the limits), each file with its sidecar.

    Conversations it cannot hold (over the pair limit, seeds, no or empty questions,
    questions over 500 characters) are left out and reported once per kind; only when
    none is left does the write fail.
    """
    settings = write_settings(options, conversation=True)
    prefix = CONVERSATION_FORMAT
    plan = _Plan(prefix, dataset, LeftOut(prefix, left_out_texts(True, settings)))
    single_only: Counter[str] = Counter()
    for i, case in enumerate(dataset.cases):
        entry = _conversation_entry(case, i, settings, plan, single_only)
        if entry is not None:
            plan.entries.append(entry)
    plan.findings += unavailable_methods(single_only)
    if not settings.sidecar:
        count_setup_loss(dataset, plan.entries, plan.loss)
    findings = plan.report("a Copilot Studio conversation test set")
    if any(f.severity == Severity.ERROR for f in findings):
        return WriteResult([], findings)
    safe = ExcelSafe(options)

    def render(chunk: list[CaseEntry]) -> list[str]:
        lines: list[str] = []
        if settings.comments:
            lines += [csvutil.format_record([c], always=True) for c in CONVERSATION_COMMENTS]
        lines.append(csvutil.format_record(CONVERSATION_HEADER, always=settings.quote_all))
        for number, e in enumerate(chunk, start=1):
            for q, exp in e.rows:
                lines.append(
                    csvutil.format_record(
                        [str(number), *safe.row([q, exp])], always=settings.quote_all
                    )
                )
        return lines

    per = settings.limits.conversations
    written, split = _write_parts(dataset, dest, settings, plan.entries, per, True, render)
    found = findings + split + safe.findings(CONVERSATION_FORMAT)
    return WriteResult(written, found, cases=len(plan.entries))
