"""The points page of prefects and staff: give or take a house's points with a reason, cancel one."""
urlpatterns = []
