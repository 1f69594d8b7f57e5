"""One root for refused actions (common/errors.py): every app's refusal has a code, a French message
and an HTTP status, and the API answers any of them the same way."""
import pytest

from accounts.services.forum_members import ImportFileError
from accounts.services.invitations import InvitationError
from common.errors import MalformedInput, RefusedError
from common.parsers import JSONBodyError
from config.api import exception_handler
from duels.services import DuelError
from forum.services import ForumError
from forum.tokens import TokenError
from spells.services import CatalogError
from webhooks.services.delivery import ResendRefused

REFUSALS = [
    DuelError("one-post-per-phase"),
    ForumError("out-of-order", "Publication hors d'ordre.", status=409),
    InvitationError("already-linked", "Ce membre a déjà un compte."),
    CatalogError(["Ligne 3 : niveau manquant."]),
    ImportFileError("membres.csv n'est pas un fichier CSV."),
    MalformedInput("Le champ « referee » doit être un nombre entier."),
]


@pytest.mark.parametrize("kind", [DuelError, ForumError, TokenError, InvitationError, CatalogError,
                                  ImportFileError, ResendRefused, JSONBodyError, MalformedInput])
def test_every_refusal_derives_from_the_one_root(kind):
    assert issubclass(kind, RefusedError)


@pytest.mark.parametrize("error", REFUSALS, ids=lambda e: type(e).__name__)
def test_the_api_answers_any_refusal_with_its_code_message_and_status(error):
    response = exception_handler(error, {})
    assert response.status_code == error.status
    assert response.data == {"code": error.code, "message": error.message}
    assert error.message and error.code


def test_statuses_say_what_kind_of_refusal_it_is():
    assert DuelError("one-post-per-phase").status == 400
    assert InvitationError("already-linked", "…").status == 409  # the member's state, not the request
    assert ForumError("gone", "…", status=410).status == 410
    assert str(DuelError("one-post-per-phase")).startswith("one-post-per-phase: ")  # logs keep the code
