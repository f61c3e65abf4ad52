"""Excel number formats: a cell value shown as Excel shows it (en-US conventions).

``format_value(value, fmt)`` is pure: the value as stored (a number, a serial date, a
``datetime``, text, a boolean) and the cell's number format code in, the text a person
sees in the cell out. It covers decimals, thousands separators and scaling, currency
and locale tags, percentages, scientific notation, fractions, dates, times and elapsed
times, up to four sections (positive;negative;zero;text) with colours and conditions,
accounting padding and fills, ``@`` text sections and literal-only sections. Numbers go
through 15 significant digits first, as in Excel, so float noise never shows.
Month and day names are English; the ``[$-xxx]`` locale tag is ignored.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from typing import Any

from datasetkit.knowledge.build import clean_inline
from datasetkit.knowledge.excel.dates import date_tokens, iso, render_date, to_serial

# Built-in number formats by id, as an en-US Excel shows them. Ids 14 and 22 follow
# the system short date (m/d/yyyy), not the mm-dd-yy that the file format names.
BUILTIN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)',
    6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)',
    8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "m/d/yyyy",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "m/d/yyyy h:mm",
    37: "#,##0_);(#,##0)",
    38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)',
    42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
    43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)',
    44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mmss.0",
    48: "##0.0E+0",
    49: "@",
}
# Ids that Excel resolves by the locale it runs in and writes with no format code:
# East Asian dates (27-31, 36, 50-54, 57, 58) and times (32-35, 55, 56), Thai numbers,
# dates and times (59-81). Read as the nearest locale-free format, so a date or time
# shows as one, never as its serial number.
_LOCALE_DATE = "yyyy-mm-dd"
BUILTIN_FORMATS.update(
    dict.fromkeys((27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58, 71, 72), _LOCALE_DATE)
)
BUILTIN_FORMATS.update(dict.fromkeys((32, 34, 55), "h:mm") | dict.fromkeys((33, 35, 56), "h:mm:ss"))
BUILTIN_FORMATS.update(
    {
        59: "0",
        60: "0.00",
        61: "#,##0",
        62: "#,##0.00",
        67: "0%",
        68: "0.00%",
        69: "# ?/?",
        70: "# ??/??",
        73: "d-mmm-yy",
        74: "d-mmm",
        75: "mmm-yy",
        76: "h:mm",
        77: "h:mm:ss",
        78: "yyyy-mm-dd h:mm",
        79: "mm:ss",
        80: "[h]:mm:ss",
        81: "mmss.0",
    }
)

# The system long date and time formats (what an en-US Windows shows for them).
_SYSTEM_FORMATS = {"[$-F800]": "dddd, mmmm d, yyyy", "[$-F400]": "h:mm:ss AM/PM"}
_CONDITION = re.compile(r"(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)")
_ELAPSED = re.compile(r"(h+|m+|s+)", re.IGNORECASE)
_DATE_LETTERS = "ymdhse"


@dataclass(frozen=True)
class _Section:
    tokens: tuple[tuple[str, str], ...]
    kind: str  # number, date, text, general, literal
    condition: tuple[str, Decimal] | None = None


def format_value(value: Any, fmt: str | None = "General", *, date1904: bool = False) -> str:
    """A cell value as text, the way its number format ``fmt`` shows it in Excel."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    code = fmt or "General"
    if isinstance(value, str):
        return _text(clean_inline(value).replace("\n", " "), code)
    if isinstance(value, (dt.datetime, dt.date, dt.time, dt.timedelta)):
        if _is_general(code):
            return iso(value)
        serial = to_serial(value, date1904)
        return _number(serial, code, date1904) if serial is not None else iso(value)
    if isinstance(value, (int, float, Decimal)):
        try:
            return _number(_decimal(value), code, date1904)
        except (InvalidOperation, ValueError, OverflowError):
            return str(value)
    return str(value)


def is_date_format(fmt: str | None) -> bool:
    """Whether a number format shows numbers as dates or times (its first section)."""
    sections = _parse(fmt or "General")
    return bool(sections) and sections[0].kind == "date"


# ----- parsing ----------------------------------------------------------------------


def _is_general(code: str) -> bool:
    return code.strip().lower() in ("general", "")


@lru_cache(maxsize=2048)
def _parse(code: str) -> tuple[_Section, ...]:
    return tuple(_section(part) for part in _split_sections(code))


def _split_sections(code: str) -> list[str]:
    """Split at the semicolons that are not inside quotes, brackets or escapes."""
    parts: list[str] = []
    start = i = 0
    n = len(code)
    while i < n:
        ch = code[i]
        if ch == '"':
            end = code.find('"', i + 1)
            i = n if end == -1 else end + 1
            continue
        if ch in "\\_*":
            i += 2
            continue
        if ch == "[":
            end = code.find("]", i)
            i = n if end == -1 else end + 1
            continue
        if ch == ";":
            parts.append(code[start:i])
            start = i + 1
        i += 1
    parts.append(code[start:])
    return parts


def _section(text: str) -> _Section:
    upper = text.upper()
    for tag, system in _SYSTEM_FORMATS.items():
        if tag in upper:
            text = system
    tokens, condition = _tokenize(text)
    kinds = {kind for kind, _ in tokens}
    if "date" in kinds:
        kind = "date"
        tokens = date_tokens(tokens)
    elif "ph" in kinds:
        kind = "number"
    elif "general" in kinds:
        kind = "general"
    elif "text" in kinds:
        kind = "text"
    else:
        kind = "literal"
    return _Section(tuple(tokens), kind, condition)


def _tokenize(text: str) -> tuple[list[tuple[str, str]], tuple[str, Decimal] | None]:
    out: list[tuple[str, str]] = []
    condition: tuple[str, Decimal] | None = None
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        low = text[i:].lower()
        if ch == '"':
            end = text.find('"', i + 1)
            end = n if end == -1 else end
            out.append(("lit", text[i + 1 : end]))
            i = end + 1
        elif ch == "\\":
            out.append(("lit", text[i + 1 : i + 2]))
            i += 2
        elif ch == "_":
            out.append(("pad", " "))
            i += 2
        elif ch == "*":
            out.append(("fill", text[i + 1 : i + 2]))
            i += 2
        elif ch == "[":
            end = text.find("]", i)
            end = n if end == -1 else end
            token, cond = _bracket(text[i + 1 : end])
            if token is not None:
                out.append(token)
            condition = cond or condition
            i = end + 1
        elif low.startswith("general"):
            out.append(("general", "General"))
            i += 7
        elif low.startswith(("am/pm", "a/p")):
            size = 5 if low.startswith("am/pm") else 3
            out.append(("date", text[i : i + size]))
            i += size
        elif ch in "eE" and i + 1 < n and text[i + 1] in "+-":
            out.append(("exp", text[i + 1]))
            i += 2
        elif ch.lower() in _DATE_LETTERS:
            j = i
            while j < n and text[j].lower() == ch.lower():
                j += 1
            out.append(("date", text[i:j].lower()))
            i = j
        else:
            out.append(_plain(ch))
            i += 1
    return out, condition


def _plain(ch: str) -> tuple[str, str]:
    if ch in "0#?":
        return ("ph", ch)
    return {".": ("dot", "."), ",": ("comma", ","), "%": ("pct", "%"), "/": ("slash", "/")}.get(
        ch, ("text", "@") if ch == "@" else ("lit", ch)
    )


def _bracket(inner: str) -> tuple[tuple[str, str] | None, tuple[str, Decimal] | None]:
    """A ``[...]`` part: a condition, a currency/locale tag, elapsed time, or a colour."""
    m = _CONDITION.fullmatch(inner.strip())
    if m:
        return None, (m.group(1), Decimal(m.group(2)))
    if inner.startswith("$"):
        symbol = inner[1:].split("-")[0]
        return (("lit", symbol) if symbol else None), None
    if _ELAPSED.fullmatch(inner) and len(set(inner.lower())) == 1:
        return ("date", "[" + inner.lower() + "]"), None
    return None, None  # colours, [DBNum1], [$-x-sysdate] ...


# ----- choosing a section --------------------------------------------------------------


def _test(cond: tuple[str, Decimal], x: Decimal) -> bool:
    op, limit = cond
    return {
        "<": x < limit,
        ">": x > limit,
        "=": x == limit,
        "<=": x <= limit,
        ">=": x >= limit,
        "<>": x != limit,
    }[op]


def _pick(sections: tuple[_Section, ...], x: Decimal) -> tuple[_Section | None, bool]:
    """The section a number uses, and whether it shows the number without its sign."""
    numeric = sections[:3]
    if numeric[0].condition is not None or (len(numeric) > 1 and numeric[1].condition):
        for s in numeric[:2]:
            if s.condition is not None and _test(s.condition, x):
                return s, False
        rest = [s for s in numeric[1:] if s.condition is None]
        return (rest[0], False) if rest else (None, False)
    if len(numeric) == 1:
        return numeric[0], False
    if x < 0:
        return numeric[1], True
    if x == 0 and len(numeric) >= 3:
        return numeric[2], False
    return numeric[0], False


# ----- numbers --------------------------------------------------------------------------


def _decimal(value: int | float | Decimal) -> Decimal:
    """The value as Excel holds it: at most 15 significant digits."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("not a finite number")
        d = Decimal(repr(value))
    else:
        d = Decimal(value)
    if d == 0:
        return Decimal(0)
    digits = len(d.as_tuple().digits)
    if digits > 15:
        d = d.quantize(Decimal(1).scaleb(d.adjusted() - 14), rounding=ROUND_HALF_UP)
    return d


def _number(x: Decimal, code: str, date1904: bool) -> str:
    if _is_general(code):
        return general(x)
    section, unsigned = _pick(_parse(code), x)
    if section is None:
        return general(x)
    if unsigned:
        x = abs(x)
    if section.kind == "date":
        text = render_date(x, section.tokens, date1904, general)
        return general(x) if text is None else text
    if section.kind == "number":
        return _render_number(x, section)
    if section.kind == "general":
        return _join(section.tokens, general(x), "general")
    if section.kind == "text":
        return general(x)
    return _join(section.tokens, "", "")


def general(x: Decimal | int | float) -> str:
    """Excel's General format: up to 15 significant digits, no trailing zeros."""
    d = x if isinstance(x, Decimal) else _decimal(x)
    try:
        return _general(d)
    except ArithmeticError:  # an exponent past Decimal's limits (found by fuzzing)
        return str(d)


def _general(d: Decimal) -> str:
    if d == 0:
        return "0"
    d = _denoised(d)
    if Decimal("1e-9") <= abs(d) < Decimal("1e15"):
        text = format(d, "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    mantissa = d.scaleb(-d.adjusted()).normalize()
    exp = d.adjusted()
    return f"{format(mantissa, 'f')}E{'+' if exp >= 0 else '-'}{abs(exp):02d}"


def _denoised(d: Decimal) -> Decimal:
    """The value without a spreadsheet's binary float noise: a cell General shows holds
    ten significant digits at most in a column of normal width, so 0.8000000000000007
    (the sum 0.1 + 0.7) shows as 0.8. A value that differs from its ten-digit rounding by
    less than a ten-trillionth of itself is that rounding; a value with more real digits
    (0.123456789012) keeps them."""
    rounded = d.quantize(Decimal(1).scaleb(d.adjusted() - 9), rounding=ROUND_HALF_UP)
    if rounded != d and abs(d - rounded) < abs(d) * Decimal("1e-13"):
        return rounded
    return d


def _join(tokens: tuple[tuple[str, str], ...], value: str, slot: str) -> str:
    """Literal tokens with ``value`` in place of the ``slot`` token (fills dropped)."""
    parts: list[str] = []
    for i, (kind, text) in enumerate(tokens):
        if kind == slot:
            parts.append(value)
        elif kind in ("lit", "pad"):
            parts.append(text)
        elif kind == "fill" and _fill_gap(tokens, i):
            parts.append(" ")
    return "".join(parts).strip()


def _fill_gap(tokens: tuple[tuple[str, str], ...], i: int) -> bool:
    """A fill shows as nothing, except as the space of an accounting zero (``$ -``)."""
    before = tokens[i - 1] if i > 0 else ("", "")
    after = tokens[i + 1] if i + 1 < len(tokens) else ("", "")
    return before[0] == "lit" and bool(before[1].strip()) and after == ("lit", "-")


def _render_number(x: Decimal, section: _Section) -> str:
    tokens = list(section.tokens)
    x = x * (Decimal(100) ** sum(1 for k, _ in tokens if k == "pct"))
    tokens, scale = _scaling_commas(tokens)
    x = x.scaleb(-3 * scale)
    kinds = [k for k, _ in tokens]
    if "exp" in kinds:
        body = _scientific(x, tokens)
    elif "slash" in kinds:
        body = _fraction(x, tokens)
    else:
        body = _fixed(x, tokens)
    return body.strip()


def _scaling_commas(tokens: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], int]:
    """Commas right after the last digit placeholder divide by 1000 each; the rest group."""
    last = max((i for i, (k, _) in enumerate(tokens) if k == "ph"), default=None)
    if last is None:
        return tokens, 0
    j = last + 1
    while j < len(tokens) and tokens[j][0] == "comma":
        j += 1
    return tokens[: last + 1] + tokens[j:], j - last - 1


def _fixed(x: Decimal, tokens: list[tuple[str, str]]) -> str:
    dot = next((i for i, (k, _) in enumerate(tokens) if k == "dot"), len(tokens))
    int_ph = [i for i in range(dot) if tokens[i][0] == "ph"]
    dec_ph = [i for i in range(dot, len(tokens)) if tokens[i][0] == "ph"]
    rounded = abs(x).quantize(Decimal(1).scaleb(-len(dec_ph)), rounding=ROUND_HALF_UP)
    whole, _, frac = format(rounded, "f").partition(".")
    negative = x < 0 and rounded != 0
    grouping = any(k == "comma" for k, _ in tokens[int_ph[0] : dot]) if int_ph else False
    pieces = _integer_pieces(whole.lstrip("0"), [tokens[i][1] for i in int_ph], grouping)
    decimals = _decimal_pieces(frac, [tokens[i][1] for i in dec_ph])
    fill = dict(zip(int_ph, pieces, strict=True)) | dict(zip(dec_ph, decimals, strict=True))
    out = _emit(tokens, fill)
    return ("-" + out.lstrip() if negative else out).rstrip()


def _emit(tokens: list[tuple[str, str]], fill: dict[int, str]) -> str:
    parts: list[str] = []
    for i, (kind, text) in enumerate(tokens):
        if i in fill:
            parts.append(fill[i])
        elif kind in ("lit", "pad", "dot", "pct", "slash"):
            parts.append(text)
        elif kind == "text":
            parts.append("")
        elif kind == "fill" and _fill_gap(tuple(tokens), i):
            parts.append(" ")
    return "".join(parts)


def _integer_pieces(digits: str, placeholders: list[str], grouping: bool) -> list[str]:
    """What each integer placeholder shows; extra digits go to the first one."""
    if not placeholders:
        return []
    out = [""] * len(placeholders)
    rest = digits
    for i in range(len(placeholders) - 1, -1, -1):
        if rest:
            out[i], rest = rest[-1], rest[:-1]
        else:
            out[i] = {"0": "0", "?": " ", "#": ""}[placeholders[i]]
    out[0] = rest + out[0]
    if grouping:
        shown = "".join(out)
        body = shown.lstrip(" ")
        if body.isdigit():
            grouped = f"{int(body):,}" if body else ""
            return [shown[: len(shown) - len(body)] + grouped] + [""] * (len(out) - 1)
    return out


def _decimal_pieces(frac: str, placeholders: list[str]) -> list[str]:
    out = []
    for i, p in enumerate(placeholders):
        digit = frac[i] if i < len(frac) else "0"
        trailing = not frac[i:].strip("0")
        if p == "0" or not trailing:
            out.append(digit)
        else:
            out.append(" " if p == "?" else "")
    return out


def _scientific(x: Decimal, tokens: list[tuple[str, str]]) -> str:
    e = next(i for i, (k, _) in enumerate(tokens) if k == "exp")
    mantissa_tokens, exp_tokens = tokens[:e], tokens[e + 1 :]
    dot = next((i for i, (k, _) in enumerate(mantissa_tokens) if k == "dot"), e)
    int_digits = sum(1 for k, _ in mantissa_tokens[:dot] if k == "ph")
    decimals = sum(1 for k, _ in mantissa_tokens[dot:] if k == "ph")
    step = int_digits if int_digits > 1 and ("ph", "#") in mantissa_tokens[:dot] else 1
    exp = 0
    if x != 0:
        exp = (abs(x).adjusted() // step) * step
        m = abs(x).scaleb(-exp).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
        if m >= Decimal(10) ** step:
            exp += step
    mantissa = x.scaleb(-exp)
    head = _fixed(mantissa, mantissa_tokens)
    sign = "-" if exp < 0 else ("+" if tokens[e][1] == "+" else "")
    width = sum(1 for k, t in exp_tokens if k == "ph" and t == "0")
    tail_start = next((i for i, (k, _) in enumerate(exp_tokens) if k != "ph"), len(exp_tokens))
    tail = _emit(exp_tokens[tail_start:], {})
    return f"{head}E{sign}{abs(exp):0{max(width, 1)}d}{tail}"


def _fraction(x: Decimal, tokens: list[tuple[str, str]]) -> str:
    slash = next(i for i, (k, _) in enumerate(tokens) if k == "slash")
    num_start = slash
    while num_start > 0 and tokens[num_start - 1][0] == "ph":
        num_start -= 1
    whole_ph = [t for k, t in tokens[:num_start] if k == "ph"]
    den_tokens = tokens[slash + 1 :]
    den_ph = [t for k, t in den_tokens if k == "ph"]
    fixed = "".join(t for k, t in den_tokens if k == "lit" and t.isdigit())
    value = abs(x)
    whole = int(value) if whole_ph else 0
    rest = Fraction(value - whole)
    if fixed and not den_ph:
        den = int(fixed)
        num = round(rest * den)
    else:
        best = rest.limit_denominator(10 ** max(len(den_ph), 1) - 1)
        num, den = best.numerator, best.denominator
    if num == den:
        whole, num = whole + 1, 0
    sign = "-" if x < 0 and (whole or num) else ""
    if num == 0:
        return sign + (str(whole) if whole_ph else "0")
    head = f"{whole} " if whole else ""
    return f"{sign}{head}{num}/{den}"


# ----- text ---------------------------------------------------------------------------


def _text(value: str, code: str) -> str:
    """Text in a cell: shown as is, unless the format has a text section."""
    sections = _parse(code) if not _is_general(code) else ()
    section = None
    if len(sections) >= 4:
        section = sections[3]
    elif sections and any(k == "text" for k, _ in sections[-1].tokens):
        section = sections[-1]
    if section is None:
        return value
    if not section.tokens:
        return ""
    return _join(section.tokens, value, "text")
