"""The prompts the offline generator writes for one small document a test builds."""

from __future__ import annotations

from pathlib import Path


def offline_prompts(path: Path, text: str, count: int = 12) -> list[str]:
    """Write ``text`` to ``path`` and return the prompts of an offline run of ``count``."""
    from datasetkit.generate.offline.generator import OfflineGenerator
    from datasetkit.generate.plan import build_plan, chunk_documents
    from datasetkit.knowledge import load

    path.write_text(text, encoding="utf-8")
    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    return [c.case.turns[0].prompt for c in gen.generate_knowledge(plan).cases]
