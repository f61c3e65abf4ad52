"""What a Copilot Studio write cannot carry, reported once per kind.

Fields neither the CSV nor the setup sidecar holds (counted per kind), cases no test
set can hold (left out, with the option that fits them), questions cut or too long,
and evaluators with no test method. :mod:`.writer` writes the files.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.formats.copilot_studio.methods import case_extension
from datasetkit.formats.copilot_studio.options import WriteSettings
from datasetkit.formats.copilot_studio.parse import finding
from datasetkit.formats.copilot_studio.sidecar_read import SIDECAR_DATASET_FIELDS
from datasetkit.formats.copilot_studio.sidecar_write import CaseEntry
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    CONVERSATION_LIMITS,
    CONVERSATION_QUESTION_MAX,
    EXT,
    METHOD_LABELS,
    QUESTION_MAX,
)


def source_loc(case: Case, index: int) -> dict[str, Any]:
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


class Loss:
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


def note_losses(case: Case, loss: Loss, sidecar: bool, conversation: bool) -> None:
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
        ext = case_extension(case)
        for key in ("keywords", "expected_tools"):
            if ext.get(key):
                loss.add(key.replace("_", " "))


def no_cases_finding(prefix: str) -> Finding:
    """The error when a writer has no case to write."""
    return finding(
        f"{prefix}.write.no-cases",
        Severity.ERROR,
        "there are no test cases to write; Copilot Studio cannot import an empty test set",
        "check that the input was read (see the findings above)",
    )


def describe_loc(loc: dict[str, Any]) -> str:
    """A case's place for a message (warnings may be printed without their location)."""
    path, line, pointer = loc.get("path"), loc.get("line"), loc.get("pointer")
    place = f"{Path(path).name}:{line}" if path and line else (Path(path).name if path else "")
    return " ".join(p for p in (place, f"({pointer})" if pointer else "") if p) or "a case"


def fit_question(
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
                f"the question of {describe_loc(loc)} was cut from {n:,} to {truncate:,} characters",
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
            finding(
                f"{prefix}.write.question-length",
                Severity.WARNING,
                f"the question of {describe_loc(loc)} has {n:,} characters; the 2026 templates allow {warn}",
                f"shorten it to {warn} characters",
                **loc,
            )
        )
    return q


def mapping_findings(
    unmapped: Counter[str], changed: Counter[tuple[str, str]], prefix: str
) -> list[Finding]:
    """Warnings for evaluators with no test method, and for options that do not carry over."""
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


# --- cases the target cannot hold: left out, one finding per kind


def left_out_texts(conversation: bool, settings: WriteSettings) -> dict[str, tuple[str, str]]:
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


def _turns_fix(settings: WriteSettings) -> str:
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


class LeftOut:
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
            loc = source_loc(dataset.cases[indexes[0]], indexes[0])
            # "file.jsonl:3 (/2)", or the bare pointer of a case built in memory.
            first = describe_loc(loc).removeprefix("(").removesuffix(")")
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


def unfit_reason(case: Case) -> str | None:
    """Why no Copilot Studio set can hold ``case`` at all (None: it may fit)."""
    if case.kind == "seed":
        return "seed"
    if not case.turns:
        # A reader that found no prompt column leaves its records without turns.
        return "no-question"
    if any(not t.prompt.strip() for t in case.turns):
        return "empty-question"
    return None


def count_setup_loss(
    dataset: Dataset, entries: list[CaseEntry], loss: Loss, per_row: bool = False
) -> None:
    """Without a sidecar, methods are lost (all of them, or all but the first per row),
    and so are the document's own fields."""
    for name in SIDECAR_DATASET_FIELDS:
        if getattr(dataset, name):
            loss.add(f"document {name.replace('_', ' ')}")
    n = sum(1 for e in entries if len(e.methods) > (1 if per_row else 0))
    if n:
        loss.add(
            "test methods and passing scores" if not per_row else "test methods after the first", n
        )


def unavailable_methods(single_only: Counter[str]) -> list[Finding]:
    """Warnings for single-response-only methods of a conversation set's cases."""
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
