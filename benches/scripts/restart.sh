#!/usr/bin/env bash
# How long a replica takes to serve after a restart, from its matcher's snapshot and from the
# database, side by side: rounds of (start without a snapshot, start from the snapshot the first
# start wrote). Times from the process's start to the first 200 of /api/health, with the load's
# own figure from the log and the resident memory once ready.
#
# Usage: benches/scripts/restart.sh VIVIER_BINARY DATABASE_URL [ROUNDS]
#   the database seeded beforehand (`vivier seed --candidates N`), the binary a release build
set -euo pipefail
BINARY="$1"; URL="$2"; ROUNDS="${3:-3}"
ADDRESS=127.0.0.1:18200
FOLDER="$(mktemp -d -t vivier-restart.XXXXXX)"
trap 'rm -rf "$FOLDER"' EXIT

# starts the server, prints "ready_s load_ms from_snapshot rss_mb", leaves it running as $SERVER
start() {
    local started ready log="$FOLDER/server.log"
    started=$(date +%s%N)
    DATABASE_URL="$URL" VIVIER_SNAPSHOT_DIR="$FOLDER/snapshot" RUST_LOG=info \
        "$BINARY" --log-format json serve --listen "$ADDRESS" >"$log" 2>&1 &
    SERVER=$!
    until curl -fsS "http://$ADDRESS/api/health" >/dev/null 2>&1; do sleep 0.02; done
    ready=$(date +%s%N)
    local load_ms from_snapshot
    load_ms=$(grep -ao '"load_ms":[0-9]*' "$log" | tail -1 | cut -d: -f2)
    from_snapshot=$(grep -aq "restored from its snapshot" "$log" && echo yes || echo no)
    printf '%s %s %s %d\n' "$(awk -v ns=$((ready - started)) 'BEGIN { printf "%.2f", ns / 1e9 }')" "$load_ms" "$from_snapshot" \
        $(( $(awk '/VmRSS/ {print $2}' "/proc/$SERVER/status") / 1024 ))
}

stop() {
    kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
}

echo "round start ready_s load_ms from_snapshot rss_mb"
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$FOLDER/snapshot"
    start >"$FOLDER/line"   # not in $( ): the server must stay this shell's child
    echo "$round database $(cat "$FOLDER/line")"
    # the save after the load
    until grep -aq "matcher snapshot written" "$FOLDER/server.log"; do sleep 0.2; done
    grep -a "matcher snapshot written" "$FOLDER/server.log" | grep -ao '"\(bytes\|write_ms\)":[0-9]*' | tr '\n' ' ' | sed "s/^/$round written /"; echo
    stop
    start >"$FOLDER/line"
    echo "$round snapshot $(cat "$FOLDER/line")"
    stop
done
