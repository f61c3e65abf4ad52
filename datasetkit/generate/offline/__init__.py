"""The offline generator: grounded test cases from the knowledge itself, no API needed."""
