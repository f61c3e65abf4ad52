"""The hub: the canonical model, findings, JSON locations, carried fields, column roles and
language detection. Pure data and logic, no file or terminal I/O; every other layer imports
it, and it imports nothing of datasetkit but itself.
"""
