from django.utils.functional import SimpleLazyObject


def menu(request):
    """What the site menu says of a logged-in user: the bell's unread count and whether they referee
    (the "Arbitrage" link). One statement (User.menu_facts), run only when a template shows the menu
    (the HTMX fragments, such as the duel page's poll, never do)."""
    if not getattr(request, "user", None) or not request.user.is_authenticated:
        return {}
    return {"menu": SimpleLazyObject(request.user.menu_facts)}
