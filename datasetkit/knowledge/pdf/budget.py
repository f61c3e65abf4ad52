"""A PDF's byte budget: what its streams inflate to and what its pages draw, measured
before PDFium or pypdf decode anything. Two passes, both bounded (see :mod:`.inflate`):

1. :func:`scan_file` inflates, counts and drops every stream a reader would inflate
   (not images, which reading text never decodes). A stream over its budget is noted;
   an object or cross-reference stream over it, or streams together over the file's
   budget before the first page, make the whole file unreadable.
2. :class:`PageCosts` measures what each page draws, through pypdf's objects without
   pypdf decoding a stream: the operators that make page objects and the bytes of text
   they show, each form counted as often as it is drawn (a form drawing another a
   thousand times, three deep, draws a billion strings from a few hundred bytes).
   Reading stops before the first page over a page budget, or the page that takes the
   file over a file budget; the pages before it are read.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from datasetkit.knowledge.pdf.inflate import (
    MB,
    OverBudget,
    StreamBudget,
    decode,
    decoded_size,
    filter_names,
    inline_extent,
    megabytes,
)
from datasetkit.knowledge.pdf.inline import declared_size, inline_images
from datasetkit.knowledge.pdf.objects import objects_in

_FILTER = re.compile(rb"/Filter\s*(\[[^\]]*\]|/[^\s/\[\]<>()]+)")
_IMAGE = re.compile(rb"/Subtype\s*/Image\b")
_STRUCTURE = re.compile(rb"/Type\s*/(ObjStm|XRef)\b")
_CONTENTS = re.compile(rb"/Contents\s*(?:(\d+)\s+\d+\s+R|\[([^\]]*)\])")
_RESOURCES_REF = re.compile(rb"/Resources\s*(\d+)\s+\d+\s+R")
_REF = re.compile(rb"(\d+)\s+\d+\s+R")
_FORM = re.compile(rb"/Subtype\s*/Form\b")
_XOBJECTS = re.compile(rb"/XObject\s*<<(.*?)>>", re.S)
_NAMED_REF = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*(\d+)\s+\d+\s+R")


@dataclass(frozen=True)
class PdfLimits:
    """What one PDF may inflate and draw."""

    stream_bytes: int = 64 * MB  # decoded bytes of one stream
    file_bytes: int = 256 * MB  # decoded bytes of every stream together
    ratio: int = 200  # past ratio_floor bytes, decoded bytes per packed byte
    ratio_floor: int = MB
    page_objects: int = 100_000  # text, path, image and form drawings on one page
    page_text: int = 400_000  # bytes of text one page shows (a glyph takes one or two)
    page_bytes: int = 64 * MB  # content bytes one page runs, forms counted as drawn
    # For the whole file: the larger of a floor and so much per byte of the file. Text
    # PDFs draw well under one glyph per byte of file; bombs draw thousands.
    file_objects: int = 1_000_000
    file_text: int = 2_000_000
    per_file_byte: int = 3

    def stream(self) -> StreamBudget:
        """The budget of one stream."""
        return StreamBudget(self.stream_bytes, self.ratio, self.ratio_floor)


@dataclass
class FileScan:
    """What :func:`scan_file` found: streams over budget by object number, or why the
    file cannot be opened at all."""

    bad: dict[int, str] = field(default_factory=dict)
    refused: str | None = None
    inflated: int = 0
    # An encrypted file's streams cannot be inflated from its bytes: pass 2 inflates
    # what each page uses from pypdf's decrypted (still encoded) data instead.
    encrypted: bool = False
    # What each stream draws, read from the file's bytes: the readers differ in what
    # they recover from a damaged object, so pass 2 counts the larger of this and what
    # pypdf parsed (pypdf may see an empty form where PDFium draws a bomb).
    raw: dict[int, RawStream] = field(default_factory=dict)
    # The dictionaries of objects that are not streams (pages, resources), as written.
    dicts: dict[int, bytes] = field(default_factory=dict)

    def page_view(self, number: int | None) -> tuple[list[int], dict[str, int]]:
        """A page object's content streams and XObject names as its bytes give them."""
        page = self.dicts.get(number) if number is not None else None
        if page is None:
            return [], {}
        refs: list[int] = []
        if (m := _CONTENTS.search(page)) is not None:
            refs = [int(m.group(1))] if m.group(1) else [int(r) for r in _REF.findall(m.group(2))]
        where = page
        if (r := _RESOURCES_REF.search(page)) is not None:
            where = self.dicts.get(int(r.group(1)), b"")
        named = _XOBJECTS.search(where)
        if named is None:
            return refs, {}
        return refs, {n.decode("latin-1"): int(x) for n, x in _NAMED_REF.findall(named.group(1))}


@dataclass
class RawStream:
    """One stream as the file's bytes give it: what it draws, the XObjects its
    dictionary names (name -> object number), and whether it says it is a form."""

    cost: Cost
    draws: Counter[str]
    xobjects: dict[str, int]
    form: bool


def scan_file(data: bytes, limits: PdfLimits) -> FileScan:
    """Inflate, count and drop every stream of a PDF's bytes (see the module's docstring)."""
    scan = FileScan(encrypted=re.search(rb"/Encrypt\s*(\d+\s+\d+\s+R|<<)", data) is not None)
    over_file: str | None = None
    for number, dictionary, packed in objects_in(data):
        if packed is None:
            scan.dicts[number] = scan.dicts.get(number, b"") + dictionary
            continue
        if _IMAGE.search(dictionary):
            continue
        structure = _STRUCTURE.search(dictionary)
        what = (
            f"the {structure.group(1).decode()} stream (object {number})"
            if structure
            else f"stream {number}"
        )
        if over_file is not None:
            scan.bad[number] = over_file
            if structure:
                scan.refused = over_file
            continue
        m = _FILTER.search(dictionary)
        filters = filter_names(m.group(1)) if m else []
        try:
            scan.inflated += _scan_stream(scan, number, dictionary, packed, filters, limits, what)
        except OverBudget as exc:
            scan.bad[number] = exc.reason
            if structure:
                scan.refused = exc.reason
            continue
        if scan.inflated > limits.file_bytes:
            over_file = (
                f"its streams inflate to more than {megabytes(limits.file_bytes)} together "
                "(the limit for one file)"
            )
            scan.bad[number] = over_file
    return scan


def _scan_stream(
    scan: FileScan,
    number: int,
    dictionary: bytes,
    packed: bytes,
    filters: list[str],
    limits: PdfLimits,
    what: str,
) -> int:
    """Inflate one stream (counted, dropped) and note what it would draw; its size."""
    if scan.encrypted or _STRUCTURE.search(dictionary):
        return decoded_size(packed, filters, limits.stream(), what)
    content = _ContentScan(limits.stream(), what)
    size = 0
    for chunk in decode(packed, filters, content.budget, what):
        size += len(chunk)
        content.feed(chunk)
    content.feed(b"", final=True)
    named = _XOBJECTS.search(dictionary)
    xobjects = (
        {n.decode("latin-1"): int(r) for n, r in _NAMED_REF.findall(named.group(1))}
        if named
        else {}
    )
    form = _FORM.search(dictionary) is not None
    view = RawStream(content.cost, content.draws, xobjects, form)
    if (seen := scan.raw.get(number)) is not None:
        view = RawStream(
            _larger(seen.cost, view.cost),
            seen.draws | view.draws,
            {**seen.xobjects, **view.xobjects},
            seen.form or view.form,
        )
    scan.raw[number] = view
    return size


# PDFium repeats a form drawing itself until its nesting limit: exponential if more than once.
_CYCLE = "form {ref} draws itself {times} times, which PDFium repeats to its nesting limit"
_PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")


def raw_worst(scan: FileScan, limits: PdfLimits) -> str | None:
    """Why some page of the file, read from its bytes alone, draws more than a page may;
    None when none does.

    The backstop for damaged objects: where pypdf gives up on a page or form that PDFium
    recovers, pass 2 may undercount it. Here each page's content streams are expanded
    through the XObject names their dictionaries give (a name no dictionary in reach
    gives is looked up in every dictionary of the file, the largest candidate counted).
    """
    everywhere: dict[str, set[int]] = {}
    for view in scan.raw.values():
        for name, ref in view.xobjects.items():
            everywhere.setdefault(name, set()).add(ref)
    expand = _Expander(scan, limits, everywhere)
    for number, dictionary in scan.dicts.items():
        if not _PAGE.search(dictionary):
            continue
        refs, names = scan.page_view(number)
        cost = Cost()
        for ref in refs:
            cost.add(expand.cost(ref, names, ()))
        if expand.bad is not None:
            return f"page object {number} draws a stream over its budget: {expand.bad}"
        if cost.objects > limits.page_objects or cost.text > limits.page_text:
            return (
                f"page object {number} draws more than {limits.page_objects:,} drawing "
                f"operators or {limits.page_text:,} bytes of text (forms counted as often as "
                "they are drawn, damaged objects read as PDFium reads them)"
            )
    return None


class _Expander:
    """What a stream draws with every form it draws, from the file's bytes."""

    def __init__(self, scan: FileScan, limits: PdfLimits, everywhere: dict[str, set[int]]):
        self.scan = scan
        self.cap = max(limits.page_objects, limits.page_text) + 1
        self.everywhere = everywhere
        self.memo: dict[tuple[int, int], Cost] = {}
        self.bad: str | None = None  # why a stream drawn is over its budget

    def cost(self, ref: int, names: dict[str, int], path: tuple[int, ...]) -> Cost:
        if ref in self.scan.bad:
            # Not measured (its scan stopped), so no count: drawing it is over budget.
            self.bad = self.scan.bad[ref]
            return Cost(objects=self.cap)
        view = self.scan.raw.get(ref)
        if view is None or ref in path or len(path) > 32:
            return Cost()
        own = view.xobjects or names
        key = (ref, id(own))
        if key in self.memo:
            return self.memo[key]
        cost = Cost()
        cost.add(view.cost)
        for name, times in view.draws.items():
            refs = {own[name]} if name in own else self.everywhere.get(name, set())
            forms = [
                r
                for r in refs
                if r in self.scan.bad or ((v := self.scan.raw.get(r)) is not None and v.form)
            ]
            if times > 1 and any(r in path or r == ref for r in forms):
                cost.objects = self.cap  # a cycle that multiplies: see _CYCLE
                break
            drawn = [self.cost(r, own, (*path, ref)) for r in forms]
            if drawn:
                cost.add(max(drawn, key=lambda c: (c.objects, c.text)), times)
            if cost.objects > self.cap or cost.text > self.cap:
                break
        self.memo[key] = cost
        return cost


@dataclass
class Cost:
    """What drawing a stream (with everything it draws) makes and runs."""

    objects: int = 0
    text: int = 0
    bytes: int = 0

    def add(self, other: Cost, times: int = 1) -> None:
        self.objects += other.objects * times
        self.text += other.text * times
        self.bytes += other.bytes * times


# Operators that make a page object: text shown, paths painted, shadings, XObjects and
# inline images drawn; each follows a delimiter and is followed by one. Counted as
# tokens, so an operator name inside a string counts too (an upper bound).
_DRAW = re.compile(rb"[\s\])>](?:Tj|TJ|'|\"|S|s|f\*?|F|B\*?|b\*?|sh|Do|BI)(?=[\s\[\(</%])")
# Strings: literal (balanced parentheses, backslash escapes) and hexadecimal.
_STRING = re.compile(rb"\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>", re.S)
_DO = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do(?=[\s\[\(</%])")
_INLINE_READ_FLOOR = 1024 * 1024
_LAST_SPACE = re.compile(rb"[\s\x00][^\s\x00]*\Z")


def _text_bytes(seg: bytes, open_string: bool) -> tuple[int, bool]:
    """Bytes inside strings in ``seg``, and whether a string is still open at its end.

    Strings are stripped innermost first (nested parentheses take a pass each, up to
    three); whatever follows a parenthesis still open is counted as string, so the
    count is never below what a reader shows.
    """
    if open_string:
        seg = b"(" + seg
    rest = seg
    for _ in range(3):
        stripped = _STRING.sub(b"", rest)
        if len(stripped) == len(rest):
            break
        rest = stripped
    inside = len(seg) - len(rest)
    still = rest.find(b"(")
    if still >= 0:
        return inside + len(rest) - still, True
    return inside, False


class _ContentScan:
    """Counts over a content stream's decoded bytes, fed a chunk at a time."""

    def __init__(self, budget: StreamBudget, what: str) -> None:
        self.cost = Cost()
        self.draws: Counter[str] = Counter()
        self.budget = budget
        self.what = what
        self._carry = b""
        self._open = False
        self._inline_read = 0
        self._content = 0

    def feed(self, chunk: bytes, final: bool = False) -> None:
        # A token never spans white space: the bytes after the last of it wait for the
        # next chunk (a string may span it: _text_bytes carries that over).
        buf = self._carry + chunk
        last = None if final else _LAST_SPACE.search(buf, max(0, len(buf) - 4096))
        if not final and last is None and len(buf) < MB:
            self._carry = buf
            return
        cut = len(buf) if last is None else last.start() + 1
        seg, self._carry = buf[:cut], buf[cut:]
        # Delimiters at both ends, so an operator at either end is seen.
        padded = b" " + seg + b" "
        self.cost.bytes += len(seg)
        self._content += len(seg)
        self.cost.objects += len(_DRAW.findall(padded))
        text, self._open = _text_bytes(seg, self._open)
        self.cost.text += text
        if b"Do" in seg:
            self.draws.update(n.decode("latin-1") for n in _DO.findall(padded))
        if b"BI" in seg:
            for head, start in inline_images(padded):
                self._inline(head, padded, start)

    def _inline(self, head: bytes, seg: bytes, start: int) -> None:
        """Inflate an inline image's data as PDFium does to find where it ends (within
        what has been read: a bomb shows its ratio in its first kilobytes); its cost is
        the larger of that and what its dictionary declares (PDFium allocates that)."""
        declared = declared_size(head)
        m = re.search(rb"/(?:F|Filter)\s*(\[[^\]]*\]|/[A-Za-z0-9]+)", head)
        if m is None:
            self.cost.bytes += declared
            return
        size, read = inline_extent(
            memoryview(seg)[start:],
            filter_names(m.group(1)),
            self.budget,
            f"an inline image in {self.what}",
        )
        self.cost.bytes += max(size, declared)
        # Data with no end of its own runs on through the content after it, and each
        # image after it reads that again: past a few times the content's own size, that
        # is not an image PDFium draws but work without bound.
        self._inline_read += read
        if self._inline_read > _INLINE_READ_FLOOR + 8 * self._content:
            raise OverBudget(
                f"the inline images in {self.what} run on through the content after them "
                "(no end to their data)"
            )


class PageCosts:
    """What each page of an open pypdf reader draws (see the module's docstring)."""

    def __init__(self, scan: FileScan, limits: PdfLimits, file_size: int) -> None:
        self.scan = scan
        self.limits = limits
        self._streams: dict[int, tuple[Cost, Counter[str]]] = {}
        self._forms: dict[tuple[int, int], Cost] = {}
        self.total = Cost()
        room = max(file_size * limits.per_file_byte, 0)
        self.file_objects = max(limits.file_objects, room)
        self.file_text = max(limits.file_text, room)

    def check_page(self, page: Any, number: int) -> None:
        """Raise :class:`OverBudget` when page ``number`` (1-based) is over a page budget
        or takes the file over a file budget; else count it."""
        try:
            cost = self._page(page)
        except OverBudget as exc:
            raise OverBudget(f"page {number}: {exc.reason}") from None
        lim = self.limits
        for have, most, what in (
            (cost.objects, lim.page_objects, "drawing operators"),
            (cost.text, lim.page_text, "bytes of text"),
            (cost.bytes, lim.page_bytes, "bytes of drawing instructions"),
        ):
            if have > most:
                raise OverBudget(
                    f"page {number} draws more than {most:,} {what} (forms counted as often "
                    "as they are drawn); no real page draws that much"
                )
        self.total.add(cost)
        for have, most, what in (
            (self.total.objects, self.file_objects, "drawing operators"),
            (self.total.text, self.file_text, "bytes of text"),
            (self.total.bytes, lim.file_bytes, "bytes of drawing instructions"),
        ):
            if have > most:
                raise OverBudget(
                    f"up to page {number} the file draws more than {most:,} {what}, far more "
                    "than a document of its size holds"
                )

    def _page(self, page: Any) -> Cost:
        resources = _resolve(page.get("/Resources")) or {}
        contents = _contents(page)
        # A page dictionary pypdf could not parse whole may still be drawn by PDFium:
        # what its bytes name is counted too.
        refs, raw_names = self.scan.page_view(_idnum(page))
        known = {ref for ref, _ in contents}
        contents += [(ref, None) for ref in refs if ref not in known]
        cost = Cost()
        for ref, stream in contents:
            self._not_bad(ref)
            own, draws = self._stream_cost(ref, stream)
            cost.add(own)
            self._draws(cost, draws, resources, 0, (ref,), raw_names)
        self._fonts(resources)
        return cost

    def _not_bad(self, ref: int | None) -> None:
        if ref is not None and ref in self.scan.bad:
            raise OverBudget(self.scan.bad[ref])

    def _stream_cost(self, ref: int | None, stream: Any) -> tuple[Cost, Counter[str]]:
        if ref is not None and ref in self._streams:
            return self._streams[ref]
        scan = _ContentScan(self.limits.stream(), f"stream {ref}" if ref else "a stream")
        raw = getattr(stream, "_data", None)
        if isinstance(raw, (bytes, bytearray)):
            for chunk in decode(
                bytes(raw), filter_names(stream.get("/Filter")), scan.budget, scan.what
            ):
                scan.feed(chunk)
            scan.feed(b"", final=True)
        found = (scan.cost, scan.draws)
        raw_view = self.scan.raw.get(ref) if ref is not None else None
        if raw_view is not None:
            found = (_larger(scan.cost, raw_view.cost), scan.draws | raw_view.draws)
        if ref is not None:
            self._streams[ref] = found
        return found

    def _draws(
        self,
        cost: Cost,
        draws: Counter[str],
        resources: Any,
        depth: int,
        path: tuple[int | None, ...],
        raw_names: dict[str, int] | None = None,
    ) -> None:
        """Add what the XObjects drawn by name cost, each as often as it is drawn (names
        looked up in pypdf's resources, else in the stream's dictionary as written)."""
        xobjects = _resolve(resources.get("/XObject")) if hasattr(resources, "get") else None
        if not xobjects and not raw_names:
            return
        for name, times in draws.items():
            ref, obj = _entry(xobjects, "/" + name) if xobjects else (None, None)
            if ref is None and raw_names:
                ref = raw_names.get(name)
            raw_view = self.scan.raw.get(ref) if ref is not None else None
            if ref in path and times > 1:
                raise OverBudget(_CYCLE.format(ref=ref, times=times))
            if (obj is None and raw_view is None) or ref in path:
                continue  # missing, or a form drawing itself once (a bounded chain)
            self._not_bad(ref)
            is_form = (getattr(obj, "get", lambda _key: None)("/Subtype") == "/Form") or (
                raw_view is not None and raw_view.form
            )
            if not is_form or depth >= 32:
                continue  # an image: one object, already counted by its Do
            cost.add(self._form(ref, obj, resources, depth + 1, path), times)
            if cost.objects > self.limits.page_objects or cost.text > self.limits.page_text:
                return  # over already: the caller says so

    def _form(
        self, ref: int | None, obj: Any, inherited: Any, depth: int, path: tuple[int | None, ...]
    ) -> Cost:
        own_resources = _resolve(obj.get("/Resources")) if hasattr(obj, "get") else None
        raw_view = self.scan.raw.get(ref) if ref is not None else None
        raw_names = raw_view.xobjects if raw_view is not None else None
        # Resources the form's bytes name, where pypdf read none, are its own: the
        # page's are inherited only by a form that names none.
        resources = own_resources or (None if raw_names else inherited)
        key = (ref or 0, 0 if own_resources or raw_names else id(inherited))
        if ref is not None and key in self._forms:
            return self._forms[key]
        base, draws = self._stream_cost(ref, obj)
        cost = Cost()
        cost.add(base)
        self._draws(cost, draws, resources, depth, (*path, ref), raw_names)
        self._fonts(resources)
        if ref is not None:
            self._forms[key] = cost
        return cost

    def _fonts(self, resources: Any) -> None:
        """The font programs and ToUnicode maps a page uses, checked against the scan."""
        fonts = _resolve(resources.get("/Font")) if hasattr(resources, "get") else None
        if not isinstance(fonts, dict):
            return  # none, or damage (a number where the dictionary should be)
        for name in list(fonts)[:256]:
            for ref, stream in _font_streams(_entry(fonts, name)[1]):
                self._not_bad(ref)
                if self.scan.encrypted and ref not in self._streams:
                    self._sized(ref, stream)

    def _sized(self, ref: int | None, stream: Any) -> None:
        """Inflate (count and drop) a stream PDFium inflates without drawing it."""
        raw = getattr(stream, "_data", None)
        if isinstance(raw, (bytes, bytearray)):
            filters = filter_names(stream.get("/Filter"))
            decoded_size(bytes(raw), filters, self.limits.stream(), f"stream {ref}")
        if ref is not None:
            self._streams[ref] = (Cost(), Counter())


def _larger(a: Cost, b: Cost) -> Cost:
    """Each count the larger of two readings of one stream."""
    return Cost(max(a.objects, b.objects), max(a.text, b.text), max(a.bytes, b.bytes))


def _resolve(value: Any) -> Any:
    try:
        return value.get_object() if hasattr(value, "get_object") else value
    except Exception:
        return None


def _idnum(value: Any) -> int | None:
    ref = getattr(value, "indirect_reference", None) or value
    number = getattr(ref, "idnum", None)
    return number if isinstance(number, int) else None


def _entry(container: Any, name: str) -> tuple[int | None, Any]:
    """(object number, resolved object) of a dictionary entry."""
    try:
        raw = container.raw_get(name) if hasattr(container, "raw_get") else container.get(name)
    except Exception:
        return None, None
    return _idnum(raw), _resolve(raw)


def _contents(page: Any) -> list[tuple[int | None, Any]]:
    ref, value = _entry(page, "/Contents")
    if value is None or (not isinstance(value, list) and not hasattr(value, "_data")):
        return []  # missing, or not a stream nor an array (damaged): the bytes may say
    if hasattr(value, "_data"):
        return [(ref, value)]
    out = []
    for item in list(value)[:10_000]:
        out.append((_idnum(item), _resolve(item)))
    return [(r, s) for r, s in out if s is not None]


def _font_streams(font: Any) -> list[tuple[int | None, Any]]:
    """The streams a font reads from: its ToUnicode map and its embedded program."""
    if not hasattr(font, "get"):
        return []
    refs = [_entry(font, "/ToUnicode")]
    fonts = [font]
    descendants = _resolve(font.get("/DescendantFonts"))
    if isinstance(descendants, list):
        fonts += [_resolve(d) for d in descendants[:4]]
    for f in fonts:
        descriptor = _resolve(f.get("/FontDescriptor")) if hasattr(f, "get") else None
        if hasattr(descriptor, "get"):
            refs += [_entry(descriptor, k) for k in ("/FontFile", "/FontFile2", "/FontFile3")]
    return [(r, s) for r, s in refs if s is not None]
