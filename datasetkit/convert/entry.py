"""The convert layer's entry: :func:`convert` builds one :class:`.job.ConvertJob` and
picks the path that runs it.

- to M365, from inputs read case by case: :mod:`.to_m365` (item by item);
- between formats read and written case by case: the Foundry fast path (:mod:`.fast`)
  when it covers the job, else :mod:`.streamed`;
- anything else: :mod:`.whole` (every input read whole, the output written whole).

Reading and writing a whole dataset is :mod:`.readwrite`; laying a case out for its target,
:mod:`.prepare`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.convert.result import ConvertResult as ConvertResult

if TYPE_CHECKING:
    from datasetkit.convert.job import ConvertJob, Progress
    from datasetkit.formats import ReadOptions, WriteOptions


def convert(
    inputs: list[str],
    output: str,
    *,
    source: str | None = None,
    target: str | None = None,
    read_options: ReadOptions | None = None,
    write_options: WriteOptions | None = None,
    force: bool = False,
    progress: Progress | None = None,
    make_parents: bool = False,
) -> ConvertResult:
    """Convert ``inputs`` (one dataset, several concatenated) into ``output``, inside the
    error boundary: whatever escapes is an explained error naming the inputs.

    Formats come from the extension and content unless named. JSONL/CSV to JSONL/CSV is
    streamed (memory stays flat). Nothing is written when the output fails the target's
    own checks, or in strict mode when anything would be lost or an input has errors.
    The output's folder must exist unless ``make_parents`` says to create it.
    """
    from datasetkit.convert.job import build_job
    from datasetkit.io.safety import boundary

    with boundary(", ".join("<stdin>" if p == "-" else p for p in inputs), "convert"):
        job = build_job(
            inputs,
            output,
            source=source,
            target=target,
            read_options=read_options,
            write_options=write_options,
            force=force,
            progress=progress,
            make_parents=make_parents,
        )
        return _run(job)


def _run(job: ConvertJob) -> ConvertResult:
    """Run ``job`` on the path that fits its formats."""
    result = ConvertResult(target_format=job.target.name)
    result.source_formats = {s.path: s.format.name for s in job.sources}
    by_case = all(_streamable_source(s.format) for s in job.sources)
    if job.target.name == "m365" and by_case:
        from datasetkit.convert.to_m365 import convert_to_m365  # the same result, item by item

        convert_to_m365(job, result)
    elif by_case and _streamable_target(job.target):
        from datasetkit.convert.fast import convert_fast
        from datasetkit.convert.streamed import convert_streamed

        result.streamed = True
        # Foundry JSONL to Foundry JSONL/CSV: the same result, clean rows without models.
        if not convert_fast(job, result):
            convert_streamed(job, result)
    else:
        from datasetkit.convert.whole import convert_whole

        convert_whole(job, result)
    return result


def _streamable_source(fmt: formats.Format) -> bool:
    return type(fmt).iter_cases is not formats.Format.iter_cases


def _streamable_target(fmt: formats.Format) -> bool:
    return callable(getattr(fmt, "write_stream", None))
