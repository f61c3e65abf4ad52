"""Starting a dataset: the starter templates ``datasetkit init`` writes."""

from __future__ import annotations

from datasetkit.formats.m365.templates import TEMPLATE_DESCRIPTIONS
from datasetkit.formats.m365.templates import load as template_bytes

__all__ = ["TEMPLATE_DESCRIPTIONS", "template_bytes"]
