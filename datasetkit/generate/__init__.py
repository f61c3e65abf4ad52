"""Generation: test cases from knowledge files, or a starter set from an agent description.

:mod:`.run` is the pipeline (load, plan, generate, gate, write); :mod:`.plan` chooses what
to ask, :mod:`.retrieval` finds related passages, :mod:`.review` is the review sheet round
trip. The generators: :mod:`.offline` (no API) and :mod:`.llm` (through the ``openai``
client); every case they make passes :mod:`.gate`.
"""
