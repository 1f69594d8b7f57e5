from django.apps import AppConfig


class ForumConfig(AppConfig):
    name = "forum"
    verbose_name = "Pont Forumactif"

    def ready(self):
        from corsheaders.signals import check_request_enabled

        from forum import cors

        check_request_enabled.connect(cors.check_request_enabled, dispatch_uid="forum.cors")
