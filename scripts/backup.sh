#!/bin/sh
# PostgreSQL backups for Estrade: the compose `backup` service runs this in a loop (one dump every
# BACKUP_INTERVAL_SECONDS, default a day); `backup.sh --once` makes one dump and exits (cron, CI).
#   DATABASE_URL          postgres://user:password@host:5432/name (libpq reads it as is)
#   BACKUP_DIR            where dumps go (default /backups); files estrade-YYYYMMDDTHHMMSSZ.dump
#   BACKUP_KEEP_DAYS      dumps older than this are deleted after a successful dump (default 14)
# Restore (README "Production"): createdb NEW && pg_restore --no-owner --dbname=NEW FILE.dump
set -eu
BACKUP_DIR="${BACKUP_DIR:-/backups}"
BACKUP_INTERVAL_SECONDS="${BACKUP_INTERVAL_SECONDS:-86400}"
BACKUP_KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"

dump() {
  file="$BACKUP_DIR/estrade-$(date -u +%Y%m%dT%H%M%SZ).dump"
  # custom format: compressed, restorable table by table; written aside, renamed only when complete
  pg_dump --format=custom --no-owner --file="$file.partial" "$DATABASE_URL" || { rm -f "$file.partial"; return 1; }
  mv "$file.partial" "$file"
  echo "backup: $file ($(wc -c < "$file") bytes)"
  # retention only after a good dump: a broken database never deletes the last good backups
  find "$BACKUP_DIR" -name 'estrade-*.dump' -mtime +"$BACKUP_KEEP_DAYS" -print -delete
}

mkdir -p "$BACKUP_DIR"
if [ "${1:-}" = "--once" ]; then
  dump
  exit
fi
while true; do
  dump || echo "backup: pg_dump failed, next try in $BACKUP_INTERVAL_SECONDS s" >&2
  sleep "$BACKUP_INTERVAL_SECONDS"
done
