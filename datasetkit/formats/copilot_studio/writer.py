"""Writing Copilot Studio test sets: the single-response and conversation CSV writers.

Layouts, limits and options are described in :mod:`datasetkit.formats.copilot_studio`;
settings are parsed in :mod:`.options` and the setup sidecar is rendered by
:mod:`.sidecar_render`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import csvutil
from ...findings import Finding, Location, Severity
from ...io import UTF8_BOM, atomic_write_bytes
from ...model import Case, Dataset
from .. import WriteOptions, WriteResult
from ..csv_safety import ExcelSafe
from .methods import _case_methods, _ext
from .options import _Settings, _settings
from .parse import _find, sidecar_path
from .sidecar import _SIDECAR_DATASET_FIELDS
from .sidecar_render import _Entry, _render_sidecar
from .spec import (
    CONVERSATION_COMMENTS,
    CONVERSATION_FORMAT,
    CONVERSATION_HEADER,
    CONVERSATION_LIMITS,
    CONVERSATION_QUESTION_MAX,
    CURRENT_COMMENTS,
    EXT,
    FORMAT,
    G2_COMMENTS,
    MAX_CASES,
    METHOD_LABELS,
    QUESTION_MAX,
    QUESTION_WARN,
    SINGLE_ONLY,
    TEMPLATES,
)


def _source_loc(case: Case, index: int) -> dict[str, Any]:
    """Where a case came from, for write findings (the case number when unknown)."""
    src = case.source
    if src is None:
        return {"pointer": f"/cases/{index}"}
    return {"path": src.path, "line": src.line, "row": src.row, "pointer": src.pointer}


# Field -> (loss code, the option that keeps it). Everything else rides in the sidecar.
_KEEPS = {
    "context": ("context", "--to foundry keeps it (the context column)"),
    "agent response": ("agent-response", "--to foundry keeps it (the response column)"),
    "results (scores, citations, status)": ("results", "--to m365 keeps it (a results document)"),
    "allowed tools": ("allowed-tools", "--to m365 keeps it"),
    "turn tags": ("turn-tags", "--to m365 keeps it"),
    "messages (system prompts, tool calls)": ("messages", "--to foundry keeps it"),
    "tool definitions": ("tool-definitions", "--to foundry keeps it"),
    "thread summary": ("summary", "--to m365 keeps it"),
    "conversation id": ("conversation-id", "--to m365 or --to foundry keeps it"),
}


class _Loss:
    """Counts of what the target cannot carry, reported once per kind."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def findings(self, prefix: str, target: str) -> list[Finding]:
        out = []
        for what, n in sorted(self.counts.items()):
            slug, hint = _KEEPS.get(
                what,
                (
                    re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-"),
                    "keep the setup sidecar (drop no-sidecar), or --to m365 keeps it",
                ),
            )
            out.append(
                Finding(
                    f"{prefix}.loss.{slug}",
                    Severity.WARNING,
                    (f"the {what}" if what.startswith("document ") else f"{what} of {n:,} case(s)")
                    + f" not written: {target} has no place for it",
                    hint,
                    Location(),
                    {"field": what, "count": n},
                )
            )
        return out


def _note_losses(case: Case, loss: _Loss, sidecar: bool, conversation: bool) -> None:
    """Count the parts of a case that neither the CSV nor the sidecar carries."""
    turns = case.turns
    if any(t.context for t in turns):
        loss.add("context")
    if any(t.response for t in turns):
        # The agent's own answer; the conversation template's response column holds the
        # reference reply (expected_response) instead.
        loss.add("agent response")
    if any(t.results for t in turns):
        loss.add("results (scores, citations, status)")
    if any(t.allowed_tools for t in turns):
        loss.add("allowed tools")
    if any(t.tags and t.tags != case.tags for t in turns):
        loss.add("turn tags")
    if case.messages:
        loss.add("messages (system prompts, tool calls)")
    if case.tool_definitions:
        loss.add("tool definitions")
    if case.summary:
        loss.add("thread summary")
    if case.conversation_id:
        loss.add("conversation id")
    if not sidecar:
        # The sidecar carries these; without it they are lost.
        for attr in ("id", "name", "description", "category", "notes", "tags"):
            if getattr(case, attr):
                loss.add(attr)
        if case.extra or any(t.extra for t in turns):
            loss.add("extra fields")
        other_ext = {k for k in (case.extensions or {}) if k != EXT}
        if other_ext:
            loss.add("extensions (" + ", ".join(sorted(other_ext)) + ")")
        if any(t.extensions for t in turns):
            loss.add("turn extensions")
        ext = _ext(case)
        for key in ("keywords", "expected_tools"):
            if ext.get(key):
                loss.add(key.replace("_", " "))


def _no_cases(prefix: str) -> Finding:
    return _find(
        f"{prefix}.write.no-cases",
        Severity.ERROR,
        "there are no test cases to write; Copilot Studio cannot import an empty test set",
        "check that the input was read (see the findings above)",
    )


def _where(loc: dict[str, Any]) -> str:
    """A case's place for a message (warnings may be printed without their location)."""
    path, line, pointer = loc.get("path"), loc.get("line"), loc.get("pointer")
    place = f"{Path(path).name}:{line}" if path and line else (Path(path).name if path else "")
    return " ".join(p for p in (place, f"({pointer})" if pointer else "") if p) or "a case"


def _fit_question(
    q: str,
    limit: int,
    warn: int | None,
    truncate: int | None,
    loc: dict[str, Any],
    findings: list[Finding],
    prefix: str,
) -> str | None:
    """The question as it will be written, or None when it is too long to hold."""
    n = len(q)
    if truncate is not None and n > truncate:
        findings.append(
            Finding(
                f"{prefix}.write.truncated",
                Severity.WARNING,
                f"the question of {_where(loc)} was cut from {n:,} to {truncate:,} characters",
                "shorten the question in the source so nothing is cut",
                Location(**loc),
                {"length": n, "kept": truncate, "cut": q[truncate:]},
            )
        )
        return q[:truncate]
    if n > limit:
        return None
    if warn is not None and n > warn:
        findings.append(
            _find(
                f"{prefix}.write.question-length",
                Severity.WARNING,
                f"the question of {_where(loc)} has {n:,} characters; the 2026 templates allow {warn}",
                f"shorten it to {warn} characters",
                **loc,
            )
        )
    return q


def _mapping_findings(
    unmapped: Counter[str], changed: Counter[tuple[str, str]], prefix: str
) -> list[Finding]:
    out = [
        Finding(
            f"{prefix}.write.evaluator-unmapped",
            Severity.WARNING,
            f"evaluator {name} ({n} case(s)) has no Copilot Studio test method; it is not carried",
            "set up an equivalent check in Copilot Studio by hand, if there is one",
            Location(),
            {"evaluator": name, "count": n},
        )
        for name, n in sorted(unmapped.items())
    ]
    out += [
        Finding(
            f"{prefix}.write.evaluator-changed",
            Severity.WARNING,
            f"{name} ({n} case(s)): {what}",
            "check the test method's settings after the import",
            Location(),
            {"evaluator": name, "count": n},
        )
        for (name, what), n in sorted(changed.items())
    ]
    return out


def _part_paths(dest: Path, parts: int) -> list[Path]:
    """``dest`` itself, or ``<stem>-1<suffix>``, ``-2``... (zero-padded) when split."""
    if parts <= 1:
        return [dest]
    width = len(str(parts))
    suffix = dest.suffix or ".csv"
    return [dest.with_name(f"{dest.stem}-{i:0{width}d}{suffix}") for i in range(1, parts + 1)]


def _encode(lines: list[str], settings: _Settings) -> bytes:
    text = settings.newline.join(lines) + settings.newline
    return (UTF8_BOM if settings.bom else b"") + text.encode("utf-8")


# --- cases the target cannot hold: left out, one finding per kind


def _left_out_texts(conversation: bool, settings: _Settings) -> dict[str, tuple[str, str]]:
    """Kind -> (message, fix) for the cases a writer leaves out; {n}/{s} take the count."""
    unit = "conversation" if conversation else "case"
    limit = CONVERSATION_QUESTION_MAX if conversation else QUESTION_MAX
    return {
        "conversation": (
            "{n} multi-turn case{s} left out: the single-response test set holds one "
            "question per case",
            f"--to {CONVERSATION_FORMAT} keeps them",
        ),
        "seed": (
            "{n} simulation seed{s} left out: a seed describes a conversation to simulate "
            "and has no question to import",
            "--to foundry keeps seeds",
        ),
        "no-question": (
            "{n} case{s} with no question (the input had no prompt column that was "
            "recognised) left out",
            "name the question's column with --map prompt=COLUMN",
        ),
        "empty-question": (
            f"{{n}} {unit}{{s}} with an empty question left out",
            "write the question in the source, or name its column with --map prompt=COLUMN",
        ),
        "question-length": (
            f"{{n}} {unit}{{s}} with a question over {limit:,} characters left out: "
            f"Copilot Studio takes at most {limit:,}",
            f"--truncate cuts such questions to {limit:,} characters (each cut is reported)",
        ),
        "turns": (
            f"{{n}} conversation{{s}} of more than {settings.limits.pairs} question-answer "
            f"pairs left out: a conversation test case holds at most {settings.limits.pairs}",
            _turns_fix(settings),
        ),
    }


def _turns_fix(settings: _Settings) -> str:
    """The option that keeps longer conversations, when a looser profile exists."""
    looser = [
        (name, lim)
        for name, lim in CONVERSATION_LIMITS.items()
        if lim.pairs > settings.limits.pairs
    ]
    if not looser:
        return "split them into shorter conversations in the source"
    name, lim = max(looser, key=lambda item: item[1].pairs)
    return (
        f"--template conversation,limits={name} keeps those of up to {lim.pairs} pairs "
        "(the May 2026 template's limit); split longer ones in the source"
    )


class _LeftOut:
    """Cases a writer skips, by kind: reported once per kind with the count and the fix."""

    def __init__(self, prefix: str, texts: dict[str, tuple[str, str]]) -> None:
        self.prefix = prefix
        self.texts = texts
        self.kinds: dict[str, list[int]] = {}

    def add(self, kind: str, index: int) -> None:
        self.kinds.setdefault(kind, []).append(index)

    def findings(self, dataset: Dataset, written: bool) -> list[Finding]:
        """Warnings when other cases were written; errors (with why) when none was."""
        out = []
        for kind, indexes in self.kinds.items():
            n = len(indexes)
            message, hint = self.texts[kind]
            message = message.format(n=f"{n:,}", s="" if n == 1 else "s")
            loc = _source_loc(dataset.cases[indexes[0]], indexes[0])
            # "file.jsonl:3 (/2)", or the bare pointer of a case built in memory.
            first = _where(loc).removeprefix("(").removesuffix(")")
            if not written:
                message += f" (first: {first}); no case is left to write"
            out.append(
                Finding(
                    f"{self.prefix}.loss.{kind}",
                    Severity.WARNING if written else Severity.ERROR,
                    message,
                    hint,
                    # No location: the message names the first case, and convert() would
                    # take a source path for one of the files it wrote.
                    Location(),
                    {"field": kind, "count": n, "first": first},
                )
            )
        return out


def _unfit(case: Case) -> str | None:
    """Why no Copilot Studio set can hold ``case`` at all (None: it may fit)."""
    if case.kind == "seed":
        return "seed"
    if not case.turns:
        # A reader that found no prompt column leaves its records without turns.
        return "no-question"
    if any(not t.prompt.strip() for t in case.turns):
        return "empty-question"
    return None


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
    settings: _Settings,
    entries: list[_Entry],
    per_part: int,
    conversation: bool,
    render: Callable[[list[_Entry]], list[str]],
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
                _render_sidecar(
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
    left_out: _LeftOut
    findings: list[Finding] = field(default_factory=list)
    loss: _Loss = field(default_factory=_Loss)
    unmapped: Counter[str] = field(default_factory=Counter)
    changed: Counter[tuple[str, str]] = field(default_factory=Counter)
    entries: list[_Entry] = field(default_factory=list)

    def methods(self, case: Case) -> list[dict[str, Any]]:
        """The case's test methods; evaluators without one are counted."""
        mapped = _case_methods(case, self.dataset)
        self.unmapped.update(mapped.unmapped)
        self.changed.update(mapped.changed)
        return mapped.methods

    def report(self, target: str) -> list[Finding]:
        """Every finding, in order: per-case notes, skipped kinds, mappings, field losses."""
        dataset = self.dataset
        out = self.findings + self.left_out.findings(dataset, written=bool(self.entries))
        out += _mapping_findings(self.unmapped, self.changed, self.prefix)
        out += self.loss.findings(self.prefix, target)
        if not dataset.cases:
            out.append(_no_cases(self.prefix))
        return out


def _single_entry(case: Case, index: int, settings: _Settings, plan: _Plan) -> _Entry | None:
    """The case as a single-response row, or None (counted in ``plan.left_out``)."""
    kind = _unfit(case) or ("conversation" if len(case.turns) > 1 else None)
    if kind:
        plan.left_out.add(kind, index)
        return None
    loc = _source_loc(case, index)
    turn = case.turns[0]
    q = _fit_question(
        turn.prompt, QUESTION_MAX, QUESTION_WARN, settings.truncate, loc, plan.findings, FORMAT
    )
    if q is None:
        plan.left_out.add("question-length", index)
        return None
    if q.lstrip().startswith("#"):
        plan.findings.append(
            _find(
                f"{FORMAT}.write.comment-question",
                Severity.WARNING,
                f"the question of {_where(loc)} starts with '#'; Copilot Studio reads such "
                "rows as comments and would skip it",
                "reword the question so it does not start with '#'",
                **loc,
            )
        )
    methods = plan.methods(case)
    _note_losses(case, plan.loss, settings.sidecar, conversation=False)
    return _Entry(case, [(q, turn.expected_response or "")], methods)


def write_single(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a single-response test set (split every 100 cases), each file with its sidecar.

    Cases it cannot hold (conversations, seeds, cases without a question, questions over
    the limit) are left out and reported once per kind; only when none is left does the
    write fail.
    """
    settings = _settings(options, conversation=False)
    plan = _Plan(FORMAT, dataset, _LeftOut(FORMAT, _left_out_texts(False, settings)))
    for i, case in enumerate(dataset.cases):
        entry = _single_entry(case, i, settings, plan)
        if entry is not None:
            plan.entries.append(entry)
    if not settings.sidecar:
        _count_setup_loss(
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
    settings: _Settings, entries: list[_Entry], safe: ExcelSafe
) -> Callable[[list[_Entry]], list[str]]:
    """A function that renders one file's lines in the chosen template."""
    header = TEMPLATES[settings.template]
    with_methods = settings.template in ("g2", "ess")
    if settings.template == "ess" and not any(
        "passing_score" in m for e in entries for m in e.methods[:1]
    ):
        header = header[:3]

    def render(chunk: list[_Entry]) -> list[str]:
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


def _count_setup_loss(
    dataset: Dataset, entries: list[_Entry], loss: _Loss, per_row: bool = False
) -> None:
    """Without a sidecar, methods are lost (all of them, or all but the first per row),
    and so are the document's own fields."""
    for name in _SIDECAR_DATASET_FIELDS:
        if getattr(dataset, name):
            loss.add(f"document {name.replace('_', ' ')}")
    n = sum(1 for e in entries if len(e.methods) > (1 if per_row else 0))
    if n:
        loss.add(
            "test methods and passing scores" if not per_row else "test methods after the first", n
        )


def _conversation_entry(
    case: Case, index: int, settings: _Settings, plan: _Plan, single_only: Counter[str]
) -> _Entry | None:
    """The case as conversation rows, or None (counted in ``plan.left_out``).

    A conversation over the pair limit is left out whole rather than split: its later
    turns depend on the earlier ones, so a second half run on its own tests something
    else. A single-turn case is a one-pair conversation, which the template holds.
    """
    kind = _unfit(case) or ("turns" if len(case.turns) > settings.limits.pairs else None)
    if kind:
        plan.left_out.add(kind, index)
        return None
    loc = _source_loc(case, index)
    pointers = (case.source.turn_pointers if case.source else None) or []
    rows: list[tuple[str, str]] = []
    for t, turn in enumerate(case.turns):
        tloc = {**loc, "pointer": pointers[t]} if t < len(pointers) else loc
        q = _fit_question(
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
    _note_losses(case, plan.loss, settings.sidecar, conversation=True)
    return _Entry(case, rows, methods)


def _unavailable_methods(single_only: Counter[str]) -> list[Finding]:
    return [
        Finding(
            f"{CONVERSATION_FORMAT}.write.method-unavailable",
            Severity.WARNING,
            f"{METHOD_LABELS[m]} ({n} case(s)) is available for single-response sets only; "
            "it is listed in the sidecar but cannot be attached to a conversation set",
            "use General quality, Keyword match or Custom for conversations",
            Location(),
            {"method": m, "count": n},
        )
        for m, n in sorted(single_only.items())
    ]


def write_conversation(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a conversation test set (split per the limits), each file with its sidecar.

    Conversations it cannot hold (over the pair limit, seeds, no or empty questions,
    questions over 500 characters) are left out and reported once per kind; only when
    none is left does the write fail.
    """
    settings = _settings(options, conversation=True)
    prefix = CONVERSATION_FORMAT
    plan = _Plan(prefix, dataset, _LeftOut(prefix, _left_out_texts(True, settings)))
    single_only: Counter[str] = Counter()
    for i, case in enumerate(dataset.cases):
        entry = _conversation_entry(case, i, settings, plan, single_only)
        if entry is not None:
            plan.entries.append(entry)
    plan.findings += _unavailable_methods(single_only)
    if not settings.sidecar:
        _count_setup_loss(dataset, plan.entries, plan.loss)
    findings = plan.report("a Copilot Studio conversation test set")
    if any(f.severity == Severity.ERROR for f in findings):
        return WriteResult([], findings)
    safe = ExcelSafe(options)

    def render(chunk: list[_Entry]) -> list[str]:
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
