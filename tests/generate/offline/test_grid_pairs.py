"""A properties grid (bold labels beside values, no header row) under a heading that
names a thing: each label is asked as a property of that thing."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


def _servers(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Deployment guide", 0)
    d.add_paragraph("This guide describes the servers that run the billing application.")
    for name, port, memory in (
        ("Staging server", "8443", "16 GB"),
        ("Production server", "443", "64 GB"),
    ):
        d.add_heading(name, 1)
        d.add_paragraph(f"The {name.lower()} runs the billing application.")
        grid = (("Operating system", "Ubuntu 22.04"), ("Port", port), ("Memory", memory))
        table = d.add_table(rows=len(grid), cols=2)
        for i, (label, value) in enumerate(grid):
            table.cell(i, 0).paragraphs[0].add_run(label).bold = True
            table.cell(i, 1).text = value
    d.save(str(path))
    return path


def test_grid_labels_are_asked_of_the_thing_the_heading_names(tmp_path: Path) -> None:
    docs = load([_servers(tmp_path / "servers.docx")])
    chunks = chunk_documents(docs)
    gen = OfflineGenerator()
    plan = build_plan(chunks, 12, 1, capacity=gen.capacity)
    made = gen.generate_knowledge(plan).cases
    cases = {(c.case.turns[0].prompt, c.case.turns[0].expected_response or "") for c in made}
    assert ("What is the memory of the staging server?", "16 GB") in cases
    assert ("What is the operating system of the production server?", "Ubuntu 22.04") in cases
    assert not any("com of" in prompt for prompt, _ in cases)


def _apps(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Hosting overview", 0)
    d.add_paragraph("This overview describes the web applications that serve the shop.")
    for app, sku, state in (("shop-web-eu", "P1v3", "Running"), ("shop-api-eu", "S2", "Stopped")):
        d.add_heading(app, 1)
        d.add_paragraph(f"The {app} application serves customers in Europe on an App Service Plan.")
        d.add_heading("App Service Plan", 2)
        grid = (
            ("Sku name", sku),
            ("Operating system", "Linux"),
            ("Site state", state),
            ("Usage", "2.6 GB"),
        )
        table = d.add_table(rows=len(grid), cols=2)
        for i, (label, value) in enumerate(grid):
            table.cell(i, 0).paragraphs[0].add_run(label).bold = True
            table.cell(i, 1).text = value
        d.add_heading("Scaling", 2)
        d.add_paragraph("Rule thresholds: 60 for scale out, 20 for scale in.")
    d.save(str(path))
    return path


def test_a_heading_repeated_per_section_is_asked_with_the_section_it_sits_in(
    tmp_path: Path,
) -> None:
    docs = load([_apps(tmp_path / "apps.docx")])
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents(docs), 20, 1, capacity=gen.capacity)
    made = gen.generate_knowledge(plan).cases
    cases = {(c.case.turns[0].prompt, c.case.turns[0].expected_response or "") for c in made}
    asked = [p for p, a in cases if a in ("P1v3", "S2")]
    # "the App Service Plan" alone names no one plan: each is asked with its application.
    assert asked and all("shop-web-eu" in p or "shop-api-eu" in p for p in asked)
    # A state the system reports at one moment is no lasting fact to ask.
    assert not any(a in ("Running", "Stopped", "2.6 GB") for _, a in cases)
    # One value per case ("60 for scale out, 20 for scale in") answers no single question.
    assert not any(a.startswith("60 for") for _, a in cases)
