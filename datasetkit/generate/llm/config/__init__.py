"""What a run is configured with: the settings and the secrets they hold, resolved from
flags, a config file, the environment and ``.env`` (each value remembers where it came
from), and the providers (openai, azure, compatible) as the generate command sees them.
"""
