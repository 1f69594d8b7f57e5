"""API tokens belong to a club: each token of Django REST framework (one per account, for every API) becomes
a token of the home club (the oldest), with the same key, so the forum's scripts keep working on
`/api/v1/`."""
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def tokens_to_the_home_club(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    home = apps.get_model("clubs", "Club").objects.order_by("pk").first()
    if home is None:
        return
    ApiToken.objects.bulk_create([ApiToken(club_id=home.pk, user_id=token.user_id, key=token.key, created=token.created)
                                  for token in Token.objects.all()])
    Token.objects.all().delete()


def tokens_back(apps, schema_editor):
    """Back to one token per account: the home club's keep their key (other clubs' tokens are dropped)."""
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    home = apps.get_model("clubs", "Club").objects.order_by("pk").first()
    if home is None:
        return
    Token.objects.bulk_create([Token(user_id=token.user_id, key=token.key, created=token.created)
                               for token in ApiToken.objects.filter(club_id=home.pk)])


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0013_house_rules'),
        ('clubs', '0003_house_rules'),
        ('authtoken', '0004_alter_tokenproxy_options'),
    ]

    operations = [
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(editable=False, max_length=40, unique=True, verbose_name='clé')),
                ('created', models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name='créé le')),
                ('last_used', models.DateTimeField(blank=True, editable=False, null=True, verbose_name='dernier usage')),
                ('club', models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.club', verbose_name='club')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to=settings.AUTH_USER_MODEL, verbose_name='compte')),
            ],
            options={
                'verbose_name': "jeton d'API",
                'verbose_name_plural': "jetons d'API",
                'constraints': [models.UniqueConstraint(fields=('club', 'user'), name='apitoken_one_per_member')],
            },
        ),
        migrations.RunPython(tokens_to_the_home_club, tokens_back),
    ]
