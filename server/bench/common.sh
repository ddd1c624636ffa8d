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

# record <benchmark> <command> <figure> <value> <unit> [baseline] [baseline-value] [note]: appends a figure of this
# run to the results (RESULTS, default server/bench/results.tsv; RECORD=0 records nothing), one run id per script run.
# java server/bench/Plot.java draws every figure over time from it.
record() {
  [ "${RECORD:-1}" = 0 ] && return 0
  local results=${RESULTS:-$ROOT/server/bench/results.tsv}
  [ -s "$results" ] || printf 'run\tdate\tcommit\tbenchmark\tfigure\tvalue\tunit\tbaseline\tbaseline_value\tcommand\tnote\n' > "$results"
  if [ -z "${RUN_ID:-}" ]; then
    RUN_ID=$(awk -F'\t' 'NR > 1 && $1 + 0 > max {max = $1 + 0} END {print max + 1}' "$results")
  fi
  local commit
  commit=$(git -C "$ROOT" rev-parse --short=7 HEAD 2>/dev/null || echo unknown)
  git -C "$ROOT" diff --quiet HEAD -- src db pom.xml 2>/dev/null || commit="$commit+"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$RUN_ID" "$(date -u +%Y-%m-%d)" "$commit" "$1" "$3" "$4" "$5" \
    "${6:-}" "${7:-}" "$2" "$(printf '%s' "${8:-}" | tr '\t\n' '  ')" >> "$results"
}
