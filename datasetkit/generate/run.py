"""What ``datasetkit generate`` does: load -> plan -> generator -> validate -> write.

Generators are picked by provider name from :data:`PROVIDERS`. ``offline`` is built in;
the LLM engine adds ``openai``, ``azure`` and ``compatible`` when its package is
present (:func:`load_providers`). A provider factory is called with keyword settings
(the provider-specific CLI options, plus ``seed`` and ``language``) and returns a
:class:`~datasetkit.generate.base.Generator`.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..findings import DatasetkitError, Finding
from ..io import atomic_write_text
from ..knowledge.guard import DEFAULT_MAX_SIZE, Limits
from ..knowledge.model import Document, Problem
from ..model import Case, Dataset
from .base import CATEGORIES, Chunk, Failure, GeneratedCase, GenerationResult, Generator, Plan
from .plan import DEFAULT_CHUNK_CHARS, CoverageRow, build_plan, chunk_documents, coverage_rows

if TYPE_CHECKING:
    from .gate import Gate
    from .retrieval import LexicalIndex


def _offline(**settings: Any) -> Generator:
    from .offline import OfflineGenerator

    return OfflineGenerator(**settings)


ProviderFactory = Callable[..., Generator]
# Provider name -> factory. "offline" is built in; the LLM engine registers its own.
PROVIDERS: dict[str, ProviderFactory] = {"offline": _offline}
# Functions that name the provider to use when --provider is not given (e.g. because
# an API key is configured); the first that returns a name wins, else "offline".
DEFAULT_PROVIDER_HOOKS: list[Callable[[], str | None]] = []
# Categories a provider can make (providers not listed can make all of CATEGORIES).
PROVIDER_CATEGORIES: dict[str, tuple[str, ...]] = {"offline": ("knowledge",)}

_loaded = False


def register_provider(name: str, factory: ProviderFactory) -> None:
    """Add (or replace) a provider."""
    PROVIDERS[name] = factory


def load_providers() -> None:
    """Let optional provider packages register themselves (once)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module_name in ("datasetkit.generate.llm", "datasetkit.generate.llm.cli_support"):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue  # the package is not installed here
            raise
        register = getattr(module, "register", None)
        if callable(register):
            register(PROVIDERS)
            return


def resolve_provider(name: str | None) -> str:
    """The provider to use: the one named, else the configured one, else ``offline``."""
    load_providers()
    if name is None:
        for hook in DEFAULT_PROVIDER_HOOKS:
            found = hook()
            if found:
                name = found
                break
        else:
            name = "offline"
    if name not in PROVIDERS:
        raise DatasetkitError(f"unknown provider {name!r}", "use one of: " + ", ".join(PROVIDERS))
    return name


@dataclass
class GenerateOptions:
    """Everything a generate run is told (the CLI fills it from its options)."""

    files: list[str] = field(default_factory=list)
    count: int = 20
    output: str = ""
    to: str | None = None
    seed: int | None = None
    provider: str | None = None
    max_size: int | None = DEFAULT_MAX_SIZE
    review_sheet: str | None = None
    language: str | None = None
    categories: list[str] = field(default_factory=list)
    chunk_chars: int = DEFAULT_CHUNK_CHARS
    skip_unreadable: bool = False
    # How the knowledge files are read (read options such as include_comments, and
    # bounds); max_size above still sets the size limit.
    limits: Limits | None = None
    report: str | None = None
    force: bool = False
    # Provider-specific settings (LLM options), passed to the provider factory.
    provider_settings: dict[str, Any] = field(default_factory=dict)


@dataclass
class RunOutcome:
    """What a run did, for the CLI to print and for callers to inspect."""

    provider: str
    seed: int
    requested: int
    dataset: Dataset | None = None
    result: GenerationResult = field(default_factory=GenerationResult)
    documents: list[Document] = field(default_factory=list)
    chunks: list[Chunk] = field(default_factory=list)
    plan: Plan | None = None
    coverage: list[CoverageRow] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    write_findings: list[Finding] = field(default_factory=list)
    review_sheet: Path | None = None
    report: dict[str, Any] = field(default_factory=dict)
    # The quality gate's rejections by code (knowledge runs), and its summary line.
    rejected: dict[str, int] = field(default_factory=dict)
    gate_summary: str = ""
    # Candidates the generator itself turned down against the gate before offering them.
    rejected_ahead: dict[str, int] = field(default_factory=dict)
    # Why fewer cases than asked were made ("made 37 of 50: ..."), when so.
    shortfall_message: str | None = None
    # A BM25 index over the run's chunks (built on first use), offered to generators.
    retrieval: LexicalIndex | None = None

    @property
    def produced(self) -> int:
        """How many cases were written (or would have been)."""
        return len(self.dataset.cases) if self.dataset is not None else 0

    @property
    def problems(self) -> list[Problem]:
        """Every problem of every knowledge file."""
        return [p for d in self.documents for p in d.problems]

    @property
    def ok(self) -> bool:
        """True when every requested case was made and written."""
        return bool(self.paths) and self.produced >= self.requested


class UnreadableKnowledge(DatasetkitError):
    """Knowledge files that cannot be read stop the run (unless told to skip them).

    ``problems`` holds every problem of the run (warnings too), for the report.
    """

    def __init__(self, problems: list[Problem]) -> None:
        files = sorted({p.file for p in problems if p.severity == "error"})
        super().__init__(
            f"{len(files)} knowledge file(s) cannot be read: {', '.join(files)}",
            "fix or remove them, or pass --skip-unreadable to generate from the others",
        )
        self.problems = problems


def _seed(seed: int | None) -> int:
    # Unseeded runs differ from each other, but the seed is reported so any run repeats.
    return seed if seed is not None else secrets.randbelow(1_000_000)


def _check_output(options: GenerateOptions) -> str:
    from ..convert import output_format

    if not options.output:
        raise DatasetkitError("no output file", "name it with -o, e.g. -o evals.json")
    dest = Path(options.output)
    if dest.is_dir():
        raise DatasetkitError(
            f"{options.output}: is a folder", "name the output file, e.g. -o evals.json"
        )
    if dest.exists() and not options.force:
        raise DatasetkitError(
            f"{options.output}: already exists",
            "pass --force to overwrite it, or pick another name",
        )
    if options.review_sheet:
        sheet = Path(options.review_sheet)
        if sheet.suffix.lower() != ".xlsx":
            raise DatasetkitError(
                f"{options.review_sheet}: the review sheet must be an .xlsx file",
                "e.g. --review-sheet review.xlsx",
            )
        if sheet.exists() and not options.force:
            raise DatasetkitError(
                f"{options.review_sheet}: already exists", "pass --force to overwrite it"
            )
    return output_format(options.output, options.to).name


def _generator(provider: str, options: GenerateOptions, seed: int) -> Generator:
    allowed = PROVIDER_CATEGORIES.get(provider)
    if allowed is not None:
        bad = [c for c in options.categories if c not in allowed]
        if bad:
            raise DatasetkitError(
                f"the {provider} provider cannot make {bad[0]!r} cases (only {', '.join(allowed)})",
                "use an LLM provider (--provider openai, azure or compatible) for the other categories",
            )
    for c in options.categories:
        if c not in CATEGORIES:
            raise DatasetkitError(f"unknown category {c!r}", "use one of: " + ", ".join(CATEGORIES))
    if provider == "offline" and options.language:
        from .offline import check_language

        check_language(options.language)
    settings = {**options.provider_settings, "seed": seed, "language": options.language}
    return PROVIDERS[provider](**settings)


def _unique(result: GenerationResult) -> list[GeneratedCase]:
    seen: set[str] = set()
    out: list[GeneratedCase] = []
    for gc in result.cases:
        cid = gc.case.id or gc.case.content_id()
        gc.case.id = cid
        if cid in seen:
            result.failures.append(
                Failure(None, f"duplicate of case {cid} (same question and answer)")
            )
            continue
        seen.add(cid)
        out.append(gc)
    return out


def _existing_prompts(options: GenerateOptions, generator: Generator) -> list[str]:
    """Prompts of a dataset the run adds to (an LLM option): new cases must not repeat them."""
    found = options.provider_settings.get("existing_prompts") or getattr(
        getattr(generator, "options", None), "existing_prompts", None
    )
    return [p for p in found or [] if isinstance(p, str)]


def _lint_threshold() -> float:
    """The near-duplicate threshold ``datasetkit lint`` uses here (the project's setting)."""
    from ..lint.config import DEFAULT_NEAR_DUPLICATE_THRESHOLD, load_config

    try:
        return load_config().near_duplicate_threshold
    except DatasetkitError:
        return DEFAULT_NEAR_DUPLICATE_THRESHOLD


def _gate(
    outcome: RunOutcome, options: GenerateOptions, generator: Generator, cases: list[GeneratedCase]
) -> list[GeneratedCase]:
    """The cases the quality gate admits; each rejection becomes a Failure with its code."""
    from .gate import Gate, admit_generated

    gate = Gate(
        _existing_prompts(options, generator),
        language=options.language,
        threshold=_lint_threshold(),
    )
    chunks = {c.id: c for c in outcome.chunks}
    kept: list[GeneratedCase] = []
    for gc in cases:
        found = admit_generated(gate, gc, chunks=chunks)
        if found is None:
            kept.append(gc)
            continue
        question = gc.case.first_prompt or (gc.case.seed.description if gc.case.seed else "")
        short = " ".join(question.split())
        short = short if len(short) <= 80 else short[:79] + "…"
        outcome.result.failures.append(
            Failure(None, f"{found.code}: {found.message} (question: {short!r})", code=found.code)
        )
    outcome.rejected = dict(gate.counts)
    # A generator that checks its candidates against the gate itself (offline) reports
    # what it turned down on the way; the run's summary and report include it.
    ahead = outcome.result.usage.get("gate_rejected") or {}
    outcome.rejected_ahead = {str(k): int(v) for k, v in ahead.items()}
    both = Gate()
    both.counts.update(gate.counts)
    both.counts.update(outcome.rejected_ahead)
    outcome.gate_summary = both.summary()
    _note_gate_in_manifest(outcome.result, gate, len(kept))
    return kept


def _note_gate_in_manifest(result: GenerationResult, gate: Gate, produced: int) -> None:
    """An LLM run's manifest says what the gate rejected and how many cases remained."""
    manifest = result.usage.get("manifest") if isinstance(result.usage, dict) else None
    path = result.usage.get("manifest_path") if isinstance(result.usage, dict) else None
    if not isinstance(manifest, dict) or not isinstance(path, str):
        return
    from .gate import CODES
    from .llm.manifest import write_manifest

    counts = manifest.setdefault("counts", {})
    if isinstance(counts, dict):
        counts["produced"] = produced
    manifest["gate"] = {
        "rejected": gate.rejected,
        "by_code": dict(sorted(gate.counts.items())),
        "codes": {c: CODES[c] for c in sorted(gate.counts)},
    }
    write_manifest(path, manifest)


# Offline generation costs nothing: when the gate rejects cases, the run asks for more
# (a larger plan over the same knowledge) up to this many times, until the knowledge
# has no further question. LLM runs top up inside the engine, where calls are paid.
_TOP_UPS = 4


def _generate_gated(
    outcome: RunOutcome,
    options: GenerateOptions,
    generator: Generator,
    provider: str,
    seed: int,
) -> list[GeneratedCase]:
    """Plan, generate and gate; the admitted cases (at most ``options.count``)."""
    capacity = getattr(generator, "capacity", None)
    value = getattr(generator, "value", None)
    budget = options.count
    admitted: list[GeneratedCase] = []
    for attempt in range(_TOP_UPS + 1):
        outcome.plan = build_plan(
            outcome.chunks,
            budget,
            seed,
            categories=tuple(options.categories) or ("knowledge",),
            capacity=capacity if callable(capacity) else None,
            value=value if callable(value) else None,
        )
        outcome.plan.retrieval = outcome.retrieval
        planned = len(outcome.plan.slots)
        failures: list[Failure] = []
        if planned < options.count:
            failures.append(
                Failure(
                    None,
                    f"the knowledge holds only {planned} distinct question(s) for this provider; {options.count} were asked for",
                )
            )
        result = generator.generate_knowledge(outcome.plan, language=options.language)
        result.failures = failures + result.failures
        outcome.result = result
        admitted = _gate(outcome, options, generator, _unique(result))
        short = options.count - len(admitted)
        if short <= 0 or provider != "offline" or planned < budget or attempt == _TOP_UPS:
            break
        # Ask for the missing cases again, and for as many more as were just rejected.
        budget = planned + short + sum(outcome.rejected.values())
    if len(admitted) >= options.count:
        # Enough good cases: the slots of a larger plan that gave none are no shortfall.
        admitted = _trim(admitted, options.count, outcome.chunks)
        outcome.result.shortfall = {}
        outcome.result.failures = [f for f in outcome.result.failures if f.code]
    else:
        outcome.result.failures = _holds_only(outcome.result.failures, len(admitted), options.count)
    outcome.result.cases = admitted
    return admitted


def _holds_only(failures: list[Failure], made: int, asked: int) -> list[Failure]:
    """One honest line when the knowledge ran out: "holds only <made>", not the planned
    count, and not one "no further distinct question" line per empty slot."""
    if not any(f.reason.startswith("the knowledge holds only") for f in failures):
        return failures
    kept = [
        f
        for f in failures
        if f.code
        or not f.reason.startswith(("the knowledge holds only", "no further distinct question"))
    ]
    line = Failure(
        None,
        f"the knowledge holds only {made} distinct question(s) for this provider; "
        f"{asked} were asked for",
    )
    return [line, *kept]


def _trim(cases: list[GeneratedCase], count: int, chunks: list[Chunk]) -> list[GeneratedCase]:
    """``count`` of the cases, dropping from the best-covered sections first."""
    strata = {c.id: str(c.meta.get("stratum") or c.provenance.file) for c in chunks}

    def stratum(gc: GeneratedCase) -> str:
        facts = (gc.case.extensions or {}).get("datasetkit") or {}
        chunk = facts.get("chunk") if isinstance(facts, dict) else None
        return strata.get(str(chunk), gc.source.file if gc.source else "")

    keep = list(cases)
    while len(keep) > count:
        sizes: dict[str, int] = {}
        for gc in keep:
            sizes[stratum(gc)] = sizes.get(stratum(gc), 0) + 1
        fullest = max(sizes, key=lambda k: (sizes[k], k))
        last = max(i for i, gc in enumerate(keep) if stratum(gc) == fullest)
        del keep[last]
    return keep


def _shortfall_message(made: int, asked: int, gate_summary: str, rejected: int) -> str:
    message = f"made {made} of {asked}: the knowledge gave {made} good question(s)"
    return message + (f"; {gate_summary}" if rejected else "")


def _write(
    outcome: RunOutcome,
    options: GenerateOptions,
    fmt_name: str,
    cases: list[Case],
    metadata: dict[str, Any] | None,
) -> None:
    from ..convert import prepare_for_target, write_dataset
    from ..formats import WriteOptions

    dataset = Dataset(metadata=metadata if fmt_name == "m365" else None, cases=cases)
    outcome.dataset = dataset
    if not cases:
        return
    laid_out = Dataset(
        metadata=dataset.metadata,
        cases=[prepare_for_target(c, None, fmt_name) for c in cases],
    )
    written = write_dataset(laid_out, options.output, to=fmt_name, options=WriteOptions())
    outcome.paths = list(written.paths)
    outcome.write_findings = list(written.findings)
    if written.paths and options.review_sheet:
        from .review import write_review_sheet

        outcome.review_sheet = write_review_sheet(dataset, options.review_sheet)


def _file_facts(doc: Document) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "path": doc.path,
        "kind": doc.kind,
        "sections": len(doc.sections),
        "language": doc.language,
    }
    try:
        facts["sha256"] = hashlib.sha256(Path(doc.path).read_bytes()).hexdigest()
    except OSError:
        facts["sha256"] = None
    return facts


def _report(outcome: RunOutcome, options: GenerateOptions, command: str) -> dict[str, Any]:
    result = outcome.result
    return {
        "command": command,
        "provider": outcome.provider,
        "seed": outcome.seed,
        "requested": outcome.requested,
        "produced": outcome.produced,
        "categories": dict(sorted(_count_categories(outcome.dataset).items())),
        "output": [str(p) for p in outcome.paths],
        "review_sheet": str(outcome.review_sheet) if outcome.review_sheet else None,
        "inputs": [_file_facts(d) for d in outcome.documents],
        "problems": [p.to_dict() for p in outcome.problems],
        "coverage": [r.to_dict() for r in outcome.coverage],
        "failures": [
            {"slot": f.slot, "reason": f.reason, **({"code": f.code} if f.code else {})}
            for f in result.failures
        ],
        "shortfall": result.shortfall,
        "shortfall_message": outcome.shortfall_message,
        "gate": {
            "rejected": sum(outcome.rejected.values()) + sum(outcome.rejected_ahead.values()),
            "by_code": dict(
                sorted((Counter(outcome.rejected) + Counter(outcome.rejected_ahead)).items())
            ),
            "summary": outcome.gate_summary,
        },
        "usage": result.usage,
        "write_findings": [f.to_dict() for f in outcome.write_findings],
    }


def _count_categories(dataset: Dataset | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in dataset.cases if dataset is not None else []:
        key = c.category or "(none)"
        out[key] = out.get(key, 0) + 1
    return out


def _finish(outcome: RunOutcome, options: GenerateOptions, command: str) -> RunOutcome:
    outcome.report = _report(outcome, options, command)
    if options.report:
        atomic_write_text(
            options.report, json.dumps(outcome.report, ensure_ascii=False, indent=2) + "\n"
        )
    return outcome


def generate_knowledge(options: GenerateOptions) -> RunOutcome:
    """Grounded cases from knowledge files, written to ``options.output``."""
    from ..knowledge import load

    fmt_name = _check_output(options)
    if options.count < 1:
        raise DatasetkitError(
            f"--count {options.count} must be at least 1", "for example --count 20"
        )
    if not options.files:
        raise DatasetkitError(
            "no knowledge files given",
            "name files or folders: datasetkit generate knowledge docs/ -o evals.json",
        )
    provider = resolve_provider(options.provider)
    seed = _seed(options.seed)
    generator = _generator(provider, options, seed)
    docs = load(options.files, options.max_size, limits=options.limits)
    outcome = RunOutcome(provider=provider, seed=seed, requested=options.count, documents=docs)
    if any(p.severity == "error" for p in outcome.problems) and not options.skip_unreadable:
        raise UnreadableKnowledge(outcome.problems)
    usable = [d for d in docs if d.sections]
    if not usable:
        raise DatasetkitError(
            "no text could be extracted from the knowledge files",
            "run 'datasetkit ingest FILES' to see what each file yields",
        )
    outcome.chunks = chunk_documents(usable, options.chunk_chars)
    # Generators that look for passages across the whole knowledge (is this question
    # really unanswerable?) get one index of every chunk, built on first use.
    from .retrieval import LexicalIndex

    outcome.retrieval = LexicalIndex(outcome.chunks)
    unique = _generate_gated(outcome, options, generator, provider, seed)
    cases = [gc.case for gc in unique]
    short = options.count - len(cases)
    if short > 0:
        outcome.result.shortfall = {**outcome.result.shortfall, "total": short}
        outcome.shortfall_message = _shortfall_message(
            len(cases),
            options.count,
            outcome.gate_summary,
            sum(outcome.rejected.values()) + sum(outcome.rejected_ahead.values()),
        )
    assert outcome.plan is not None
    outcome.coverage = coverage_rows(outcome.chunks, outcome.plan, GenerationResult(cases=unique))
    names = sorted({d.path for d in usable})
    metadata = {
        "name": "Generated test cases",
        "description": f"{len(cases)} case(s) generated by datasetkit ({provider}, seed {seed}) from: "
        + ", ".join(names),
    }
    _write(outcome, options, fmt_name, cases, metadata)
    return _finish(outcome, options, "knowledge")


def read_description(text: str | None, file: str | None) -> str:
    """The agent description from ``--description`` or ``--description-file``."""
    if text and file:
        raise DatasetkitError("give --description or --description-file, not both")
    if file:
        from ..knowledge.text import decode

        p = Path(file)
        if not p.is_file():
            raise DatasetkitError(f"{file}: no such file", "check the path of --description-file")
        decoded, _, _ = decode(p.read_bytes(), file)
        if decoded is None:
            raise DatasetkitError(
                f"{file}: is not a text file", "give a .txt or .md file that describes the agent"
            )
        text = decoded
    if not text or not text.strip():
        raise DatasetkitError(
            "no agent description",
            "describe the agent with --description 'An HR assistant that ...' or --description-file agent.md",
        )
    return text.strip()


def generate_starter(options: GenerateOptions, description: str) -> RunOutcome:
    """A starter set for an agent described in words (offline: the category skeleton)."""
    fmt_name = _check_output(options)
    if options.count < 1:
        raise DatasetkitError(
            f"--count {options.count} must be at least 1", "for example --count 10"
        )
    provider = resolve_provider(options.provider)
    seed = _seed(options.seed)
    # Starter sets cover every category, whatever the provider makes from knowledge.
    cats = list(options.categories)
    for c in cats:
        if c not in CATEGORIES:
            raise DatasetkitError(f"unknown category {c!r}", "use one of: " + ", ".join(CATEGORIES))
    settings = {**options.provider_settings, "seed": seed, "language": options.language}
    generator = PROVIDERS[provider](**settings)
    kwargs: dict[str, Any] = {"count": options.count, "seed": seed, "language": options.language}
    method = generator.generate_starter
    if cats:
        if "categories" not in inspect.signature(method).parameters:
            raise DatasetkitError(
                f"the {provider} provider cannot limit a starter set to categories",
                "leave out --category",
            )
        kwargs["categories"] = cats
    result = method(description, **kwargs)
    outcome = RunOutcome(provider=provider, seed=seed, requested=options.count, result=result)
    cases = [gc.case for gc in _unique(result)]
    short = options.count - len(cases)
    if short > 0:
        result.shortfall = {**result.shortfall, "total": short}
    metadata = {"name": "Starter test set", "description": description[:2000]}
    _write(outcome, options, fmt_name, cases, metadata)
    return _finish(outcome, options, "starter")
