#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 (trust auth) and prints its URL. Usage: start-postgres.sh DIR PORT
set -euo pipefail
dir=${1:?data folder}; port=${2:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "no PostgreSQL server installed" >&2; exit 1; }
rm -rf "$dir"; mkdir -p "$dir"; chown postgres "$dir" 2>/dev/null || true
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
as_pg "$bin/initdb --auth=trust -U postgres -D '$dir/db'" >/dev/null
as_pg "$bin/pg_ctl -D '$dir/db' -l '$dir/log' -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off -c max_connections=300\" -w start" >/dev/null
for _ in $(seq 1 30); do "$bin/pg_isready" -h 127.0.0.1 -p "$port" -q && break; sleep 0.5; done
echo "postgres://postgres@127.0.0.1:$port/postgres"
