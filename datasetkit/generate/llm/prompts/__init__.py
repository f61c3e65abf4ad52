"""What the model is asked: the versioned prompt templates, what they teach (persona,
style, answer rules, examples), the JSON shapes replies come in, and the knowledge a
prompt carries (what a passage holds, related passages, whole tables, document summaries).
"""
