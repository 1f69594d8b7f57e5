"""Shared pytest fixtures. Factories live in tests/factories/<app>.py."""
import pytest


@pytest.fixture(autouse=True)
def _restore_migration_seed_data(request):
    """Transactional tests (e2e, races) flush every table, wiping the rows data migrations seeded
    (the salary scale). Put them back for the tests that run after them on the same database."""
    if request.node.get_closest_marker("django_db") is None:
        wanted = [name for name in ("transactional_db", "db") if name in request.fixturenames]
        if not wanted:
            return
        request.getfixturevalue(wanted[0])  # set the database up before touching it
    from rankings.models import SalaryScale
    from rankings.services.salary import DEFAULT_DAILY_SALARY

    if SalaryScale.objects.count() < len(DEFAULT_DAILY_SALARY):
        for year, salary in DEFAULT_DAILY_SALARY.items():
            SalaryScale.objects.get_or_create(year=year, defaults={"daily_salary": salary})


@pytest.fixture(autouse=True)
def _french_between_tests():
    """A request in English leaves English active in the test thread (LocaleMiddleware activates the
    request's language and nothing deactivates it): start and end every test in French, the site's
    language, so service messages read outside a request do not depend on which test ran before."""
    from django.utils import translation

    translation.activate("fr")
    yield
    translation.activate("fr")


@pytest.fixture(autouse=True)
def _fresh_process_cache():
    """Counters kept in the in-process cache (refused posts, sign-up requests) start at zero in every
    test: rolled-back tests reuse primary keys and addresses. Never a shared Redis (a broker may live
    there)."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    if isinstance(caches["default"], LocMemCache):
        caches["default"].clear()
