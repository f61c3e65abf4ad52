"""Writing Copilot Studio test sets: the single-response and conversation CSV writers.

Layouts, limits and options are described in :mod:`datasetkit.formats.copilot_studio`;
settings are parsed in :mod:`.copilot_studio_options` and the setup sidecar is
rendered by :mod:`.copilot_studio_sidecar`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import csvutil
from ..findings import Finding, Location, Severity
from ..io import UTF8_BOM, atomic_write_bytes
from ..model import Case, Dataset
from . import WriteOptions, WriteResult
from .copilot_studio import (
    _SIDECAR_DATASET_FIELDS,
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
    _case_methods,
    _ext,
    _find,
    sidecar_path,
)
from .copilot_studio_options import _Settings, _settings
from .copilot_studio_sidecar import _Entry, _render_sidecar


def _source_loc(case: Case, index: int) -> dict[str, Any]:
    """Where a case came from, for write findings (the case number when unknown)."""
    src = case.source
    if src is None:
        return {"pointer": f"/cases/{index}"}
    return {"path": src.path, "line": src.line, "row": src.row, "pointer": src.pointer}


class _Loss:
    """Counts of what the target cannot carry, reported once per kind."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def findings(self, prefix: str, target: str) -> list[Finding]:
        return [
            Finding(
                f"{prefix}.write.lost",
                Severity.WARNING,
                (f"the {what}" if what.startswith("document ") else f"{what}: {n} case(s) carry it")
                + f"; {target} has no place for it, so it is not written",
                "keep the source file (or write to a format that carries it) if you need it",
                Location(),
                {"field": what, "count": n},
            )
            for what, n in sorted(self.counts.items())
        ]


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
) -> str:
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
        findings.append(
            _find(
                f"{prefix}.write.question-length",
                Severity.ERROR,
                f"the question has {n:,} characters; Copilot Studio takes at most {limit:,}",
                "shorten it, or pass truncate=true (--truncate) to cut it with a finding",
                **loc,
            )
        )
    elif warn is not None and n > warn:
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


def _seed_finding(prefix: str, dataset: Dataset, seeds: list[int]) -> Finding:
    """Cases without a question (conversation-simulation seeds) cannot be written."""
    return _find(
        f"{prefix}.write.seed",
        Severity.ERROR,
        f"{len(seeds)} case(s) have no question (conversation-simulation seeds)",
        "write seeds to Foundry JSONL (--to foundry), or drop them",
        **_source_loc(dataset.cases[seeds[0]], seeds[0]),
    )


def _write_parts(
    dataset: Dataset,
    dest: Path,
    settings: _Settings,
    entries: list[_Entry],
    per_part: int,
    conversation: bool,
    render: Callable[[list[_Entry]], list[str]],
) -> list[Path]:
    """Write ``entries`` in files of ``per_part`` cases (``render`` makes a file's lines),
    each with its sidecar when one is wanted."""
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
    return written


def write_single(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a single-response test set (split every 100 cases), each file with its sidecar."""
    settings = _settings(options, conversation=False)
    findings: list[Finding] = []
    loss = _Loss()
    unmapped: Counter[str] = Counter()
    changed: Counter[tuple[str, str]] = Counter()
    entries: list[_Entry] = []
    conversations: list[int] = []
    seeds: list[int] = []
    for i, case in enumerate(dataset.cases):
        loc = _source_loc(case, i)
        if not case.turns:
            seeds.append(i)
            continue
        if len(case.turns) > 1:
            conversations.append(i)
            continue
        turn = case.turns[0]
        q = turn.prompt
        if not q.strip():
            findings.append(
                _find(
                    f"{FORMAT}.write.question-empty",
                    Severity.ERROR,
                    "the case has an empty question",
                    "write the question, or drop the case",
                    **loc,
                )
            )
            continue
        q = _fit_question(q, QUESTION_MAX, QUESTION_WARN, settings.truncate, loc, findings, FORMAT)
        if q.lstrip().startswith("#"):
            findings.append(
                _find(
                    f"{FORMAT}.write.comment-question",
                    Severity.WARNING,
                    f"the question of {_where(loc)} starts with '#'; Copilot Studio reads such "
                    "rows as comments and would skip it",
                    "reword the question so it does not start with '#'",
                    **loc,
                )
            )
        mapped = _case_methods(case, dataset)
        unmapped.update(mapped.unmapped)
        changed.update(mapped.changed)
        _note_losses(case, loss, settings.sidecar, conversation=False)
        entries.append(_Entry(case, [(q, turn.expected_response or "")], mapped.methods))
    if conversations:
        findings.append(
            _find(
                f"{FORMAT}.write.conversation-case",
                Severity.ERROR,
                f"{len(conversations)} case(s) are conversations of several turns; a single-response "
                "test set holds one question per case",
                f"write them with --to {CONVERSATION_FORMAT}",
                **_source_loc(dataset.cases[conversations[0]], conversations[0]),
            )
        )
    if seeds:
        findings.append(_seed_finding(FORMAT, dataset, seeds))
    findings += _mapping_findings(unmapped, changed, FORMAT)
    if not settings.sidecar:
        _count_setup_loss(dataset, entries, loss, per_row=settings.template in ("g2", "ess"))
    findings += loss.findings(FORMAT, "a Copilot Studio test set")
    if not dataset.cases:
        findings.append(_no_cases(FORMAT))
    # Everything is reported at once; with any error nothing is written.
    if any(f.severity == Severity.ERROR for f in findings):
        return WriteResult([], findings)
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
            cells = [q, exp]
            if with_methods:
                first = e.methods[0] if e.methods else {}
                cells.append(str(first.get("type", "")))
                if len(header) > 3:
                    score = first.get("passing_score", "")
                    cells.append("" if score is None else str(score))
            lines.append(csvutil.format_record(cells, always=settings.quote_all))
        return lines

    written = _write_parts(dataset, dest, settings, entries, MAX_CASES, False, render)
    return WriteResult(written, findings)


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


def write_conversation(dataset: Dataset, dest: Path, options: WriteOptions | None) -> WriteResult:
    """Write a conversation test set (split per the limits), each file with its sidecar."""
    settings = _settings(options, conversation=True)
    limits = settings.limits
    prefix = CONVERSATION_FORMAT
    findings: list[Finding] = []
    loss = _Loss()
    unmapped: Counter[str] = Counter()
    changed: Counter[tuple[str, str]] = Counter()
    entries: list[_Entry] = []
    seeds: list[int] = []
    single_only: Counter[str] = Counter()
    for i, case in enumerate(dataset.cases):
        loc = _source_loc(case, i)
        if not case.turns:
            seeds.append(i)
            continue
        if len(case.turns) > limits.pairs:
            other = next(
                (name for name, lim in CONVERSATION_LIMITS.items() if lim.pairs >= len(case.turns)),
                None,
            )
            findings.append(
                _find(
                    f"{prefix}.write.turns",
                    Severity.ERROR,
                    f"the conversation has {len(case.turns)} question-answer pairs; at most {limits.pairs} fit",
                    (
                        f"pass limits={other} for the May 2026 template's {CONVERSATION_LIMITS[other].pairs}"
                        if other
                        else "split the conversation into shorter ones"
                    ),
                    **loc,
                )
            )
            continue
        rows: list[tuple[str, str]] = []
        for t, turn in enumerate(case.turns):
            tloc = dict(loc)
            if case.source and case.source.turn_pointers and t < len(case.source.turn_pointers):
                tloc["pointer"] = case.source.turn_pointers[t]
            q = turn.prompt
            if not q.strip():
                findings.append(
                    _find(
                        f"{prefix}.write.question-empty",
                        Severity.ERROR,
                        f"turn {t + 1} has an empty question",
                        "write the question",
                        **tloc,
                    )
                )
                continue
            q = _fit_question(
                q, CONVERSATION_QUESTION_MAX, None, settings.truncate, tloc, findings, prefix
            )
            rows.append((q, turn.expected_response or ""))
        mapped = _case_methods(case, dataset)
        unmapped.update(mapped.unmapped)
        changed.update(mapped.changed)
        for m in mapped.methods:
            if m["type"] in SINGLE_ONLY:
                single_only[m["type"]] += 1
        _note_losses(case, loss, settings.sidecar, conversation=True)
        entries.append(_Entry(case, rows, mapped.methods))
    if seeds:
        findings.append(_seed_finding(prefix, dataset, seeds))
    findings += _mapping_findings(unmapped, changed, prefix)
    findings += [
        Finding(
            f"{prefix}.write.method-unavailable",
            Severity.WARNING,
            f"{METHOD_LABELS[m]} ({n} case(s)) is available for single-response sets only; "
            "it is listed in the sidecar but cannot be attached to a conversation set",
            "use General quality, Keyword match or Custom for conversations",
            Location(),
            {"method": m, "count": n},
        )
        for m, n in sorted(single_only.items())
    ]
    if not settings.sidecar:
        _count_setup_loss(dataset, entries, loss)
    findings += loss.findings(prefix, "a Copilot Studio conversation test set")
    if not dataset.cases:
        findings.append(_no_cases(prefix))
    if any(f.severity == Severity.ERROR for f in findings):
        return WriteResult([], findings)

    def render(chunk: list[_Entry]) -> list[str]:
        lines: list[str] = []
        if settings.comments:
            lines += [csvutil.format_record([c], always=True) for c in CONVERSATION_COMMENTS]
        lines.append(csvutil.format_record(CONVERSATION_HEADER, always=settings.quote_all))
        for number, e in enumerate(chunk, start=1):
            for q, exp in e.rows:
                lines.append(
                    csvutil.format_record([str(number), q, exp], always=settings.quote_all)
                )
        return lines

    written = _write_parts(dataset, dest, settings, entries, limits.conversations, True, render)
    return WriteResult(written, findings)
