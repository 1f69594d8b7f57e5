"""Helpers shared by the test modules: driving duels through the services, logged-in clients, the
pinned clock. Test modules import from here, never from each other."""
