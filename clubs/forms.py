"""The form a forum's staff fill in to open their club (clubs/opening.py does the rest)."""
from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.models import Club


class ClubOpenForm(forms.Form):
    name = forms.CharField(label=_("Nom du club"), max_length=100,
                           help_text=_("Par exemple « Club de duel de Poudlard »."))
    slug = forms.SlugField(label=_("Identifiant dans les adresses"), max_length=40,
                           help_text=_("Lettres minuscules, chiffres et tirets : /poudlard/duels/…"))
    forum_url = forms.URLField(label=_("Adresse du forum"), assume_scheme="https",
                               help_text=_("L'adresse d'accueil du forum, par exemple https://poudlard.forumactif.com"))
    duel_section = forms.IntegerField(label=_("Section des duels sur le forum"), min_value=0, required=False,
                                      help_text=_("Le numéro f… de la section où publier les sujets de duel "
                                                  "(facultatif, modifiable plus tard)."))
    language = forms.ChoiceField(label=_("Langue"), choices=settings.LANGUAGES, initial="fr")
    time_zone = forms.CharField(label=_("Fuseau horaire"), initial="Europe/Paris", max_length=64)
    is_public = forms.BooleanField(label=_("Lister le club sur la page d'accueil d'Estrade"), required=False,
                                   initial=True)

    def clean_slug(self):
        slug = self.cleaned_data["slug"].lower()
        if Club.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Cet identifiant est déjà pris."))
        return slug
