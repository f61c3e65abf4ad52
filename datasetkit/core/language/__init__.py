"""Which language a text is written in: the one detector (:mod:`.detect`) for ingestion and
generation, and the word lists behind it (:mod:`.words`).
"""
