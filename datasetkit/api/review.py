"""The review round trip: a spreadsheet in which people approve, edit or reject cases, and
merging their decisions back into the dataset."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.core.findings import DatasetkitError, Severity

if TYPE_CHECKING:
    from datasetkit.generate.review import MergeResult


def write_review_sheet(dataset: str, output: str) -> tuple[Path, int]:
    """Write the review sheet (.xlsx) of the dataset file ``dataset``: its path and case count.

    Refuses a dataset that cannot be read or has errors: a sheet of a broken set would
    carry its errors into the review.
    """
    from datasetkit.convert.readwrite import read_dataset
    from datasetkit.generate.review import write_review_sheet as write_sheet

    read = read_dataset(dataset)
    errors = [f for f in read.findings if f.severity == Severity.ERROR]
    if read.dataset is None or errors:
        raise DatasetkitError(
            f"{dataset}: {errors[0].message if errors else 'cannot be read'}",
            "fix it first (datasetkit validate)",
        )
    return write_sheet(read.dataset, output), len(read.dataset.cases)


def merge_review(
    review_sheet: str,
    dataset: str,
    *,
    output: str | None = None,
    to: str | None = None,
    drop_unreviewed: bool = False,
    backup: bool = True,
) -> tuple[MergeResult, list[Path]]:
    """Merge a filled-in review sheet into ``dataset`` (or into ``output``): what it did, and
    the files written. Merging into the dataset itself is locked from read to write."""
    from datasetkit.generate.review import merge_files
    from datasetkit.io.inplace import locked

    with locked(dataset) if output is None else contextlib.nullcontext():
        return merge_files(
            review_sheet,
            dataset,
            output=output,
            to=to,
            drop_unreviewed=drop_unreviewed,
            backup=backup,
        )
