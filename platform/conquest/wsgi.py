"""WSGI entry point (``gunicorn conquest.wsgi`` with ``platform/`` on the path)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")
application = get_wsgi_application()
