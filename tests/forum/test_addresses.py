"""Forum addresses: topic and message ids, on the forum's origin only."""
import pytest

from forum import addresses
from tests.forum.conftest import FORUM


@pytest.mark.parametrize("url, topic, message", [
    (f"{FORUM}/t12-duel-n-3", 12, None),
    (f"{FORUM}/t12p15-duel-n-3#456", 12, 456),
    (f"{FORUM}/t12-", 12, None),
    (f"{FORUM}/viewtopic?t=12&p=456#456", 12, 456),
    ("HTTP://FORUM.TEST/t12-x", 12, None),
])
def test_topic_and_message_ids(url, topic, message):
    address = addresses.parse(url)
    assert (address.topic_id, address.message_id) == (topic, message)


@pytest.mark.parametrize("url", [
    "https://forum.test/t12-x",  # another scheme is another origin
    "http://forum.test.evil.test/t12-x", "http://evil.test/t12-x", "http://forum.test:8080/t12-x",
    f"{FORUM}/f12-duels", f"{FORUM}/t0-x", f"{FORUM}/u3", "", "javascript:alert(1)", f"{FORUM}/t12-x/../../u3",
    f"{FORUM}/" + "t1-" + "x" * 600, "http://[forum.test/t12-x",
])
def test_anything_else_is_refused(url):
    assert addresses.parse(url) is None
