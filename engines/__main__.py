"""``python -m engines``: see :mod:`engines.cli`."""

import sys

from engines.cli import main

sys.exit(main())
