from accounts.notifications import unread_count


def notifications(request):
    """The bell's count, one query per page for logged-in users."""
    if not getattr(request, "user", None) or not request.user.is_authenticated:
        return {}
    return {"unread_notifications": unread_count(request.user)}
