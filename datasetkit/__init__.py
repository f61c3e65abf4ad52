"""datasetkit: author, check, convert and generate evaluation datasets for AI agents.

The public Python API lives here; the command line (``datasetkit``) is a thin layer
over it.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
