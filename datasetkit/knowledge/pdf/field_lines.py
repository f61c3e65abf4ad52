"""Lines whose type sets them apart, yet which are text: a form's fields and answers.

A filled form sets its prompts in the form's own type and the answers typed into it in
another, often larger one (a Times answer over an Arial form). Judged by size alone, an
answer ("N/A"), or a prompt with its answer on one line, reads as a heading. A reader
tells them apart by two things:

- a heading is set in one type: a line that opens with a label in body type ending in a
  colon and goes on in larger type ("Race or Ethnicity:" then the answer) is a field and
  its value;
- a regular type that carries running text through the document (several paragraphs
  of sentences) is a text type, whatever its size: a short line in it is a line of that
  text, not a title, unless a section number opens it.

Whatever its type, a line that gives an e-mail address or a telephone number ("Finance
Helpdesk 816-926-7287", the authors' addresses under a paper's title) is contact
detail: a title names its section, it does not say how to reach someone.

A title opens a phrase: a line that opens in lower case without a section number
("particular class of share ...") or closes a bracket or quotation it never opened
("Bank”", "31 December)") is the end of a longer line of a table or a paragraph,
set apart from its start.

A form also divides itself into lettered sections ("A. Children residing at home:",
"B. Children in care:") in bold body type, each ending with a colon like a lead-in. A
lead-in leads into a list; a section letter stands over the prompts of its section,
and its neighbour in the series ("B." after "A.") comes later, with other text between.
"""

from __future__ import annotations

from collections import Counter

from datasetkit.knowledge.numbering import contact_line, ends_sentence, section_number
from datasetkit.knowledge.pdf.contract_titles import outline_number
from datasetkit.knowledge.pdf.geometry import Line
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# A paragraph of running text: this many lines and words at least, ending a sentence.
_PROSE_LINES = 2
_PROSE_WORDS = 12
# A type carries running text when this many such paragraphs are set in it.
_TEXT_PARAGRAPHS = 3
# Type at least this much larger than the body is "larger" (as the heading rules say).
_LARGER = 1.12


Style = tuple[float, bool, bool]


def _style(line: Line) -> tuple[Style, int]:
    """A line's type (its size, weight and face) and how many characters it holds."""
    chars = sum(len(w.text) for w in line.words)
    serif = sum(len(w.text) for w in line.words if w.serif) * 2 > chars
    return (round(line.size * 2) / 2, line.bold, serif), chars


def _block_style(b: Block) -> Style:
    """The type most of a block's characters are set in."""
    weights = Counter[Style]()
    for ln in b.lines:
        style, chars = _style(ln)
        weights[style] += chars
    return weights.most_common(1)[0][0]


# Type this much larger than the text's is display type: a design's titles.
_TITLE_SIZE = 1.5


def text_styles(blocks: list[Block], stats: Stats) -> set[Style]:
    """The types other than the body's in which the document sets running text."""
    counts = Counter[Style]()
    for b in blocks:
        if b.kind != "paragraph" or len(b.lines) < _PROSE_LINES:
            continue
        text = plain_text(b)
        if len(text.split()) >= _PROSE_WORDS and ends_sentence(text):
            counts[_block_style(b)] += 1
    # Running text is set in regular weight; bold paragraphs are a page's lead-ins.
    return {
        s
        for s, n in counts.items()
        if n >= _TEXT_PARAGRAPHS and s[0] > stats.body + 0.6 and not s[1]
    }


_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"))


def fragment(text: str) -> bool:
    """Whether a line reads as the end of a longer one: it opens in lower case (a word
    with no capital inside it, so not "iPhone") without a section number, or closes a
    bracket or a quotation it does not open."""
    stripped = text.strip()
    if not stripped:
        return False
    first = stripped.split()[0]
    lower = first[0].islower() and not any(ch.isupper() for ch in first[1:])
    if lower and outline_number(stripped) is None:
        return True
    return any(stripped.count(b) > stripped.count(a) for a, b in _PAIRS)


def _lower_case_title(blocks: list[Block], i: int, stats: Stats) -> bool:
    """A title a design sets all in lower case ("eastern mediterranean", a file's name
    heading a report on it): large type, every word in lower case, no closing
    punctuation, and not the end of a line of its own type just above it."""
    b = blocks[i]
    text = plain_text(b)
    words = text.split()
    if len(b.lines) > 2 or b.first.size < stats.body * _TITLE_SIZE:
        return False
    # one word only when it is a compound ("minimal-updated"): a name, not a leftover
    if len(words) < 2 and "-" not in text.strip("-"):
        return False
    if not all(w.replace("-", "").isalpha() and w.islower() for w in words):
        return False
    prev = blocks[i - 1] if i else None
    return not (
        prev is not None
        and prev.lines
        and prev.page == b.page
        and abs(prev.first.size - b.first.size) <= 0.6
        and prev.first.bold == b.first.bold
    )


def _name_lead(b: Block) -> tuple[str, Style] | None:
    """The lower-case first word of a bold title whose other words all open with a
    capital ("temi Center"), with the title's type; None for any other block."""
    if b.kind != "heading" or not b.lines or len(b.lines) > 2:
        return None
    if not all(ln.bold for ln in b.lines):
        return None
    words = plain_text(b).split()
    if len(words) < 2 or not words[0].isalpha() or not words[0].islower():
        return None
    if not all(w[:1].isupper() or not w[:1].isalpha() for w in words[1:]):
        return None
    return words[0], _block_style(b)


def lower_case_names(blocks: list[Block]) -> set[int]:
    """Titles that open with a name the document spells in lower case (a product or a
    tool, "temi Launcher", "npm Scripts"): bold lines in one type that open with the
    same lower-case word, the rest in capitals, twice or more. The end of a sentence or
    of a title broken off goes on in lower case and does not come back as a series."""
    leads = {id(b): lead for b in blocks if (lead := _name_lead(b)) is not None}
    counts = Counter(leads.values())
    return {key for key, lead in leads.items() if counts[lead] >= 2}


def field_with_value(line: Line, stats: Stats) -> bool:
    """Whether a line opens with a label in body type ending in a colon and goes on in
    larger type: a form's field and the answer written into it."""
    words = line.words
    for k, word in enumerate(words):
        if word.size >= stats.body * _LARGER:
            return (
                k > 0
                and words[k - 1].text.endswith((":", "："))
                and all(w.size <= stats.body + 0.6 for w in words[:k])
            )
    return False


# A section letter's title in body type: this many words at most.
_MAX_LETTERED_WORDS = 15


def _lettered_lead(b: Block, stats: Stats) -> str | None:
    """The letter of a bold body-size line that a capital letter opens and a colon ends
    ("A. Children residing at home:"), or None."""
    if b.kind not in ("paragraph", "list_item") or not b.lines or len(b.lines) > 2:
        return None
    if not all(ln.bold for ln in b.lines):
        return None
    text = plain_text(b)
    number = section_number(text)
    if number is None or number.kind != "letter" or not text.endswith((":", "：")):
        return None
    if abs(b.first.size - stats.body) > 0.6:
        return None
    return number.label[0] if len(text.split()) <= _MAX_LETTERED_WORDS else None


def promote_lettered_sections(blocks: list[Block], stats: Stats) -> None:
    """Bold lettered lines ending with a colon become headings when text follows each
    and the letter before or after it in the series opens another such line further on
    or back, with other blocks between: sections, not the items of one list."""
    found = {i: _lettered_lead(b, stats) for i, b in enumerate(blocks)}
    at = {letter: i for i, letter in found.items() if letter is not None}
    for i, letter in found.items():
        if letter is None or i + 1 >= len(blocks) or blocks[i + 1].kind != "paragraph":
            continue
        near = [at.get(chr(ord(letter) + step)) for step in (-1, 1)]
        if any(j is not None and abs(j - i) > 1 for j in near):
            blocks[i].kind, blocks[i].marker = "heading", None


def demote_field_lines(blocks: list[Block], stats: Stats) -> None:
    """Headings found by type that are a field with its answer, or a short line of a
    type the document uses for running text, become paragraphs again."""
    styles = text_styles(blocks, stats)
    named = lower_case_names(blocks)
    for i, b in enumerate(blocks):
        if b.kind != "heading" or not b.lines:
            continue
        text = plain_text(b)
        broken = fragment(text) and not (_lower_case_title(blocks, i, stats) or id(b) in named)
        field = contact_line(text) or broken
        field = field or any(field_with_value(ln, stats) for ln in b.lines)
        if field or (_block_style(b) in styles and section_number(plain_text(b)) is None):
            b.kind = "paragraph"
