# Shared by the benchmark scripts (sourced): logging, and running PostgreSQL's own tools as a user they accept.

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# initdb and the postmaster refuse to run as root: as root, PG_USER (default postgres) runs them
if [ "$(id -u)" = 0 ]; then
  PG_USER=${PG_USER:-postgres}
  as_pg() { (cd / && runuser -u "$PG_USER" -- "$@"); }
else
  as_pg() { "$@"; }
fi

# warn_foreign_migrations <jar>: a jar packaged from a target/classes that still holds a migration since removed from
# db/migrations (a reverted experiment, say) migrates its database differently from the checkout's code; an older
# jar lacking newer migrations is fine, so only the former is told, and the run goes on.
warn_foreign_migrations() {
  local foreign
  foreign=$(comm -23 <(jar tf "$1" | sed -n 's|^BOOT-INF/classes/db/migration/\(V.*\.sql\)$|\1|p' | sort) \
    <(ls "$ROOT/db/migrations" | sort) | tr '\n' ' ')
  [ -z "$foreign" ] || log "warning: $(basename "$1") holds migrations that db/migrations does not: $foreign(was it" \
    "packaged over a stale target/classes? remove it and package again)"
}
