"""A title in large type broken over two lines with other text read between them."""

from __future__ import annotations

from datasetkit.knowledge.numbering import ends_sentence, section_number
from datasetkit.knowledge.pdf.extract import Line
from datasetkit.knowledge.pdf.structure import Block, Stats


def rejoin_split_titles(blocks: list[Block], stats: Stats) -> None:
    """A title in large type whose next line is read only after text beside it (a
    slide's title over two lines left of a chart's labels): the line right under it, in
    its type and at its left edge, is the rest of the title."""
    for i, b in enumerate(blocks):
        if b.kind != "paragraph" or not b.lines or len(b.lines) > 2:
            continue
        last = b.lines[-1]
        if last.size < 1.12 * stats.body or ends_sentence(last.text):
            continue
        for j in range(i + 1, min(i + 8, len(blocks))):
            c = blocks[j]
            if not c.lines or c.page != b.page:
                break
            line = c.first
            if c.kind == "paragraph" and len(c.lines) == 1 and _title_goes_on(last, line, stats):
                b.lines.append(line)
                del blocks[j]
                break
            if not all(ln.x0 > last.x1 for ln in c.lines):
                break  # text under the title, not beside it


def _title_goes_on(last: Line, line: Line, stats: Stats) -> bool:
    """Whether ``line`` sits right under ``last`` in its type, at its left edge, and
    does not open with a section number of its own: "2.1 Scope" under "2 BACKGROUND" is
    the next title, a section's first subsection set right under it."""
    gap = line.bottom - last.bottom
    number = section_number(line.text)
    if number is not None and number.kind == "decimal":
        return False
    return (
        abs(line.size - last.size) <= 0.3
        and line.bold == last.bold
        and abs(line.x0 - last.x0) <= 2
        and 0 < gap <= 1.45 * stats.gap(line.size)
    )
