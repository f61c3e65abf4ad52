"""Datasets as plain records and pandas DataFrames (``Dataset.to_records`` and friends).

Two layouts, both documented in docs/python-api.md:

* per turn (the default): one record per turn, with ``case`` and ``turn`` (0-based
  numbers) so a conversation's turns can be put back together;
* per case: one record per case; a single-turn case's turn fields sit in the record,
  a conversation's turns are a list under ``conversation``.

Reading records back takes either layout, or any other records: their columns are
then resolved by the same synonyms and ``mapping`` (``--map``) as every spreadsheet.
pandas is imported only inside the functions that need it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from datasetkit.core.cases import Case, DatasetBase, Turn
from datasetkit.core.findings import DatasetkitError, Location, Severity

if TYPE_CHECKING:
    import pandas as pd

# The dataset class to build: datasetkit.core.model.Dataset, whose methods call this module
# (so this module does not import it).
D = TypeVar("D", bound=DatasetBase)

# The columns of each layout, in order (see the module docstring).
CASE_COLUMNS = ("id", "name", "category", "kind")
TURN_COLUMNS = ("prompt", "expected_response", "response", "context")
PER_TURN_COLUMNS = ("case", "turn", *CASE_COLUMNS, *TURN_COLUMNS)
PER_CASE_COLUMNS = (*CASE_COLUMNS, *TURN_COLUMNS, "conversation")
_OWN_KEYS = frozenset(PER_TURN_COLUMNS) | frozenset(PER_CASE_COLUMNS)


def _turn_fields(turn: Turn) -> dict[str, Any]:
    return {name: getattr(turn, name) for name in TURN_COLUMNS}


def to_records(dataset: DatasetBase, per: str = "turn") -> list[dict[str, Any]]:
    """The dataset as records, one per turn (``per="turn"``) or per case (``per="case"``)."""
    if per not in ("turn", "case"):
        raise DatasetkitError(f"per={per!r}: records are per 'turn' or per 'case'")
    out: list[dict[str, Any]] = []
    for ci, case in enumerate(dataset.cases):
        head = {name: getattr(case, name) for name in CASE_COLUMNS}
        if per == "turn":
            # A seed has no turn; it still gets its row, so no case disappears.
            turns: list[Turn | None] = list(case.turns) or [None]
            for ti, turn in enumerate(turns):
                fields = _turn_fields(turn) if turn else dict.fromkeys(TURN_COLUMNS)
                out.append({"case": ci, "turn": ti, **head, **fields})
            continue
        row = {**head, **dict.fromkeys(TURN_COLUMNS), "conversation": None}
        if len(case.turns) == 1:
            row.update(_turn_fields(case.turns[0]))
        elif case.turns:
            row["conversation"] = [_turn_fields(t) for t in case.turns]
        out.append(row)
    return out


def _blank(value: Any) -> bool:
    """None, or a missing cell as pandas gives it (NaN, NaT, pd.NA)."""
    if value is None:
        return True
    try:
        return bool(value != value) or (isinstance(value, float) and math.isnan(value))
    except (TypeError, ValueError):
        return False


def _text(value: Any) -> str | None:
    from datasetkit.core.roles import is_missing

    if _blank(value) or is_missing(value):
        return None
    return value if isinstance(value, str) else str(value)


def _number(value: Any, column: str, index: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise DatasetkitError(
            f"record {index}: {column!r} is {value!r}, not a whole number",
            f"number the {column}s 0, 1, 2...",
        ) from None


def _turn(record: Mapping[str, Any]) -> Turn:
    return Turn(
        prompt=_text(record.get("prompt")) or "",
        expected_response=_text(record.get("expected_response")),
        response=_text(record.get("response")),
        context=_text(record.get("context")),
    )


def _case_head(record: Mapping[str, Any]) -> dict[str, Any]:
    kind = _text(record.get("kind"))
    head: dict[str, Any] = {
        name: _text(record.get(name)) for name in CASE_COLUMNS if name != "kind"
    }
    if kind is not None:
        if kind not in ("single", "conversation", "seed"):
            raise DatasetkitError(
                f"kind {kind!r} is not a case kind", "use single, conversation or seed"
            )
        head["kind"] = kind
    return head


def _own_layout(records: list[dict[str, Any]], dataset_cls: type[D]) -> D:
    """Records in one of the two documented layouts."""
    if all("case" in r and "turn" in r for r in records):
        grouped: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        for i, r in enumerate(records):
            grouped.setdefault(_number(r["case"], "case", i), []).append(
                (_number(r["turn"], "turn", i), r)
            )
        cases = []
        for _, rows in sorted(grouped.items()):
            rows.sort(key=lambda item: item[0])
            head = _case_head(rows[0][1])
            turns = [_turn(r) for _, r in rows if not all(_blank(r.get(c)) for c in TURN_COLUMNS)]
            head.setdefault("kind", "conversation" if len(turns) > 1 else "single")
            cases.append(Case(turns=turns, **head))
        return dataset_cls(cases=cases, source_format="records")
    cases = []
    for r in records:
        head = _case_head(r)
        conv = r.get("conversation")
        if isinstance(conv, list) and conv:
            if not all(isinstance(t, Mapping) for t in conv):
                raise DatasetkitError(
                    "a 'conversation' cell must be a list of turns (objects with a prompt)"
                )
            turns = [_turn(t) for t in conv]
        elif all(_blank(r.get(c)) for c in TURN_COLUMNS):
            turns = []
        else:
            turns = [_turn(r)]
        head.setdefault("kind", "conversation" if len(turns) > 1 else "single")
        cases.append(Case(turns=turns, **head))
    return dataset_cls(cases=cases, source_format="records")


def from_records(
    records: Iterable[Mapping[str, Any]],
    mapping: Mapping[str, str] | None = None,
    *,
    dataset_cls: type[D],
) -> D:
    """A dataset from records: either documented layout, or any columns (see the module)."""
    rows: list[dict[str, Any]] = []
    for i, r in enumerate(records):
        if not isinstance(r, Mapping):
            raise DatasetkitError(
                f"record {i} is {type(r).__name__}, not a mapping", "pass dicts, one per record"
            )
        rows.append({str(k): v for k, v in r.items()})
    if mapping:
        # Canonical field -> the column that holds it, as --map says it.
        rename = {column: field for field, column in mapping.items()}
        rows = [{rename.get(k, k): v for k, v in r.items()} for r in rows]
    if not rows:
        return dataset_cls(source_format="records")
    keys = {k for r in rows for k in r}
    if keys <= _OWN_KEYS and ("prompt" in keys or "conversation" in keys):
        return _own_layout(rows, dataset_cls)
    return _resolved(rows, dataset_cls)


def _resolved(rows: list[dict[str, Any]], dataset_cls: type[D]) -> D:
    """Records with columns of their own, read through the column-role resolver."""
    from datasetkit.core.record_cases import record_cases

    clean = [{k: (None if _blank(v) else v) for k, v in r.items()} for r in rows]
    cases, findings = record_cases(
        clean, "", "<records>", lambda p: Location(path="<records>", pointer=p), "records"
    )
    errors = [f for f in findings if f.severity == Severity.ERROR]
    for f in findings:
        if f.severity == Severity.WARNING and not errors:
            # The Python API's findings of a read that succeeds: warnings, once each.
            import warnings

            warnings.warn(f"{f.message} ({f.hint})", UserWarning, stacklevel=4)
    if errors:
        first = errors[0] if errors else None
        raise DatasetkitError(
            first.message if first else "the records hold no cases",
            (first.hint if first else "")
            + " (in Python: Dataset.from_records(records, mapping={'prompt': 'COLUMN'}))",
        )
    return dataset_cls(cases=cases, source_format="records", source_path="<records>")


def to_pandas(dataset: DatasetBase, per: str = "turn") -> pd.DataFrame:
    """The dataset as a DataFrame with the columns of :func:`to_records`."""
    import pandas as pd

    columns = PER_TURN_COLUMNS if per == "turn" else PER_CASE_COLUMNS
    return pd.DataFrame(to_records(dataset, per), columns=list(columns))


def from_pandas(
    df: pd.DataFrame, mapping: Mapping[str, str] | None = None, *, dataset_cls: type[D]
) -> D:
    """A dataset from a DataFrame (missing cells are empty fields)."""
    to_dict = getattr(df, "to_dict", None)
    if to_dict is None:
        raise DatasetkitError(
            f"from_pandas takes a pandas DataFrame, not {type(df).__name__}",
            "use Dataset.from_records for a list of dicts",
        )
    return from_records(to_dict("records"), mapping, dataset_cls=dataset_cls)
