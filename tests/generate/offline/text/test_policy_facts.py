"""English policies asked as a reader asks them: numbered prohibitions, what the writer ("we")
says it does not do, what a reader can receive or is entitled to, and the date a policy
opens with, each asked of the organisation or document by name."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _docx(path: Path, title: str, blocks: list[tuple[str, str]]) -> Path:
    from docx import Document

    doc = Document()
    doc.add_heading(title, level=1)
    for kind, text in blocks:
        if kind == "h":
            doc.add_heading(text, level=2)
        else:
            doc.add_paragraph(text)
    doc.save(str(path))
    return path


def test_a_privacy_policy_asks_what_its_defined_writer_does_not_do(tmp_path: Path) -> None:
    doc = _docx(
        tmp_path / "privacy.docx",
        "Privacy Policy",
        [
            (
                "p",
                'Harbor Lane Bakeries Ltd. ("Company", "we", "us", or "our"), operating as '
                "Crumb & Co, is committed to protecting your personal information.",
            ),
            ("h", "How We Use Your Information"),
            ("p", "We do not sell your data to unrelated third parties."),
            ("p", "We never share your order history with advertisers."),
            ("h", "Cookies"),
            ("p", "We do not hesitate to update this policy."),
        ],
    )
    pairs = offline_pairs(tmp_path, doc)
    sell = pairs.get("Does Crumb & Co sell my data to unrelated third parties?")
    assert sell == "No. We do not sell your data to unrelated third parties.", list(pairs)
    share = pairs.get("Does Crumb & Co share my order history with advertisers?")
    assert share == "No. We never share your order history with advertisers.", list(pairs)
    assert not [q for q in pairs if "hesitate" in q], list(pairs)


def test_numbered_prohibitions_of_a_code_of_conduct_are_asked(tmp_path: Path) -> None:
    doc = _docx(
        tmp_path / "conduct.docx",
        "Community Code of Conduct",
        [
            (
                "p",
                "Thank you for using Pathwise, a platform where students meet mentors. "
                "This code applies to everyone on Pathwise.",
            ),
            ("h", "1 Be Honest"),
            (
                "p",
                "1.1 Do not create a fake profile or falsify information about yourself. "
                "We do not allow fake profiles or entities on Pathwise.",
            ),
            ("p", "1.2 Do not share false or misleading information on Pathwise."),
            ("h", "2 Be Respectful"),
            (
                "p",
                "2.1 Do not share sexually explicit material. Some adult material may be "
                "allowed if the intent is clearly educational.",
            ),
            ("p", "2.2 Do not harass or bully other members. We do not allow bullying."),
            ("p", "2.3 Be civil. We do not allow material that is excessively violent."),
        ],
    )
    pairs = offline_pairs(tmp_path, doc)
    fake = [q for q in pairs if q.startswith("Can I create a fake profile")]
    assert fake and pairs[fake[0]].startswith("No. Do not create a fake profile"), list(pairs)
    assert not [a for a in pairs.values() if a.startswith("No. 1.")], list(pairs)
    allowed = [q for q in pairs if q.startswith("Does Pathwise allow fake profiles")]
    assert allowed, list(pairs)
    # A relative "that" points at nothing before the sentence: the rule is asked whole.
    assert "Does Pathwise allow material that is excessively violent?" in pairs, list(pairs)
    # An exception in the next sentence: a plain "No." would overstate the rule.
    assert not [q for q in pairs if "sexually explicit" in q], list(pairs)


LEAVE = """# Contoso Leave Handbook

Contoso gives every employee paid leave for the events of life. This page explains the \
leave Contoso offers.

## Funeral leave

You can receive 3 days of funeral leave to attend the services of an immediate relative.

## Parental leave

You are entitled to 12 weeks of paid parental leave for the birth or adoption of a child.

## Jury duty

You can receive two weeks (80 hours) of court leave for jury service.

## Other leave

You can receive leave for however long you serve. It can take many forms.
"""


def test_what_a_reader_can_receive_or_is_entitled_to_is_asked_by_its_count(
    tmp_path: Path,
) -> None:
    from tests.helpers.knowledge_fixtures import text_pairs

    pairs = text_pairs(tmp_path, "leave.md", LEAVE)
    funeral = [q for q in pairs if q.startswith("How many days of funeral leave can I receive")]
    assert funeral and "3 days" in pairs[funeral[0]], list(pairs)
    assert "to attend the services of an immediate relative" in funeral[0]
    parental = [q for q in pairs if q.startswith("How many weeks of paid parental leave am I")]
    assert parental and "12 weeks" in pairs[parental[0]], list(pairs)
    court = [q for q in pairs if q.startswith("How many weeks of court leave can I receive")]
    assert court and "(80 hours)" in pairs[court[0]], list(pairs)
    assert not [q for q in pairs if "however long" in q or "many forms" in q], list(pairs)


def test_the_date_a_policy_opens_with_is_asked_of_it_by_name(tmp_path: Path) -> None:
    doc = _docx(
        tmp_path / "privacy.docx",
        "Privacy Policy",
        [
            ("p", "Last Updated: March 4, 2025"),
            (
                "p",
                'Harbor Lane Bakeries Ltd. ("Company", "we", "us", or "our"), operating as '
                "Crumb & Co, is committed to protecting your personal information.",
            ),
            ("h", "Cookies"),
            ("p", "We do not sell your data to unrelated third parties."),
        ],
    )
    pairs = offline_pairs(tmp_path, doc)
    # the date alone: a reply does not repeat the line's label
    assert pairs.get("When was Crumb & Co's Privacy Policy last updated?") == ("March 4, 2025"), (
        list(pairs)
    )


def test_a_dateline_of_a_policy_that_names_no_one_is_not_asked(tmp_path: Path) -> None:
    doc = _docx(
        tmp_path / "conduct.docx",
        "CODE OF CONDUCT",
        [
            ("p", "Effective from July 15, 2021"),
            ("p", "Be kind to one another. Report any abuse to a moderator within 2 days."),
        ],
    )
    pairs = offline_pairs(tmp_path, doc)
    assert not [q for q in pairs if "effect" in q], list(pairs)
