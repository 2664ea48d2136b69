"""The Celery application: workers run matches and the periodic ladder and sweep tasks."""

import os

from celery import Celery

from conquest.config import prepare_home

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")

app = Celery("conquest")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_configure.connect
def _prepare_home(sender: Celery, **kwargs) -> None:
    """Prepare ARENA_HOME before the app first reads the settings: this is how every
    ``celery -A conquest`` process (workers, beat) starts."""
    prepare_home()
