"""The club's journal in its control panel (/<club>/gestion/journal/): read-only, the club's entries only."""
from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_safe

from audit import selectors
from audit.forms import JournalFilterForm
from audit.journal_page import journal_rows
from common.access import staff_required


@staff_required
@require_safe
def journal(request):
    """The club's log, newest first, a page at a time, filtered by action, who, days and duel. A wrong
    filter is said on the form (422) and ignored; a from-after-to range shows nothing."""
    form = JournalFilterForm(request.GET or None, actions=selectors.journal_actions())
    valid = form.is_valid() if form.is_bound else True
    filters = form.filters() if form.is_bound else {}
    entries = selectors.club_journal(**filters) if filters is not None else selectors.club_journal().none()
    page = Paginator(entries, selectors.JOURNAL_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "audit/panel_journal.html", {
        "form": form, "page": page, "rows": journal_rows(list(page), reader=request.user),
    }, status=200 if valid else 422)
