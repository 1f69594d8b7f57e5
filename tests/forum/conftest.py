import pytest

from tests.support.forum import forum_configured

FORUM = "http://forum.test"


@pytest.fixture(autouse=True)
def forum_settings(settings, db, club):
    """The club every forum test runs for has its forum at FORUM, duel topics in section 7."""
    forum_configured(club, url=FORUM, section=7)
    settings.SITE_URL = "http://estrade.test"
    return settings
