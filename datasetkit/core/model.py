"""The canonical dataset model every format is read into and written out of.

Hub and spoke: each format module converts between its files and these objects, so
validate, lint, convert and generate all work on one shape. The model is a superset
of what the three formats carry:

* M365 eval documents: single-turn items and multi-turn threads (``Case`` with
  ``kind="single"`` or ``"conversation"``), evaluators, allowed tools, output fields.
* Foundry JSONL/CSV rows: full ``messages`` (tool calls, tool results, system
  prompts), ``query``/``response``, ``context``, ``ground_truth``,
  ``tool_definitions``, simulation seeds (``kind="seed"``) and extra columns.
* Copilot Studio test sets: question, expected response, conversation number, and
  the test methods that travel beside the CSV (in ``extensions``).

Nothing is dropped: every field a format does not map to a model field is kept in
``extra`` (in source order) and written back by the same format.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from datasetkit.core.cases import (
    Case,
    CaseKind,
    DatasetBase,
    JSONObject,
    Message,
    Seed,
    Source,
    Turn,
)

__all__ = ["Case", "CaseKind", "Dataset", "JSONObject", "Message", "Seed", "Source", "Turn"]


class Dataset(DatasetBase):
    """A whole dataset: document-level settings plus its cases."""

    # Records and DataFrames: the layouts are described in datasetkit.core.records (and the
    # docs/python-api.md); pandas is imported only when a DataFrame is asked for.

    @classmethod
    def from_records(
        cls, records: Iterable[Mapping[str, Any]], mapping: Mapping[str, str] | None = None
    ) -> Dataset:
        """A dataset from dicts: the per-turn or per-case layout of :meth:`to_records`, or
        any columns (resolved by name, or by ``mapping``: field -> column, like ``--map``)."""
        from datasetkit.core.records import from_records

        return from_records(records, mapping, dataset_cls=cls)

    def to_records(self, per: str = "turn") -> list[dict[str, Any]]:
        """One dict per turn (``case``, ``turn``, case fields, turn fields) or per case."""
        from datasetkit.core.records import to_records

        return to_records(self, per)

    @classmethod
    def from_pandas(cls, df: Any, mapping: Mapping[str, str] | None = None) -> Dataset:
        """A dataset from a pandas DataFrame (columns as in :meth:`from_records`)."""
        from datasetkit.core.records import from_pandas

        return from_pandas(df, mapping, dataset_cls=cls)

    def to_pandas(self, per: str = "turn") -> Any:
        """A pandas DataFrame with the columns of :meth:`to_records`."""
        from datasetkit.core.records import to_pandas

        return to_pandas(self, per)
