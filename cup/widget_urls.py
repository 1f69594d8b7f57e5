"""The forum header widget's data (the bridge shows the houses' totals on every forum page)."""
urlpatterns = []
