"""The public API's knowledge and generation functions: ingest, generate_knowledge, generate_starter."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from datasetkit.api.results import Generated, Knowledge
from datasetkit.core.findings import DatasetkitError

# Sizes as people write them (5MB, 512K), for the max_size limit.
from datasetkit.knowledge.guard import parse_size as parse_size

# --- knowledge and generation -------------------------------------------------------------


def ingest(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    progress: Callable[[int, int], None] | None = None,
    **limits: Any,
) -> Knowledge:
    """Read knowledge files (text, Markdown, CSV, Word, Excel, PDF; folders and globs
    expanded) into documents with sections and provenance (file, page, heading, cells).

    ``limits``: ``max_size`` (bytes, None for no limit) and the knowledge limits such as
    ``include_comments``. ``progress`` is told (files read, files) as they are read.
    """
    from datasetkit.knowledge import Limits
    from datasetkit.knowledge.loader import load as load_knowledge

    items: list[str | os.PathLike[str]] = (
        [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    )
    if not items:
        raise DatasetkitError("no knowledge files given", "pass a path, a folder or a glob")
    max_size = limits.pop("max_size", Limits().max_size)
    try:
        base = Limits(**limits)
    except TypeError as exc:
        raise DatasetkitError(f"unknown knowledge limit: {exc}") from None
    return Knowledge(load_knowledge(items, max_size, limits=base, progress=progress))


def _generate(
    command: str, output: str | os.PathLike[str] | None, settings: dict[str, Any], run: Any
) -> Generated:
    from datasetkit.generate.run import GenerateOptions, resolve_provider

    with tempfile.TemporaryDirectory(prefix="datasetkit-generate-") as tmp:
        to = settings.get("to")
        scratch = Path(tmp) / ("generated" + (".jsonl" if to in ("foundry",) else ".json"))
        try:
            options = GenerateOptions(
                output=os.fspath(output) if output else str(scratch), **settings
            )
        except TypeError as exc:
            raise DatasetkitError(f"unknown {command} setting: {exc}") from None
        options.provider = resolve_provider(options.provider)
        outcome = run(options)
        return Generated(
            outcome.dataset,
            list(outcome.paths) if output else [],
            list(outcome.write_findings),
            outcome.shortfall_message,
            outcome,
        )


def generate_knowledge(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    output: str | os.PathLike[str] | None = None,
    *,
    count: int = 20,
    seed: int | None = None,
    provider: str | None = None,
    **settings: Any,
) -> Generated:
    """Make grounded test cases from knowledge files (``datasetkit generate knowledge``).

    Without ``provider`` the offline generator runs (no network, deterministic for a
    ``seed``). ``output`` writes the dataset there too (format from ``to=`` or the
    extension). Other ``settings`` are the command's options (``to``, ``language``,
    ``categories``, ``chunk_chars``, ``force``...).
    """
    from datasetkit.generate.run import generate_knowledge as run

    files = (
        [os.fspath(paths)]
        if isinstance(paths, (str, os.PathLike))
        else [os.fspath(p) for p in paths]
    )
    return _generate(
        "generate_knowledge",
        output,
        {"files": files, "count": count, "seed": seed, "provider": provider, **settings},
        run,
    )


def generate_starter(
    description: str,
    output: str | os.PathLike[str] | None = None,
    *,
    count: int = 10,
    seed: int | None = None,
    provider: str | None = None,
    **settings: Any,
) -> Generated:
    """Make a starter set for an agent from its description (``datasetkit generate starter``).

    Offline this is the category skeleton of the test-design guide with [PLACEHOLDER]
    cases to fill in; an LLM provider writes real cases.
    """
    from datasetkit.generate.run import generate_starter as run

    if not isinstance(description, str) or not description.strip():
        raise DatasetkitError("describe the agent in a sentence or two", "pass description='...'")
    # The description rides along, as on the command line, so a provider's hooks see it.
    provider_settings = {**dict(settings.pop("provider_settings", None) or {})}
    provider_settings["agent_description"] = description
    return _generate(
        "generate_starter",
        output,
        {
            "count": count,
            "seed": seed,
            "provider": provider,
            "provider_settings": provider_settings,
            **settings,
        },
        lambda options: run(options, description),
    )
