"""Two staff members issuing a token for the same member at the same instant: one token, the other refused
in French (not a server error), on PostgreSQL."""
import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from accounts.models import ApiToken
from accounts.services.api_tokens import api_token_create
from audit.models import AuditLog
from tests.concurrency import in_club, run_together
from tests.support.clubs import club_member
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (set DATABASE_URL=postgres://…)")


@pytest.mark.parametrize("round_", range(3))
def test_one_token_per_member_even_when_two_staff_click_at_once(club, round_):
    member = club_member(username="hermione")
    staff = [club_staff(), club_staff()]
    results = run_together(*[in_club(club, lambda by=by: api_token_create(by=by, user=member)) for by in staff])
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(refused) == 1 and "hermione a déjà un jeton pour ce club" in str(refused[0]), results
    assert ApiToken.objects.filter(user=member).count() == 1
    assert AuditLog.objects.filter(action="api_token.create").count() == 1
