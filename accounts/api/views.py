"""Staff API to sync forum members: PUT one member, POST a batch. Writes need a staff token."""
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.import_extras import MAX_LENGTH as EXTRA_LENGTH
from accounts.import_extras import import_column_names, import_extras_apply, warnings_in_words
from accounts.models import Duellist, Invitation
from accounts.services.invitations import invitation_create, invitation_pm_bbcode
from accounts.services.members import ForumMemberData, forum_member_upsert
from accounts.services.members_bulk import members_bulk_upsert
from common.links import site_url
from config.api import IsStaff
from spells.models import MagicType


class StrictSerializer(serializers.Serializer):
    """Unknown fields are an error, not silently dropped: a typo must not lose data."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({key: [_("Champ inconnu.")] for key in unknown})
        return super().to_internal_value(data)


# The largest forum id and post count the columns hold (PositiveIntegerField: 2**31 - 1 on PostgreSQL);
# a larger one is a 400 naming the field, not a database error after validation.
MAX_COLUMN_INTEGER = 2**31 - 1


class ForumMemberSerializer(StrictSerializer):
    forum_name = serializers.CharField(max_length=100)
    joined_on = serializers.DateField()
    post_count = serializers.IntegerField(min_value=0, max_value=MAX_COLUMN_INTEGER)
    homework_year = serializers.IntegerField(min_value=1, max_value=8)
    character_name = serializers.CharField(max_length=150, allow_blank=True, required=False, default="")
    rp_year = serializers.IntegerField(min_value=1, max_value=8, allow_null=True, required=False, default=None)
    magic_types = serializers.ListField(child=serializers.SlugField(), required=False, default=list)
    prodigium = serializers.BooleanField(required=False, default=False)

    def get_fields(self):
        """The fields, and the columns apps add to the member imports (accounts/import_extras.py)."""
        fields = super().get_fields()
        for name in import_column_names():
            fields[name] = serializers.CharField(max_length=EXTRA_LENGTH, allow_blank=True, required=False,
                                                 help_text=_("Colonne ajoutée à l'import des membres."))
        return fields

    def extra_values(self, forum_id: int) -> dict[str, dict[int, str]]:
        return {name: {forum_id: self.validated_data[name].strip()} for name in import_column_names()
                if name in self.validated_data}

    def validate_joined_on(self, value):
        if value > timezone.localdate():
            raise serializers.ValidationError(_("La date d'inscription est dans le futur."))
        return value

    def validate_magic_types(self, value):
        known = set(MagicType.objects.filter(slug__in=value).values_list("slug", flat=True))
        unknown = sorted(set(value) - known)
        if unknown:
            raise serializers.ValidationError(_("Types de magie inconnus : %(slugs)s.") % {"slugs": ", ".join(unknown)})
        return value

    def to_member_data(self, forum_id: int) -> ForumMemberData:
        data = self.validated_data
        return ForumMemberData(
            forum_id=forum_id,
            forum_name=data["forum_name"],
            forum_joined_on=data["joined_on"],
            forum_post_count=data["post_count"],
            character_name=data["character_name"],
            rp_year=data["rp_year"],
            homework_year=data["homework_year"],
            magic_type_slugs=tuple(sorted(set(data["magic_types"]))),
            prodigium=data["prodigium"],
        )


class BulkForumMemberSerializer(ForumMemberSerializer):
    forum_id = serializers.IntegerField(min_value=1, max_value=MAX_COLUMN_INTEGER)


def member_representation(duellist: Duellist) -> dict:
    return {
        "forum_id": duellist.forum_id,
        "forum_name": duellist.forum_name,
        "joined_on": duellist.forum_joined_on.isoformat(),
        "post_count": duellist.forum_post_count,
        "homework_year": duellist.homework_year,
        "character_name": duellist.character_name,
        "rp_year": duellist.rp_year,
        "magic_types": sorted(t.slug for t in duellist.magic_types.all()),
        "prodigium": duellist.prodigium,
    }


def name_taken_error() -> dict:
    return {
        "code": "invalid",
        "message": _("Données invalides."),
        "errors": {"forum_name": [_("Ce pseudo appartient déjà à un autre membre.")]},
    }


class ForumMemberView(APIView):
    permission_classes = [IsStaff]

    @extend_schema(responses=ForumMemberSerializer)
    def get(self, request, forum_id: int):
        duellist = None
        if forum_id <= MAX_COLUMN_INTEGER:
            duellist = Duellist.objects.prefetch_related("magic_types").filter(forum_id=forum_id).first()
        if duellist is None:
            return Response({"code": "not_found", "message": _("Membre inconnu.")}, status=status.HTTP_404_NOT_FOUND)
        return Response(member_representation(duellist))

    @extend_schema(request=ForumMemberSerializer, responses=ForumMemberSerializer)
    def put(self, request, forum_id: int):
        if forum_id > MAX_COLUMN_INTEGER:
            raise serializers.ValidationError({"forum_id": [
                _("Identifiant forum trop grand (au plus %(max)d).") % {"max": MAX_COLUMN_INTEGER}]})
        serializer = ForumMemberSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            with transaction.atomic():
                outcome = forum_member_upsert(data=serializer.to_member_data(forum_id))
                warnings = warnings_in_words(import_extras_apply(serializer.extra_values(forum_id)))
        except IntegrityError:
            return Response(name_taken_error(), status=status.HTTP_400_BAD_REQUEST)
        duellist = Duellist.objects.prefetch_related("magic_types").get(forum_id=forum_id)
        code = status.HTTP_201_CREATED if outcome == "created" else status.HTTP_200_OK
        extra = {"warnings": warnings} if warnings else {}
        return Response({**member_representation(duellist), "outcome": outcome, **extra}, status=code)


MAX_BATCH = 1000

BULK_RESULT = inline_serializer(
    "ForumMemberBulkResult",
    {"created": serializers.IntegerField(), "updated": serializers.IntegerField(),
     "unchanged": serializers.IntegerField(),
     "warnings": serializers.ListField(child=serializers.CharField(), required=False)},
)


class ForumMemberBulkView(APIView):
    """Validates the whole batch first; any error: 400 with errors by index, nothing written."""

    permission_classes = [IsStaff]

    @extend_schema(request=BulkForumMemberSerializer(many=True), responses=BULK_RESULT)
    def post(self, request):
        if not isinstance(request.data, list):
            return Response(
                {"code": "invalid", "message": _("Une liste de membres est attendue.")},
                status=status.HTTP_400_BAD_REQUEST,
            )
        if len(request.data) > MAX_BATCH:
            return Response(
                {"code": "invalid", "message": _("Au plus %(max)d membres par lot.") % {"max": MAX_BATCH}},
                status=status.HTTP_400_BAD_REQUEST,
            )
        serializers_ = [BulkForumMemberSerializer(data=item) for item in request.data]
        errors = {str(index): s.errors for index, s in enumerate(serializers_) if not s.is_valid()}
        ids = [s.validated_data["forum_id"] for s in serializers_ if not s.errors]
        duplicates = {i for i in ids if ids.count(i) > 1}
        for index, s in enumerate(serializers_):
            if not s.errors and s.validated_data["forum_id"] in duplicates:
                errors[str(index)] = {"forum_id": [_("Identifiant présent plusieurs fois dans le lot.")]}
        if errors:
            return Response(
                {"code": "invalid", "message": _("Données invalides."), "errors": errors},
                status=status.HTTP_400_BAD_REQUEST,
            )
        members = [s.to_member_data(s.validated_data["forum_id"]) for s in serializers_]
        extras: dict[str, dict[int, str]] = {}
        for s in serializers_:
            for name, values in s.extra_values(s.validated_data["forum_id"]).items():
                extras.setdefault(name, {}).update(values)
        try:  # the batch in a few statements; a name taken: again one member at a time, to name it
            with transaction.atomic():
                counts = members_bulk_upsert(members, dict(MagicType.objects.values_list("slug", "pk")))
                return Response(_with_warnings(counts, extras))
        except IntegrityError:
            pass
        counts = {"created": 0, "updated": 0, "unchanged": 0}
        current = 0  # the member being written, named if its forum name is taken
        try:
            with transaction.atomic():
                for position, member in enumerate(members):
                    current = position
                    counts[forum_member_upsert(data=member)] += 1
                counts = _with_warnings(counts, extras)
        except IntegrityError:
            error = name_taken_error()
            error["errors"] = {str(current): error["errors"]}
            return Response(error, status=status.HTTP_400_BAD_REQUEST)
        return Response(counts)


def _with_warnings(counts: dict, extras: dict[str, dict[int, str]]) -> dict:
    """The batch's counts, and what its extra columns did not know (written in the batch's transaction)."""
    warnings = warnings_in_words(import_extras_apply(extras))
    return {**counts, "warnings": warnings} if warnings else counts


INVITATION_RESULT = inline_serializer(
    "InvitationIssued",
    {"forum_id": serializers.IntegerField(), "purpose": serializers.CharField(), "url": serializers.URLField(),
     "expires_at": serializers.DateTimeField(), "pm_bbcode": serializers.CharField()},
)


class InvitationRequestSerializer(StrictSerializer):
    purpose = serializers.ChoiceField(
        choices=Invitation.Purpose.choices, required=False, default=Invitation.Purpose.ACTIVATION
    )


class ForumMemberInvitationView(APIView):
    """POST: a fresh single-use link for this member (the open one is revoked) and its BBCode PM."""

    permission_classes = [IsStaff]

    @extend_schema(request=InvitationRequestSerializer, responses={201: INVITATION_RESULT})
    def post(self, request, forum_id: int):
        serializer = InvitationRequestSerializer(data=request.data if isinstance(request.data, dict) else {})
        serializer.is_valid(raise_exception=True)
        duellist = Duellist.objects.filter(forum_id=forum_id).first()
        if duellist is None:
            return Response({"code": "not_found", "message": _("Membre inconnu.")}, status=status.HTTP_404_NOT_FOUND)
        issued = invitation_create(  # an InvitationError answers 409 with its code (config/api.py)
            duellist=duellist, created_by=request.user, purpose=serializer.validated_data["purpose"]
        )
        base = site_url()  # never the request's Host header, which the client writes
        return Response({
            "forum_id": forum_id,
            "purpose": issued.invitation.purpose,
            "url": issued.url(base),
            "expires_at": issued.invitation.expires_at,
            "pm_bbcode": invitation_pm_bbcode(issued=issued, base_url=base),
        }, status=status.HTTP_201_CREATED)
