"""Django test clients for the pages."""
from django.test import Client


def client_for(user, *, csrf=False) -> Client:
    """A client logged in as `user`; `csrf=True` enforces CSRF checks as a browser would meet them."""
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()
