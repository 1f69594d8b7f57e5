"""The forms of the club's catalogue editor (spells/panel_views.py). The spell form only gathers a catalog
dict: its checks are `catalog_load`'s (spells.services.spell_problems → validate_spell_data), whose messages
are put back on the fields they name."""
from __future__ import annotations

import json

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from duels.engine.spells import TAGS
from spells.catalog_format import dumps_catalog, loads_catalog
from spells.describe import year_text
from spells.models import MagicType, Spell, Target

MAX_IMPORT_BYTES = 2 * 1024 * 1024
STATES = (("", gettext_lazy("Tous")), ("offered", gettext_lazy("Proposés")), ("retired", gettext_lazy("Retirés")))


def _level_choices(empty: str) -> list:
    return [("", empty)] + [(level, f"{level} — {year_text(level)}") for level in range(1, 9)]


class CatalogueFilterForm(forms.Form):
    """The list's search and filters (GET); invalid values are reported and ignored."""

    q = forms.CharField(label=gettext_lazy("Chercher"), required=False, max_length=100)
    level = forms.TypedChoiceField(label=gettext_lazy("Niveau"), required=False, coerce=int, empty_value=None)
    type = forms.ChoiceField(label=gettext_lazy("Type de magie"), required=False)
    state = forms.ChoiceField(label=gettext_lazy("État"), required=False, choices=STATES)

    def __init__(self, *args, magic_types: list[MagicType], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = _level_choices(_("Tous"))
        self.fields["type"].choices = [("", _("Tous"))] + [(t.slug, t.name) for t in magic_types]

    def filters(self) -> dict:
        data = getattr(self, "cleaned_data", {})
        state = data.get("state")
        return {"search": (data.get("q") or "").strip(), "level": data.get("level"),
                "magic_type": data.get("type") or None, "retired": {"offered": False, "retired": True}.get(state)}


def _json_field(label, help_text: str = "") -> forms.CharField:
    return forms.CharField(label=label, required=False, help_text=help_text,
                           widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}))


# validate_spell_data's keys → this form's fields (the others: the form's general errors)
FIELD_OF = {"slug": "slug", "name": "name", "incantation": "incantation", "description": "description",
            "level": "level", "range": "range", "type": "magic_type", "tags": "tags", "target": "target",
            "radius": "radius", "effect": "effect", "bonus": "bonus", "modulations": "modulations"}


class SpellForm(forms.Form):
    """One spell as the catalog file writes it; labels name the file's key, which the messages quote."""

    name = forms.CharField(label=gettext_lazy("Nom (name)"), required=False, max_length=120)
    slug = forms.CharField(label=gettext_lazy("Identifiant (slug)"), required=False, max_length=60,
                           help_text=gettext_lazy("Minuscules, chiffres et tirets ; il ne change plus ensuite."))
    incantation = forms.CharField(label=gettext_lazy("Incantation"), required=False, max_length=120)
    description = forms.CharField(label=gettext_lazy("Description"), required=False,
                                  widget=forms.Textarea(attrs={"rows": 3}))
    level = forms.IntegerField(label=gettext_lazy("Niveau (level) : année d'accès et coût en PM, de 1 à 8"),
                               required=False)
    range = forms.IntegerField(label=gettext_lazy("Portée (range), en zones"), required=False)
    magic_type = forms.ChoiceField(label=gettext_lazy("Type de magie (type)"), required=False)
    tags = forms.MultipleChoiceField(label=gettext_lazy("Étiquettes (tags)"), required=False,
                                     choices=[(tag, tag) for tag in TAGS], widget=forms.CheckboxSelectMultiple)
    target = forms.ChoiceField(label=gettext_lazy("Cible (target)"), required=False)
    radius = forms.IntegerField(label=gettext_lazy("Rayon (radius), sorts ZONE seulement"), required=False)
    effect = _json_field(gettext_lazy("Effet (effect), en JSON"), gettext_lazy('Par exemple {"damage": 2, "push": 1}.'))
    bonus = _json_field(gettext_lazy("Effet bonus (bonus), en JSON"),
                        gettext_lazy("Pour un lanceur du type de magie du sort. Vide : pas de bonus."))
    modulations = _json_field(gettext_lazy("Modulations, en JSON"),
                              gettext_lazy('Par exemple [{"level": 4, "effect": {"damage": 4}}]. Vide : aucune.'))

    def __init__(self, *args, magic_types: list[MagicType], spell: Spell | None = None, **kwargs):
        if spell is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_of(spell)
        super().__init__(*args, **kwargs)
        self.editing = spell.slug if spell is not None else None
        self.fields["magic_type"].choices = [("", _("Aucun"))] + [(t.slug, t.name) for t in magic_types]
        self.fields["target"].choices = [("", "—")] + [(t.value, f"{t.value} — {t.label}") for t in Target]
        if self.editing:
            self.fields["slug"].disabled = True
            self.fields["slug"].help_text = ""

    @staticmethod
    def initial_of(spell: Spell) -> dict:
        data = spell.to_catalog_dict()
        return {**{key: data.get(key) for key in ("name", "slug", "incantation", "description", "level", "range",
                                                  "tags", "target", "radius")},
                "magic_type": data["type"] or "",
                "effect": _json_text(data["effect"]), "bonus": _json_text(data.get("bonus")),
                "modulations": _json_text(data.get("modulations"))}

    def clean(self):
        cleaned = super().clean()
        self.data_dict = self._catalog_dict(cleaned)
        return cleaned

    def _catalog_dict(self, cleaned: dict) -> dict:
        """The catalog dict of the inputs: an empty required input is left out (« est obligatoire »)."""
        data: dict = {}
        for key in ("slug", "name"):
            if cleaned.get(key):
                data[key] = cleaned[key].strip()
        data["incantation"] = cleaned.get("incantation") or ""
        data["description"] = cleaned.get("description") or ""
        for key in ("level", "range", "target"):
            if cleaned.get(key) not in (None, ""):
                data[key] = cleaned[key]
        data["type"] = cleaned.get("magic_type") or None
        data["tags"] = list(cleaned.get("tags") or [])
        if cleaned.get("radius") is not None:
            data["radius"] = cleaned["radius"]
        for key, required in (("effect", True), ("bonus", False), ("modulations", False)):
            text = (cleaned.get(key) or "").strip()
            if not text:
                if required:
                    continue  # left out: « effect » est obligatoire
                data[key] = None
                continue
            try:
                data[key] = json.loads(text)
            except json.JSONDecodeError as error:
                self.add_error(key, _("Ce n'est pas un JSON valide (ligne %(line)s, colonne %(column)s) : %(error)s.")
                               % {"line": error.lineno, "column": error.colno, "error": error.msg})
        if data.get("modulations") is None:
            data.pop("modulations", None)
        return data

    def add_problems(self, problems: dict[str, list[str]]) -> None:
        """validate_spell_data's problems, each on the field it names."""
        for key, messages in problems.items():
            field = FIELD_OF.get(key.split("[")[0].split(".")[0], NON_FIELD_ERRORS)
            for message in messages:
                self.add_error(None if field == NON_FIELD_ERRORS else field, message)


def _json_text(value) -> str:
    return "" if value is None else dumps_catalog(value).strip()


class CatalogueImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Fichier du catalogue (JSON, format de catalog_export)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(_("Le fichier dépasse %(size)s Mo.") % {"size": MAX_IMPORT_BYTES // 2**20})
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("Le fichier doit être un texte UTF-8.")) from None
        try:
            return loads_catalog(text, name=upload.name)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
