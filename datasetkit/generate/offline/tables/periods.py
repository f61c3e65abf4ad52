"""How a table's header names a period: a year, a quarter, a half, a month, a span of
months, or a financial statement's reporting period ("Three Months Ended June 30, 2023");
and a header that names a period and what is measured in it, apart."""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.said import said_words

# A header that names a period: a year, a quarter, a half, a month, a span of months.
MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# A reporting period a financial statement heads its columns with: "Three Months Ended
# June 30, 2023", "Year ended 31 December 2022", "Quarter Ended Mar. 31, 2024".
ENDED_PERIOD = (
    r"(?:(?:three|six|nine|twelve|\d{1,2})\s+months|(?:fiscal\s+)?year|quarter|half[- ]year"
    r"|(?:\w+|\d+)\s+weeks|period)\s+ended\s+"
    rf"(?:{MONTH}\.?\s+\d{{1,2}}|\d{{1,2}}\s+{MONTH}\.?),?\s+(?:19|20)\d\d"
)
PERIOD_HEADER = re.compile(
    rf"(?i)^(?:(?:fy|q[1-4]|h[12])\s*)?(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?$"
    rf"|^(?:q[1-4]|h[12]|fy)\s*(?:19|20)?\d\d$"
    # A quarter or half of a fiscal year: "Q1 FY25", "H2 FY2024".
    rf"|^(?:q[1-4]|h[12])\s*fy\s*(?:19|20)?\d\d$"
    rf"|^{MONTH}\.?(?:\s*[-–]\s*{MONTH}\.?)?\s+(?:19|20)\d\d$"
    rf"|^{ENDED_PERIOD}$"
)


_PERIOD_PART = (
    rf"{MONTH}\.?(?:\s*[-–]\s*{MONTH}\.?)?\s+(?:19|20)\d\d"
    rf"|(?:(?:q[1-4]|h[12])\s*)?fy\s*(?:19|20)?\d\d|(?:q[1-4]|h[12])\s*(?:19|20)?\d\d"
    rf"|(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?|{ENDED_PERIOD}"
)
_PERIOD_FIRST = re.compile(rf"(?i)^(?P<period>{_PERIOD_PART})\s+(?P<rest>[^\W\d_].*)$")
_PERIOD_LAST = re.compile(rf"(?i)^(?P<rest>[^\W\d_].*?)\s+(?P<period>{_PERIOD_PART})$")


def period_split(header: str) -> tuple[str | None, str]:
    """A header that names a period and what is measured in it, apart: "January–June 2023
    Sales" -> ("January–June 2023", "Sales"), "Revenue FY2024" -> ("FY2024", "Revenue");
    (None, header) for any other."""
    m = _PERIOD_FIRST.match(header.strip()) or _PERIOD_LAST.match(header.strip())
    if m is None or PERIOD_HEADER.match(said_words(m.group("rest"))):
        return None, header
    return m.group("period"), m.group("rest")
