from django.contrib import admin

from forum.models import DuelTopic, PmBatch, PmDelivery, Publication


@admin.register(DuelTopic)
class DuelTopicAdmin(admin.ModelAdmin):
    list_display = ("duel", "topic_id", "how", "linked_by", "linked_at")
    readonly_fields = ("linked_by", "linked_at")


@admin.register(Publication)
class PublicationAdmin(admin.ModelAdmin):
    list_display = ("duel", "kind", "object_id", "url", "published_by", "published_at")
    list_filter = ("kind",)


class DeliveryInline(admin.TabularInline):
    model = PmDelivery
    fields = ("position", "recipient", "sent_at", "sent_by", "error")
    readonly_fields = fields
    extra = 0


@admin.register(PmBatch)
class PmBatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "created_by", "created_at")
    inlines = [DeliveryInline]
