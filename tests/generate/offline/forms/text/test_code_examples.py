"""The notes a page numbers on the marked lines of a code example (``# (1)``) say what one
line of that example does: never asked; the page's running text is."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Tidewater settings

Tidewater reads its settings from a file named tidewater.toml in the project folder.
The retries setting is used to repeat a failed upload before Tidewater gives up.
The timeout setting is used to end an upload that takes longer than the given seconds.

Here is an example of a settings file:

```toml
[upload]
retries = 3  # (1)!
timeout = 30  # (2)!
```

1. The value 3 is used for the first upload of the day.
2. The value 30 is used for uploads over the office network.
"""


def test_notes_on_the_lines_of_an_example_are_not_asked(tmp_path: Path) -> None:
    doc = tmp_path / "settings.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert pairs
    for q, a in pairs.items():
        assert "first upload of the day" not in a, (q, a)
        assert "office network" not in a, (q, a)
    assert any("retries setting" in q for q in pairs), pairs


STREAM = """# Partial reads

## Reading a stream

The reader can validate a stream while it still arrives, and stops at the last complete record.

```bash
tail -f events.log | reader check --partial
```

This example uses plain Bash code that may be easier to read, test, etc. than the examples above.
"""


def test_a_use_whose_object_runs_into_a_clause_is_not_asked_what_for(tmp_path: Path) -> None:
    # "uses <code> that may be easier to read": the "to" is the clause's, not the use's.
    doc = tmp_path / "stream.md"
    doc.write_text(STREAM, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert not any(" use " in q and q.endswith(" for?") for q in pairs), pairs
