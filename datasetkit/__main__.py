"""``python -m datasetkit``."""

from datasetkit.cli import main

if __name__ == "__main__":
    main()
