"""Plain text, Markdown and CSV knowledge files.

The encoding is detected (byte-order marks first, then strict UTF-8, then
charset-normalizer's guess). Markdown keeps its structure: headings with their
levels (ATX and setext), paragraphs, list items, pipe tables as header-keyed rows,
code blocks as they are; inline markup is reduced to the text a reader sees. HTML
blocks give their headings and tables (:mod:`datasetkit.knowledge.markup`); template
directives are no text, and an include with a title is a heading.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

from datasetkit.knowledge.build import Builder, record_text, unique_headers
from datasetkit.knowledge.frontmatter import front_matter, heading_title
from datasetkit.knowledge.guard import Limits
from datasetkit.knowledge.markup import BLOCK_START, DIRECTIVE, included_title, read_block
from datasetkit.knowledge.mddetails import Folds
from datasetkit.knowledge.mdinline import definition_labels, strip_inline
from datasetkit.knowledge.mdnotes import (
    OPTION,
    Boxes,
    fence_reading,
    only_includes,
    opens_indented_note,
    shows_nothing,
    tab_label,
    toc_marker,
    toc_placeholder,
)
from datasetkit.knowledge.model import Document, Problem, Provenance

_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8", "UTF-8 with BOM"),
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32 LE"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32 BE"),
    (b"\xff\xfe", "utf-16-le", "UTF-16 LE"),
    (b"\xfe\xff", "utf-16-be", "UTF-16 BE"),
)


def decode(data: bytes, display: str) -> tuple[str | None, str, list[Problem]]:
    """Text, the encoding's name, and problems (None text when the bytes are not text)."""
    problems: list[Problem] = []
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                return _newlines(body.decode(codec)), name, problems
            except UnicodeDecodeError as exc:
                problems.append(_bad_bytes(display, name, exc))
                return _newlines(body.decode(codec, errors="replace")), name, problems
    try:
        text = data.decode("utf-8")
        name = "UTF-8"
    except UnicodeDecodeError:
        from charset_normalizer import from_bytes

        best = from_bytes(data).best()
        if best is None:
            return None, "", [_binary(display)]
        text = str(best)
        name = best.encoding
    if "\x00" in text:
        return None, name, [_binary(display)]
    return _newlines(text), name, problems


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _bad_bytes(display: str, name: str, exc: UnicodeDecodeError) -> Problem:
    return Problem(
        display,
        f"byte {exc.start:,} is not valid {name}; unreadable characters were replaced",
        "re-save the file as UTF-8",
        severity="warning",
        code="knowledge.encoding",
    )


def _binary(display: str) -> Problem:
    return Problem(
        display,
        "the file is not text (it holds binary data)",
        "give a .txt/.md file that is text, or the original .docx/.xlsx/.pdf",
        code="knowledge.corrupt",
    )


def decoded_file(path: Path, display: str, kind: str) -> tuple[Document, str | None]:
    doc = Document(display, kind)
    text, _name, problems = decode(path.read_bytes(), display)
    doc.problems.extend(problems)
    if text is not None and not text.strip():
        doc.problems.append(
            Problem(
                display,
                "the file holds only whitespace",
                "add content or leave the file out",
                code="knowledge.empty",
            )
        )
        return doc, None
    return doc, text


def load_text(path: Path, display: str, limits: Limits) -> Document:
    """A plain-text file read by its layout (:mod:`datasetkit.knowledge.textlayout`):
    headings, paragraphs and list items, without running headers or a contents list."""
    from datasetkit.knowledge.textlayout import read_layout

    doc, text = decoded_file(path, display, "text")
    if text is None:
        return doc
    b = Builder(doc, limits)
    for piece in read_layout(text):
        if not b.add(
            piece.kind,
            piece.text,
            Provenance(display, line=piece.line, row=piece.row),
            level=piece.level,
            marker=piece.marker,
            record=piece.record,
        ):
            break
    return doc


# ----- Markdown ---------------------------------------------------------------

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
# An attribute list closing a heading ("## Install { #install }", "{: .note}"): the
# anchor and classes a site generator reads, not part of the title a reader sees.
_ATTRS = re.compile(r"[ \t]*\{:?[ \t]*[#.][^{}]*\}[ \t]*$")
_SETEXT_1 = re.compile(r"^ {0,3}=+[ \t]*$")
_SETEXT_2 = re.compile(r"^ {0,3}-+[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_LIST = re.compile(r"^( *)([-*+]|\d{1,9}[.)])[ \t]+(.*)$")
_TABLE_SEP = re.compile(r"^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$")
_QUOTE = re.compile(r"^ {0,3}> ?")
_ITEM_FENCE = re.compile(r"^[ \t]+(`{3,}|~{3,})(.*)$")
_INDENTED = re.compile(r"^(?: {4}|\t)\s*\S")
_MAX_HTML_LINES = 5000
_TASK = re.compile(r"^\[[ xX]\][ \t]+")
# A link reference definition ("[label]: address"): it gives a reference link its address
# and is never shown; a footnote's ("[^1]: text") shows its text.
_LINK_DEFINITION = re.compile(r"^ {0,3}\[(\^?)[^\[\]\n]{1,200}\]:[ \t]*(.*)$")


# Text that is one code span whole ("`--dry-run`", "``a`b``"): a name set as typed.
# The language a fence's info string names first ("rust", "rust,ignore", "{.python}").
_SYNTAX = re.compile(r"^\s*\{?\.?([A-Za-z][\w+#-]{0,30})")
_WHOLE_CODE = re.compile(r"^(`{1,3})[^`\n]+?\1$")


def _raw_cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", body)]


def _cells(line: str, labels: frozenset[str] = frozenset()) -> list[str]:
    return [strip_inline(c, labels) for c in _raw_cells(line)]


def _code_keys(keys: list[str], line: str) -> tuple[str, ...]:
    """The keys of a row's cells that are one code span whole."""
    raw = _raw_cells(line)
    return tuple(k for k, c in zip(keys, raw, strict=False) if _WHOLE_CODE.match(c))


def load_markdown(path: Path, display: str, limits: Limits) -> Document:
    """A Markdown file with its headings, paragraphs, list items and tables."""
    doc, text = decoded_file(path, display, "markdown")
    if text is None:
        return doc
    parse_markdown(text, doc, Builder(doc, limits))
    return doc


def parse_markdown(text: str, doc: Document, b: Builder) -> None:
    """Fill ``doc`` with the sections of Markdown ``text``."""
    _Markdown(text, doc.path, b).parse()


# A line that starts anew after a hard line break (two spaces or a backslash at the end of
# the line before, as CommonMark has it): markup, then a capital, digit or symbol.
_OWN_LINE = re.compile(r"^\s*(?:[*_`~\[]+)?[^\sa-z]")


_HEADING_OPEN = re.compile(r"<h[1-6](?:[\s>/]|$)")
_HEADING_CLOSE = re.compile(r"</h[1-6]\s*>")
# An exported heading keeps a few blank lines inside it; past this many it is no heading.
_HEADING_LINES = 8


def _levels(raw: str) -> int:
    """How many steps of four spaces (or tabs) ``raw`` is indented."""
    return len(raw[: len(raw) - len(raw.lstrip(" \t"))].replace("\t", "    ")) // 4


def _outdent(raw: str, levels: int) -> str:
    for _ in range(levels):
        raw = raw[1:] if raw.startswith("\t") else raw[4:] if raw[:4] == "    " else raw
    return raw


def _open_heading(text: str) -> bool:
    """Whether an HTML block opens a heading (``<h2>``) it has not closed, within a few
    lines."""
    opened = list(_HEADING_OPEN.finditer(text))
    if len(opened) <= len(_HEADING_CLOSE.findall(text)):
        return False
    return text.count("\n", opened[-1].start()) < _HEADING_LINES


class _Markdown:
    """Markdown read line by line: headings, paragraphs, list items, code blocks, tables.

    Every ``add`` to the builder may say it is full (False): reading stops there.
    """

    def __init__(self, text: str, display: str, b: Builder) -> None:
        self.display = display
        self.b = b
        self.lines = text.split("\n")
        self.labels = definition_labels(self.lines)  # labels a "[label]" link may use
        self.n = len(self.lines)
        self.i = 0  # the next line to read
        self.stack: list[tuple[int, str]] = []
        self.para: list[str] = []
        self.para_start = 0
        self.item: list[str] = []
        self.item_start = 0
        self.item_code: list[str] = []  # code blocks indented under the item, verbatim
        # Kinds of titled template includes, in the order they first appear.
        self.families: list[str] = []
        self.family_base = 0
        # The closing fences of notes written as fenced directives ("```{note}"), open now.
        self.note_fences: list[str] = []
        self.in_note = False  # inside the indented body of a note ("!!! note") or a tab
        self.tab_level = 0  # the level of the open content tab's heading (0: none)
        self.note_depth = 1  # how many notes (and tabs) the indented line is inside
        self.boxes = Boxes()
        self.folds = Folds()  # the collapsible sections open

    def prov(self, **where: Any) -> Provenance:
        # Text in a note box is a part of the page beside its body, as a Word text box is.
        boxed = self.boxes.open or (self.in_note and not self.tab_level) or bool(self.note_fences)
        path = tuple(t for _, t in self.stack)
        return Provenance(self.display, heading_path=path, part="note" if boxed else None, **where)

    def flush(self) -> bool:
        """Add the paragraph or list item being read."""
        ok = True
        text = strip_inline("\n".join(self.para), self.labels) if self.para else ""
        if text.strip():  # a paragraph of markup alone ("<br>") shows nothing
            ok = self.b.add("paragraph", text, self.prov(line=self.para_start))
        self.para.clear()
        if self.item and ok:
            text = "\n".join([strip_inline("\n".join(self.item), self.labels), *self.item_code])
            ok = self.b.add("list_item", text.strip(), self.prov(line=self.item_start))
        self.item.clear()
        self.item_code.clear()
        return ok

    def heading(self, level: int, title: str, line: int, code: bool = False) -> bool:
        # A heading closes the ones at its level and below; its path includes itself.
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.stack.append((level, title))
        said = ("",) if code else ()
        return self.b.add("heading", title, self.prov(line=line), level=level, code=said)

    def parse(self) -> None:
        """Read every line (after any front matter), skipping HTML comments."""
        lines = self.lines
        # Front matter is metadata for site generators, not content; its title is the page's.
        found = front_matter(lines)
        self.i = found.end
        if found.title and not self.b.doc.title:
            self.b.doc.title = strip_inline(found.title)
        in_comment = False
        while self.i < self.n:
            if self.b.full or self.b.out_of_time(f"line {self.i + 1}"):
                return
            raw = lines[self.i]
            no = self.i + 1
            self.i += 1
            if in_comment:
                if "-->" in raw:
                    in_comment = False
                continue
            if raw.lstrip().startswith("<!--"):
                if "-->" not in raw:
                    in_comment = True
                continue
            shown = self.note_line(raw)
            if shown is None:
                continue
            quoted = _QUOTE.match(shown)
            body = shown[quoted.end() :] if quoted else shown
            done = self.markup(body) if body.strip() else None
            if not (self.line(self.boxes.shown(body), no) if done is None else done):
                return
            if not quoted:
                self.boxes.alert = False  # an alert's box ends with its quote
        self.flush()
        self.b.doc.title = self.b.doc.title or heading_title(self.b.doc.sections)

    def note_line(self, raw: str) -> str | None:
        """``raw`` as the page shows it inside an indented note ("!!! note" and its body
        indented under it: the body is text at the note's place); None for the opener."""
        if self.in_note:
            if raw.strip() and not _INDENTED.match(raw):
                self.in_note = False
                if self.tab_level and tab_label(raw) is None and not self.close_tab():
                    return None
            else:
                # A note inside the note ("!!! note" indented under one) opens a level; a
                # line indented less than the inner note's body closes it.
                if raw.strip():
                    self.note_depth = max(1, min(self.note_depth, _levels(raw)))
                inner = _outdent(raw, self.note_depth)
                if opens_indented_note(inner):
                    self.note_depth += 1
                    self.flush()
                    return None
                return inner
        label = tab_label(raw)
        if label is not None:
            self.flush()
            self.in_note = True
            self.note_depth = 1
            self.open_tab(strip_inline(label))
            return None
        if opens_indented_note(raw):
            self.flush()
            self.in_note = True
            self.note_depth = 1
            return None
        return raw

    def open_tab(self, label: str) -> None:
        """A content tab: its label heads its body, one level under the heading the tabs
        are under (the tab before it closes)."""
        if self.tab_level:
            self.stack = [h for h in self.stack if h[0] < self.tab_level]
        # Never a level-1 heading: a tab's label is no title of the page.
        base = self.stack[-1][0] if self.stack else 1
        self.tab_level = min(9, base + 1)
        if label:
            self.heading(self.tab_level, label, self.i)

    def close_tab(self) -> bool:
        """The tabs are over: what follows is under the heading they were under again."""
        ok = self.flush()
        self.stack = [h for h in self.stack if h[0] < self.tab_level]
        self.tab_level = 0
        return ok

    def line(self, line: str, no: int) -> bool:
        """Take one line (its quote marker removed); False when reading must stop."""
        if isinstance(shown := self.folds.read(self, line, no), bool):
            return shown  # a collapsible section's tag; a line in one comes outdented
        line = shown
        if not line.strip():
            return self.item_goes_on() or self.flush()
        read = self.code_block(line, no)
        if read is not None:
            return read
        # Very long lines are text; matching them against the heading pattern costs time.
        atx = _ATX.match(line) if len(line) <= 2000 else None
        if atx:
            return self.flush() and self.atx_heading(atx, no)
        setext = 1 if _SETEXT_1.match(line) else 2 if _SETEXT_2.match(line) else 0
        if setext and self.para and not self.item:
            title = strip_inline(_ATTRS.sub("", "\n".join(self.para)), self.labels)
            start = self.para_start
            self.para.clear()
            return self.heading(setext, title, start)
        if _RULE.match(line):
            return self.flush()
        if DIRECTIVE.match(line):
            return self.flush() and self.directive(line, no)
        if BLOCK_START.match(line):
            return self.flush() and self.html(line, no)
        following = self.lines[self.i] if self.i < self.n else ""
        if "|" in line and "|" in following and _TABLE_SEP.match(following):
            return self.flush() and self.table(line)
        defined = _LINK_DEFINITION.match(line) if not self.para else None
        if defined:
            said = strip_inline(defined.group(2)) if defined.group(1) else ""
            return self.flush() and (not said or self.b.add("paragraph", said, self.prov(line=no)))
        lst = _LIST.match(line)
        if lst:
            marker = lst.group(2)
            if self.para and not self.item and marker[0].isdigit() and not marker.startswith("1"):
                # "2021. A year" inside a paragraph is not a list (CommonMark rule).
                self.para.append(line.strip())
                return True
            if not self.flush():
                return False
            self.item.append(_TASK.sub("", lst.group(3)))
            self.item_start = no
            return True
        if self.item:
            # A continuation line of the item (indented, or lazy as CommonMark allows).
            self.item.append(line.strip())
            return True
        if not self.para:
            self.para_start = no
        self.para.append(line.strip().removesuffix("\\").rstrip())
        hard = line.endswith(("  ", "\\"))
        if hard and self.i < self.n and _OWN_LINE.match(self.lines[self.i]):
            # A hard line break before a line that starts anew ("**Capacity**: 4-person",
            # an address line) sets lines apart as a reader sees them: one paragraph each.
            # A line that goes on in lower case continues the sentence.
            return self.flush()
        return True

    def atx_heading(self, atx: re.Match[str], no: int) -> bool:
        """A ``#`` heading (one that is a code span whole is marked as code)."""
        raw = _ATTRS.sub("", atx.group(2) or "").strip()
        title = strip_inline(raw, self.labels)
        return not title or self.heading(len(atx.group(1)), title, no, bool(_WHOLE_CODE.match(raw)))

    def directive(self, line: str, no: int) -> bool:
        """A template directive: no text, but one that includes a titled piece of the
        page is a heading. Each kind of piece is a level, nested in the order they first
        appear, under the heading the first one follows."""
        found = included_title(line)
        if found is None:
            return True
        name, title = found
        if not self.families:
            self.family_base = self.stack[-1][0] if self.stack else 0
        if name not in self.families:
            self.families.append(name)
        level = min(9, self.family_base + 1 + self.families.index(name))
        return self.heading(level, title, no)

    def html(self, line: str, no: int) -> bool:
        """An HTML block: up to a blank line, or the end of a table it opens."""
        block = [line]
        while self.i < self.n and len(block) < _MAX_HTML_LINES:
            text = "\n".join(block).lower()
            # A blank line ends the block, unless a table or a heading it opens is not
            # closed yet: an exported page ("<h2>", blank lines, the title, "</h2>")
            # renders its heading whole.
            closed = text.count("<table") <= text.count("</table")
            if not self.lines[self.i].strip() and closed and not _open_heading(text):
                break
            block.append(self.lines[self.i])
            self.i += 1
        for part in read_block("\n".join(block)):
            if part.kind == "heading":
                ok = self.heading(part.level, part.text, no)
            elif part.kind == "paragraph":
                ok = self.b.add("paragraph", part.text, self.prov(line=no))
            else:
                ok = self.html_table(part.records, no)
            if not ok:
                return False
        return True

    def html_table(self, records: list[dict[str, str]], no: int) -> bool:
        for k, record in enumerate(records, start=2):
            prov = self.prov(row=k, line=no)
            if not self.b.add("table_row", record_text(record), prov, record=record):
                return False
        return True

    def code_block(self, line: str, no: int) -> bool | None:
        """A code block ``line`` opens, read whole (False when reading must stop); None
        when it opens none."""
        fence = _FENCE.match(line) or (_ITEM_FENCE.match(line) if self.item else None)
        if fence and self.item and line[:1] in (" ", "\t"):
            # A block indented under a list item is part of that step, as the page shows it.
            self.item_code.append(self.fenced(fence.group(1)))
            return True
        reading = fence_reading(fence.group(2)) if fence else "code"
        if fence and reading == "note":
            # A note written as a directive ("```{note}"): its body is text, read in place.
            self.note_fences.append(fence.group(1))
            return self.flush()
        if fence:
            body = self.fenced(fence.group(1))
            said = _SYNTAX.match(fence.group(2))
            if said and reading == "code":
                self.b.doc.code_languages.append(said.group(1).casefold())
            return self.flush() and (reading == "none" or self.code(body, no))
        if _INDENTED.match(line) and not self.para and not self.item:
            return self.flush() and self.indented(line, no)
        return None

    def markup(self, line: str) -> bool | None:
        """Block markup that shows nothing (what was read before it is added; False when
        reading must stop), or None for a line of content."""
        closing = bool(self.note_fences) and line.strip() == self.note_fences[-1]
        option = bool(self.note_fences) and OPTION.match(line) is not None
        if not (closing or option or shows_nothing(line)):
            return None
        if toc_marker(line) and toc_placeholder(self.item):
            self.item.clear()  # "* TOC" over "{:toc}": the contents list goes there
        ok = self.flush()
        if closing:
            self.note_fences.pop()
        elif not option:
            self.boxes.see(line)
        return ok

    def item_goes_on(self) -> bool:
        """True when a blank line inside a list item is followed by a code block
        indented under it (the item is not over)."""
        k = self.i
        while k < self.n and not self.lines[k].strip():
            k += 1
        return bool(self.item) and k < self.n and _ITEM_FENCE.match(self.lines[k]) is not None

    def fenced(self, mark: str) -> str:
        """The lines of a fenced code block up to its closing fence, verbatim (their
        common indentation removed)."""
        code: list[str] = []
        while self.i < self.n and not self.lines[self.i].strip().startswith(mark):
            code.append(self.lines[self.i])
            self.i += 1
        self.i += 1  # the closing fence
        return textwrap.dedent("\n".join(code)).strip("\n")

    def code(self, body: str, no: int) -> bool:
        """A code block: a code section, never prose a question could ask."""
        if not body.strip() or only_includes(body):
            return True  # an include's code is in another file: nothing here to read
        return self.b.add("code", body, self.prov(line=no + 1))

    def indented(self, line: str, no: int) -> bool:
        """An indented code block (four spaces or a tab, not inside a paragraph or a
        list item): its lines up to the first unindented non-blank line."""
        code = [line]
        while self.i < self.n and (
            _INDENTED.match(self.lines[self.i]) or not self.lines[self.i].strip()
        ):
            code.append(self.lines[self.i])
            self.i += 1
        return self.code(textwrap.dedent("\n".join(code)).strip("\n"), no - 1)

    def table(self, line: str) -> bool:
        """A pipe table (``line`` is its header): one record per row below the separator.
        A table with no filled row below its header (a template's empty table, a
        converter's header line over rows it wrote as text) keeps its labels as a line of
        text, as a one-row table of a Word file does."""
        headers = unique_headers(_cells(line, self.labels))
        start, added = self.i, 0
        self.i += 1
        row_no = 1
        while self.i < self.n and "|" in self.lines[self.i] and self.lines[self.i].strip():
            row_no += 1
            cells = _cells(self.lines[self.i], self.labels)
            cells += [""] * (len(headers) - len(cells))
            keys = headers + [f"Column {k}" for k in range(len(headers) + 1, len(cells) + 1)]
            record = dict(zip(keys, cells, strict=False))
            if any(record.values()):
                prov = self.prov(row=row_no, line=self.i + 1)
                code = _code_keys(keys, self.lines[self.i])
                text = record_text(record)
                if not self.b.add("table_row", text, prov, record=record, code=code):
                    return False
                added += 1
            self.i += 1
        if added:
            return True
        labels = " | ".join(dict.fromkeys(c for c in _cells(line, self.labels) if c))
        return not labels or self.b.add("paragraph", labels, self.prov(line=start))


def read_text_file(path: str, missing_hint: str, not_text_hint: str) -> str:
    """The text of a small file a user names (an agent description), decoded as knowledge
    text is; a missing or binary file is an error with the hint given for it."""
    from datasetkit.core.findings import DatasetkitError

    p = Path(path)
    if not p.is_file():
        raise DatasetkitError(f"{path}: no such file", missing_hint)
    decoded, _, _ = decode(p.read_bytes(), path)
    if decoded is None:
        raise DatasetkitError(f"{path}: is not a text file", not_text_hint)
    return decoded
