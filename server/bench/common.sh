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
