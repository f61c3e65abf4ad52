"""The text of one Word paragraph as a reader sees it, and what hangs off it.

python-docx's ``paragraph.text`` reads only the runs and hyperlinks directly under the
paragraph, so tracked insertions, inline content controls, smart tags and simple
fields are lost, and text boxes are never reached. This walks the paragraph's XML in
order instead: visible text (tabs, breaks, symbols), not deleted or hidden text, not
field codes, and not the page numbers a PAGE field shows. On the way it records, in
order, the notes and comments referenced and the text boxes anchored in the paragraph,
so the reader can place them right after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from datasetkit.knowledge.word.styles import W

MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
_SYMBOL_FONTS = {"symbol", "wingdings", "wingdings 2", "wingdings 3", "webdings"}
# Fields whose result is a page number: it changes from page to page, so it is not text.
_PAGE_FIELDS = {"PAGE", "NUMPAGES", "SECTIONPAGES", "PAGEREF"}
# Containers whose content is never shown (or not shown as text).
_SKIP = {
    f"{W}pPr",
    f"{W}rPr",
    f"{W}del",
    f"{W}moveFrom",
    f"{W}sdtPr",
    f"{W}sdtEndPr",
    f"{W}customXmlPr",
    f"{W}smartTagPr",
}
# A list label typed at the start of a paragraph ("2)", "4.", "(a)", "b)").
_TYPED_LABEL = re.compile(r"^\s*(?:\d{1,3}[a-z]?[.)]|\(?[a-zA-Z]{1,4}\))\s*$")
_CHARS = {
    f"{W}tab": "\t",
    f"{W}ptab": "\t",
    f"{W}br": "\n",
    f"{W}cr": "\n",
    f"{W}noBreakHyphen": "-",
}


@dataclass
class Content:
    """A paragraph's visible text and, in order, what is anchored in it.

    ``anchors`` holds ``("footnote", id)``, ``("endnote", id)``, ``("comment", id)`` and
    ``("textbox", <w:txbxContent>)`` in the order they occur.
    """

    text: str = ""
    anchors: list[tuple[str, Any]] = field(default_factory=list)
    # The first visible character came from a symbol font (a typed bullet such as ).
    symbol_lead: bool = False
    # All visible text is a link to a place in the same document (a contents entry).
    internal_link: bool = False


class _Walk:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.anchors: list[tuple[str, Any]] = []
        self.symbol_lead = False
        self.started = False
        # Inside a hyperlink to a bookmark; visible characters inside and outside one.
        self.in_link = 0
        self.linked = 0
        self.unlinked = 0
        # Open complex fields: [instruction, in result part, hidden].
        self.fields: list[list[Any]] = []

    def emit(self, text: str, symbol: bool = False) -> None:
        if not text or any(f[2] and f[1] for f in self.fields):
            return
        if not self.started and text.strip():
            self.started = True
            self.symbol_lead = symbol or "\uf000" <= text.strip()[0] <= "\uf0ff"
        visible = len(text.strip())
        if self.in_link:
            self.linked += visible
        else:
            self.unlinked += visible
        self.parts.append(text)

    def anchor(self, kind: str, value: Any) -> None:
        if kind == "comment" and any(k == kind and v == value for k, v in self.anchors):
            return
        self.anchors.append((kind, value))


def read_paragraph(p: Any) -> Content:
    """The visible text of ``<w:p>`` and its anchors (notes, comments, text boxes)."""
    walk = _Walk()
    _children(p, walk)
    only_link = walk.linked > 0 and walk.unlinked == 0
    return Content("".join(walk.parts), walk.anchors, walk.symbol_lead, only_link)


def _children(el: Any, walk: _Walk) -> None:
    for child in el:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
            continue
        if tag == f"{W}r":
            _run(child, walk)
        elif tag in (f"{W}commentRangeStart", f"{W}commentReference"):
            walk.anchor("comment", child.get(f"{W}id"))
        elif tag == f"{W}fldSimple":
            if _field_name(child.get(f"{W}instr") or "") not in _PAGE_FIELDS:
                _children(child, walk)
        elif tag == f"{MC}AlternateContent":
            branch = choose_branch(child)
            if branch is not None:
                _children(branch, walk)
        elif tag == f"{_M}t":
            walk.emit(child.text or "")
        elif tag == f"{W}hyperlink" and child.get(f"{W}anchor"):
            walk.in_link += 1
            _children(child, walk)
            walk.in_link -= 1
        else:
            # Hyperlinks, tracked insertions, content controls, smart tags, math...
            _children(child, walk)


def _run(r: Any, walk: _Walk) -> None:
    rpr = r.find(f"{W}rPr")
    if rpr is not None and _on(rpr.find(f"{W}vanish")):
        return
    symbol = _symbol_font(rpr)
    if _note_mark(r, rpr, walk):
        return
    for child in r:
        tag = child.tag
        if tag == f"{W}t":
            walk.emit(child.text or "", symbol)
        elif tag in _CHARS:
            walk.emit(_CHARS[tag])
        elif tag == f"{W}sym":
            walk.emit(_sym(child), True)
        elif tag == f"{W}fldChar":
            _field_char(child, walk)
        elif tag == f"{W}instrText" and walk.fields:
            walk.fields[-1][0] += child.text or ""
        elif tag == f"{W}footnoteReference":
            walk.anchor("footnote", child.get(f"{W}id"))
        elif tag == f"{W}endnoteReference":
            walk.anchor("endnote", child.get(f"{W}id"))
        elif tag == f"{W}commentReference":
            walk.anchor("comment", child.get(f"{W}id"))
        elif tag in (f"{W}drawing", f"{W}pict", f"{W}object", f"{MC}AlternateContent"):
            for box in text_boxes(child):
                walk.anchor("textbox", box)
        elif tag == f"{W}ruby":
            # Phonetic guides: the base text is what is read.
            base = child.find(f"{W}rubyBase")
            if base is not None:
                _children(base, walk)


def _note_mark(r: Any, rpr: Any, walk: _Walk) -> bool:
    """A note reference typed as superscript digits right after a typed list label:
    it points at a note kept elsewhere (a consolidated text's amendment note), so it is
    no part of the item's text (other superscripts, such as exponents, are kept)."""
    if rpr is None or rpr.find(f"{W}vertAlign") is None:
        return False
    if rpr.find(f"{W}vertAlign").get(f"{W}val") != "superscript":
        return False
    text = "".join(t.text or "" for t in r.findall(f"{W}t")).strip()
    return text.isdigit() and bool(_TYPED_LABEL.match("".join(walk.parts)))


def _field_char(el: Any, walk: _Walk) -> None:
    kind = el.get(f"{W}fldCharType")
    if kind == "begin":
        walk.fields.append(["", False, False])
    elif kind == "separate" and walk.fields:
        top = walk.fields[-1]
        top[1] = True
        top[2] = _field_name(top[0]) in _PAGE_FIELDS
    elif kind == "end" and walk.fields:
        walk.fields.pop()


def _field_name(instr: str) -> str:
    words = instr.split()
    return words[0].upper() if words else ""


def _on(el: Any) -> bool:
    return el is not None and el.get(f"{W}val") not in ("0", "false", "off")


def _symbol_font(rpr: Any) -> bool:
    if rpr is None:
        return False
    fonts = rpr.find(f"{W}rFonts")
    if fonts is None:
        return False
    name = fonts.get(f"{W}ascii") or fonts.get(f"{W}hAnsi") or ""
    return name.strip().lower() in _SYMBOL_FONTS


def _sym(el: Any) -> str:
    try:
        return chr(int(el.get(f"{W}char") or "", 16))
    except (ValueError, OverflowError):
        return ""


def choose_branch(alternate: Any) -> Any | None:
    """The one branch of ``mc:AlternateContent`` to read: the first Choice, else Fallback.

    Both hold the same content (e.g. a DrawingML text box and its VML copy); reading
    one keeps it from appearing twice.
    """
    choice = alternate.find(f"{MC}Choice")
    return choice if choice is not None else alternate.find(f"{MC}Fallback")


def text_boxes(el: Any) -> list[Any]:
    """The ``w:txbxContent`` elements in a drawing or VML shape (DrawingML or ``v:textbox``),
    one branch of each ``mc:AlternateContent``, not descending into a box's own content."""
    out: list[Any] = []
    stack = [el]
    while stack:
        node = stack.pop()
        tag = node.tag
        if not isinstance(tag, str):
            continue
        if tag == f"{W}txbxContent":
            out.append(node)
            continue
        if tag == f"{MC}AlternateContent":
            branch = choose_branch(node)
            children = [branch] if branch is not None else []
        else:
            children = list(node)
        stack.extend(reversed(children))
    return out
