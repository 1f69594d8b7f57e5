from django import forms
from django.utils.translation import gettext_lazy as _

from duels.engine.spells import TAGS
from spells.describe import year_text
from spells.models import MagicType


class CatalogFilterForm(forms.Form):
    """The catalog filters (GET). Invalid values are reported and ignored, never a server error."""

    level = forms.TypedChoiceField(label=_("Niveau"), required=False, coerce=int, empty_value=None)
    type = forms.ChoiceField(label=_("Type de magie"), required=False)
    tag = forms.ChoiceField(label=_("Étiquette"), required=False)

    def __init__(self, *args, magic_types: list[MagicType], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = [("", _("Tous"))] + [
            (level, f"{level} — {year_text(level)}") for level in range(1, 9)
        ]
        self.fields["type"].choices = [("", _("Tous"))] + [(t.slug, t.name) for t in magic_types]
        self.fields["tag"].choices = [("", _("Toutes"))] + [(tag, tag) for tag in TAGS]

    def filters(self) -> dict:
        """The valid filters only (call after is_valid())."""
        data = getattr(self, "cleaned_data", {})
        return {"level": data.get("level"), "magic_type": data.get("type") or None, "tag": data.get("tag") or None}
