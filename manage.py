#!/usr/bin/env python
"""Django's command-line utility for Conquest Arena (the project lives in platform/conquest)."""

import os
import sys
from pathlib import Path

if __name__ == "__main__":
    # platform/ itself goes on the path, never the repository root's `platform` folder as a
    # package: it would shadow the standard library's `platform` module.
    sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")
    from conquest.config import prepare_home
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line
    from pydantic import ValidationError

    try:
        prepare_home()
        settings.INSTALLED_APPS  # noqa: B018 (loads the settings: a mistake is said here)
    except (ValidationError, ImproperlyConfigured) as error:
        # A malformed ARENA_* variable or DATABASE_URL: say which, no traceback.
        sys.exit(f"error: {error}")
    execute_from_command_line(sys.argv)
