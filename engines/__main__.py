"""``python -m engines``: see :mod:`engines.cli`."""

import sys

from engines.cli import main

if __name__ == "__main__":  # not when the module is only imported
    sys.exit(main())
