import datetime as dt

import factory

from accounts.models import Duellist, User
from clubs.roles import membership_join


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"joueur{n}")
    password = factory.django.Password("estrade-test")


class DuellistFactory(factory.django.DjangoModelFactory):
    """An eligible duellist by default: joined a year ago, 200 posts, RP year 3, homework year 5."""

    class Meta:
        model = Duellist
        skip_postgeneration_save = True

    user = factory.SubFactory(UserFactory)
    forum_id = factory.Sequence(lambda n: 1000 + n)
    forum_name = factory.LazyAttribute(lambda o: o.user.username if o.user else f"membre{o.forum_id}")
    forum_joined_on = factory.LazyFunction(lambda: dt.date.today() - dt.timedelta(days=365))
    forum_post_count = 200
    character_name = factory.Sequence(lambda n: f"Personnage {n}")
    rp_year = 3
    homework_year = 5
    prodigium = False

    @factory.post_generation
    def membership(self, create, extracted, **kwargs):
        """A member with a character in a club is a member of that club (as an accepted invitation makes)."""
        if create and self.user_id:
            membership_join(self.user, self.club)
