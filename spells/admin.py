from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from spells.models import MagicType, Modulation, Spell

# Spells and modulations are validated by their models' clean() (spells.validation): the admin
# shows each problem next to its field. Effects are edited as JSON in the §7 vocabulary.


@admin.register(MagicType)
class MagicTypeAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "spell_count")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(spell_count=Count("spells"))

    @admin.display(description=_("sorts"), ordering="spell_count")
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
    list_display = ("name", "slug", "level", "magic_type", "target", "tag_list", "page")
    list_filter = ("level", "magic_type", "target", "tag_auto", "tag_soin", "tag_zone", "tag_invocation",
                   "tag_defence")
    list_select_related = ("magic_type",)
    search_fields = ("name", "slug", "incantation")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [ModulationInline]
    fieldsets = [
        (None, {"fields": ("name", "slug", "incantation", "description")}),
        (_("Règles (RULES.md §7)"), {"fields": (
            ("level", "range"), "magic_type", "target",
            ("tag_auto", "tag_soin", "tag_zone", "tag_invocation", "tag_defence"),
            "radius", "effect", "bonus",
        )}),
    ]

    @admin.display(description=_("étiquettes"))
    def tag_list(self, obj):
        return " ".join(obj.tags)

    @admin.display(description=_("page"))
    def page(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("spells:detail", args=[obj.slug]), _("voir"))

    def view_on_site(self, obj):
        return reverse("spells:detail", args=[obj.slug])
