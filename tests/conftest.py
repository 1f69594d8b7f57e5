"""Shared pytest fixtures. App-specific factories live in tests/factories.py."""
