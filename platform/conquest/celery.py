"""The Celery application: workers run matches and the periodic ladder and sweep tasks."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "conquest.settings")

app = Celery("conquest")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
