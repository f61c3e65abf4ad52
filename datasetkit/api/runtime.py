"""What a program built on datasetkit sets up around its calls: temporary files removed
on SIGINT, SIGTERM and SIGHUP, the last error boundary that explains any exception left,
atomic writes for the files it makes, and the lock of an in-place edit.
"""

from __future__ import annotations

from datasetkit.io.files import atomic_write_bytes, atomic_write_text, atomic_writer
from datasetkit.io.inplace import locked
from datasetkit.io.safety import at_cli as explain_unexpected
from datasetkit.io.staging import install_signal_handlers

__all__ = [
    "atomic_write_bytes",
    "atomic_write_text",
    "atomic_writer",
    "explain_unexpected",
    "install_signal_handlers",
    "locked",
]
