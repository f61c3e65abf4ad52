"""Part names of an Office package as its relationships spell them.

Some writers store a package's members under Windows paths (``xl\\workbook.xml``) or in
another case than the relationships that point at them (``[content_types].xml``,
``xl/sharedstrings.xml``). Office opens such files: part names in a package compare
without regard to case, and a backslash is no part of a name. The readers here look
members up by the exact name a relationship gives, so the archive's names are mended to
that spelling once, when it is opened; the bytes on disk are not touched.
"""

from __future__ import annotations

import posixpath
import re
import zipfile

_TARGET = re.compile(rb'\bTarget\s*=\s*"([^"]*)"')
_EXTERNAL = re.compile(rb'TargetMode\s*=\s*"External"')
_RELATIONSHIP = re.compile(rb"<(?:\w+:)?Relationship\b[^>]*>")
_PART_NAME = re.compile(rb'\bPartName\s*=\s*"([^"]*)"')
_CONTENT_TYPES = "[Content_Types].xml"
# Relationship parts are small; one larger than this is not read for names.
_MAX_RELS = 4 * 1024 * 1024


def mend_part_names(zf: zipfile.ZipFile) -> int:
    """Rename members spelt with backslashes or in another case than the package refers
    to them; returns how many were renamed (0 for a package written to the rules)."""
    names = zf.namelist()
    if _CONTENT_TYPES in names and not any("\\" in n for n in names):
        return 0  # the common case: nothing to read
    for info in zf.infolist():
        info.filename = info.filename.replace("\\", "/").lstrip("/")
    wanted = {w.casefold(): w for w in _referenced(zf)}
    renamed = 0
    for info in zf.infolist():
        spelt = wanted.get(info.filename.casefold())
        if spelt is not None and spelt != info.filename:
            info.filename = spelt
        renamed += info.filename != info.orig_filename
    zf.NameToInfo = {info.filename: info for info in zf.infolist()}
    return renamed


def _referenced(zf: zipfile.ZipFile) -> set[str]:
    """Every part name the package's relationships and content types spell out."""
    out = {_CONTENT_TYPES}
    for info in zf.infolist():
        name = info.filename
        if info.file_size > _MAX_RELS:
            continue
        if name.casefold() == _CONTENT_TYPES.casefold():
            data = zf.read(info)
            out |= {m.decode("utf-8", "replace").lstrip("/") for m in _PART_NAME.findall(data)}
        elif name.casefold().endswith(".rels"):
            out |= _targets(name, zf.read(info))
    return out


def _targets(rels_name: str, data: bytes) -> set[str]:
    """The internal targets of one relationships part, as part names."""
    # A part's relationships live in <folder>/_rels/<part>.rels; its targets are
    # relative to <folder> unless they start with "/".
    folder = posixpath.dirname(posixpath.dirname(rels_name))
    out: set[str] = set()
    for element in _RELATIONSHIP.findall(data):
        found = _TARGET.search(element)
        if found is None or _EXTERNAL.search(element):
            continue
        target = found.group(1).decode("utf-8", "replace").replace("\\", "/")
        path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        out.add(posixpath.normpath(path).lstrip("/"))
    return out
