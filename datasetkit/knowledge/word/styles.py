"""Paragraph styles of a Word document, read once from styles.xml.

python-docx looks each style up anew, which makes long documents slow, so the few
facts the reader needs per style id are cached here: the heading level, whether it is
one of Word's list styles, its numbering (``w:numPr``, inherited through ``w:basedOn``), and
its name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from datasetkit.knowledge.fonts import monospace_name

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)
# Word's built-in list styles (List, List Bullet, List Number 2, List Continue 3...).
_LIST_NAME = re.compile(r"^list(?: bullet| number| continue)?(?:\s*[1-9])?$", re.IGNORECASE)
# Word's built-in "List Bullet 2", "List Number 3", "List Continue 2" draw nested lists
# with separate one-level lists, so their depth is in the name, not in w:ilvl.
_NESTED_LIST_NAME = re.compile(r"^list(?: bullet| number| continue)?\s*([2-9])$", re.IGNORECASE)
# Table-of-contents entries repeat the headings with page numbers: not content.
_TOC_NAME = re.compile(r"^toc(?:\s*[1-9]| heading)$", re.IGNORECASE)
# Styles for program text: Word's "HTML Preformatted", "Plain Text", "Macro Text", "HTML
# Code", and the "Code", "Source Code", "Verbatim" or "Listing" styles templates add.
_CODE_NAME = re.compile(
    r"\b(?:code|preformatted|plain ?text|macro ?text|verbatim|listing|console)\b", re.IGNORECASE
)


def outline_level(element: Any) -> int | None:
    """Heading level (1-9) from a paragraph's or style's ``w:outlineLvl``."""
    ppr = element.find(f"{W}pPr")
    if ppr is None:
        return None
    lvl = ppr.find(f"{W}outlineLvl")
    if lvl is None:
        return None
    try:
        value = int(lvl.get(f"{W}val"))
    except (TypeError, ValueError):
        return None
    # Level 9 is "body text"; 0-8 are Heading 1-9.
    return value + 1 if 0 <= value <= 8 else None


def num_pr(ppr: Any) -> tuple[str | None, int | None] | None:
    """``(numId, ilvl)`` of a ``w:pPr``'s numbering (either may be missing), or None."""
    if ppr is None:
        return None
    pr = ppr.find(f"{W}numPr")
    if pr is None:
        return None
    num = pr.find(f"{W}numId")
    lvl = pr.find(f"{W}ilvl")
    num_id = num.get(f"{W}val") if num is not None else None
    try:
        ilvl = int(lvl.get(f"{W}val")) if lvl is not None else None
    except (TypeError, ValueError):
        ilvl = None
    return num_id, ilvl


def run_bold(rpr: Any) -> bool | None:
    """A run or style's ``w:b`` (None when it does not say)."""
    if rpr is None:
        return None
    b = rpr.find(f"{W}b")
    if b is None:
        return None
    return b.get(f"{W}val") not in ("0", "false", "off", "none")


def run_marked(rpr: Any) -> bool:
    """Whether a run is underlined (``w:u`` other than none) or shown in capitals
    (``w:caps``) by its own formatting."""
    if rpr is None:
        return False
    off = ("0", "false", "off", "none")
    u = rpr.find(f"{W}u")
    caps = rpr.find(f"{W}caps")
    return (u is not None and u.get(f"{W}val") not in off) or (
        caps is not None and caps.get(f"{W}val") not in off
    )


def run_font(rpr: Any) -> str | None:
    """A run or style's font for Latin text (``w:rFonts``), None when it does not say."""
    fonts = rpr.find(f"{W}rFonts") if rpr is not None else None
    if fonts is None:
        return None
    return fonts.get(f"{W}ascii") or fonts.get(f"{W}hAnsi")


def run_size(rpr: Any) -> float | None:
    """A run or style's font size in points (``w:sz`` is in half-points)."""
    sz = rpr.find(f"{W}sz") if rpr is not None else None
    try:
        return int(sz.get(f"{W}val")) / 2 if sz is not None else None
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Look:
    """How a paragraph's text is set: all of it bold, its main font size in points,
    whether it is program text (all of it in a fixed-width face, or a code style), and
    how it sits on the line."""

    bold: bool
    size: float | None
    mono: bool = False
    # Centred on the line (its own alignment or its style's).
    centred: bool = False
    # Words set apart by a tab stop (see :mod:`.title_lines`).
    tabbed: bool = False
    # All of its text underlined, or shown in capitals by its formatting (``w:caps``),
    # and not bold: the emphasis a document without bold titles sets them apart with.
    marked: bool = False


@dataclass(frozen=True)
class _Style:
    name: str
    base: str | None
    outline: int | None
    numbering: tuple[str | None, int | None] | None
    bold: bool | None = None
    size: float | None = None
    hidden: bool | None = None  # its text is hidden (``w:vanish``)
    font: str | None = None
    align: str | None = None  # ``w:jc`` of its paragraph properties


def paragraph_align(ppr: Any) -> str | None:
    """A paragraph's or style's ``w:jc`` value (None when it does not say)."""
    el = ppr.find(f"{W}jc") if ppr is not None else None
    return el.get(f"{W}val") if el is not None else None


def paragraph_indent(ppr: Any) -> int | None:
    """A paragraph's own left indentation in twips (None when it sets none)."""
    el = ppr.find(f"{W}ind") if ppr is not None else None
    if el is None:
        return None
    value = el.get(f"{W}left") or el.get(f"{W}start")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def run_hidden(rpr: Any) -> bool | None:
    """A run or style's ``w:vanish``: hidden text (None when it does not say)."""
    el = rpr.find(f"{W}vanish") if rpr is not None else None
    if el is None:
        return None
    return el.get(f"{W}val") not in ("0", "false", "off")


class Styles:
    """Heading level, list-ness, numbering and name per paragraph style id."""

    def __init__(self, root: Any | None) -> None:
        self._raw: dict[str, _Style] = {}
        self.default: str | None = None
        self._levels: dict[str, int | None] = {}
        # Character styles: whether each sets its text in bold.
        self._char_bold: dict[str, bool] = {}
        # Character styles: whether each sets program text (a fixed-width face or a code
        # style such as "HTML Code").
        self._char_mono: dict[str, bool] = {}
        # The document's default font size (docDefaults), in points, and its font.
        self.default_size: float | None = None
        self.default_font: str | None = None
        if root is None:
            return
        defaults = root.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr")
        self.default_size = run_size(defaults)
        self.default_font = run_font(defaults)
        for st in root.findall(f"{W}style"):
            kind = st.get(f"{W}type")
            sid = st.get(f"{W}styleId") or ""
            name_el = st.find(f"{W}name")
            name = (name_el.get(f"{W}val") if name_el is not None else None) or sid
            rpr = st.find(f"{W}rPr")
            if kind == "character":
                bold = run_bold(rpr)
                self._char_bold[sid] = bool(bold) or "strong" in name.lower()
                self._char_mono[sid] = monospace_name(run_font(rpr) or "") or bool(
                    _CODE_NAME.search(name)
                )
                continue
            if kind != "paragraph":
                continue
            based = st.find(f"{W}basedOn")
            base = based.get(f"{W}val") if based is not None else None
            numbering = num_pr(st.find(f"{W}pPr"))
            self._raw[sid] = _Style(
                name.strip(),
                base,
                outline_level(st),
                numbering,
                run_bold(rpr),
                run_size(rpr),
                run_hidden(rpr),
                run_font(rpr),
                paragraph_align(st.find(f"{W}pPr")),
            )
            if st.get(f"{W}default") in ("1", "true", "on"):
                self.default = sid

    def _chain(self, sid: str | None) -> list[_Style]:
        out: list[_Style] = []
        seen: set[str] = set()
        while sid is not None and sid in self._raw and sid not in seen and len(out) < 20:
            seen.add(sid)
            out.append(self._raw[sid])
            sid = self._raw[sid].base
        return out

    def _key(self, sid: str | None) -> str:
        return sid or self.default or ""

    def align(self, sid: str | None) -> str | None:
        """The alignment a paragraph style sets (through its bases), None when none does."""
        return next((s.align for s in self._chain(self._key(sid)) if s.align), None)

    def name(self, sid: str | None) -> str:
        """The style's display name ('' when unknown)."""
        style = self._raw.get(self._key(sid))
        return style.name if style else ""

    def level(self, sid: str | None) -> int | None:
        """Heading level of a style (0 for Title), from its name or outline level."""
        key = self._key(sid)
        if key not in self._levels:
            found: int | None = None
            for style in self._chain(key):
                if style.name.lower() == "title":
                    found = 0
                    break
                m = _HEADING_NAME.match(style.name)
                if m:
                    found = int(m.group(1))
                    break
                if style.outline is not None:
                    found = style.outline
                    break
            self._levels[key] = found
        return self._levels[key]

    def numbering(self, sid: str | None) -> tuple[str | None, int | None] | None:
        """The style's own or inherited ``(numId, ilvl)``."""
        for style in self._chain(self._key(sid)):
            if style.numbering is not None:
                return style.numbering
        return None

    def named_list(self, sid: str | None) -> bool:
        """Whether the style is one of Word's list styles by name ("List Bullet 2")."""
        return bool(_LIST_NAME.match(self.name(sid)))

    def nested_depth(self, sid: str | None) -> int:
        """Depth implied by a "List Bullet 2"-style name (0 when the name implies none)."""
        m = _NESTED_LIST_NAME.match(self.name(sid))
        return int(m.group(1)) - 1 if m else 0

    def bold(self, sid: str | None) -> bool:
        """Whether the paragraph style sets its text in bold (inherited through basedOn)."""
        return next((st.bold for st in self._chain(self._key(sid)) if st.bold is not None), False)

    def size(self, sid: str | None) -> float | None:
        """The paragraph style's font size in points, else the document's default."""
        found = next((st.size for st in self._chain(self._key(sid)) if st.size), None)
        return found or self.default_size

    def hidden(self, sid: str | None) -> bool:
        """Whether the paragraph style hides its text (Word's markers of a web page's form
        boundaries are such paragraphs), inherited through basedOn."""
        chain = self._chain(self._key(sid))
        return next((st.hidden for st in chain if st.hidden is not None), False)

    def font(self, sid: str | None) -> str | None:
        """The paragraph style's font, else the document's default font."""
        found = next((st.font for st in self._chain(self._key(sid)) if st.font), None)
        return found or self.default_font

    def code(self, sid: str | None) -> bool:
        """Whether the paragraph style, or one it is based on, is named for program text
        ("HTML Preformatted", "Plain Text", "Code")."""
        return any(_CODE_NAME.search(st.name) for st in self._chain(self._key(sid)))

    def char_mono(self, rsid: str | None) -> bool | None:
        """Whether a character style sets program text (None when it is not known)."""
        return self._char_mono.get(rsid or "")

    def char_bold(self, rsid: str | None) -> bool:
        """Whether a character style (``w:rStyle``) sets its text in bold."""
        return self._char_bold.get(rsid or "", False)

    def is_toc(self, sid: str | None) -> bool:
        """Whether the style is a table-of-contents entry or its heading."""
        return bool(_TOC_NAME.match(self.name(sid)))
