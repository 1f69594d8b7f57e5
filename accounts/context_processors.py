from django.utils.functional import SimpleLazyObject

from accounts.notifications import unread_count


def notifications(request):
    """The bell's count for logged-in users: one query, run only when a template shows the bell (the
    HTMX fragments, such as the duel page's poll, never do)."""
    if not getattr(request, "user", None) or not request.user.is_authenticated:
        return {}
    user = request.user
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user))}
