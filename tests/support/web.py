"""Django test clients for the pages."""
from django.test import Client


def client_for(user, *, csrf=False, raise_request_exception=True) -> Client:
    """A client logged in as `user`; `csrf=True` enforces CSRF checks as a browser would meet them, and
    `raise_request_exception=False` answers a server error with its 500 page instead of raising it."""
    client = Client(enforce_csrf_checks=csrf, raise_request_exception=raise_request_exception)
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()
