"""The format registry lists formats in one order, whichever format module is imported first."""

from __future__ import annotations

import subprocess
import sys


def test_the_order_does_not_depend_on_which_format_was_imported_first() -> None:
    code = (
        "import datasetkit.formats.peers, datasetkit.formats.copilot_studio\n"
        "from datasetkit.formats import all_formats\n"
        "print(' '.join(f.name for f in all_formats()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [
        "m365",
        "foundry",
        "foundry-csv",
        "copilot-studio",
        "copilot-studio-conversation",
        "sheet",
        "promptfoo",
        "ragas",
        "deepeval",
        "openai-evals",
        "promptflow",
        "records",
    ]
