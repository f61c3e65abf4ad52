"""Bold defined terms inside running text ("... in response to an" + "**Extortion
Threat.**"): the line they break onto completes the sentence above it and stays in its
paragraph, never a heading; a bold title over its paragraph stays a heading."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, Run, write_runs

B, R = "Helvetica-Bold", "Helvetica"


def _prose() -> list[Sequence[Run] | None]:
    return [*([(t, R)] for t in PROSE), None]


def _policy(path: Path) -> Path:
    return write_runs(
        path,
        [
            [("Extortion Coverage", B)],
            *_prose(),
            # A full line, then a bold term alone on the last line of its sentence.
            [
                (
                    "The insurer pays the ransom that the insured agrees to pay, with its consent, in response to an",
                    R,
                )
            ],
            [("Extortion Threat.", B)],
            None,
            # A mostly bold line (the terms it defines) that runs on in regular type.
            [
                ("Interrelated Incident", B),
                (" means any ", R),
                ("Privacy Incidents, Network Security Incidents, Cyber", B),
            ],
            [("Crime Incidents or Media Incidents that have a common cause.", R)],
            None,
            # A bold term between regular lines of one sentence.
            [("Bankruptcy or insolvency of any insured does not relieve the", R)],
            [("Insurer", B)],
            [("of its obligations under this policy.", R)],
            None,
            [("Worked example", B)],
            *_prose(),
        ],
    )


def test_bold_terms_that_complete_a_sentence_stay_in_their_paragraph(tmp_path: Path) -> None:
    doc = load_file(_policy(tmp_path / "policy.pdf"))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Extortion Coverage", "Worked example"]
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert any(
        t.endswith("with its consent, in response to an Extortion Threat.") for t in paragraphs
    )
    assert (
        "Interrelated Incident means any Privacy Incidents, Network Security Incidents, Cyber "
        "Crime Incidents or Media Incidents that have a common cause."
    ) in paragraphs
    assert (
        "Bankruptcy or insolvency of any insured does not relieve the Insurer of its "
        "obligations under this policy."
    ) in paragraphs
