"""The Celery application: workers run matches and the periodic ladder and sweep tasks."""

import os

from celery import Celery
from celery.signals import task_prerun, worker_ready

from conquest.config import prepare_home
from conquest.health import heartbeat_start
from conquest.matches.outages import reconnect

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")

app = Celery("conquest")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_configure.connect
def _prepare_home(sender: Celery, **kwargs) -> None:
    """Prepare ARENA_HOME before the app first reads the settings: this is how every
    ``celery -A conquest`` process (workers, beat) starts."""
    prepare_home()


@task_prerun.connect
def _fresh_connections(**kwargs) -> None:
    """Before every task, drop this thread's database connections that broke or grew too old
    (``CONN_MAX_AGE``), as Django does before a request; with ``CONN_HEALTH_CHECKS`` the
    next query also checks the connection it reuses. Celery's own Django fix-up closes them
    only every ``CELERY_DB_REUSE_MAX`` tasks: a worker that met a database restart would fail
    every task until then."""
    reconnect()


@worker_ready.connect
def _heartbeat(sender, **kwargs) -> None:
    """A worker ready for tasks starts its heartbeat (``manage.py worker_health``)."""
    heartbeat_start(sender.hostname)
