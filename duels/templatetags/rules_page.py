"""`{% knob "dodge_pf" %}` on the club's rules page: the club's number, marked when it is not the
rulebook's (with the rulebook's in its title)."""
from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag(takes_context=True)
def knob(context, name: str):
    value, original = getattr(context["house"], name), getattr(context["rulebook"], name)
    if value == original:
        return value
    title = _("Règle du club (règlement d'origine : %(value)s)") % {"value": original}
    return format_html('<mark class="house-rule" title="{}">{}</mark>', title, value)
