"""What is drawn on the terminal while a command runs: the progress bar (:mod:`.bar`) and how
it looks (:mod:`.draw`). The command line and long library runs report progress through it.
"""
