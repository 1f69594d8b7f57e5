"""Forum members written in bulk (the CSV import): a few statements for a thousand members."""
from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections

from accounts.models import Duellist
from accounts.services.members import SCALAR_FIELDS, ForumMemberData


def members_bulk_upsert(members: list[ForumMemberData], type_ids: dict[str, int]) -> dict[str, int]:
    """Create or update these members (validated, distinct forum ids) and their magic types, a few
    statements for the lot; `type_ids`: magic type id by slug. Counts 'created', 'updated', 'unchanged'
    as forum_member_upsert does for one. Raises IntegrityError when a forum name is already taken."""
    Link = Duellist.magic_types.through
    existing = {d.forum_id: d for d in Duellist.objects.filter(forum_id__in=[m.forum_id for m in members])}
    current_types: dict[int, set[str]] = {}
    for duellist_id, slug in Link.objects.filter(duellist_id__in=[d.pk for d in existing.values()]).values_list(
            "duellist_id", "magictype__slug"):
        current_types.setdefault(duellist_id, set()).add(slug)
    created, updated, retyped, unchanged = [], [], [], 0
    for data in members:
        duellist = existing.get(data.forum_id)
        if duellist is None:
            duellist = Duellist(forum_id=data.forum_id, **{f: getattr(data, f) for f in SCALAR_FIELDS})
            created.append((duellist, data))
            continue
        same_fields = all(getattr(duellist, f) == getattr(data, f) for f in SCALAR_FIELDS)
        same_types = current_types.get(duellist.pk, set()) == set(data.magic_type_slugs)
        if same_fields and same_types:
            unchanged += 1
            continue
        for f in SCALAR_FIELDS:
            setattr(duellist, f, getattr(data, f))
        updated.append(duellist)
        if not same_types:
            retyped.append((duellist, data))
    if updated:
        _update_rows(updated)
    if created:
        _insert_rows(Duellist, [duellist for duellist, _data in created])
        ids = dict(Duellist.objects.filter(forum_id__in=[d.forum_id for d, _data in created])
                   .values_list("forum_id", "pk"))
        for duellist, _data in created:
            duellist.pk = ids[duellist.forum_id]
    if retyped:
        Link.objects.filter(duellist_id__in=[d.pk for d, _data in retyped]).delete()
    _insert_links([(d.pk, type_ids[slug]) for d, data in created + retyped for slug in data.magic_type_slugs])
    return {"created": len(created), "updated": len(updated), "unchanged": unchanged}


# Rows are inserted with multi-row VALUES and updated with executemany: Django's bulk_update builds a
# CASE per column, quadratic in the batch (minutes for 50,000 rows), and bulk_create compiles its SQL
# anew for every batch.
def _insert_values(table: str, columns: list[str], rows: list[list]) -> None:
    """INSERT `rows` into `table`, as many a statement as the backend takes parameters (1,000 rows
    at most)."""
    if not rows:
        return
    db = connections[DEFAULT_DB_ALIAS]
    quote = db.ops.quote_name
    per_statement = min(1000, (db.features.max_query_params or 10**9) // len(columns))
    head = f"INSERT INTO {quote(table)} ({', '.join(quote(column) for column in columns)}) VALUES "
    placeholders = "(" + ", ".join(["%s"] * len(columns)) + ")"
    with db.cursor() as cursor:
        for start in range(0, len(rows), per_statement):
            batch = rows[start:start + per_statement]
            cursor.execute(head + ", ".join([placeholders] * len(batch)), [value for row in batch for value in row])


def _insert_rows(model, objects: list) -> None:
    """INSERT every object (all concrete fields but the primary key, defaults included)."""
    db = connections[DEFAULT_DB_ALIAS]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    for obj in objects:
        if obj.club_id is None:
            obj.club_id = obj.club_id_to_use()  # the club being served (ClubOwned)
    rows = [[f.get_db_prep_save(f.pre_save(obj, add=True), db) for f in fields] for obj in objects]
    _insert_values(model._meta.db_table, [f.column for f in fields], rows)


def _insert_links(pairs: list[tuple[int, int]]) -> None:
    """The (duellist id, magic type id) rows of the members' magic types."""
    link = Duellist.magic_types.through._meta
    columns = [link.get_field(name).column for name in ("duellist", "magictype")]
    _insert_values(link.db_table, columns, [list(pair) for pair in pairs])


def _update_rows(duellists: list[Duellist]) -> None:
    """One UPDATE of the synced columns by primary key, for every row at once."""
    db, meta = connections[DEFAULT_DB_ALIAS], Duellist._meta
    fields = [meta.get_field(name) for name in SCALAR_FIELDS]
    quote = db.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    params = [[f.get_db_prep_save(getattr(d, f.attname), db) for f in fields] + [d.pk] for d in duellists]
    with db.cursor() as cursor:
        cursor.executemany(sql, params)
