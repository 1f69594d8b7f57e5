"""Duel topics and publications: what the bridge may post in a duel's topic, and what it reports back.

Every action starts on an Estrade page (`open_link`: a signed token for one item, for the logged-in
member allowed to publish it); the bridge reads the job (`job_for`) and reports the forum message's
address (`report`), which is accepted on the forum's origin only, once, after the checks the job passed (the
thread's order included), and written to the audit log."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.models import Declaration, Duel, Post
from duels.permissions import is_duel_referee
from forum import addresses, selectors, tokens
from forum.models import DuelTopic, ItemKind, Publication
from forum.services import ForumError, external, forum_off_message

AUDIT_TOPIC = AuditAction.FORUM_TOPIC
AUDIT_PUBLISH = AuditAction.FORUM_PUBLISH


def _not_allowed() -> ForumError:
    return ForumError("not-allowed", _("Vous ne pouvez pas publier cet élément sur le forum."), 403)


def duel_of(kind: str, object_id: int) -> Duel:
    try:
        if kind == ItemKind.POST:
            return Post.objects.select_related("window__duel__referee").get(pk=object_id).window.duel
        if kind == ItemKind.DECLARATION:
            return Declaration.objects.select_related("window__duel__referee").get(pk=object_id).window.duel
        return Duel.objects.select_related("referee").get(pk=object_id)
    except (Post.DoesNotExist, Declaration.DoesNotExist, Duel.DoesNotExist):
        raise ForumError("not-found", _("Cet élément du duel n'existe pas."), 404) from None


def item_of(duel: Duel, kind: str, object_id: int) -> tuple[selectors.ForumItem, list[selectors.ForumItem]]:
    items = selectors.duel_items(duel)
    item = next((i for i in items if i.kind == kind and i.object_id == object_id), None)
    if item is None:
        raise ForumError("not-published", _("Cet élément n'est pas encore publié sur Estrade."), 404)
    return item, items


def _require_forum() -> None:
    if not selectors.is_enabled():
        raise ForumError("forum-off", forum_off_message(), 404)


def open_link(*, user, scope: str, object_id: int) -> str:
    """The forum page to open, with the token in its fragment, for a topic to create or an item to post."""
    _require_forum()
    if scope == "topic":
        duel = duel_of(ItemKind.START, object_id)
        if not is_duel_referee(duel, user):
            raise _not_allowed()
        if selectors.topic_of(duel) is not None:
            raise ForumError("topic-exists", _("Ce duel a déjà son sujet sur le forum."))
        if not addresses.duel_section():
            raise ForumError("no-section", _("La section des duels du forum du club n'est pas renseignée : "
                                             "liez plutôt un sujet existant."))
        target = addresses.newtopic_url()
    else:
        duel = duel_of(scope, object_id)
        item, _items = item_of(duel, scope, object_id)
        if not selectors.may_publish(item, user, duel):
            raise _not_allowed()
        topic = selectors.topic_of(duel)
        if topic is None:
            raise ForumError("no-topic", _("Ce duel n'a pas encore de sujet sur le forum."))
        if item.publication is not None:
            raise ForumError("already-published", _("Déjà sur le forum."))
        target = addresses.reply_url(topic.topic_id)
    return f"{target}#estrade={tokens.make(scope=scope, object_id=object_id, user=user)}"


def _token_user(token: tokens.BridgeToken):
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if user is None:
        raise ForumError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade."), 403)
    return user


def read_token(value: str) -> tokens.BridgeToken:
    try:
        return tokens.read(value)
    except tokens.TokenError as error:
        raise ForumError(error.code, error.message, 403) from None


def job_for(token: tokens.BridgeToken) -> dict:
    """What the bridge shows and posts for a topic or item token (its preview is this exact BBCode)."""
    _require_forum()
    user = _token_user(token)
    if token.scope in external.PUBLISHERS:
        return {**external.PUBLISHERS[token.scope].job(user, token.object_id), "user": user.get_username()}
    if token.scope == "topic":
        duel = duel_of(ItemKind.START, token.object_id)
        if selectors.topic_of(duel) is not None:
            raise ForumError("topic-exists", _("Ce duel a déjà son sujet sur le forum."))
        participants = selectors.participants_of(duel)
        return {"kind": "topic", "action": "newtopic", "forum": addresses.duel_section(),
                "subject": selectors.opening_subject(duel, participants),
                "message": selectors.opening_bbcode(duel, participants),
                "label": _("Sujet du duel n°%(n)s") % {"n": duel.pk}, "user": user.get_username()}
    duel, item, topic = _item_to_publish(token, user)
    return {"kind": item.kind, "action": "reply", "topic": topic.topic_id, "message": item.bbcode,
            "label": item.label, "user": user.get_username()}


def _item_to_publish(token: tokens.BridgeToken, user) -> tuple[Duel, selectors.ForumItem, DuelTopic]:
    """An item token's checks, the same when the bridge reads its job and when it reports the message
    posted: the item is on Estrade, the user may publish it, the duel has its topic, the item is not on
    the forum yet and every item before it is (the topic keeps the thread's order: 409 otherwise)."""
    duel = duel_of(token.scope, token.object_id)
    item, items = item_of(duel, token.scope, token.object_id)
    if not selectors.may_publish(item, user, duel):
        raise _not_allowed()
    topic = selectors.topic_of(duel)
    if topic is None:
        raise ForumError("no-topic", _("Ce duel n'a pas encore de sujet sur le forum."))
    if item.publication is not None:
        raise ForumError("already-published", _("Déjà sur le forum."))
    earlier = selectors.first_missing_before(items, item)
    if earlier is not None:
        raise ForumError("out-of-order", _("Le sujet suit l'ordre du duel : publiez d'abord « %(label)s ».")
                         % {"label": earlier.label}, 409)
    return duel, item, topic


@transaction.atomic
def report(*, token: tokens.BridgeToken, url: str) -> dict:
    """The bridge's report of a posted message: checked, recorded once, audited; the token is spent."""
    _require_forum()
    user = _token_user(token)
    address = addresses.parse(url)
    if address is None:
        raise ForumError("foreign-address", _("Adresse refusée : elle n'est pas un sujet de %(forum)s.")
                         % {"forum": addresses.forum_origin()})
    now = timezone.now()
    if not tokens.mark_used(token, now=now):
        raise ForumError("token-used", _("Ce lien du pont a déjà servi. Repartez de la page Estrade."), 403)
    if token.scope in external.PUBLISHERS:
        back = external.PUBLISHERS[token.scope].report(user, token.object_id, address, now)
        return {"ok": True, "kind": token.scope, "url": address.url, "back": back}
    if token.scope == "topic":
        duel = duel_of(ItemKind.START, token.object_id)
        topic = _link(duel=duel, address=address, user=user, how=DuelTopic.How.CREATED, now=now)
        return {"ok": True, "kind": "topic", "url": topic.url, "back": selectors.duel_url(duel)}
    duel, _item, topic = _item_to_publish(token, user)
    if address.topic_id != topic.topic_id:
        raise ForumError("wrong-topic", _("Ce message n'est pas dans le sujet du duel."))
    try:
        with transaction.atomic():
            publication = Publication.objects.create(
                duel=duel, kind=token.scope, object_id=token.object_id, url=address.url,
                message_id=address.message_id, published_by=user, published_at=now)
    except IntegrityError:
        raise ForumError("already-published", _("Déjà sur le forum.")) from None
    audit_record(actor=user, action=AUDIT_PUBLISH, duel=duel, data={
        "kind": token.scope, "object": token.object_id, "url": address.url, "message": address.message_id})
    return {"ok": True, "kind": publication.kind, "url": publication.url, "back": selectors.duel_url(duel)}


def _link(*, duel: Duel, address, user, how: str, now) -> DuelTopic:
    if DuelTopic.objects.filter(duel=duel).exists():
        raise ForumError("topic-exists", _("Ce duel a déjà son sujet sur le forum."))
    if DuelTopic.objects.filter(topic_id=address.topic_id).exists():
        raise ForumError("topic-taken", _("Ce sujet est déjà lié à un autre duel."))
    url = addresses.topic_url(address.topic_id) if how == DuelTopic.How.CREATED else address.url.split("#")[0]
    topic = DuelTopic.objects.create(duel=duel, topic_id=address.topic_id, url=url, how=how,
                                     linked_by=user, linked_at=now)
    audit_record(actor=user, action=AUDIT_TOPIC, duel=duel, data={
        "topic": address.topic_id, "url": url, "how": how})
    return topic


@transaction.atomic
def topic_link(*, duel: Duel, url: str, by) -> DuelTopic:
    """The referee pastes an existing topic's address: its id is read, a foreign origin refused."""
    _require_forum()
    if not is_duel_referee(duel, by):
        raise _not_allowed()
    address = addresses.parse(url)
    if address is None:
        raise ForumError("foreign-address", _("Adresse refusée : collez l'adresse d'un sujet de %(forum)s.")
                         % {"forum": addresses.forum_origin()})
    return _link(duel=duel, address=address, user=by, how=DuelTopic.How.LINKED, now=timezone.now())
