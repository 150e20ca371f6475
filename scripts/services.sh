#!/usr/bin/env bash
# PostgreSQL and NATS for the server's larger set-up (docs/hosting.md), started by us on
# loopback only, in a folder of this checkout: never a system service, never assumed to be
# running. Debian's packages (scripts/tools.sh --services installs them).
#
#   scripts/services.sh start    start both if they are not running; prints the URLs
#   scripts/services.sh env      the URLs as shell lines (eval "$(scripts/services.sh env)")
#   scripts/services.sh check    start, then ask each for an answer (a query, a PING)
#   scripts/services.sh stop     stop both
#
# The folder is ${SHATAR_SERVICES_DIR:-target/services}; the ports are
# ${SHATAR_PG_PORT:-55432} and ${SHATAR_NATS_PORT:-54222}, away from the services' usual
# ones (5432, 4222) so that a system's own never answers in their place. Two checkouts on
# one machine give each its own ports.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

dir=${SHATAR_SERVICES_DIR:-$root/target/services}
# As root, PostgreSQL runs as `postgres`, which must reach its folder: a checkout under
# /root (mode 700) is out of its reach, so the folder moves to one of its own.
if [ "$(id -u)" = 0 ] && [ -z "${SHATAR_SERVICES_DIR:-}" ] && id postgres >/dev/null 2>&1 \
    && ! runuser -u postgres -- test -x "$root" 2>/dev/null; then
    dir=/var/tmp/shatar-services-$(printf '%s' "$root" | cksum | cut -d' ' -f1)
fi
pg_port=${SHATAR_PG_PORT:-55432}
nats_port=${SHATAR_NATS_PORT:-54222}
pg_data=$dir/postgres
nats_dir=$dir/nats

# Debian installs PostgreSQL's server programs out of PATH, a folder a major version.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$pg_bin" ] || pg_bin=$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)")

die() { echo "services.sh: $*" >&2; exit 1; }

# PostgreSQL refuses to run as root: as root, run it as Debian's `postgres` user.
as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_url() { echo "postgres://shatar@127.0.0.1:$pg_port/shatar"; }
nats_url() { echo "nats://127.0.0.1:$nats_port"; }

start_pg() {
    [ -x "$pg_bin/pg_ctl" ] || die "no PostgreSQL (scripts/tools.sh --services installs Debian's)"
    mkdir -p "$dir"
    if [ ! -f "$pg_data/PG_VERSION" ]; then
        mkdir -p "$pg_data"
        [ "$(id -u)" = 0 ] && chown postgres: "$pg_data" && chmod 700 "$pg_data"
        # trust on loopback: the cluster is this checkout's, listens on 127.0.0.1 only and
        # holds test data; a real deployment's is configured in docs/hosting.md.
        as_pg "$pg_bin/initdb" -D "$pg_data" -U shatar --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if as_pg "$pg_bin/pg_ctl" -D "$pg_data" status >/dev/null 2>&1; then
        return
    fi
    # The socket goes in the data folder, not /var/run/postgresql (absent without the
    # system service); fsync stays on: the takeover tests kill processes, not the machine,
    # but a benchmark should measure real commits.
    as_pg "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_data/log" -w -t 30 start \
        -o "-h 127.0.0.1 -p $pg_port -k $pg_data -c max_connections=200" >/dev/null \
        || { tail -20 "$pg_data/log" >&2; die "PostgreSQL did not start (log above)"; }
    as_pg "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U shatar -d postgres -qtAc \
        "SELECT 1 FROM pg_database WHERE datname = 'shatar'" | grep -q 1 \
        || as_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U shatar shatar
}

# By its answer, not its pid: a stopped server may linger as a zombie where nothing reaps
# it (a container's first process), and kill -0 still finds it.
nats_running() { nats_ping; }

start_nats() {
    command -v nats-server >/dev/null 2>&1 || die "no nats-server (scripts/tools.sh --services installs Debian's)"
    mkdir -p "$nats_dir"
    nats_running && return
    nohup nats-server -a 127.0.0.1 -p "$nats_port" -P "$nats_dir/pid" -l "$nats_dir/log" \
        >/dev/null 2>&1 &
    for _ in $(seq 50); do
        nats_ping && return
        sleep 0.1
    done
    tail -20 "$nats_dir/log" >&2 || true
    die "nats-server did not answer on 127.0.0.1:$nats_port (log above)"
}

# NATS's text protocol: the server greets with INFO; a PING is answered with PONG.
nats_ping() {
    { exec 3<>"/dev/tcp/127.0.0.1/$nats_port"; } 2>/dev/null || return 1
    printf 'CONNECT {"verbose":false}\r\nPING\r\n' >&3
    local line answered=1
    while IFS= read -r -t 2 line <&3; do
        if [ "${line%$'\r'}" = PONG ]; then answered=0; break; fi
    done
    exec 3<&- 3>&-
    return $answered
}

stop_all() {
    if [ -f "$pg_data/PG_VERSION" ]; then
        as_pg "$pg_bin/pg_ctl" -D "$pg_data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    if [ -f "$nats_dir/pid" ]; then
        kill "$(cat "$nats_dir/pid")" 2>/dev/null || true
        for _ in $(seq 50); do
            nats_ping || break
            sleep 0.1
        done
        rm -f "$nats_dir/pid"
    fi
}

case "${1:-}" in
    start)
        start_pg
        start_nats
        echo "PostgreSQL: $(pg_url)"
        echo "NATS: $(nats_url)"
        ;;
    env)
        echo "export SHATAR_TEST_POSTGRES=$(pg_url)"
        echo "export SHATAR_TEST_NATS=$(nats_url)"
        ;;
    check)
        start_pg
        start_nats
        [ "$(as_pg "$pg_bin/psql" "$(pg_url)" -qtAc 'SELECT 40 + 2')" = 42 ] \
            || die "PostgreSQL at $(pg_url) did not answer a query"
        nats_ping || die "NATS at $(nats_url) did not answer PING"
        echo "PostgreSQL at $(pg_url) and NATS at $(nats_url) answer"
        ;;
    stop) stop_all ;;
    *) echo "usage: $0 start|env|check|stop" >&2; exit 2 ;;
esac
