"""Plans, settings and command lines shared by the LLM tests and the benchmark (no planner needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasetkit.generate.contract import Chunk, Plan, PlanSlot
from datasetkit.generate.llm.config.resolve import LLMSettings, resolve_settings
from datasetkit.generate.llm.engine.generator import LLMGenerator
from datasetkit.generate.llm.engine.options import EngineOptions
from datasetkit.knowledge.model import Provenance, Section

TEST_KEY = "test-key-7d3a9c1e"

POLICY = [
    (
        "Returns",
        "Customers may return items within 30 days of delivery. Refunds are paid to the original payment method within 5 business days.",
    ),
    (
        "Shipping",
        "Standard shipping takes 3 to 5 working days. Express shipping costs 12 euros and arrives the next day.",
    ),
    (
        "Warranty",
        "All electronics carry a two-year warranty. The warranty does not cover damage caused by water.",
    ),
    (
        "Support",
        "The support desk is open Monday to Friday from 8am to 6pm. Urgent issues can be reported by phone at any time.",
    ),
    (
        "Accounts",
        "Passwords must be changed every 90 days. Accounts are locked after five failed sign-in attempts.",
    ),
    (
        "Privacy",
        "Personal data is stored in the European Union only. Customers can ask for a copy of their data at any time.",
    ),
]
PLANS_TABLE = "Plan: Basic | Price: 9.99 | Users: 5\nPlan: Team | Price: 29.99 | Users: 25\nPlan: Enterprise | Price: 99.00 | Users: 500"

GERMAN = [
    (
        "Rückgabe",
        "Kunden können Artikel innerhalb von 30 Tagen nach der Lieferung zurückgeben. Die Erstattung erfolgt auf das ursprüngliche Zahlungsmittel.",
    ),
    (
        "Versand",
        "Der Standardversand dauert drei bis fünf Werktage. Der Expressversand kostet 12 Euro und kommt am nächsten Tag an.",
    ),
    (
        "Garantie",
        "Alle Elektrogeräte haben eine Garantie von zwei Jahren. Die Garantie deckt keine Schäden durch Wasser ab.",
    ),
]


def chunks_of(sections: list[tuple[str, str]], file: str = "policy.txt") -> list[Chunk]:
    out = []
    for i, (heading, text) in enumerate(sections):
        prov = Provenance(file=file, heading_path=(heading,))
        out.append(
            Chunk(
                id=f"{file}#{i}",
                text=text,
                provenance=prov,
                sections=[Section("paragraph", text, prov)],
            )
        )
    return out


def rich_chunks(file: str = "shop.md") -> list[Chunk]:
    """Passages of different content: related ones (returns, refunds), steps, a list of
    items, a definition, and unrelated ones."""

    def chunk(i: int, heading: str, parts: list[tuple[str, str]]) -> Chunk:
        prov = Provenance(file=file, heading_path=(heading,))
        sections = [Section(kind, text, prov) for kind, text in parts]
        return Chunk(
            id=f"{file}#{i}",
            text="\n".join(text for _, text in parts),
            provenance=prov,
            sections=sections,
            meta={"heading": heading, "document_title": "Shop help"},
        )

    p, li = "paragraph", "list_item"
    return [
        chunk(
            0,
            "Returns",
            [
                (p, "Customers may return items within 30 days of delivery."),
                (p, "Refunds for returned items go to the original payment method."),
            ],
        ),
        chunk(
            1,
            "Refunds",
            [
                (p, "A refund is a payment back to the original payment method."),
                (p, "Refunds are issued within 5 business days after the returned item arrives."),
            ],
        ),
        chunk(
            2,
            "How to send an item back",
            [
                (li, "Pack the item in its box with all accessories."),
                (li, "Print the label from the orders page of your account."),
                (li, "Drop the parcel at any post office within 30 days."),
            ],
        ),
        chunk(
            3,
            "Items that cannot be returned",
            [(li, "Gift cards"), (li, "Opened software"), (li, "Personalised jewellery")],
        ),
        chunk(
            4,
            "Shipping",
            [
                (p, "Standard shipping takes 3 to 5 working days."),
                (p, "Express shipping costs 12 euros and arrives the next day."),
            ],
        ),
        chunk(
            5,
            "Support",
            [(p, "The support desk is open Monday to Friday from 8am to 6pm.")],
        ),
    ]


def make_plan(
    n: int, *, seed: int = 7, chunks: list[Chunk] | None = None, category: str = "knowledge"
) -> Plan:
    chunks = chunks or chunks_of(POLICY)
    slots = [
        PlanSlot(index=i, chunks=[chunks[i % len(chunks)]], category=category) for i in range(n)
    ]
    coverage: dict[str, int] = {}
    for s in slots:
        label = s.chunks[0].provenance.label()
        coverage[label] = coverage.get(label, 0) + 1
    return Plan(slots=slots, seed=seed, coverage=coverage)


def table_chunk() -> Chunk:
    prov = Provenance(file="plans.xlsx", sheet="Plans")
    return Chunk(id="plans.xlsx#0", text=PLANS_TABLE, provenance=prov, kind="table")


def settings_for(server: Any, tmp: Path, **flags: Any) -> LLMSettings:
    base: dict[str, Any] = {
        "provider": "compatible",
        "base_url": server.url,
        "model": "gpt-4o-mini",
        "api_key_env": "TEST_LLM_KEY",
        "timeout": 1.0,
        "max_retries": 4,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "concurrency": 4,
        "batch_poll_interval": 0.01,
        "batch_timeout": 10,
    }
    base.update(flags)
    return resolve_settings(
        base, cwd=tmp, environ={"TEST_LLM_KEY": TEST_KEY}, use_config_file=False
    )


def generator(
    server: Any, tmp: Path, settings: dict[str, Any] | None = None, **options: Any
) -> LLMGenerator:
    return LLMGenerator(
        settings_for(server, tmp, **(settings or {})), EngineOptions(**options), cwd=str(tmp)
    )


def assert_no_key_written(tmp: Path, *texts: str) -> None:
    """The test key appears in no file under ``tmp`` and in none of ``texts``."""
    for path in tmp.rglob("*"):
        if path.is_file():
            assert TEST_KEY.encode() not in path.read_bytes(), f"key leaked into {path}"
    for t in texts:
        assert TEST_KEY not in t


def synthetic_chunks(n: int) -> list[Chunk]:
    """``n`` distinct one-section passages (for plans larger than the sample policy)."""
    teams = ["finance", "legal", "security", "facilities", "sales", "support", "research"]
    sections = [
        (
            f"Rule {i}",
            f"Request type {i} must be approved by the {teams[i % 7]} team within {i % 9 + 2} days. "
            f"Forms for request type {i} are kept for {i % 5 + 1} years after approval.",
        )
        for i in range(n)
    ]
    return chunks_of(sections, file="rules.txt")


def llm_flags(
    url: str,
    *,
    model: str = "gpt-4o-mini",
    key_env: str | None = "TEAM_KEY",
    question_types: str | None = "lookup",
) -> list[str]:
    """The flags that point ``datasetkit generate`` at a compatible server (``None`` leaves a
    flag out: no --api-key-env, or every question type)."""
    flags = ["--provider", "compatible", "--base-url", url, "--model", model]
    if key_env is not None:
        flags += ["--api-key-env", key_env]
    if question_types is not None:
        flags += ["--question-types", question_types]
    return flags


def generate_args(
    *inputs: str,
    output: str | None = None,
    count: int | None = None,
    seed: int | None = None,
    url: str | None = None,
    **llm: Any,
) -> list[str]:
    """A ``datasetkit generate knowledge`` command line: the inputs, ``-o``, ``-n``,
    ``--seed`` and, given a server ``url``, :func:`llm_flags` (``llm``: their options)."""
    args = ["generate", "knowledge", *inputs]
    if output is not None:
        args += ["-o", output]
    if count is not None:
        args += ["-n", str(count)]
    if seed is not None:
        args += ["--seed", str(seed)]
    if url is not None:
        args += llm_flags(url, **llm)
    return args
