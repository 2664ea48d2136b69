"""WSGI entry point (``gunicorn conquest.wsgi`` with ``platform/`` on the path)."""

import os

from django.core.wsgi import get_wsgi_application

from conquest.config import prepare_home

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")
prepare_home()
application = get_wsgi_application()
