"""A bold first line that heads the text after it in the same paragraph.

Generated website policies and many hand-made Word documents set a section's title as
a bold line, then a line break (Shift+Enter), then the section's text in body type, all
in one paragraph. Read whole, the title is lost in the text and the document has no
sections. A paragraph whose first line is all bold and short (not a lead-in ending in a
colon, nor a sentence or a question, which stay with their text), and whose later lines
hold text that is not bold, is read as that line (a candidate heading, which
:mod:`.headings` accepts or not by its usual rules) and a paragraph of the rest.
"""

from __future__ import annotations

from typing import Any

from datasetkit.knowledge.word.styles import Styles, W, run_bold

_MAX_LEAD_WORDS = 15
_NOT_TITLES = (",", ";", ":", ".", "!", "?", "：", "？")
_BREAKS = (f"{W}br", f"{W}cr")


def _bold(r: Any, styles: Styles, style_bold: bool) -> bool:
    rpr = r.find(f"{W}rPr")
    b = run_bold(rpr)
    if b is not None:
        return b
    rstyle = rpr.find(f"{W}rStyle") if rpr is not None else None
    rsid = rstyle.get(f"{W}val") if rstyle is not None else None
    return bool(rsid and styles.char_bold(rsid)) or style_bold


def _titled(line: str) -> bool:
    """A line that can title what follows: short, and not a lead-in (ending in a colon
    or a comma), a sentence or a question, which stay with the text they open."""
    text = line.strip()
    return 0 < len(text.split()) <= _MAX_LEAD_WORDS and not text.endswith(_NOT_TITLES)


def _line_weights(p: Any, styles: Styles, sid: str | None) -> list[list[int]]:
    """Per line of a ``w:p``: its visible characters in bold and not in bold."""
    style_bold = bool(styles.bold(sid))
    lines = [[0, 0]]
    for r in p.iter(f"{W}r"):
        bold = _bold(r, styles, style_bold)
        for child in r:
            if child.tag in _BREAKS and child.get(f"{W}type") in (None, "textWrapping"):
                lines.append([0, 0])
            elif child.tag == f"{W}t":
                lines[-1][0 if bold else 1] += len((child.text or "").strip())
    return lines


def bold_leads(p: Any, styles: Styles, sid: str | None, text: str) -> list[tuple[str, bool]]:
    """The parts of a ``w:p`` read as ``text``: each bold line that heads body text
    after it (True), and the text between (False); empty when there is no such line."""
    lines = text.split("\n")
    weights = _line_weights(p, styles, sid)
    if len(lines) < 2 or len(weights) != len(lines):
        return []  # breaks the text does not show as lines: leave the paragraph whole
    parts: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        bold, plain = weights[i]
        later = any(w[1] for w in weights[i + 1 :])
        follows = i + 1 < len(lines) and weights[i + 1][1] > 0
        if bold and not plain and follows and later and _titled(line):
            parts.append((line.strip(), True))
        elif parts and not parts[-1][1]:
            parts[-1] = (parts[-1][0] + "\n" + line, False)
        else:
            parts.append((line, False))
    parts = [(t.strip(), lead) for t, lead in parts if t.strip()]
    return parts if any(lead for _, lead in parts) else []
