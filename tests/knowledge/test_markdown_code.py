"""Markdown code blocks are code sections; a block indented under a step stays with it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

PAGE = """# Troubleshooting

## Error: restore failed

```text
ResourceMustBeRestored: the resource was soft-deleted. To restore it, set restore.
```

This means that a resource of that name was deleted recently.

## Deploying

1. Open a terminal.
2. Run the deployment:

   ```bash
   make deploy
   ```

3. Check the output.

Run the setup:

    tool install --user
    tool check

Then restart the shell.
"""


def test_markdown_code_blocks_are_code_sections(tmp_path: Path) -> None:
    f = tmp_path / "faq.md"
    f.write_text(PAGE, encoding="utf-8")
    got = [(s.kind, s.text) for s in load_file(f, display="faq.md").sections]
    assert (
        "code",
        "ResourceMustBeRestored: the resource was soft-deleted. To restore it, set restore.",
    ) in got
    assert ("code", "tool install --user\ntool check") in got
    assert ("list_item", "Run the deployment:\nmake deploy") in got
    assert ("list_item", "Check the output.") in got
    assert ("paragraph", "Then restart the shell.") in got
    assert not any(k == "paragraph" and "tool install" in t for k, t in got)
