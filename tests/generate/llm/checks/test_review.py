"""Selection and review of LLM cases: candidates, the critic, the judge, the quality gate
and the whole-knowledge check of unanswerable questions (real client, local server)."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.generate.contract import Plan, PlanSlot
from tests.helpers.llm_helpers import chunks_of, generator, make_plan, table_chunk
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def _tasks(server: FakeLLMServer, task: str) -> list[dict]:
    return [
        r["body"]
        for r in server.chat_requests()
        if r["body"]["messages"][-1]["content"].startswith(f"Task: {task}")
    ]


def test_a_judge_saying_not_supported_drops_the_case_with_its_reason(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("judge_not_supported")
    result = generator(
        llm_server, tmp_path, question_types=["lookup"], candidates=1, top_up_rounds=0
    ).generate_knowledge(make_plan(2))
    assert result.cases == [] and result.shortfall == {"knowledge": 2}
    reasons = [f.reason for f in result.failures]
    assert reasons == ["judge_not_supported: P1 gives another figure than the expected answer."] * 2
    assert result.usage["rejected"] == {"judge_not_supported": 2}
    # The judge saw the question, the expected answer and the passages, at temperature 0.
    judge = _tasks(llm_server, "judge")[0]
    text = judge["messages"][-1]["content"]
    assert "Question: " in text and "Expected answer: " in text and '<passage id="P1"' in text
    assert judge["temperature"] == 0.0
    assert judge["response_format"]["json_schema"]["name"] == "judge"


def test_a_dropped_case_gives_way_to_the_next_candidate_and_the_verdicts_are_stored(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.judge_verdicts.extend(["not_supported"])  # only the first judge call
    result = generator(
        llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0
    ).generate_knowledge(make_plan(1))
    assert len(result.cases) == 1 and not result.failures
    gc = result.cases[0]
    ext = gc.case.extensions["datasetkit"]
    assert ext["judge"] == {
        "verdict": "supported",
        "reason": "Every claim of the answer is stated in P1.",
        "model": "gpt-4o-mini",
    }
    assert ext["critic"]["verdict"] == "pass" and gc.checks["judge"] == "supported"
    assert result.usage["rejected"]["judge_not_supported"] == 1
    # One generation call; the fallback was criticised and judged in its turn.
    kinds = {k: v["calls"] for k, v in result.usage["calls_by_kind"].items()}
    assert kinds == {"generate": 1, "repair": 0, "critic": 2, "judge": 2}
    judged = [b["messages"][-1]["content"] for b in _tasks(llm_server, "judge")]
    assert judged[0] != judged[1]  # the second judged another question


def test_partly_supported_cases_are_kept_and_marked_for_review(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("judge_partial")
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(1)
    )
    gc = result.cases[0]
    assert "judge:partial" in gc.case.tags and "partly supported" in gc.case.notes
    assert gc.case.extensions["datasetkit"]["judge"]["verdict"] == "partially_supported"


def test_the_critic_rewrites_once_and_the_rewrite_is_checked_again(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("critic_rewrite")
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(2)
    )
    assert len(result.cases) == 2
    for gc in result.cases:
        critic = gc.case.extensions["datasetkit"]["critic"]
        assert critic["verdict"] == "rewrite" and critic["reason"]
        assert (
            gc.case.first_prompt
            == "Could you tell me "
            + critic["original_question"][0].lower()
            + critic["original_question"][1:]
        )
        assert gc.case.id == gc.case.content_id()  # the id follows the rewritten question
    # The judge judged the rewritten question.
    assert all(
        "Could you tell me" in b["messages"][-1]["content"] for b in _tasks(llm_server, "judge")
    )
    critic = _tasks(llm_server, "critic")[0]
    assert critic["temperature"] == 0.0
    assert "self-contained" in critic["messages"][-1]["content"]


def test_a_critic_rejection_moves_to_the_next_candidate(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.critic_verdicts.extend(["reject"])
    result = generator(
        llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0
    ).generate_knowledge(make_plan(1))
    assert len(result.cases) == 1
    assert result.usage["rejected"]["critic_rejected"] == 1
    assert len(_tasks(llm_server, "critic")) == 2 and len(_tasks(llm_server, "judge")) == 1


def test_review_can_be_turned_off(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    result = generator(
        llm_server, tmp_path, question_types=["lookup"], critic=False, judge=False
    ).generate_knowledge(make_plan(3))
    assert len(result.cases) == 3
    assert _tasks(llm_server, "critic") == [] and _tasks(llm_server, "judge") == []
    assert "critic" not in result.cases[0].case.extensions["datasetkit"]


def test_a_wrong_number_in_the_answer_is_rejected_by_the_gate(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    # The evidence is quoted correctly; the answer changes its figure (30 days -> 37 days).
    llm_server.mode.add("wrong_number")
    numbers = chunks_of(
        [
            ("Returns", "Customers may return items within 30 days of delivery."),
            ("Shipping", "Express shipping costs 12 euros and arrives in 1 day."),
            ("Accounts", "Accounts are locked after 5 failed sign-in attempts."),
        ]
    )
    result = generator(
        llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0
    ).generate_knowledge(make_plan(3, chunks=numbers))
    assert result.cases == []
    assert {f.reason.split(":")[0] for f in result.failures} == {"number_mismatch"}
    assert _tasks(llm_server, "judge") == []  # rejected before any review call
    table = Plan(slots=[PlanSlot(index=0, chunks=[table_chunk()])], seed=1)
    wrong = generator(
        llm_server, tmp_path / "t", question_types=["table-lookup"], top_up_rounds=0
    ).generate_knowledge(table)
    assert wrong.cases == [] and wrong.failures[0].reason.startswith("number_mismatch")


def test_an_aggregation_total_must_follow_from_the_rows(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    table = Plan(slots=[PlanSlot(index=0, chunks=[table_chunk()])], seed=1)
    ok = generator(llm_server, tmp_path, question_types=["aggregation"]).generate_knowledge(table)
    assert (
        len(ok.cases) == 1 and ok.cases[0].case.turns[0].expected_response == "There are 3 plans."
    )
    llm_server.mode.add("wrong_number")  # "There are 4 plans." for three rows
    wrong = generator(
        llm_server, tmp_path / "w", question_types=["aggregation"], top_up_rounds=0
    ).generate_knowledge(table)
    assert wrong.cases == [] and wrong.failures[0].reason.startswith("number_mismatch")


def test_an_unanswerable_question_another_chunk_answers_is_rejected(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    chunks = chunks_of(
        [
            ("Returns", "Customers may return items within 30 days of delivery."),
            ("Gift wrapping", "Gift wrapping costs 4 euros and is available for every order."),
        ]
    )
    # Only the returns passage is sampled; the run's knowledge holds both.
    plan = Plan(slots=[PlanSlot(index=0, chunks=[chunks[0]])], seed=1, chunks=chunks)
    llm_server.unanswerable_question = "Is gift wrapping available for every order?"
    result = generator(
        llm_server, tmp_path, question_types=["unanswerable"], top_up_rounds=0
    ).generate_knowledge(plan)
    assert result.cases == []
    assert result.failures[0].reason == "unanswerable_covered_by_source"
    # A question no chunk speaks to is kept, and the judge saw the best-matching chunks
    # of the whole knowledge besides the slot's passage.
    llm_server.unanswerable_question = "Can I return an item to a shop in Lisbon?"
    kept = generator(
        llm_server, tmp_path / "k", question_types=["unanswerable"]
    ).generate_knowledge(plan)
    assert len(kept.cases) == 1 and "negative" in kept.cases[0].case.tags
    judge = _tasks(llm_server, "judge")[-1]["messages"][-1]["content"]
    assert "Customers may return items" in judge


def test_the_judge_can_be_another_model_and_is_priced_as_such(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    result = generator(
        llm_server,
        tmp_path,
        settings={"judge_model": "gpt-4o"},
        question_types=["lookup"],
    ).generate_knowledge(make_plan(2))
    assert len(result.cases) == 2
    models = {b["model"] for b in _tasks(llm_server, "judge")}
    assert models == {"gpt-4o"}
    assert {b["model"] for b in _tasks(llm_server, "critic")} == {"gpt-4o-mini"}
    assert result.cases[0].case.extensions["datasetkit"]["judge"]["model"] == "gpt-4o"
    manifest = json.loads(Path(result.usage["manifest_path"]).read_text(encoding="utf-8"))
    assert manifest["review"]["judge_model"] == "gpt-4o"


def test_on_azure_a_judge_deployment_gets_its_own_path(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    gen = generator(
        llm_server,
        tmp_path,
        settings={
            "provider": "azure",
            "base_url": None,
            "azure_endpoint": llm_server.azure_endpoint,
            "azure_deployment": "writer",
            "api_version": "2024-10-21",
            "model": "gpt-4o-mini",
            "judge_model": "judge-dep",
        },
        question_types=["lookup"],
    )
    result = gen.generate_knowledge(make_plan(1))
    assert len(result.cases) == 1
    paths = [
        (r["path"], r["body"]["messages"][-1]["content"].split("\n")[0])
        for r in llm_server.chat_requests()
    ]
    assert ("/openai/deployments/judge-dep/chat/completions", "Task: judge") in paths
    assert ("/openai/deployments/writer/chat/completions", "Task: critic") in paths
    assert result.usage["http"]["requests"] == 3  # both clients counted


def test_temperatures_per_call_kind_are_configurable(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(make_plan(1))
    assert _tasks(llm_server, "knowledge case")[0]["temperature"] == 0.8
    generator(
        llm_server,
        tmp_path / "t",
        settings={"temperature": 1.0, "critic_temperature": 0.2, "judge_temperature": 0.1},
        question_types=["lookup"],
    ).generate_knowledge(make_plan(1))
    assert _tasks(llm_server, "knowledge case")[-1]["temperature"] == 1.0
    assert _tasks(llm_server, "critic")[-1]["temperature"] == 0.2
    assert _tasks(llm_server, "judge")[-1]["temperature"] == 0.1


def test_a_stop_during_review_leaves_no_unreviewed_case_and_resume_finishes(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    opts = {"question_types": ["lookup"], "settings": {"concurrency": 1}}
    first = generator(llm_server, tmp_path, max_calls=4, **opts).generate_knowledge(make_plan(3))
    # Three generation calls and one critic call: no case is fully reviewed yet.
    assert first.cases == [] and "max-calls 4" in first.usage["stopped"]
    assert all(f.reason.startswith("not run") for f in first.failures)
    sent = len(llm_server.chat_requests())
    resumed = generator(llm_server, tmp_path, resume=True, **opts).generate_knowledge(make_plan(3))
    assert len(resumed.cases) == 3
    # The paid replies were replayed: only the rest of the review was sent.
    assert len(llm_server.chat_requests()) - sent == 2 + 3
