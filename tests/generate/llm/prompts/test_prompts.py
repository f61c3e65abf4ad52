"""What the generation prompts carry, seen in the requests the local server received:
the agent, the document, who asks and how, the answer rules and examples, candidates,
whole tables, related passages, and no local path."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from datasetkit.generate.contract import Chunk, Plan, PlanSlot
from datasetkit.generate.llm.prompts import context
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.llm_helpers import (
    POLICY,
    TEST_KEY,
    generate_args,
    generator,
    make_plan,
    synthetic_chunks,
)
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def _generation(server: FakeLLMServer) -> list[str]:
    return [
        r["body"]["messages"][-1]["content"]
        for r in server.chat_requests()
        if r["body"]["messages"][-1]["content"].startswith("Task: knowledge case")
    ]


def test_the_prompt_carries_agent_document_style_rules_examples_and_candidates(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    agent = "A returns assistant for an online shop's customers."
    chunks = synthetic_chunks(2)
    for c in chunks:
        c.meta["document_title"] = "Approval rules"
    plan = make_plan(2, chunks=chunks)
    plan.chunks = chunks
    generator(
        llm_server, tmp_path, question_types=["lookup"], agent_description=agent
    ).generate_knowledge(plan)
    text = _generation(llm_server)[0]
    assert f"<agent_description>\n{agent}\n</agent_description>" in text
    assert '<document source="rules.txt" title="Approval rules">' in text
    assert "Sections: Rule 0; Rule 1" in text and "Begins: Request type 0 must be" in text
    assert re.search(r"^- persona: .+$", text, re.M)
    assert re.search(r"^- query style: .+$", text, re.M)
    assert re.search(r"^- length of the question: (short|medium|long): ", text, re.M)
    assert "Expected answer:\n- complete:" in text and "- exact: numbers, units" in text
    assert "in the same language as the source" in text
    assert "Examples of good cases" in text and "Examples of bad cases, never write these" in text
    assert "Candidates: 3" in text and "Write 3 candidate cases" in text
    body = llm_server.chat_requests()[0]["body"]
    assert body["response_format"]["json_schema"]["name"] == "knowledge_candidates"
    assert body["temperature"] == 0.8


def test_persona_and_query_style_vary_over_slots_and_follow_the_seed(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    def styles(seed: int, where: str) -> dict[str, str]:
        before = len(_generation(llm_server))
        generator(
            llm_server, tmp_path / where, question_types=["lookup"], critic=False, judge=False
        ).generate_knowledge(make_plan(16, seed=seed, chunks=synthetic_chunks(16)))
        # Requests arrive in any order: key each by its passage.
        return {
            re.search(r"source=\"rules.txt > (Rule \d+)\"", t).group(1): re.search(
                r"^- query style: (.+)$", t, re.M
            ).group(1)
            for t in _generation(llm_server)[before:]
        }

    first = styles(5, "a")
    assert len(first) == 16 and len(set(first.values())) >= 3  # keyword, full, casual, ...
    assert any("keyword" in s for s in first.values())
    assert styles(5, "b") == first
    assert styles(6, "c") != first


def test_the_agent_description_comes_from_a_flag_or_a_file_and_is_in_the_manifest(
    cli, llm_server: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8"
    )
    (tmp_path / "agent.md").write_text("An HR helper for employees.\n", encoding="utf-8")
    args = generate_args("policy.md", count=2, seed=1, url=llm_server.url)
    env = {"TEAM_KEY": TEST_KEY}
    res = cli(*args, "-o", "a.json", "--agent-description-file", "agent.md", env=env)
    assert res.exit_code == 0, res.stderr
    assert all("An HR helper for employees." in t for t in _generation(llm_server))
    manifest = json.loads((tmp_path / "a.json.manifest.json").read_text(encoding="utf-8"))
    assert manifest["agent"]["description"] == "An HR helper for employees."
    assert len(manifest["agent"]["sha256"]) == 64
    res = cli(*args, "-o", "b.json", "--agent-description", "A payroll bot.", env=env)
    assert res.exit_code == 0, res.stderr
    assert "A payroll bot." in _generation(llm_server)[-1]
    both = cli(
        *args, "-o", "c.json", "--agent-description", "x", "--agent-description-file", "agent.md"
    )
    assert both.exit_code == 2 and "not both" in both.stderr
    offline = cli(
        *generate_args("policy.md", output="d.json"),
        "--provider",
        "offline",
        "--agent-description",
        "x",
    )
    assert offline.exit_code == 2 and "--agent-description" in offline.stderr


def test_no_local_path_or_home_folder_reaches_the_provider(
    cli, llm_server: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home" / "alice"
    docs = home / "work" / "handbook"
    (docs / "hr").mkdir(parents=True)
    (docs / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8"
    )
    (docs / "hr" / "leave.md").write_text(
        "# Leave\n\nPrimary caregivers receive 20 weeks of paid leave. "
        "Secondary caregivers receive 8 weeks of paid leave.\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    res = cli(
        # An absolute path.
        *generate_args(
            str(docs), output="evals.json", count=4, seed=3, url=llm_server.url, question_types=None
        ),
        env={"TEAM_KEY": TEST_KEY, "HOME": str(home)},
    )
    assert res.exit_code in (0, 1), res.stderr
    bodies = [json.dumps(r["body"], ensure_ascii=False) for r in llm_server.chat_requests()]
    assert bodies
    for body in bodies:
        assert str(tmp_path) not in body and str(home) not in body and "alice" not in body
    labels = {m for b in bodies for m in re.findall(r'source=\\"([^\\"]+)\\"', b)}
    assert labels and all(not label.startswith("/") for label in labels)
    files = {re.sub(r":\d+$", "", label.split(" ")[0]) for label in labels}
    assert files <= {"policy.md", "hr/leave.md"}


def test_safe_labels() -> None:
    labels = context.safe_labels(
        ["/srv/kb/a.md", "/srv/kb/sub/b.md", "/opt/x/c.md"], ["/srv/kb", "/opt/x/c.md"]
    )
    assert labels == {"/srv/kb/a.md": "a.md", "/srv/kb/sub/b.md": "sub/b.md", "/opt/x/c.md": "c.md"}
    # Without the inputs: relative to the files' common folder, never above it.
    assert context.safe_labels(["/srv/kb/a.md", "/srv/kb/sub/b.md"]) == {
        "/srv/kb/a.md": "a.md",
        "/srv/kb/sub/b.md": "sub/b.md",
    }
    assert context.safe_labels(["/srv/a/x.md", "/tmp/b/x.md"]) == {
        "/srv/a/x.md": "a/x.md",
        "/tmp/b/x.md": "b/x.md",
    }
    assert context.safe_labels(["notes/a.md"]) == {"notes/a.md": "a.md"}


# ----- tables ------------------------------------------------------------------------------


def _table(rows: int, *, per_chunk: int) -> list[Chunk]:
    """One table of ``rows`` products, cut into chunks of ``per_chunk`` rows."""
    out = []
    records = [
        {"Product": f"Tent {i}", "Weight": f"{i + 1}.5 kg", "Price": f"{100 + i} EUR"}
        for i in range(rows)
    ]
    for start in range(0, rows, per_chunk):
        part = records[start : start + per_chunk]
        sections = [
            Section(
                "table_row",
                " | ".join(f"{k}: {v}" for k, v in r.items()),
                Provenance(file="tents.xlsx", sheet="Tents", row=start + j + 2),
                record=r,
            )
            for j, r in enumerate(part)
        ]
        out.append(
            Chunk(
                id=f"tents#{start}",
                text="\n".join(s.text for s in sections),
                provenance=sections[0].provenance,
                sections=sections,
                kind="table",
                meta={
                    "columns": ["Product", "Weight", "Price"],
                    "table": "Tents",
                    "table_rows": rows,
                    "rows": [s.provenance.row for s in sections],
                },
            )
        )
    return out


def test_an_aggregation_gets_the_whole_table(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    chunks = _table(6, per_chunk=2)
    plan = Plan(slots=[PlanSlot(index=0, chunks=[chunks[1]])], seed=1, chunks=chunks)
    result = generator(
        llm_server, tmp_path, question_types=["aggregation"], critic=False, judge=False
    ).generate_knowledge(plan)
    text = _generation(llm_server)[0]
    assert "Question type: aggregation" in text
    assert '<passage id="P1" kind="table" rows="all 6 rows" source="tents.xlsx' in text
    assert all(f"Product: Tent {i} |" in text for i in range(6))
    assert len(result.cases) == 1
    assert result.cases[0].case.turns[0].expected_response == "There are 6 products."


def test_no_aggregation_over_part_of_a_table(
    llm_server: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(context, "FULL_TABLE_CHARS", 200)  # the whole table does not fit
    chunks = _table(6, per_chunk=2)
    plan = Plan(slots=[PlanSlot(index=0, chunks=[chunks[1]])], seed=1, chunks=chunks)
    result = generator(
        llm_server, tmp_path, question_types=["aggregation"], critic=False, judge=False
    ).generate_knowledge(plan)
    text = _generation(llm_server)[0]
    # A table lookup on the rows at hand instead, and the prompt says the table is partial.
    assert "Question type: table-lookup" in text and "aggregation" not in text.split("\n")[1]
    assert 'rows="rows 4-5 of 6"' in text
    assert "hold only part of a table" in text and "do not ask for totals" in text
    assert "Product: Tent 0 |" not in text
    assert result.cases[0].case.extensions["datasetkit"]["question_type"] == "table-lookup"


# ----- related passages --------------------------------------------------------------------


def test_a_two_passage_question_pairs_related_passages(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    from tests.helpers.llm_helpers import rich_chunks

    chunks = rich_chunks()
    # Every slot asks about the returns passage: its pair is the refunds passage, never
    # the next slot's (unrelated) passage.
    plan = Plan(
        slots=[PlanSlot(index=i, chunks=[chunks[0]]) for i in range(2)], seed=2, chunks=chunks
    )
    result = generator(
        llm_server, tmp_path, question_types=["multi-section"], critic=False, judge=False
    ).generate_knowledge(plan)
    for text in _generation(llm_server):
        assert "Question type: multi-section" in text
        sources = re.findall(r'<passage id="P\d" kind="text" source="shop.md > ([^"]+)"', text)
        assert sources == ["Returns", "Refunds"]
    assert result.cases and all(
        len(gc.case.extensions["datasetkit"]["sources"]) == 2 for gc in result.cases
    )
    # An unrelated passage gets no second one: the slot asks a lookup instead.
    lone = Plan(slots=[PlanSlot(index=0, chunks=[chunks[5]])], seed=2, chunks=chunks)
    generator(
        llm_server, tmp_path / "l", question_types=["multi-section"], critic=False, judge=False
    ).generate_knowledge(lone)
    assert "Question type: lookup" in _generation(llm_server)[-1]


def test_question_types_spread_over_the_content_by_default(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    from tests.helpers.llm_helpers import rich_chunks

    chunks = rich_chunks()
    plan = make_plan(30, seed=8, chunks=chunks)
    plan.chunks = chunks
    gen = generator(llm_server, tmp_path, critic=False, judge=False)
    units = gen.builder.knowledge_units(plan, None)
    by_heading = Counter((u.chunks[0].provenance.heading_path[0], u.question_type) for u in units)
    for (heading, qtype), _n in by_heading.items():
        if qtype == "procedural":
            assert heading == "How to send an item back"
        if qtype == "list":
            assert heading == "Items that cannot be returned"
        if qtype == "definition":
            assert heading == "Refunds"
    assert {q for _, q in by_heading} & {"procedural", "list", "definition"}
