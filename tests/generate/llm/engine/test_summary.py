"""What a run reports: the ``--dry-run`` report, the summary after it, its exit code and
the progress bar."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import io
from pathlib import Path

from datasetkit.generate.llm.engine.dryrun import report as dry_run
from datasetkit.generate.llm.engine.summary import exit_code, summary
from tests.helpers.llm_helpers import generator, make_plan
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def test_dry_run_and_summary_and_exit_code(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    gen = generator(llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0)
    report = dry_run(gen, plan=make_plan(3))
    assert "calls: 9 to send (generation 3, critic 3, judge 3)" in report
    assert llm_server.requests == []
    starter = dry_run(gen, description="A travel booking assistant.", count=10)
    assert "calls: 5 to send" in starter
    llm_server.script("refusal")
    result = gen.generate_knowledge(make_plan(3))
    text = summary(result, requested=3)
    assert "generated 2 of 3" in text and "model_refused x1" in text and "manifest:" in text
    assert exit_code(result) == 1


def test_progress_bar_goes_to_the_given_stream(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    stream = io.StringIO()
    gen = generator(
        llm_server, tmp_path, question_types=["lookup"], progress=True, progress_stream=stream
    )
    gen.generate_knowledge(make_plan(3))
    lines = stream.getvalue().splitlines()
    assert lines and lines[-1].startswith("[########################] 3/3 cases")
