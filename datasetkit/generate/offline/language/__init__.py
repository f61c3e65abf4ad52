"""The offline generator's language: question templates per language, English wording
(normalising text, sentences, topics, plurals, "you" -> "I") and the English clause
parser the sentence forms build their questions from."""
