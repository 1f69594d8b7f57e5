"""The cup's public pages (standings by period, history, ledger, embed, PNG, BBCode) and the forum widget."""
urlpatterns = []
