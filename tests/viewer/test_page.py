"""The review page in a real browser (the system's Chromium, driven by Playwright).

One browser serves the module. The run also takes the screenshot the README shows
(``docs/images/view.png``), rewritten only when the page looks different.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import datasetkit
from tests.conftest import ROOT
from tests.helpers.browser import launch, launch_failure, missing
from tests.viewer.conftest import FOUNDRY_ROWS

SCREENSHOT = ROOT / "docs" / "images" / "view.png"
if missing():
    pytest.skip(str(missing()), allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]'")
expect = sync_api.expect


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One Chromium for the module, with a fresh profile (never a downloaded browser)."""
    with sync_api.sync_playwright() as p:
        try:
            context = launch(p, tmp_path_factory.mktemp("profile"))
        except sync_api.Error as exc:  # installed, but it cannot run here (libraries, sandbox)
            pytest.skip(launch_failure(exc))
        try:
            yield context
        finally:
            context.close()


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    page.close()
    assert not errors, errors


def _row(page: Any, text: str) -> Any:
    return page.locator("#list .row", has_text=text)


def _count(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('count').textContent === t", arg=text, timeout=10_000
    )


def _backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bak.*"))


def _generated_case(folder: Path) -> dict[str, Any]:
    """A generated case taken from a Markdown file (its passage is prose)."""
    rows = [json.loads(x) for x in (folder / "gen.jsonl").read_text(encoding="utf-8").splitlines()]
    return next(r for r in rows if r["datasetkit"]["source"]["file"].endswith(".md"))


def _looks_the_same(a: Path, b: Path) -> bool:
    """Whether two screenshots differ by no more than antialiasing (a few pixels of a
    rounded corner change from one software rendering to the next)."""
    if a.read_bytes() == b.read_bytes():
        return True
    from PIL import Image, ImageChops  # Pillow comes with reportlab, a test extra

    with Image.open(a) as one, Image.open(b) as two:
        if one.size != two.size:
            return False
        diff = ImageChops.difference(one.convert("RGB"), two.convert("RGB")).convert("L")
        changed = sum(diff.histogram()[17:])  # pixels that differ by more than a shade
        return changed < one.size[0] * one.size[1] // 1000


def _screenshot(page: Any, tmp_path: Path) -> None:
    shot = tmp_path / "view.png"
    page.screenshot(path=str(shot), animations="disabled", caret="hide")
    if not SCREENSHOT.exists() or not _looks_the_same(shot, SCREENSHOT):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)


def test_review_a_generated_set_and_a_foundry_file(
    tab: Any, review_folder: Path, tmp_path: Path
) -> None:
    foundry = review_folder / "foundry.jsonl"
    original = {p: p.read_bytes() for p in (foundry, review_folder / "gen.jsonl")}
    viewer = datasetkit.view(["gen.jsonl", "foundry.jsonl"], knowledge=["kb"], open_browser=False)
    try:
        tab.goto(viewer.url)
        _count(tab, "10 cases")
        # Filter by a finding: the vague prompt of the Foundry file.
        tab.select_option('select[data-facet="code"]', "lint.prompt.vague")
        _count(tab, "1 of 10 cases")
        assert _row(tab, "Tell me about returns").count() == 1
        tab.select_option('select[data-facet="code"]', "")
        _count(tab, "10 cases")
        # Filters combine, and each menu counts what the other filters leave.
        tab.select_option('select[data-facet="origin"]', "hand-written")
        _count(tab, "4 of 10 cases")
        levels = tab.locator('select[data-facet="level"] option').all_inner_texts()
        assert "warning (1)" in levels and "none (3)" in levels
        tab.fill("#search", "gift card")
        _count(tab, "1 of 10 cases")
        tab.fill("#search", "")
        tab.select_option('select[data-facet="origin"]', "")
        _count(tab, "10 cases")

        # A generated case beside its source passage, the evidence marked; kept with "a".
        case = _generated_case(review_folder)
        _row(tab, case["query"]).click()
        expect(tab.locator('#case textarea[data-field="prompt"]')).to_have_value(case["query"])
        marked = tab.locator("#passage mark.evidence").first
        marked.wait_for()
        assert " ".join(marked.inner_text().split()) in " ".join(
            case["datasetkit"]["evidence"].split()
        )
        assert case["datasetkit"]["source"]["file"] in tab.inner_text("#source-label")
        assert "passes" in tab.inner_text("#gate")
        _screenshot(tab, tmp_path)
        shown = tab.inner_text("#case h2")
        tab.keyboard.press("a")  # keep, and on to the next case
        expect(tab.locator("#progress")).to_have_text("1 of 10 reviewed · 1 unsaved")
        expect(tab.locator("#case h2")).not_to_have_text(shown)
        tab.keyboard.press("k")  # back: it shows as kept
        expect(tab.locator("#case-status")).to_have_text("✓ approved")
        tab.select_option('select[data-facet="review"]', "approved")
        _count(tab, "1 of 10 cases")
        tab.select_option('select[data-facet="review"]', "")
        _count(tab, "10 cases")

        # An edit that breaks the prompt is found while typing, on the prompt; then mended.
        _row(tab, FOUNDRY_ROWS[2]["query"]).click()
        prompt = tab.locator('#case textarea[data-field="prompt"]')
        expect(prompt).to_have_value(FOUNDRY_ROWS[2]["query"])
        prompt.fill("   ")
        empty = tab.locator('#f-0-prompt li[data-code="lint.prompt.empty"]')
        empty.wait_for()
        prompt.fill("Who pays for the return shipping label?")
        empty.wait_for(state="detached")

        # Discard the vague one with "d", and save.
        _row(tab, "Tell me about returns").click()
        expect(tab.locator('#case textarea[data-field="prompt"]')).to_have_value(
            "Tell me about returns"
        )
        tab.keyboard.press("d")
        assert "2 unsaved" in tab.inner_text("#progress") or "3 unsaved" in tab.inner_text(
            "#progress"
        )
        tab.click("#save")
        tab.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Saved')"
        )
        _count(tab, "9 cases")
        # What was saved shows as reviewed, read back from the files.
        expect(tab.locator("#progress")).to_have_text("2 of 9 reviewed")
    finally:
        viewer.stop()

    # On disk: valid, backed up, and only the intended changes.
    assert datasetkit.validate(str(foundry)).ok
    for path, before in original.items():
        (backup,) = _backups(path)
        assert backup.read_bytes() == before
    old = original[foundry].decode().splitlines(keepends=True)
    new = foundry.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(new) == 3 and new[0] == old[0] and new[2] == old[3]
    edited = json.loads(new[1])
    assert edited["query"] == "Who pays for the return shipping label?"
    assert edited["datasetkit"]["review"] == "edited"
    gen_old = original[review_folder / "gen.jsonl"].decode().splitlines(keepends=True)
    gen_new = (review_folder / "gen.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    changed = [i for i, (a, b) in enumerate(zip(gen_old, gen_new, strict=True)) if a != b]
    assert len(changed) == 1
    assert json.loads(gen_new[changed[0]])["datasetkit"]["review"] == "approved"
    assert (review_folder / "foundry.jsonl.review").is_file()


def test_a_change_on_disk_is_found_at_save(tab: Any, review_folder: Path) -> None:
    foundry = review_folder / "foundry.jsonl"
    viewer = datasetkit.view("foundry.jsonl", open_browser=False)
    try:
        tab.goto(viewer.url)
        _count(tab, "4 cases")
        _row(tab, "Tell me about returns").click()
        expect(tab.locator('#case textarea[data-field="prompt"]')).to_have_value(
            "Tell me about returns"
        )
        tab.keyboard.press("d")
        # Meanwhile an editor saves the file.
        newer = foundry.read_bytes() + b'{"query": "Added in an editor?", "ground_truth": "Yes."}\n'
        foundry.write_bytes(newer)
        tab.click("#save")
        tab.wait_for_function("() => document.getElementById('status').classList.contains('error')")
        assert "changed on disk" in tab.inner_text("#status")
        assert foundry.read_bytes() == newer and not _backups(foundry)
        # The page now shows the file as it is, the discard still on the same case.
        _count(tab, "5 cases")
        assert "1 of your unsaved decision(s) moved" in tab.inner_text("#status")
        expect(tab.locator("#progress")).to_contain_text("1 unsaved")
        expect(_row(tab, "Tell me about returns")).to_have_class(re.compile("discarded"))
        tab.click("#save")
        tab.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Saved')"
        )
        _count(tab, "4 cases")
    finally:
        viewer.stop()
    saved = foundry.read_text(encoding="utf-8")
    assert "Added in an editor?" in saved and "Tell me about returns" not in saved
    (backup,) = _backups(foundry)
    assert backup.read_bytes() == newer


def test_the_page_needs_its_token_and_reaches_nothing_else(tab: Any, review_folder: Path) -> None:
    viewer = datasetkit.view("foundry.jsonl", open_browser=False)
    try:
        bare = viewer.url.split("?", 1)[0]
        assert tab.goto(bare).status == 403
        assert tab.goto(viewer.url + "x").status == 403
        tab.goto(viewer.url)
        _count(tab, "4 cases")
        # The page's policy stops a request to any other address before it leaves.
        blocked = tab.evaluate(
            """() => new Promise(done => {
                document.addEventListener('securitypolicyviolation', e => done(e.violatedDirective));
                fetch('http://192.0.2.1/').catch(() => {});
                setTimeout(() => done('not blocked'), 5000);
            })"""
        )
        assert blocked == "connect-src"
    finally:
        viewer.stop()


M365_THREAD = {
    "schemaVersion": "1.2.0",
    "items": [
        {"prompt": "Who approves leave?", "expected_response": "Your manager."},
        {
            "name": "A thread",
            "turns": [
                {"prompt": "I start next Monday.", "expected_response": "Welcome aboard."},
                {"prompt": "Where do I park?", "expected_response": "In the north garage."},
                {
                    "prompt": "Is parking free?",
                    "expected_response": "Yes, for staff.",
                    "evaluators": {"Groundedness": {"threshold": 4}},
                    "evaluators_mode": "extend",
                },
            ],
        },
    ],
}


def test_a_thread_s_turns_carry_their_findings_and_edits(tab: Any, tmp_path: Path) -> None:
    path = tmp_path / "thread.json"
    path.write_text(json.dumps(M365_THREAD, indent=2) + "\n", encoding="utf-8")
    viewer = datasetkit.view(path, open_browser=False)
    try:
        tab.goto(viewer.url)
        _count(tab, "2 cases")
        _row(tab, "I start next Monday.").click()
        # Groundedness without a context concerns the third turn: it is shown there.
        found = tab.locator(
            'ul[data-for="f-2"] li[data-code="lint.evaluator.groundedness-context"]'
        )
        found.wait_for()
        second = tab.locator('textarea[data-field="prompt"][data-turn="1"]')
        second.fill("Where can I park my bike?")
        tab.keyboard.press("Control+s")
        tab.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Saved')"
        )
    finally:
        viewer.stop()
    saved = json.loads(path.read_text(encoding="utf-8"))
    turns = saved["items"][1]["turns"]
    assert [t["prompt"] for t in turns] == [
        "I start next Monday.",
        "Where can I park my bike?",
        "Is parking free?",
    ]
    assert saved["items"][0] == M365_THREAD["items"][0]
    assert datasetkit.validate(str(path)).ok and len(_backups(path)) == 1
