"""Text as the text forms read it (a chunk under its heading, its lists, its sentences)
and the pass that asks every text form of the registry over a chunk."""
