"""A rule that a party must approve something is asked who, whether its participle has a
prefix ("pre-approved", "re-approved") or not."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

POLICY = """# Contoso Travel Policy

## Approvals

All business travel must be pre-approved by the Reporting Manager via the travel request \
form before any booking is made.
"""


def test_prefixed_participle_asks_who_approves(tmp_path: Path) -> None:
    doc = tmp_path / "travel.md"
    doc.write_text(POLICY, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    asked = [q for q in pairs if q.startswith("Who must business travel be pre-approved by")]
    assert asked, list(pairs)
    assert pairs[asked[0]].startswith("All business travel must be pre-approved by the Reporting")
