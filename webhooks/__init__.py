"""Outgoing notices beyond the site: Discord webhooks, signed JSON webhooks, the daily digest e-mail."""
