"""When a dataset changes on disk during a review: the page is shown the file as it is now,
and the reviewer's unsaved decisions move onto the same cases of the new version.

A case is found again the way the review record finds it (:func:`~datasetkit.generate.
decisions.case_key`): by its id, else by its content id. A case another editor changed
(and which has no id) or removed is not found: its decision is dropped, and the page says
how many were.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from datasetkit.generate.decisions import case_key
from datasetkit.viewer.opened import OpenFile, Stamp, version_of
from datasetkit.viewer.saving import Change

# How many replaced versions of a file are kept, for a page that still shows one of them.
KEEP_VERSIONS = 4


def changed_on_disk(opened: OpenFile, stamp: Stamp | None) -> bool:
    """Whether the file's content is no longer the version ``opened`` holds (read only
    when its size or time says it may be)."""
    if stamp is not None and stamp == opened.stamp:
        return False
    try:
        with open(opened.path, "rb") as fh:
            data = fh.read()
    except OSError:
        return True
    if version_of(data) != opened.version:
        return True
    opened.stamp = stamp  # touched, not changed
    return False


def carry_changes(
    shown: OpenFile, now: OpenFile, changes: list[Change]
) -> tuple[list[dict[str, Any]], int]:
    """The page's ``changes`` to the cases of ``shown``, moved onto the same cases of
    ``now``; and how many found no case there."""
    places: dict[str, list[int]] = defaultdict(list)
    for index, case in enumerate(now.cases):
        places[case_key(case)].append(index)
    carried: list[dict[str, Any]] = []
    dropped = 0
    for change in changes:
        found = places.get(case_key(shown.cases[change.index]))
        if not found:
            dropped += 1
            continue
        carried.append(
            {
                "index": found.pop(0),  # of equal cases, the first not yet taken
                "verdict": change.verdict,
                "note": change.note,
                "edit": change.edit,
            }
        )
    return carried, dropped
