"""The webhook deliveries have their own Celery queue and worker (settings CELERY_TASK_ROUTES,
docker-compose.yml): a slow receiver never holds the worker of the deadline sweep and the notices.
The real workers are tried in test_real_worker.py."""
import pytest
from django.conf import settings

from config.celery import app
from tests.stack.compose import compose_services, service_command

WEBHOOK_TASKS = ["webhooks.tasks.webhook_deliver", "webhooks.tasks.deliveries_retry"]
PUSH_TASKS = ["push.tasks.notices_push", "push.tasks.pushes_retry"]
OTHER_TASKS = ["duels.tasks.sweep_deadlines", "duels.tasks.send_reminders", "duels.tasks.window_expire",
               "accounts.tasks.notices_email", "accounts.tasks.notices_email_due", "webhooks.tasks.digest_send"]


def queue_of(task: str) -> str:
    return app.amqp.router.route({}, task)["queue"].name


def queues_taken(service: str) -> list[str]:
    argv = service_command(service)
    assert argv[:4] == ["celery", "-A", "config", "worker"], argv
    return argv[argv.index("-Q") + 1].split(",")


@pytest.mark.parametrize("task", WEBHOOK_TASKS)
def test_webhook_deliveries_go_to_their_own_queue(task):
    assert queue_of(task) == settings.WEBHOOK_QUEUE == "webhooks"


@pytest.mark.parametrize("task", PUSH_TASKS)
def test_web_pushes_go_to_their_own_queue(task):
    assert queue_of(task) == settings.PUSH_QUEUE == "push"


@pytest.mark.parametrize("task", OTHER_TASKS)
def test_the_deadlines_and_the_notices_stay_on_the_default_queue(task):
    assert queue_of(task) == settings.CELERY_TASK_DEFAULT_QUEUE == "celery"


def test_compose_runs_one_worker_per_queue():
    assert queues_taken("worker") == ["celery"]
    assert queues_taken("webhooks") == ["webhooks", "push"]  # the calls to servers outside
    workers = [name for name, service in compose_services().items()
               if " worker" in str(service.get("command", ""))]
    assert sorted(workers) == ["webhooks", "worker"]


def test_every_scheduled_task_has_a_worker_for_its_queue():
    taken = set(queues_taken("worker")) | set(queues_taken("webhooks"))
    assert {queue_of(entry["task"]) for entry in settings.CELERY_BEAT_SCHEDULE.values()} <= taken
