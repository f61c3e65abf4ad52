"""The package version, in a module of its own so the modules that report it (the CLI's
--version, reports, run manifests) import it without importing the package's API."""

__version__ = "0.2.0"
