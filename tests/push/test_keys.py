"""The VAPID keys: printed by `manage.py vapid_keys` in the form the settings take; in development, a pair
drawn once into a file and kept; with DEBUG off and no key, push is off."""
import io
import json

from django.core.management import call_command

from push.keys import private_key_object, public_key_of, push_enabled, vapid_keys


def test_the_command_prints_a_pair_the_settings_take(settings):
    out = io.StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = lines["VAPID_PRIVATE_KEY"], ""
    assert vapid_keys().public_key == lines["VAPID_PUBLIC_KEY"]
    assert public_key_of(private_key_object(lines["VAPID_PRIVATE_KEY"])) == lines["VAPID_PUBLIC_KEY"]


def test_development_draws_a_pair_once_and_keeps_it(settings, tmp_path):
    settings.VAPID_PRIVATE_KEY = ""
    settings.DEBUG = True
    settings.VAPID_DEVELOPMENT_FILE = tmp_path / ".vapid_keys"
    first = vapid_keys()
    assert json.loads((tmp_path / ".vapid_keys").read_text())["public_key"] == first.public_key
    vapid_keys.cache_clear()
    assert vapid_keys() == first
    assert (tmp_path / ".vapid_keys").stat().st_mode & 0o077 == 0  # the owner's only


def test_without_a_key_and_debug_off_push_is_off(settings):
    settings.VAPID_PRIVATE_KEY = ""
    settings.DEBUG = False
    assert not push_enabled()
