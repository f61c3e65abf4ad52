"""A statistics program's printed frequency table, as Word and PDF tests paste it into
their documents, and the records a reader takes from it."""

from __future__ import annotations

FREQ = [
    "The FREQ Procedure",
    "                                 Cumulative    Cumulative",
    "Sex    Frequency     Percent     Frequency      Percent",
    "--------------------------------------------------------",
    "F             9       47.37             9        47.37",
    "M            10       52.63            19       100.00",
]

# The group label above two columns joins each column's own name.
FREQ_RECORDS = [
    {
        "Sex": "F",
        "Frequency": "9",
        "Percent": "47.37",
        "Cumulative Frequency": "9",
        "Cumulative Percent": "47.37",
    },
    {
        "Sex": "M",
        "Frequency": "10",
        "Percent": "52.63",
        "Cumulative Frequency": "19",
        "Cumulative Percent": "100.00",
    },
]
