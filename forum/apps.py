from django.apps import AppConfig


class ForumConfig(AppConfig):
    name = "forum"
    verbose_name = "Pont Forumactif"

    def ready(self):
        # Read once the apps are loaded: the receiver's module reads the clubs' models.
        from corsheaders.signals import check_request_enabled

        from forum import cors  # (the same)

        check_request_enabled.connect(cors.check_request_enabled, dispatch_uid="forum.cors")
