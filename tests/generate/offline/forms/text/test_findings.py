"""A paper's findings ("We find that <claim>") and aim ("In this work we report ...")
are asked with the paper's subject named; a report that says "we found" is no paper."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAPER = """# Grazing pressure in alpine meadows

## Abstract

In this work we report the effect of sheep grazing on plant diversity in alpine meadows of the Central Alps.

## Results

We find that plant species richness is 23% higher on plots grazed once a year than on ungrazed plots (Fig. 2).
Our results also show that our soil nitrogen measurements are stable across the three sampled altitudes.
We demonstrate that although grazing matters, it is not the only driver.
We find that seedlings grow faster on grazed plots than on ungrazed plots in every year.

## References

1. Smith, J. & Jones, K. Grazing and diversity. Ecol. Lett. 12, 101–110 (2009).
2. Brown, A. et al. Alpine plant communities. J. Veg. Sci. 20, 55–66 (2011).
3. Miller, P. Nitrogen in mountain soils. Plant Soil 301, 1–12 (2008).
"""

REPORT = """# Contoso Customer Survey

## Summary

We found that customer satisfaction with the new support portal is 12% higher than last year.
"""


def test_a_paper_is_asked_its_findings_with_its_subject_named(tmp_path: Path) -> None:
    doc = tmp_path / "paper.md"
    doc.write_text(PAPER, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    on = "In the paper on grazing pressure in alpine meadows, "
    assert pairs.get(f"{on}what did the authors find about plant species richness?") == (
        "Plant species richness is 23% higher on plots grazed once a year than on ungrazed plots."
    ), pairs
    assert f"{on}what do the results show about their soil nitrogen measurements?" in pairs, pairs
    assert "What do the authors report in the paper on grazing pressure in alpine meadows?" in (
        pairs
    ), pairs
    # a claim that opens with no subject of its own, or with one bare noun, is not asked
    assert not any("although" in q or q.endswith("about seedlings?") for q in pairs), pairs


def test_a_report_that_says_we_found_is_no_paper(tmp_path: Path) -> None:
    doc = tmp_path / "survey.md"
    doc.write_text(REPORT, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert not any("the paper on" in q for q in pairs), pairs


def test_a_title_in_title_case_keeps_its_capitals(tmp_path: Path) -> None:
    doc = tmp_path / "paper.md"
    doc.write_text(
        PAPER.replace(
            "# Grazing pressure in alpine meadows", "# Grazing Pressure in Alpine Meadows"
        ),
        encoding="utf-8",
    )
    pairs = _pairs(_cases([doc], 10)[0])
    assert any(
        q.startswith("In the paper on Grazing Pressure in Alpine Meadows, ") for q in pairs
    ), pairs


ABSTRACT = """# JOURNAL OF ALPINE ECOLOGY

# SNOW COVER AND SEED SURVIVAL IN ALPINE MEADOWS

Firstly we demonstrate that seed survival under deep snow is twice as high as under thin snow.
We use buried seed bags to measure seed survival over two winters.

## References

[1] A. Keller et al., Oecologia 12, 101 (2009).
"""


def test_a_conference_abstract_is_asked_its_findings_and_methods(tmp_path: Path) -> None:
    # One reference under its heading makes it a paper; the journal's name above the
    # title is no title.
    doc = tmp_path / "abstract.md"
    doc.write_text(ABSTRACT, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    on = "In the paper on snow cover and seed survival in alpine meadows, "
    assert f"{on}what did the authors show about seed survival under deep snow?" in pairs, pairs
    assert f"{on}what do the authors use to measure seed survival over two winters?" in pairs, pairs
    assert not any("journal" in q.lower() for q in pairs), pairs


VAGUE = """# Denoising photographs with deep networks

## Results

We find that a deep network offers similar accuracy in the blind setting as other methods do in the known-noise setting.
We show that similar architectures can also be used to sample images with realistic texture statistics.
We find that certain deep networks can be read as approximate inference in a random field model.
We find that training time is shortened by learning each layer of weights on its own first.
We find that the deep network has the highest average accuracy on both training sets.

## References

1. Smith, J. & Jones, K. Image priors. Vis. Res. 12, 101–110 (2009).
2. Brown, A. et al. Random fields. J. Opt. 20, 55–66 (2011).
3. Miller, P. Wavelets for images. Sig. Proc. 301, 1–12 (2008).
"""


def test_a_claim_about_no_thing_in_particular_is_not_asked(tmp_path: Path) -> None:
    # "what did the authors find about a deep network / similar architectures / certain
    # deep networks?": which one, the question does not say. A claim of how something is
    # done is asked how; a claim about the paper's own network is asked about it.
    doc = tmp_path / "paper.md"
    doc.write_text(VAGUE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    on = "In the paper on denoising photographs with deep networks, "
    assert not any(
        q.endswith(("about a deep network?", "about similar architectures?", "networks?"))
        for q in pairs
    ), pairs
    assert f"{on}how is training time shortened?" in pairs, pairs
    assert f"{on}what did the authors find about the deep network?" in pairs, pairs
