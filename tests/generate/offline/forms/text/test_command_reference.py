"""A command-line reference page: each option its listing describes is asked what it is
used for, naming the command its usage line shows; each subcommand it lists with a task,
and each example a comment names the task of, is asked how to do that task; a block of
shell commands or output is no listing."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

PAGE = """\
# shipyard deploy

Deploy a vessel to a harbour

### Synopsis

Deploy a vessel to a harbour, replacing the one already berthed there.

```
shipyard deploy [VESSEL] [HARBOUR] [flags]
```

### Options

```
      --berth string        name of the berth to moor at (default "east")
  -h, --help                help for deploy
      --keep-crew           keep the previous crew aboard after the vessel is replaced
      --retries int         maximum number of attempts before the deploy fails (default 3)
      --tug-name string     tug name
```

### Examples

```
  # Deploy a ferry to a new harbour
  shipyard deploy ferry harbour-north

  # Moor a vessel at the west berth
  # The berth must be free before the deploy starts.
  shipyard deploy barge harbour-south --berth west
```

### See also

* [shipyard](shipyard.md) - Run the harbour from the command line
* [shipyard deploy rollback](shipyard_deploy_rollback.md) - Roll back the last deploy of a vessel
"""

NO_USAGE = """\
# Harbour notes

Shell commands used on the quay:

```
      --berth string        name of the berth to moor at (default "east")
      --keep-crew           keep the previous crew aboard after the vessel is replaced
```
"""

SHELL = """\
# shipyard deploy

```
shipyard deploy [VESSEL] [HARBOUR] [flags]
```

### Examples

```
shipyard deploy --berth west  ferry  harbour-a
shipyard deploy --keep-crew  ferry  harbour-b
```
"""


def _cases(tmp_path: Path, text: str, language: str | None = None) -> dict[str, str]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    chunks = chunk_documents(load([page]), 1500)
    gen = OfflineGenerator()
    result = gen.generate_knowledge(
        build_plan(chunks, 30, 1, capacity=gen.capacity), language=language
    )
    return {
        gc.case.turns[0].prompt: gc.case.turns[0].expected_response or "" for gc in result.cases
    }


def test_each_option_is_asked_what_it_is_used_for_with_its_whole_description(
    tmp_path: Path,
) -> None:
    cases = _cases(tmp_path, PAGE)
    asked = "What is the `--retries` option of `shipyard deploy` used for?"
    assert cases[asked] == "Maximum number of attempts before the deploy fails (default 3)"
    keep = "What is the `--keep-crew` option of `shipyard deploy` used for?"
    assert cases[keep] == "Keep the previous crew aboard after the vessel is replaced"
    assert "What is the `--berth` option of `shipyard deploy` used for?" in cases
    # The help option only names the command it helps with, and a description that only
    # says the option's name again tells nothing.
    assert not any("--help" in q or "--tug-name" in q for q in cases)


def test_an_example_is_asked_how_to_do_the_task_its_comment_names(tmp_path: Path) -> None:
    cases = _cases(tmp_path, PAGE)
    assert cases["How do I deploy a ferry to a new harbour with `shipyard`?"] == (
        "shipyard deploy ferry harbour-north"
    )
    # The note under the comment goes with the command that does the task.
    assert cases["How do I moor a vessel at the west berth with `shipyard`?"] == (
        "The berth must be free before the deploy starts.\n"
        "shipyard deploy barge harbour-south --berth west"
    )


def test_a_listed_subcommand_is_asked_how_to_do_its_task(tmp_path: Path) -> None:
    cases = _cases(tmp_path, PAGE)
    asked = "How do I roll back the last deploy of a vessel with `shipyard`?"
    assert cases[asked] == "Use `shipyard deploy rollback`."


def test_options_are_asked_in_the_language_of_the_page(tmp_path: Path) -> None:
    cases = _cases(tmp_path, PAGE, language="de")
    assert "Wozu dient die Option `--retries` von `shipyard deploy`?" in cases


def test_no_option_is_asked_without_a_usage_line_or_from_a_block_of_commands(
    tmp_path: Path,
) -> None:
    assert not any("option" in q for q in _cases(tmp_path, NO_USAGE))
    (tmp_path / "two").mkdir()
    assert not any("option" in q for q in _cases(tmp_path / "two", SHELL))
