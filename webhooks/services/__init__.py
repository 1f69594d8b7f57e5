"""Webhook writes: announcing duel events, sending and resending deliveries, the daily digest."""
from webhooks.services.announcements import announce
from webhooks.services.delivery import deliveries_retry_due, delivery_attempt, delivery_resend

__all__ = ["announce", "deliveries_retry_due", "delivery_attempt", "delivery_resend"]
