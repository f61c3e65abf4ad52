"""The forms that ask text: a section's heading, its lists, its text as a whole, and each
of its paragraphs, list items and sentences."""
