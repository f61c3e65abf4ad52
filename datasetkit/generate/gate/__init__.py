"""The one quality gate every generated case passes, offline or LLM: shape (a well-formed
question and answer), meaning (the answer says what the evidence says), polarity, values
and units, with the word lists they use.
"""
