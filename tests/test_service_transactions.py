"""Every service that writes the audit log or queues after-commit work opens its own transaction.

`audit_record` raises outside a transaction and after-commit work queued outside one runs at once; the
ordinary tests cannot see a missing `@transaction.atomic` (pytest-django runs each inside a transaction).
This reads the service modules instead (tests/support/service_transactions.py); the referee's pages are
also driven with real commits in tests/duels/test_referee_actions_commit.py."""
import textwrap

from tests.support.service_transactions import Reading, service_modules

# Helpers that join their caller's transaction by design, each called only from services that hold one
# (the reading checks those callers: an unprotected public caller of a helper below is reported).
EXEMPT = {
    ("accounts.services.emails", "notices_email_after_commit"):
        "queues the e-mails of notices the caller's transaction stores",
    ("push.services.delivery", "notices_push_after_commit"):
        "a notice channel: pushes the notices of the caller's transaction after that commit",
    ("accounts.services.notifications", "notification_send"):
        "stores a notice in the caller's transaction (the outbox), its e-mail after that commit",
    ("duels.services.finish", "duel_finish"):
        "'call with the duel row locked, inside a transaction': the sweep and state_commit",
    ("duels.services.sanctions", "state_commit"):
        "stores the engine state inside the fault / forfeit / publish services' transaction",
    ("duels.services.common", "window_create"): "opens a window inside duel_start's and the corrections' transaction",
    ("duels.services.common", "window_refresh"):
        "closes a window inside the post, exemption, extension and sanction services' transaction",
    ("rankings.services.standings", "table_revision_bump"):
        "also called by a model signal: outside a transaction, forgetting the revision at once is right",
    ("rankings.services.rebuild", "rebuild_in_python"): "one branch of standings_rebuild (atomic)",
    ("rankings.services.standings_sql", "rebuild_in_database"): "one branch of standings_rebuild (atomic)",
    ("webhooks.services.delivery", "webhook_disable"): "called inside delivery_outcome_record (atomic)",
    ("webhooks.services.staff", "staff_told_webhook_disabled"): "called inside webhook_disable's transaction",
    ("tournaments.services.common", "audit"): "the tournament services' audit entry, inside their transaction",
    ("tournaments.services.corrections", "match_correct"):
        "inside match_duel_finished's transaction (the corrected duel's DuelFinished)",
    ("tournaments.services.draw", "round_open"): "draws a round inside tournament_draw's or advance's transaction",
    ("tournaments.services.progress", "advance"):
        "moves the tournament on inside the result's transaction (advance_safely wraps it in a savepoint)",
    ("webhooks.services.panel", "webhook_audit"):
        "logs inside the panel's webhook services' and delivery_resend's transaction (in the webhook's club)",
}


def test_every_service_writing_the_audit_log_or_queueing_after_commit_work_opens_its_transaction():
    assert Reading(service_modules()).unprotected(exempt=set(EXEMPT)) == []


def test_each_exemption_names_a_helper_that_still_needs_its_callers_transaction():
    reading = Reading(service_modules())
    reaching = reading.reaching()
    stale = sorted(f"{module}.{name}" for module, name in EXEMPT if (module, name) not in reaching)
    assert stale == []  # gone, renamed or now atomic: take it off the list


def _reading(**modules: str) -> Reading:
    return Reading({name.replace("__", "."): textwrap.dedent(source) for name, source in modules.items()})


AUDITED = """
    from django.db import transaction
    from audit.services import audit_record
    from common.after_commit import after_commit

    def _log(by):
        audit_record(actor=by, action="x")

    {decorator}
    def confirm(*, by):
        {body}
"""


def _service(body: str, decorator: str = "") -> str:
    return textwrap.dedent(AUDITED).format(decorator=decorator, body=body)


def test_the_reading_finds_an_audit_entry_written_outside_a_transaction():
    # the shape of the referee's absence confirmation that answered 500: expiry, then the audit entry
    found = _reading(app__services=_service('audit_record(actor=by, action="fault")')).unprotected()
    assert found == ["app.services.confirm (line 10) calls audit.services.audit_record outside a transaction"]


def test_the_reading_follows_local_helpers_other_modules_and_on_commit():
    assert _reading(app__services=_service("_log(by)")).unprotected()
    assert _reading(app__services=_service("transaction.on_commit(print)")).unprotected()
    assert _reading(app__services=_service("after_commit(print)")).unprotected()
    other = """
        from app.services import confirm

        def run(*, by):
            return confirm(by=by)
    """
    found = _reading(app__services=_service("_log(by)", "@transaction.atomic"), app__tasks=other).unprotected()
    assert found == []  # an atomic callee protects its caller
    found = _reading(app__services=_service("_log(by)"), app__tasks=other).unprotected()
    assert [line.split(" ")[0] for line in found] == ["app.services.confirm", "app.tasks.run"]


def test_the_reading_accepts_a_decorator_or_an_atomic_block():
    assert _reading(app__services=_service("_log(by)", "@transaction.atomic")).unprotected() == []
    assert _reading(app__services=_service("_log(by)", "@transaction.atomic(durable=True)")).unprotected() == []
    block = "with transaction.atomic():\n        _log(by)"
    assert _reading(app__services=_service(block)).unprotected() == []
    after_block = "with transaction.atomic():\n        pass\n    _log(by)"
    assert _reading(app__services=_service(after_block)).unprotected()


def test_the_reading_covers_every_service_module():
    modules = service_modules()
    assert {"duels.services.faults", "duels.services.referee_tools", "audit.services",
            "webhooks.services.announcements", "accounts.services.membership"} <= set(modules)


def test_a_service_called_through_the_lazy_package_is_followed():
    reading = _reading(
        duels__services="""
            WHERE = {"confirm": "faults"}
        """,
        duels__services__faults="""
            from audit.services import audit_record

            def confirm(*, by):
                audit_record(actor=by, action="x")
        """,
        duels__views="""
            from duels.services import confirm

            def page(request):
                confirm(by=request.user)
        """,
    )
    assert ("duels.views", "page") in reading.reaching()
