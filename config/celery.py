"""Celery application. Tasks live in each app's ``tasks.py`` and are autodiscovered.

Without ``REDIS_URL`` the settings make tasks run eagerly, in-process (the one-machine default).
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("estrade")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
