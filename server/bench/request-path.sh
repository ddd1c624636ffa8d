#!/usr/bin/env bash
# The request path as a user meets it: the packaged server as its own process on a stand-alone PostgreSQL (durable
# defaults), loaded over HTTP by wrk from another process, next to pgbench doing the least database work a revision
# needs on the same PostgreSQL. Prints one summary block; removes the server, the database and its files on any exit.
#
#   server/bench/request-path.sh            (from anywhere; builds target/tandem-*.jar first if it is missing)
#
# Settings (environment): WARMUP (seconds, default 240, half updates, half GETs), DURATION (seconds per figure,
# default 30), BUILD=1 (rebuild the jar), JAR (another server jar), JAVA_OPTS (the server's JVM options, say
# -XX:+UseParallelGC), PG_BIN (default
# /usr/lib/postgresql/15/bin), PG_USER (runs initdb and pg_ctl when the script runs as root, default postgres),
# KEEP_WORK=1 (keep the temporary folder with the logs), PROFILER (the path of async-profiler's libasyncProfiler.so:
# each measured phase is then profiled on its own, into PROFILE_DIR, default /tmp/tandem-profiles, for the event
# PROFILE_EVENT (default cpu, sampled every PROFILE_INTERVAL, default 1ms; alloc: every 512k allocated); profiling
# costs a few per cent, so compare figures only between runs made the same way; attaching it late makes the JIT
# compile much again, so leave the compiler threads out of what you read), STATEMENTS=1 (pg_stat_statements on: the
# statements of each measured phase, per request, into $WORK/statements-<phase>.txt; implies KEEP_WORK=1).
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH=$ROOT/server/bench
FIXTURE=$ROOT/src/test/resources/units/paymentservice.yaml
WARMUP=${WARMUP:-240}
DURATION=${DURATION:-30}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
UPDATE_CONNECTIONS=8
GET_CONNECTIONS=50

# shellcheck source=common.sh
. "$BENCH/common.sh"

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    for _ in $(seq 30); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 1; done
    kill -9 "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
  if [ "$status" != 0 ] && [ "$status" != 130 ] && [ -s "${WORK:-}/server.log" ]; then
    log "the server's log, last 40 lines:"
    tail -40 "$WORK/server.log" >&2
  fi
  if [ -n "${PG_STARTED:-}" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1
  fi
  if [ -n "${WORK:-}" ]; then
    if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $WORK"; else rm -rf "$WORK"; fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

require_tools() {
  if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      log "installing wrk (apt-get install -y wrk)"
      apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
    else
      die "wrk is missing: install it (Debian/Ubuntu: sudo apt-get install -y wrk) and run again"
    fi
  fi
  [ -x "$PG_BIN/initdb" ] || die "no PostgreSQL in $PG_BIN (Debian: apt-get install -y postgresql-15; or set PG_BIN)"
  PGBENCH=$PG_BIN/pgbench
  [ -x "$PGBENCH" ] || PGBENCH=$(command -v pgbench) || die "pgbench is missing (it comes with PostgreSQL)"
  command -v curl >/dev/null || die "curl is missing"
  command -v java >/dev/null || die "java (17 or later) is missing"
}

server_jar() { find "$ROOT/target" -maxdepth 1 -name 'tandem-*.jar' ! -name '*-cli.jar' 2>/dev/null | head -1; }

build_if_needed() {
  JAR=${JAR:-$(server_jar)}
  if [ -z "$JAR" ] || [ "${BUILD:-0}" = 1 ]; then
    log "packaging the server (./mvnw -B -o -q package -DskipTests)"
    (cd "$ROOT" && ./mvnw -B -o -q package -DskipTests)
    JAR=$(server_jar)
  fi
  [ -f "$JAR" ] || die "no server jar in $ROOT/target"
  warn_foreign_migrations "$JAR"
}

free_port() {
  local port
  for _ in $(seq 100); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  die "found no free port"
}

start_postgres() {
  PG_PORT=$(free_port)
  mkdir "$WORK/pg" "$WORK/pg-run"
  if [ "$(id -u)" = 0 ]; then chown "$PG_USER" "$WORK/pg" "$WORK/pg-run"; fi
  as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U bench --auth=trust -E UTF8 --no-locale >"$WORK/initdb.log" 2>&1 ||
    { cat "$WORK/initdb.log" >&2; die "initdb failed"; }
  # durable, as a deployment runs it (these are PostgreSQL's defaults, spelled out)
  as_pg tee -a "$WORK/pg/postgresql.conf" >/dev/null <<EOF
port = $PG_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$WORK/pg-run'
fsync = on
synchronous_commit = on
full_page_writes = on
EOF
  if [ "${STATEMENTS:-0}" = 1 ]; then
    KEEP_WORK=1
    # nested too (what the triggers and foreign-key checks run), and planning apart from execution
    as_pg tee -a "$WORK/pg/postgresql.conf" >/dev/null <<EOF
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
pg_stat_statements.track_planning = on
EOF
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg-run/postgres.log" -w -t 60 start >/dev/null ||
    { cat "$WORK/pg-run/postgres.log" >&2; die "PostgreSQL did not start"; }
  PG_STARTED=1
  psql_on postgres -c 'CREATE DATABASE tandem' -c 'CREATE DATABASE baseline' >/dev/null
  if [ "${STATEMENTS:-0}" = 1 ]; then psql_on tandem -c 'CREATE EXTENSION pg_stat_statements' >/dev/null; fi
}

# statements <start|stop> <phase> <requests>: what the server's database did in a phase, per request (and the slowest
# execution of each statement, to tell a stall in the database from one elsewhere).
statements() {
  [ "${STATEMENTS:-0}" = 1 ] || return 0
  if [ "$1" = start ]; then
    psql_on tandem -At -c 'SELECT pg_stat_statements_reset()' >/dev/null
  else
    psql_on tandem -c "SELECT round(calls::numeric / $3, 2) AS per_request, round(mean_exec_time::numeric, 3) AS mean_ms, round(max_exec_time::numeric, 1) AS max_ms,
                              round((plans::numeric / greatest(calls, 1)), 2) AS plans_per_call,
                              round(mean_plan_time::numeric, 3) AS plan_ms, toplevel AS top,
                              round((100 * total_exec_time / sum(total_exec_time) FILTER (WHERE toplevel) OVER ())::numeric, 1) AS pct,
                              left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS statement
                         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'tandem')
                        ORDER BY total_exec_time DESC LIMIT 25" >"$WORK/statements-$2.txt"
    log "statements of $2: $WORK/statements-$2.txt"
  fi
}

# The seconds the server's JIT compiler has spent so far (jstat, which comes with the JDK); empty without jstat.
jit_s() { jstat -compiler "$SERVER_PID" 2>/dev/null | awk 'NR == 2 {print $4}'; }
# jit_during <seconds before> <seconds after>: what the summary says of the compiler's time during a phase
jit_during() { if [ -n "$1" ] && [ -n "$2" ]; then awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f s", b - a}'; else echo "n/a"; fi; }

psql_on() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U bench -d "$@"; }

# The baseline's database: the revision store's tables as the server's first migration makes them, one unit per client.
prepare_baseline() {
  psql_on baseline -f "$ROOT/db/migrations/V001__revision_store.sql" >/dev/null
  psql_on baseline -v clients="$UPDATE_CONNECTIONS" -v fixture="$(cat "$FIXTURE")" -f "$BENCH/baseline-setup.sql" >/dev/null
}

start_server() {
  SERVER_PORT=$(free_port)
  TOKEN="tdm_bench$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')_$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
  mkdir "$WORK/tandem"
  SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/tandem" SPRING_DATASOURCE_USERNAME=bench \
    TANDEM_SECURITY_BOOTSTRAP_TOKEN="$TOKEN" \
    java ${JAVA_OPTS:-} -jar "$JAR" --server.port="$SERVER_PORT" --tandem.sandbox.enabled=false \
    --tandem.data-dir="$WORK/tandem" >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  BASE=http://127.0.0.1:$SERVER_PORT
  for _ in $(seq 300); do
    kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited while starting"
    if curl -fsS -o /dev/null "$BASE/actuator/health" 2>/dev/null; then return; fi
    sleep 1
  done
  die "the server was not healthy after 300 s"
}

# profile <start|stop> <phase>: async-profiler attached through jcmd, so that warm-up is not in the profile.
profile() {
  [ -n "${PROFILER:-}" ] || return 0
  local dir=${PROFILE_DIR:-/tmp/tandem-profiles} event=${PROFILE_EVENT:-cpu} interval
  if [ "$event" = cpu ]; then interval=${PROFILE_INTERVAL:-1ms}; else interval=${PROFILE_INTERVAL:-512k}; fi
  mkdir -p "$dir"
  if [ "$1" = start ]; then
    # the quotes inside keep jcmd from reading the agent's options as its own name=value arguments
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER" "\"start,event=$event,interval=$interval\"" | grep -q 'return code: 0' ||
      die "async-profiler did not start ($PROFILER)"
  else
    jcmd "$SERVER_PID" JVMTI.agent_load "$PROFILER" "\"stop,collapsed,file=$dir/$2.collapsed\"" | grep -q 'return code: 0' ||
      die "async-profiler did not stop ($PROFILER)"
    log "profile of $2: $dir/$2.collapsed"
  fi
}

# CPU time in milliseconds (user + system) used so far by the server, and by PostgreSQL (the postmaster and all its
# backends, alive or ended: cutime/cstime count the children that exited). Per request it tells how much work a
# request is, which a busy machine changes much less than it changes the rates.
cpu_ms() {
  local pids=$SERVER_PID
  [ "$1" = postgres ] && pids="$(head -1 "$WORK/pg/postmaster.pid") $(pgrep -P "$(head -1 "$WORK/pg/postmaster.pid")" | tr '\n' ' ')"
  local pid total=0
  for pid in $pids; do
    total=$((total + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo $((total * 1000 / $(getconf CLK_TCK)))
}

tcurl() { curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" "$BASE$1" "${@:2}"; }

# One unit per update connection (u0 … u7) and one that the GETs read; each has the fixture as its data.
prepare_units() {
  tcurl /api/v1/spaces -XPOST -H 'Content-Type: application/json' -d '{"slug":"bench"}'
  local unit
  for unit in $(seq -f 'u%g' 0 $((UPDATE_CONNECTIONS - 1))) read; do
    tcurl /api/v1/spaces/bench/units -XPOST -H 'Content-Type: application/json' -d "{\"slug\":\"$unit\",\"data\":\"\"}"
    tcurl "/api/v1/spaces/bench/units/$unit/data" -XPUT -H 'Content-Type: application/yaml' --data-binary @"$FIXTURE"
  done
}

api_revisions() {
  psql_on tandem -At -c "SELECT coalesce(sum(u.head_revision_num), 0) FROM unit u JOIN space s ON s.id = u.space_id
                         WHERE s.slug = 'bench' AND u.slug <> 'read'"
}

# wrk <name> <mode> <connections> <threads> <seconds> <run>; prints the RESULT line's fields
run_wrk() {
  local url=$BASE/
  [ "$2" = get ] && url=$BASE/api/v1/spaces/bench/units/read
  BENCH_MODE=$2 BENCH_RUN=$6 BENCH_FIXTURE=$FIXTURE TANDEM_TOKEN=$TOKEN \
    wrk -t"$4" -c"$3" -d"$5"s --latency --timeout 10s -s "$BENCH/request-path.lua" "$url" >"$WORK/wrk-$1.txt" ||
    { cat "$WORK/wrk-$1.txt" >&2; die "wrk failed ($1)"; }
  local result
  result=$(sed -n 's/^RESULT //p' "$WORK/wrk-$1.txt")
  [ -n "$result" ] || { cat "$WORK/wrk-$1.txt" >&2; die "wrk printed no result ($1)"; }
  case "$result" in
    *" non2xx=0 socket_errors=0") ;;
    *) cat "$WORK/wrk-$1.txt" >&2; die "requests failed ($1): $result" ;;
  esac
  echo "$result"
}

field() { sed -n "s/.*\\b$2=\\([^ ]*\\).*/\\1/p" <<<"$1"; }

# processed <run>: the transactions pgbench counted in a run
processed() { sed -n 's/^number of transactions actually processed: //p' "$WORK/pgbench-$1.txt"; }

run_pgbench() {
  "$PGBENCH" -n -M prepared -c "$UPDATE_CONNECTIONS" -j 2 -T "$1" -f "$BENCH/baseline.sql" -D fixture="$(cat "$FIXTURE")" \
    -h 127.0.0.1 -p "$PG_PORT" -U bench baseline >"$WORK/pgbench-$2.txt" 2>&1 ||
    { cat "$WORK/pgbench-$2.txt" >&2; die "pgbench failed ($2)"; }
  sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$WORK/pgbench-$2.txt"
}

main() {
  require_tools
  build_if_needed
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/tandem-bench.XXXXXX")
  chmod 755 "$WORK"
  local load_before
  load_before=$(cut -d' ' -f1 /proc/loadavg)

  log "starting PostgreSQL and the server ($JAR)"
  start_postgres
  prepare_baseline
  start_server
  prepare_units

  log "warm-up: $((WARMUP / 2)) s of updates, $((WARMUP / 2)) s of GETs"
  run_wrk warmup-update update "$UPDATE_CONNECTIONS" "$UPDATE_CONNECTIONS" $((WARMUP / 2)) 1 >/dev/null
  run_wrk warmup-get get "$GET_CONNECTIONS" 2 $((WARMUP / 2)) 2 >/dev/null

  # The baseline runs before the server's phases and after them: this machine's speed drifts within minutes, and the
  # ratio is taken against the faster of the two.
  log "baseline, first: pgbench, $UPDATE_CONNECTIONS clients, 5 s warm-up, then $DURATION s"
  run_pgbench 5 warmup >/dev/null
  local tps_before
  tps_before=$(run_pgbench "$DURATION" before)

  log "updates: PUT unit data, $UPDATE_CONNECTIONS connections, $DURATION s"
  local before after updates
  before=$(api_revisions)
  local server_cpu pg_cpu jit_update jit_get
  jit_update=$(jit_s)
  server_cpu=$(cpu_ms server)
  pg_cpu=$(cpu_ms postgres)
  profile start update
  statements start update
  updates=$(run_wrk update update "$UPDATE_CONNECTIONS" "$UPDATE_CONNECTIONS" "$DURATION" 3)
  statements stop update "$(field "$updates" requests)"
  profile stop update
  server_cpu=$(($(cpu_ms server) - server_cpu))
  pg_cpu=$(($(cpu_ms postgres) - pg_cpu))
  jit_update=$(jit_during "$jit_update" "$(jit_s)")
  after=$(api_revisions)
  [ $((after - before)) -ge "$(field "$updates" requests)" ] ||
    die "only $((after - before)) revisions for $(field "$updates" requests) updates"

  log "reads: GET one unit, $GET_CONNECTIONS connections, $DURATION s"
  local reads get_cpu get_pg_cpu
  jit_get=$(jit_s)
  get_cpu=$(cpu_ms server)
  get_pg_cpu=$(cpu_ms postgres)
  profile start get
  statements start get
  reads=$(run_wrk get get "$GET_CONNECTIONS" 2 "$DURATION" 4)
  statements stop get "$(field "$reads" requests)"
  profile stop get
  get_cpu=$(($(cpu_ms server) - get_cpu))
  get_pg_cpu=$(($(cpu_ms postgres) - get_pg_cpu))
  jit_get=$(jit_during "$jit_get" "$(jit_s)")

  log "baseline, second: pgbench, $UPDATE_CONNECTIONS clients, $DURATION s"
  local tps tps_after made pgbench_cpu
  pgbench_cpu=$(cpu_ms postgres)
  tps_after=$(run_pgbench "$DURATION" after)
  sleep 1 # the backends pgbench used have exited: let the postmaster collect them, and so their CPU time
  pgbench_cpu=$(($(cpu_ms postgres) - pgbench_cpu))
  [ -n "$tps_before" ] && [ -n "$tps_after" ] || { cat "$WORK"/pgbench-*.txt >&2; die "pgbench printed no tps"; }
  tps=$(awk -v a="$tps_before" -v b="$tps_after" 'BEGIN {print (a > b ? a : b)}')
  made=$(psql_on baseline -At -c 'SELECT count(DISTINCT content_sha256) FROM revision')
  [ "$made" -gt $(($(processed before) + $(processed after))) ] ||
    die "pgbench made fewer distinct revisions ($made) than it counted transactions"
  local durability
  durability=$(psql_on tandem -At -F' ' -c "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings
                                            WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')")

  local ups dirty=""
  ups=$(field "$updates" rps)
  git -C "$ROOT" diff --quiet HEAD -- src db pom.xml 2>/dev/null || dirty=" (with uncommitted changes)"
  cat <<EOF

==== Tandem request path ====
date          $(date -u +%Y-%m-%dT%H:%MZ)
commit        $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$dirty (of the checkout; a JAR given from elsewhere may be of another), $(basename "$JAR") built $(date -u -r "$JAR" +%Y-%m-%dT%H:%MZ)
machine       $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average $load_before before, $(cut -d' ' -f1 /proc/loadavg) after
postgres      $durability, data on $(df -PT "$WORK" | awk 'NR == 2 {print $2}')
jvm options   ${JAVA_OPTS:-(none)}
versions      $(java -version 2>&1 | head -1 | tr -d '"'); $("$PG_BIN/postgres" --version); $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2); pgbench $("$PGBENCH" --version | head -1 | cut -d' ' -f3)
durations     warm-up $WARMUP s; $DURATION s per figure
updates/s     $(printf '%.0f' "$ups")  (PUT unit data, ~1 KiB, $UPDATE_CONNECTIONS connections; p50 $(field "$updates" p50_ms) ms, p99 $(field "$updates" p99_ms) ms; $((after - before)) revisions)
baseline tps  $(printf '%.0f' "$tps_before") before, $(printf '%.0f' "$tps_after") after  (pgbench, $UPDATE_CONNECTIONS clients: head update, blob upsert, revision insert; PostgreSQL $(awk -v c="$pgbench_cpu" -v n="$(processed after)" 'BEGIN {printf "%.2f", c / n}') ms CPU per transaction, after)
ratio         $(awk -v a="$ups" -v b="$tps" 'BEGIN {printf "%.2f (%.0f%%)", a / b, 100 * a / b}')  (updates/s / the faster pgbench run's tps)
CPU/update    server $(awk -v c="$server_cpu" -v n="$(field "$updates" requests)" 'BEGIN {printf "%.2f", c / n}') ms, PostgreSQL $(awk -v c="$pg_cpu" -v n="$(field "$updates" requests)" 'BEGIN {printf "%.2f", c / n}') ms  (user + system time over the phase, per request)
GET rps       $(printf '%.0f' "$(field "$reads" rps)")  (GET one unit, $GET_CONNECTIONS connections)
GET p50       $(field "$reads" p50_ms) ms
GET p99       $(field "$reads" p99_ms) ms
CPU/GET       server $(awk -v c="$get_cpu" -v n="$(field "$reads" requests)" 'BEGIN {printf "%.2f", c / n}') ms, PostgreSQL $(awk -v c="$get_pg_cpu" -v n="$(field "$reads" requests)" 'BEGIN {printf "%.2f", c / n}') ms
JIT           compiling $jit_update of the updates' $DURATION s, $jit_get of the GETs' (jstat -compiler; more than a second or two: the warm-up was too short)
EOF
  # the command as run: settings that differ from the defaults name an experiment, not the shipped figures
  local how="${JAVA_OPTS:+JAVA_OPTS='$JAVA_OPTS' }server/bench/request-path.sh" note=""
  record request-path "$how" "data updates/s, $UPDATE_CONNECTIONS connections" "$(printf '%.0f' "$ups")" 1/s "pgbench tps" \
    "$(printf '%.0f' "$tps")" "$note"
  record request-path "$how" "GET unit/s, $GET_CONNECTIONS connections" "$(printf '%.0f' "$(field "$reads" rps)")" 1/s "" "" "$note"
  record request-path "$how" "GET unit p50" "$(field "$reads" p50_ms)" ms "" "" "$note"
  record request-path "$how" "GET unit p99" "$(field "$reads" p99_ms)" ms "" "" "$note"
  record request-path "$how" "data update p50, $UPDATE_CONNECTIONS connections" "$(field "$updates" p50_ms)" ms "" "" "$note"
  record request-path "$how" "data update p99, $UPDATE_CONNECTIONS connections" "$(field "$updates" p99_ms)" ms "" "" "$note"
  record request-path "$how" "server CPU per update" "$(awk -v c="$server_cpu" -v n="$(field "$updates" requests)" \
    'BEGIN {printf "%.2f", c / n}')" ms "" "" "$note"
  record request-path "$how" "PostgreSQL CPU per update" "$(awk -v c="$pg_cpu" -v n="$(field "$updates" requests)" \
    'BEGIN {printf "%.2f", c / n}')" ms "" "" "$note"
  record request-path "$how" "server CPU per GET" "$(awk -v c="$get_cpu" -v n="$(field "$reads" requests)" \
    'BEGIN {printf "%.2f", c / n}')" ms "" "" "$note"
  log "figures appended to ${RESULTS:-server/bench/results.tsv} (run $RUN_ID); java server/bench/Plot.java draws them"
}

main "$@"
