from django.db import migrations

# Daily salary in galleons per year (8 = Adult). Staff edit these in the admin.
DEFAULT_DAILY_SALARY = {1: 5, 2: 6, 3: 7, 4: 8, 5: 10, 6: 12, 7: 14, 8: 20}


def seed(apps, schema_editor):
    SalaryScale = apps.get_model("rankings", "SalaryScale")
    for year, salary in DEFAULT_DAILY_SALARY.items():
        SalaryScale.objects.get_or_create(year=year, defaults={"daily_salary": salary})


class Migration(migrations.Migration):
    dependencies = [("rankings", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
