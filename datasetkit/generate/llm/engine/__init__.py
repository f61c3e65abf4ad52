"""The generator and one run of it: plan and description turned into units (calls), rounds
of calls with checks and top-ups, the journal that makes a run resumable, the budget and
price table, the dry run, the progress bar, the summary and the manifest.

:class:`~datasetkit.generate.llm.engine.generator.LLMGenerator` is the entry point.
"""
