"""The Foundry fast path: clean JSONL rows converted to Foundry JSONL or CSV without the
canonical model, in one process or in parts on several processors. :mod:`.convert` is its
entry; the convert layer chooses it, and passes in how the case of a row that is not
clean is laid out for the target.
"""
