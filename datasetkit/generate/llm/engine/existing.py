"""The prompts of an existing dataset, so that new cases do not repeat them (--append-to)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError


def load_existing_prompts(path: str) -> list[str]:
    """The prompts of an existing dataset (any format datasetkit reads), for dedupe."""
    from datasetkit.formats import InputFile, detect

    p = Path(path)
    if not p.is_file():
        raise DatasetkitError(f"{path}: no such file (given to --append-to)", "check the path")
    src = InputFile(str(p))
    try:
        result = detect(src).read(src)
    except DatasetkitError:
        # No registered reader claims it: take prompts from plain JSON/JSONL/CSV.
        return _prompts_from_plain(p)
    if result.dataset is None:
        return _prompts_from_plain(p)
    out: list[str] = []
    for case in result.dataset.cases:
        out.extend(t.prompt for t in case.turns if t.prompt)
        if case.seed is not None:
            out.append(case.seed.description)
    return out


def _prompts_from_plain(path: Path) -> list[str]:
    """Prompts from a JSON/JSONL/CSV file when no format reader is available."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    keys = ("prompt", "query", "question", "Question", "test_case_description")
    out: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k in keys:
                if isinstance(v.get(k), str):
                    out.append(v[k])
            for item in v.values():
                if isinstance(item, (list, dict)):
                    walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    try:
        walk(json.loads(text))
        return out
    except ValueError:
        pass
    for line in text.splitlines():
        try:
            walk(json.loads(line))
        except ValueError:
            continue
    if out:
        return out
    import csv
    import io

    for row in csv.DictReader(io.StringIO(text)):
        for k in keys:
            if row.get(k):
                out.append(row[k])
    return out
