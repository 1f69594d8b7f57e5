from django.contrib import admin
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.scoping import activate_club
from spells.models import MagicType, Modulation, Spell

# Spells and modulations are validated by their models' clean() (spells.validation): the admin
# shows each problem next to its field. Effects are edited as JSON in the §7 vocabulary.
# The admin is the platform operator's: it lists every catalogue — the default one (no club) and each
# club's own copy (filter « club ») — and edits a row where it is. A spell added here joins the default
# catalogue; a club's copy is made by `catalog_load --club`, never by adding a row (which would hide the
# default from that club).


@admin.register(MagicType)
class MagicTypeAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "spell_count")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(spell_count=Count("spells", filter=Q(spells__club=None)))

    @admin.display(description=_("sorts du catalogue par défaut"), ordering="spell_count")
    def spell_count(self, obj):
        return obj.spell_count

    def view_on_site(self, obj):
        return f"{reverse('spells:catalog')}?type={obj.slug}"


class ModulationInline(admin.TabularInline):
    model = Modulation
    extra = 0
    fields = ("level", "effect", "bonus")


@admin.register(Spell)
class SpellAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "catalogue", "level", "magic_type", "target", "tag_list", "page")
    list_filter = ("club", ("retired_at", admin.EmptyFieldListFilter), "level", "magic_type", "target", "tag_auto", "tag_soin", "tag_zone", "tag_invocation",
                   "tag_defence")
    list_select_related = ("magic_type", "club")
    readonly_fields = ("club",)
    search_fields = ("name", "slug", "incantation")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [ModulationInline]
    fieldsets = [
        (None, {"fields": ("club", "name", "slug", "incantation", "description", "retired_at")}),
        (_("Règles (RULES.md §7)"), {"fields": (
            ("level", "range"), "magic_type", "target",
            ("tag_auto", "tag_soin", "tag_zone", "tag_invocation", "tag_defence"),
            "radius", "effect", "bonus",
        )}),
    ]

    @admin.display(description=_("étiquettes"))
    def tag_list(self, obj):
        return " ".join(obj.tags)

    @admin.display(description=_("catalogue"), ordering="club")
    def catalogue(self, obj):
        return obj.club or _("par défaut")

    @admin.display(description=_("page"))
    def page(self, obj):
        return format_html('<a href="{}">{}</a>', self.view_on_site(obj), _("voir"))

    def view_on_site(self, obj):
        """A club's spell on that club's page; a default one on the first club's (any club without a copy)."""
        if obj.club_id is None:
            return reverse("spells:detail", args=[obj.slug])
        with activate_club(obj.club):
            return reverse("spells:detail", args=[obj.slug])
