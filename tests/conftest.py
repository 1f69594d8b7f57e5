"""Shared pytest fixtures. Factories live in tests/factories/<app>.py."""
import pytest


def _uses_database(request) -> bool:
    if request.node.get_closest_marker("django_db") is not None:
        return True
    wanted = [name for name in ("transactional_db", "db") if name in request.fixturenames]
    if wanted:
        request.getfixturevalue(wanted[0])  # set the database up before touching it
    return bool(wanted)


@pytest.fixture(autouse=True)
def club(request):
    """Database tests run for the home club (tests/support/clubs.py), as its pages do: queries of club
    data outside a club raise, as in production. Transactional tests (e2e, races) flush every table,
    wiping the rows data migrations seeded (the first club, the salary scale): they are put back."""
    if not _uses_database(request):
        yield None
        return
    from clubs.scoping import activate_club
    from rankings.models import SalaryScale
    from rankings.services.salary import DEFAULT_DAILY_SALARY
    from tests.support.clubs import home_club

    home = home_club()
    with activate_club(home):
        if SalaryScale.objects.count() < len(DEFAULT_DAILY_SALARY):
            for year, salary in DEFAULT_DAILY_SALARY.items():
                SalaryScale.objects.get_or_create(year=year, defaults={"daily_salary": salary})
        yield home


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
