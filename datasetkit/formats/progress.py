"""Reading several files as one run with one progress count: each file's read options report
the bytes read so far (streaming readers call it as they go), the rest move file by file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from datasetkit.formats import ReadOptions
from datasetkit.io.files import input_size


def file_steps(
    files: list[str], options: ReadOptions, progress: Callable[[int, int], None] | None
) -> Iterator[tuple[str, ReadOptions]]:
    """Each file with the read options to use, reporting bytes read to ``progress``.

    Readers that stream (JSONL, CSV) call ``options.extra["progress"]`` with the bytes
    read so far, so one large file moves the bar too; the rest move it file by file.
    """
    if progress is None:
        yield from ((path, options) for path in files)
        return
    sizes = [input_size(path) for path in files]
    total = sum(sizes)
    done = 0
    progress(0, total)
    for path, size in zip(files, sizes, strict=True):
        base = done
        extra = {**options.extra, "progress": lambda n, base=base: progress(base + n, total)}
        yield path, replace(options, extra=extra)
        done += size
        progress(done, total)
