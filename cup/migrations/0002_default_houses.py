"""Every club that exists gets the four houses (a new club gets them when it is created: cup/signals.py)."""
from django.db import migrations

DEFAULT_HOUSES = (("Gryffondor", "#ae0001", "🦁"), ("Serdaigle", "#222f5b", "🦅"),
                  ("Poufsouffle", "#ecb939", "🦡"), ("Serpentard", "#2a623d", "🐍"))


def create(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    House = apps.get_model("cup", "House")
    for club in Club.objects.all():
        if not House.objects.filter(club=club).exists():
            House.objects.bulk_create([House(club=club, name=name, colour=colour, crest=crest, position=index)
                                       for index, (name, colour, crest) in enumerate(DEFAULT_HOUSES)])


class Migration(migrations.Migration):
    dependencies = [("cup", "0001_initial")]
    operations = [migrations.RunPython(create, migrations.RunPython.noop)]
