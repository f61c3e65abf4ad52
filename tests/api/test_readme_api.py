"""docs/python-api.md runs as written (a doctest under plain ``pytest``)."""

from __future__ import annotations

import doctest

import pytest

from tests.conftest import ROOT

PAGE = ROOT / "docs" / "python-api.md"


def _api_section() -> tuple[str, int]:
    text = PAGE.read_text(encoding="utf-8")
    head, found, rest = text.partition("# Python API\n")
    assert found, "docs/python-api.md has no '# Python API' title"
    return rest, head.count("\n") + 2


def test_every_public_name_is_in_the_readme() -> None:
    import datasetkit

    section, _ = _api_section()
    functions = [n for n in datasetkit.__all__ if n[0].islower() and not n.startswith("__")]
    for name in functions:
        assert f"`{name}(" in section, name
    for method in ("to_records", "from_records", "to_pandas", "from_pandas"):
        assert f"`Dataset.{method}(" in section, method


def test_readme_api_examples_run(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The examples write into their own scratch folder; the working directory is a
    # scratch one too, so no configuration file of the repository changes lint's verdict.
    monkeypatch.chdir(tmp_path)
    section, line = _api_section()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(section, {}, "docs/python-api.md", str(PAGE), line)
    assert len(test.examples) >= 30
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []

    def report(out: str) -> None:
        failures.append(out)

    runner.run(test, out=report)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(failures)
