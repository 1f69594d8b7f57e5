import pytest

FORUM = "http://forum.test"


@pytest.fixture(autouse=True)
def forum_settings(settings):
    settings.FORUM_URL = FORUM
    settings.FORUM_ORIGINS = [FORUM]
    settings.CORS_ALLOWED_ORIGINS = [FORUM]
    settings.FORUM_DUEL_SECTION = 7
    settings.SITE_URL = "http://estrade.test"
    return settings
