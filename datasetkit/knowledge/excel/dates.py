"""Dates and times in Excel number formats: serial numbers, calendars, date tokens.

Excel stores a moment as a serial number of days (from 1899-12-30, or from 1904-01-01
in the 1904 date system), counting a 29 February 1900 that never was. A date format
section is a list of tokens (``yyyy``, ``mmm``, ``d``, ``h``, ``M`` for minutes,
``ss``, ``AM/PM``, elapsed ``[h]``...) rendered here with English names.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

Token = tuple[str, str]

_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_EPOCH_1900 = dt.datetime(1899, 12, 30)
_EPOCH_1904 = dt.datetime(1904, 1, 1)
_MAX_SERIAL = 2958466  # 10000-01-01: Excel shows no date from there on


def date_tokens(tokens: list[Token]) -> list[Token]:
    """Date sections: minutes told from months, fractions of seconds, '/' as a literal."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        kind, text = tokens[i]
        if kind == "dot" and out and out[-1][0] == "date" and out[-1][1][-1] == "s":
            j = i + 1
            while j < len(tokens) and tokens[j] == ("ph", "0"):
                j += 1
            if j > i + 1:
                out.append(("subsec", str(j - i - 1)))
                i = j
                continue
        if kind in ("dot", "comma", "slash", "pct", "ph", "exp"):
            kind, text = "lit", text if kind != "exp" else "E" + text
        out.append((kind, text))
        i += 1
    dates = [i for i, (kind, _) in enumerate(out) if kind == "date"]
    for pos, i in enumerate(dates):
        text = out[i][1]
        if text not in ("m", "mm"):
            continue
        prev = out[dates[pos - 1]][1] if pos > 0 else ""
        nxt = out[dates[pos + 1]][1] if pos + 1 < len(dates) else ""
        if prev.lstrip("[").startswith("h") or nxt.lstrip("[").startswith("s"):
            out[i] = ("date", "M" * len(text))  # upper case M: minutes
    return out


def to_serial(value: Any, date1904: bool) -> Decimal | None:
    epoch = _EPOCH_1904 if date1904 else _EPOCH_1900
    if isinstance(value, dt.timedelta):
        return Decimal(repr(value.total_seconds())) / 86400
    if isinstance(value, dt.time):
        seconds = value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
        return Decimal(repr(seconds)) / 86400
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    delta = value - epoch
    days = Decimal(delta.days) + Decimal(delta.seconds * 10**6 + delta.microseconds) / 86400_000000
    if not date1904 and days < 61:
        days -= 1  # Excel counts a 29 February 1900 that never was
    return days if days >= 0 else None


def _from_serial(x: Decimal, date1904: bool, subsec: int) -> tuple[dt.datetime, int] | None:
    """The moment a serial number stands for, rounded to what the format shows.

    Returns the datetime and the total number of milliseconds (for elapsed times).
    """
    if x < 0 or x >= _MAX_SERIAL:
        return None
    unit = 10 ** (3 - subsec)
    ms = int((x * 86400000 / unit).to_integral_value(rounding=ROUND_HALF_UP)) * unit
    days, rest = divmod(ms, 86400000)
    if date1904:
        base = _EPOCH_1904
    elif days < 61:
        base = _EPOCH_1900 + dt.timedelta(days=1)  # before the phantom 29 February 1900
    else:
        base = _EPOCH_1900
    return base + dt.timedelta(days=days, milliseconds=rest), ms


def render_date(
    x: Decimal, tokens: tuple[Token, ...], date1904: bool, general: Callable[[Decimal], str]
) -> str | None:
    """A serial number in a date section's tokens (None: no date Excel can show)."""
    subsec = max((int(t) for k, t in tokens if k == "subsec"), default=0)
    moment = _from_serial(x, date1904, min(subsec, 3))
    if moment is None:
        return None
    when, ms = moment
    twelve = any(k == "date" and t.lower() in ("am/pm", "a/p") for k, t in tokens)
    parts: list[str] = []
    for kind, text in tokens:
        if kind == "date":
            parts.append(_date_part(text, when, ms, twelve))
        elif kind == "subsec":
            digits = f"{when.microsecond // 1000:03d}"
            parts.append("." + digits[: int(text)])
        elif kind in ("lit", "pad"):
            parts.append(text)
        elif kind == "general":
            parts.append(general(x))
    return "".join(parts).strip()


def _date_part(token: str, when: dt.datetime, ms: int, twelve: bool) -> str:
    if token.startswith("["):
        unit = token[1]
        total = ms // {"h": 3600000, "m": 60000, "s": 1000}[unit]
        return f"{total:0{len(token) - 2}d}"
    low = token.lower()
    if low in ("am/pm", "a/p"):
        label = "AM" if when.hour < 12 else "PM"
        label = label if low == "am/pm" else label[0]
        return label.lower() if token[0].islower() else label
    head = token[0]
    n = len(token)
    if head in "ye":
        return f"{when.year % 100:02d}" if head == "y" and n <= 2 else f"{when.year:04d}"
    if head == "m":
        if n >= 5:
            return _MONTHS[when.month - 1][0]
        if n >= 3:
            name = _MONTHS[when.month - 1]
            return name if n == 4 else name[:3]
        return f"{when.month:0{n}d}"
    if head == "d":
        if n >= 3:
            name = _DAYS[when.weekday()]
            return name if n >= 4 else name[:3]
        return f"{when.day:0{n}d}"
    if head == "h":
        hour = (when.hour % 12 or 12) if twelve else when.hour
        return f"{hour:0{min(n, 2)}d}"
    if head == "M":
        return f"{when.minute:0{min(n, 2)}d}"
    if head == "s":
        return f"{when.second:0{min(n, 2)}d}"
    return token


def iso(value: Any) -> str:
    """A date or time with the General format: ISO 8601."""
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)
