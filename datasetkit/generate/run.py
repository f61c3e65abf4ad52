"""What ``datasetkit generate`` does: load -> plan -> generator -> validate -> write.

Generators are picked by provider name from :data:`PROVIDERS`. ``offline`` is built in;
the LLM engine adds ``openai``, ``azure`` and ``compatible`` when its package is
present (:func:`load_providers`). A provider factory is called with keyword settings
(the provider-specific CLI options, plus ``seed`` and ``language``) and returns a
:class:`~datasetkit.generate.contract.Generator`.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import secrets
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Dataset
from datasetkit.generate.admission import generate_gated, shortfall_message, unique_cases
from datasetkit.generate.contract import CATEGORIES, GenerationResult, Generator
from datasetkit.generate.options import GenerateOptions, RunOutcome, UnreadableKnowledge
from datasetkit.generate.plan import chunk_documents, coverage_rows
from datasetkit.io.files import atomic_write_text
from datasetkit.knowledge.model import Document


def _offline(**settings: Any) -> Generator:
    from datasetkit.generate.offline.generator import OfflineGenerator

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


# The optional package whose providers register themselves (named, not imported: it
# imports this module when it registers).
_LLM_PACKAGE = "datasetkit.generate.llm"


def load_providers() -> None:
    """Let the LLM engine register its providers (once), when it is installed."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    try:
        module = importlib.import_module(_LLM_PACKAGE)
    except ModuleNotFoundError as exc:
        if exc.name is not None and _LLM_PACKAGE.startswith(exc.name):
            return  # the package is not installed here
        raise
    module.register(PROVIDERS)


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


def _seed(seed: int | None) -> int:
    # Unseeded runs differ from each other, but the seed is reported so any run repeats.
    return seed if seed is not None else secrets.randbelow(1_000_000)


def _check_output(options: GenerateOptions) -> str:
    from datasetkit.convert.readwrite import output_format

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
        from datasetkit.generate.offline.generator import check_language

        check_language(options.language)
    settings = {**options.provider_settings, "seed": seed, "language": options.language}
    return PROVIDERS[provider](**settings)


def _write(
    outcome: RunOutcome,
    options: GenerateOptions,
    fmt_name: str,
    cases: list[Case],
    metadata: dict[str, Any] | None,
) -> None:
    from datasetkit.convert.prepare import prepare_for_target
    from datasetkit.convert.readwrite import write_dataset
    from datasetkit.formats import WriteOptions
    from datasetkit.generate.decisions import keep_review

    dataset = Dataset(metadata=metadata if fmt_name == "m365" else None, cases=cases)
    outcome.dataset = dataset
    if not cases:
        return
    # A reviewer's decisions about an earlier version of this output are made again.
    reviewed, review_notes = keep_review(options.output, cases)
    laid_out = Dataset(
        metadata=dataset.metadata,
        cases=[prepare_for_target(c, None, fmt_name) for c in reviewed],
    )
    written = write_dataset(laid_out, options.output, to=fmt_name, options=WriteOptions())
    outcome.paths = list(written.paths)
    outcome.write_findings = review_notes + list(written.findings)
    if written.paths and options.review_sheet:
        from datasetkit.generate.review import write_review_sheet

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
    from datasetkit.knowledge import load

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
    docs = load(options.files, options.max_size, limits=options.limits, progress=options.progress)
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
    from datasetkit.generate.retrieval import LexicalIndex

    outcome.retrieval = LexicalIndex(outcome.chunks)
    unique = generate_gated(outcome, options, generator, provider, seed)
    cases = [gc.case for gc in unique]
    short = options.count - len(cases)
    if short > 0:
        outcome.result.shortfall = {**outcome.result.shortfall, "total": short}
        outcome.shortfall_message = shortfall_message(
            len(cases),
            options.count,
            outcome.gate_summary,
            sum(outcome.rejected.values()) + sum(outcome.rejected_ahead.values()),
            [str(n) for n in outcome.result.usage.get("notes") or []],
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
        from datasetkit.knowledge.text import read_text_file

        text = read_text_file(
            file,
            "check the path of --description-file",
            "give a .txt or .md file that describes the agent",
        )
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
    cases = [gc.case for gc in unique_cases(result)]
    short = options.count - len(cases)
    if short > 0:
        result.shortfall = {**result.shortfall, "total": short}
    metadata = {"name": "Starter test set", "description": description[:2000]}
    _write(outcome, options, fmt_name, cases, metadata)
    return _finish(outcome, options, "starter")
