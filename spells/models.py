from django.db import models
from django.utils.translation import gettext_lazy as _


class MagicType(models.Model):
    """A school of magic (maléfices, défense, soins…). Duellists pick 1 or 2 per duel (RULES.md §2.5)."""

    slug = models.SlugField(_("identifiant"), max_length=50, unique=True)
    name = models.CharField(_("nom"), max_length=100)
    description = models.TextField(_("description"), blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("type de magie")
        verbose_name_plural = _("types de magie")

    def __str__(self) -> str:
        return self.name
