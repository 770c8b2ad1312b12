#!/usr/bin/env bash
# Stops the server started by start-postgres.sh. Usage: stop-postgres.sh DIR
set -u
dir=${1:?data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$bin/pg_ctl -D '$dir/db' -m fast -w stop" >/dev/null 2>&1; else "$bin/pg_ctl" -D "$dir/db" -m fast -w stop >/dev/null 2>&1; fi
rm -rf "$dir"
