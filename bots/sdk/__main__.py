"""``python -m bots.sdk``, the command ``conquest-bot``: see :mod:`bots.sdk.runner`."""

import sys

from bots.sdk.runner import main

if __name__ == "__main__":  # not when pytest imports it for its doctests
    sys.exit(main())
