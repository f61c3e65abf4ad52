"""Places in a file's text: byte and character offsets as 1-based line and column, and the
UTF-8 byte order mark that comes before the first line."""

from __future__ import annotations

UTF8_BOM = b"\xef\xbb\xbf"


def offset_to_line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a character offset in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    last_nl = text.rfind("\n", 0, offset)
    return line, offset - last_nl


def byte_offset_to_line_col(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of a byte offset, the column counted in decoded characters."""
    offset = max(0, min(offset, len(data)))
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, col
