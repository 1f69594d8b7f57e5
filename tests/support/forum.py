"""A club's forum, as the platform's operator sets it on the club (Club.forum_url, forum_origins,
duel_section, forum_profile_url): what the bridge, its CORS, the embed's frame-ancestors and the forum
links read for the club being served."""
from clubs.models import Club


def forum_configured(club: Club, url: str = "http://forum.test", origins=(), section: int = 7,
                     profile_url: str = "") -> Club:
    """`club`'s forum at `url` (empty: no forum), answering also on `origins`, duel topics in `section`.
    Saved (which forgets the club's cached address), and set on `club` itself, the instance a test's
    `activate_club(club)` serves."""
    club.forum_url, club.forum_origins, club.duel_section = url, list(origins), section
    club.forum_profile_url = profile_url
    club.save(update_fields=["forum_url", "forum_origins", "duel_section", "forum_profile_url"])
    return club
