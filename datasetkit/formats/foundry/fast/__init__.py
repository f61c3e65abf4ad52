"""The Foundry fast path: clean JSONL rows converted to Foundry JSONL or CSV without the
canonical model, in one process or in parts on several processors.
"""
