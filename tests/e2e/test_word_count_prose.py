"""The live word counter (static/js/duel.js) agrees with the server's count on prose, images,
addresses and link targets."""
from pathlib import Path

import pytest
from django.conf import settings

from duels.services import rp_word_count
from tests.support.word_count import SAMPLES

pytestmark = pytest.mark.e2e

SCRIPT = Path(settings.BASE_DIR) / "static" / "js" / "duel.js"


def test_the_live_counter_counts_what_the_server_counts(browser):
    page = browser.new_page()
    try:
        page.set_content('<textarea id="rp" data-min-words="100" aria-describedby="rp-count"></textarea>'
                         '<p id="rp-count"><span data-count></span></p>')
        page.add_script_tag(path=str(SCRIPT))
        for text, words in SAMPLES:
            page.fill("#rp", text)
            assert page.locator("[data-count]").inner_text() == str(words) == str(rp_word_count(text)), text
    finally:
        page.close()
