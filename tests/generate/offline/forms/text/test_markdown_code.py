"""Markdown code blocks: never asked as prose, kept in the answer of the task they serve."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

_PAGE = """# Package tool FAQ

## Pinning

To stop a package from being upgraded:

```sh
tool pin <package>
```

## Failed restore

```text
ResourceMustBeRestored: An existing resource was soft-deleted. To restore the resource, set restore to true.
```

Purge the deleted resource before you deploy again, or set the restore option in your settings file.
"""


def test_code_blocks_are_answers_not_questions(tmp_path: Path) -> None:
    path = tmp_path / "faq.md"
    path.write_text(_PAGE, encoding="utf-8")
    outcome = generate_offline(tmp_path, path, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    got = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    pin = got.get("How do I stop a package from being upgraded?", "")
    assert pin.endswith("tool pin <package>"), got
    assert not any("ResourceMustBeRestored" in q or "restore the resource" in q for q in got), got
