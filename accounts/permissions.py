"""The capabilities of a club's staff pages: each page and the service behind it name the one they need.
The club's staff role (Membership staff or owner, in the club being served) holds them all, superusers too;
a Django permission or the `is_staff` flag without the club's role opens none (common/access.py)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

DECIDE_SIGNUP_REQUESTS = "accounts.decide_signup_requests"
GRANT_REFEREE_ROLE = "accounts.grant_referee_role"
IMPORT_MEMBERS = "accounts.import_members"
ISSUE_ACCOUNT_LINKS = "accounts.issue_account_links"
PAY_REWARDS = "rankings.pay_rewards"
EDIT_HOUSE_RULES = "accounts.edit_house_rules"
# The club's seasons and API tokens: Django's own model permissions name them (the operator's admin has them).
MANAGE_SEASONS = "rankings.change_season"
MANAGE_API_TOKENS = "accounts.add_apitoken"
# The club's tournaments (create, open sign-up, draw, record a forfeit): the model's own change permission.
MANAGE_TOURNAMENTS = "tournaments.change_tournament"
# The house cup (houses, members, prefects, settings; points for every house): the house's change permission.
MANAGE_CUP = "cup.change_house"

# The Meta permissions of accounts.User (codename, label shown in the admin).
USER_PERMISSIONS = [
    ("decide_signup_requests", _("Traiter les demandes d'inscription")),
    ("grant_referee_role", _("Donner ou retirer le rôle d'arbitre")),
    ("import_members", _("Importer les membres du forum")),
    ("issue_account_links", _("Créer les liens d'invitation et de nouveau mot de passe")),
    ("edit_house_rules", _("Modifier les règles maison du club")),
]

# The staff pages of the control panel's menu and the capability each needs: (URL name, label, permission).
STAFF_PAGES = [
    ("signup_queue", _("Demandes d'inscription"), DECIDE_SIGNUP_REQUESTS),
    ("roles", _("Rôles : arbitres"), GRANT_REFEREE_ROLE),
    ("forum:invitations", _("Invitations par MP"), ISSUE_ACCOUNT_LINKS),
    ("members_import", _("Importer les membres du forum (CSV)"), IMPORT_MEMBERS),
    ("rankings:rewards", _("Récompenses à verser"), PAY_REWARDS),
    ("house_rules", _("Règles maison"), EDIT_HOUSE_RULES),
]

