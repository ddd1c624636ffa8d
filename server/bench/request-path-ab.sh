#!/usr/bin/env bash
# Two server jars measured at the same time, for telling a change's effect from the machine's: on a shared machine
# whose speed moves by a fifth or more from one run of request-path.sh to the next, two jars run one after the other
# are not comparable. Here both servers run at once on one stand-alone PostgreSQL (a database each, durable
# defaults), each loaded by its own wrk with half of request-path.sh's connections, so whatever the machine does, it
# does to both. The absolute figures are not request-path.sh's (two servers and two load generators share the cores);
# compare the two lines of each phase.
#
#   server/bench/request-path-ab.sh <jar A> <jar B>
#
# Prints, per phase (updates: PUT unit data at 4 connections each; GETs: one unit at 25 each) and jar, the requests
# per second, p50 and p99, and the CPU time its server and its database's backends spent per request. Settings
# (environment): WARMUP (seconds, default 240, half updates, half GETs: with two servers compiling at once the JIT
# needs about four times as long as alone), DURATION (seconds per phase, default 30), A_OPTS and B_OPTS (JVM options
# of one server only, such as -XX:+UseParallelGC or -Dserver.tomcat.threads.max=50: the same jar twice then compares
# settings), PG_BIN, PG_USER and KEEP_WORK as for request-path.sh. Needs Java 17, curl, PostgreSQL 15 and wrk.
set -Eeuo pipefail

[ $# = 2 ] && [ -f "$1" ] && [ -f "$2" ] || { echo "usage: $0 <server jar A> <server jar B>" >&2; exit 2; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH=$ROOT/server/bench
FIXTURE=$ROOT/src/test/resources/units/paymentservice.yaml
WARMUP=${WARMUP:-240}
DURATION=${DURATION:-30}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
JARS=("$1" "$2")
read -ra OPTS_A <<<"${A_OPTS:-}"
read -ra OPTS_B <<<"${B_OPTS:-}"
PIDS=()

# shellcheck source=common.sh
. "$BENCH/common.sh"
for jar in "${JARS[@]}"; do warn_foreign_migrations "$jar"; done

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null
  done
  [ -n "${PG_STARTED:-}" ] && as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m fast -w -t 30 stop >/dev/null 2>&1
  if [ -n "${WORK:-}" ]; then
    if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $WORK"; else rm -rf "$WORK"; fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

command -v wrk >/dev/null || die "wrk is missing: install it (Debian/Ubuntu: sudo apt-get install -y wrk) and run again"
command -v curl >/dev/null || die "curl is missing"
[ -x "$PG_BIN/initdb" ] || die "no PostgreSQL in $PG_BIN (Debian: apt-get install -y postgresql-15; or set PG_BIN)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tandem-ab.XXXXXX")
chmod 755 "$WORK"
mkdir "$WORK/pg" "$WORK/pg-run"
[ "$(id -u)" = 0 ] && chown "$PG_USER" "$WORK/pg" "$WORK/pg-run"
PG_PORT=$((20000 + RANDOM % 20000))
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U bench --auth=trust -E UTF8 --no-locale >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; die "initdb failed"; }
printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$PG_PORT" "$WORK/pg-run" |
  as_pg tee -a "$WORK/pg/postgresql.conf" >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg-run/postgres.log" -w -t 60 start >/dev/null ||
  die "PostgreSQL did not start"
PG_STARTED=1
psql_on() { "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U bench -d "$@"; }
psql_on postgres -c 'CREATE DATABASE tandem_a' -c 'CREATE DATABASE tandem_b'

TOKEN="tdm_benchab$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')_$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
PORTS=($((PG_PORT + 1)) $((PG_PORT + 2)))
DBS=(tandem_a tandem_b)
log "starting PostgreSQL and the servers (A: ${A_OPTS:-} ${JARS[0]}, B: ${B_OPTS:-} ${JARS[1]})"
for i in 0 1; do
  mkdir "$WORK/data-$i"
  if [ "$i" = 0 ]; then opts=("${OPTS_A[@]}"); else opts=("${OPTS_B[@]}"); fi
  SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/${DBS[$i]}" SPRING_DATASOURCE_USERNAME=bench \
    TANDEM_SECURITY_BOOTSTRAP_TOKEN="$TOKEN" java "${opts[@]}" -jar "${JARS[$i]}" --server.port="${PORTS[$i]}" \
    --tandem.sandbox.enabled=false --tandem.data-dir="$WORK/data-$i" >"$WORK/server-$i.log" 2>&1 &
  PIDS+=($!)
done
for i in 0 1; do
  for attempt in $(seq 301); do
    [ "$attempt" = 301 ] && die "server $i was not healthy after 300 s (see $WORK/server-$i.log; KEEP_WORK=1 keeps it)"
    kill -0 "${PIDS[$i]}" 2>/dev/null || die "server $i exited while starting"
    curl -fsS -o /dev/null "http://127.0.0.1:${PORTS[$i]}/actuator/health" 2>/dev/null && break
    sleep 1
  done
  call() { curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:${PORTS[$i]}$1" "${@:2}"; }
  call /api/v1/spaces -XPOST -H 'Content-Type: application/json' -d '{"slug":"bench"}'
  for unit in u0 u1 u2 u3 read; do
    call /api/v1/spaces/bench/units -XPOST -H 'Content-Type: application/json' -d "{\"slug\":\"$unit\",\"data\":\"\"}"
    call "/api/v1/spaces/bench/units/$unit/data" -XPUT -H 'Content-Type: application/yaml' --data-binary @"$FIXTURE"
  done
done

# both <mode> <connections> <threads> <seconds> <run> <name>: one wrk per server, at the same time
both() {
  local i url waits=()
  for i in 0 1; do
    url=http://127.0.0.1:${PORTS[$i]}/
    [ "$1" = get ] && url=${url}api/v1/spaces/bench/units/read
    BENCH_MODE=$1 BENCH_RUN=$5 BENCH_FIXTURE=$FIXTURE TANDEM_TOKEN=$TOKEN \
      wrk -t"$3" -c"$2" -d"$4"s --latency --timeout 10s -s "$BENCH/request-path.lua" "$url" >"$WORK/wrk-$6-$i.txt" &
    waits+=($!)
  done
  wait "${waits[@]}" || die "wrk failed ($6)"
}

ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# CPU ticks of the server i and of its database's backends (the server's pool keeps them for the whole phase)
cpu() {
  local total=0 pid
  for pid in $(psql_on postgres -c "SELECT pid FROM pg_stat_activity WHERE datname = '${DBS[$1]}'"); do
    total=$((total + $(ticks "$pid")))
  done
  echo "$(ticks "${PIDS[$1]}") $total"
}

log "warm-up: $((WARMUP / 2)) s of updates, $((WARMUP / 2)) s of GETs, both servers"
both update 4 4 $((WARMUP / 2)) 1 warmup-update
both get 25 2 $((WARMUP / 2)) 2 warmup-get

HZ=$(getconf CLK_TCK)
echo
echo "==== Tandem request path, A and B at once ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $DURATION s per phase) ===="
for phase in update get; do
  log "$phase: both servers, $DURATION s"
  read -r sa pa <<<"$(cpu 0)"; read -r sb pb <<<"$(cpu 1)"
  if [ "$phase" = update ]; then both update 4 4 "$DURATION" 3 update; else both get 25 2 "$DURATION" 4 get; fi
  read -r sa1 pa1 <<<"$(cpu 0)"; read -r sb1 pb1 <<<"$(cpu 1)"
  for i in 0 1; do
    result=$(sed -n 's/^RESULT //p' "$WORK/wrk-$phase-$i.txt")
    case "$result" in *" non2xx=0 socket_errors=0") ;; *) die "requests failed ($phase, $i): $result" ;; esac
    n=$(sed -n 's/.*requests=\([0-9]*\).*/\1/p' <<<"$result")
    if [ "$i" = 0 ]; then s=$((sa1 - sa)); p=$((pa1 - pa)); else s=$((sb1 - sb)); p=$((pb1 - pb)); fi
    printf '%-7s %s %-28s %8.0f/s  p50 %6s ms  p99 %7s ms  CPU per request: server %.2f ms, PostgreSQL %.2f ms\n' \
      "$phase" "$([ "$i" = 0 ] && echo A || echo B)" "$(basename "${JARS[$i]}")" \
      "$(sed -n 's/.*rps=\([0-9.]*\).*/\1/p' <<<"$result")" "$(sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p' <<<"$result")" \
      "$(sed -n 's/.*p99_ms=\([0-9.]*\).*/\1/p' <<<"$result")" \
      "$(awk -v t="$s" -v n="$n" -v hz="$HZ" 'BEGIN {print 1000 * t / hz / n}')" \
      "$(awk -v t="$p" -v n="$n" -v hz="$HZ" 'BEGIN {print 1000 * t / hz / n}')"
  done
done
