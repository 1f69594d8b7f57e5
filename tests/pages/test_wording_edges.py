"""Wording seen by new users: plurals, labels and sentences that say what they mean."""
from django.utils import translation

from duels.pages.declaration_summary import next_line


def test_two_defenders_defend_in_the_plural():
    outcome = {"status": "running", "defence_follows": True, "expected_posters": ["g", "c"]}
    names = {"g": "ginny", "c": "cho"}
    assert "ginny, cho se défendent." in next_line(outcome, names, turn=1)
    assert "ginny se défend." in next_line({**outcome, "expected_posters": ["g"]}, names, turn=1)
    with translation.override("en"):
        assert "ginny, cho defend." in next_line(outcome, names, turn=1)
