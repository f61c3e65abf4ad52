"""Batch API mode: upload, poll, download, map back by custom_id, resume by batch id."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.llm_helpers import assert_no_key_written, generator, make_plan
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)

# One generation call per case and no review (which adds a critic batch and a judge batch):
# these tests count batches and uploads.
PLAIN = {"candidates": 1, "critic": False, "judge": False}


def _uploads(server: FakeLLMServer) -> int:
    return sum(1 for r in server.requests if r["path"].endswith("/files") and r["method"] == "POST")


def test_batch_run_produces_the_same_cases_as_direct_calls(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    plan = make_plan(5, seed=4)
    batch = generator(
        llm_server, tmp_path / "b", batch=True, question_types=["lookup"]
    ).generate_knowledge(plan)
    assert len(batch.cases) == 5 and not batch.shortfall
    assert llm_server.chat_requests() == []  # nothing went through chat completions
    # Three batches: the generation calls, then the critic calls, then the judge calls.
    assert _uploads(llm_server) == 3 and len(batch.usage["batch_ids"]) == 3
    # The batch input file holds one line per request, keyed by custom_id.
    files = list(llm_server.files.values())
    lines = [json.loads(x) for x in files[0].decode().splitlines()]
    assert len(lines) == 5 and {x["url"] for x in lines} == {"/v1/chat/completions"}
    assert len({x["custom_id"] for x in lines}) == 5
    tasks = [
        json.loads(files[i].decode().splitlines()[0])["body"]["messages"][-1]["content"]
        for i in (0, 2, 4)  # each batch's input file (its output file follows it)
    ]
    assert [t.splitlines()[0] for t in tasks] == [
        "Task: knowledge case",
        "Task: critic",
        "Task: judge",
    ]
    direct = generator(llm_server, tmp_path / "d", question_types=["lookup"]).generate_knowledge(
        plan
    )
    assert [c.case.first_prompt for c in batch.cases] == [c.case.first_prompt for c in direct.cases]
    # Batch usage is priced at half.
    assert batch.usage["cost"] < direct.usage["cost"]
    assert_no_key_written(tmp_path)


def test_failed_batch_lines_are_retried_in_a_second_batch(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.batch_line_errors = 2
    result = generator(
        llm_server, tmp_path, batch=True, question_types=["lookup"], **PLAIN
    ).generate_knowledge(make_plan(4))
    assert len(result.cases) == 4
    assert len(result.usage["batch_ids"]) == 2 and _uploads(llm_server) == 2
    second = llm_server.files[llm_server.batches[result.usage["batch_ids"][1]]["input_file_id"]]
    assert len(second.decode().splitlines()) == 2  # only the two that failed


def test_interrupted_batch_resumes_by_id_without_a_second_upload(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.batch_polls = 1000  # it will not finish while we wait
    plan = make_plan(3)
    first = generator(
        llm_server,
        tmp_path,
        settings={"batch_timeout": 0.05},
        batch=True,
        question_types=["lookup"],
        **PLAIN,
    ).generate_knowledge(plan)
    assert (
        first.cases == []
        and "still" in first.usage["stopped"]
        and "--resume" in first.usage["stopped"]
    )
    batch_id = first.usage["batch_ids"][0]
    llm_server.batch_polls = 0
    resumed = generator(
        llm_server, tmp_path, batch=True, resume=True, question_types=["lookup"], **PLAIN
    ).generate_knowledge(plan)
    assert len(resumed.cases) == 3 and resumed.usage["batch_ids"] == [batch_id]
    assert _uploads(llm_server) == 1
    # An explicit --batch-id collects the same batch from a fresh journal.
    again = generator(
        llm_server,
        tmp_path / "x",
        batch=True,
        batch_id=batch_id,
        question_types=["lookup"],
        **PLAIN,
    ).generate_knowledge(plan)
    assert [c.case.id for c in again.cases] == [c.case.id for c in resumed.cases]
    assert _uploads(llm_server) == 1


def test_azure_batch_uses_azure_paths(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    gen = generator(
        llm_server,
        tmp_path,
        settings={
            "provider": "azure",
            "base_url": None,
            "azure_endpoint": llm_server.azure_endpoint,
            "azure_deployment": "dep",
            "api_version": "2024-10-21",
        },
        batch=True,
        question_types=["lookup"],
    )
    result = gen.generate_knowledge(make_plan(2))
    assert len(result.cases) == 2
    paths = {r["path"] for r in llm_server.requests}
    assert any(p.startswith("/openai/") and p.endswith("/files") for p in paths)
    lines = [json.loads(x) for x in next(iter(llm_server.files.values())).decode().splitlines()]
    assert {x["url"] for x in lines} == {"/chat/completions"} and {
        x["body"]["model"] for x in lines
    } == {"dep"}
