"""The Foundry fast path (:mod:`datasetkit.formats.foundry.fast`) as a streamed conversion
takes it: Foundry JSONL to Foundry JSONL or CSV, clean rows without models, with the
result the streamed path (:mod:`.streamed`) gives.

When the fast path does not cover the job, or gives up on a file (a line the reader
reports on as a line, an empty file, anything raised while writing), nothing is kept and
the streamed path converts it all, so output, findings and summary are the streamed
path's in every case. ``DATASETKIT_FULL_CONVERT=1`` turns it off (tests compare both).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from datasetkit.convert.job import ConvertJob
from datasetkit.convert.prepare import prepare_or_leave_out
from datasetkit.convert.result import ConvertResult
from datasetkit.convert.streamed import finish_streamed
from datasetkit.core.findings import Tally
from datasetkit.io.staging import staged_output

if TYPE_CHECKING:
    from datasetkit.core.model import Case

FULL_PATH_ENV = "DATASETKIT_FULL_CONVERT"


def convert_fast(job: ConvertJob, result: ConvertResult) -> bool:
    """Convert as :func:`.streamed.convert_streamed` does, clean rows without models;
    False (``result`` untouched, nothing written) when the streamed path must do it all."""
    if os.environ.get(FULL_PATH_ENV):
        return False
    from datasetkit.formats.foundry.fast import convert as fast

    if not fast.covers(job.sources, job.target, job.read_options, job.write_options):
        return False
    loss = Tally()

    def prepare(case: Case, source_format: str) -> Case | None:
        return prepare_or_leave_out(case, source_format, job.target, loss)

    with staged_output(job.folder, job.output, False) as staged:
        try:
            written, read, errors = fast.convert_files(
                job.sources,
                staged,
                job.target,
                job.write_options,
                prepare,
                job.total,
                job.progress,
                loss,
            )
        except Exception:
            # NotCovered, or anything else (a full disk, an unforeseen shape): the full
            # path then does it all again and reports what it finds, as it always has.
            return False
        for p, _, _ in job.sources:
            result.input_findings[p] = read.findings[p]
        result.cases_read = read.rows
        # A clean row is written clean: the output's errors are those of the rows read
        # the full way, checked as they were written.
        finish_streamed(job, written, staged, loss, result, errors)
    return True
