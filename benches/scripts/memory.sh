#!/usr/bin/env bash
# Where a replica's memory goes, from the database and from its snapshot, and after k6's `load`:
# two starts with one snapshot folder (the first loads from the database and writes the snapshot,
# the second restores it), each followed by the allocator's and the matcher's metrics; after the
# second, `./load-tests/run load` (200 req/s for 2 min) and the metrics again.
#
# Usage: [LOAD_AFTER="database snapshot"] benches/scripts/memory.sh VIVIER_BINARY DATABASE_URL
#   LOAD_AFTER names the starts followed by the k6 load (the snapshot's only by default)
#   the database seeded beforehand (`vivier seed --candidates N`, then `vacuum analyze`), the
#   binary a release build; prints the time to ready and the metrics of each step
set -euo pipefail
BINARY="$1"; URL="$2"
LOAD_AFTER="${LOAD_AFTER:-snapshot}"
PORT=18310
TOKEN=memory-bench-token
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
FOLDER="$(mktemp -d -t vivier-memory.XXXXXX)"
trap 'kill "$SERVER" 2>/dev/null; rm -rf "$FOLDER"' EXIT

metrics() {
    curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/metrics" |
        grep -E "^vivier_(allocator|process_resident|matcher_heap)"
}

for start in database snapshot; do
    started=$(date +%s%N)
    VIVIER_SNAPSHOT_DIR="$FOLDER/snapshot" VIVIER_METRICS_TOKEN=$TOKEN DATABASE_URL="$URL" \
        VIVIER_TRUSTED_PROXIES=127.0.0.1 "$BINARY" serve --listen "127.0.0.1:$PORT" >"$FOLDER/$start.log" 2>&1 &
    SERVER=$!
    until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/health" 2>/dev/null; do sleep 0.1; done
    echo "$start ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))"
    if [ $start = database ]; then
        until grep -q "snapshot written\|snapshot saved" "$FOLDER/$start.log"; do sleep 1; done
        sleep 15; echo "after the load, the snapshot written and 15 s:"; metrics
        echo "snapshot bytes $(stat -c %s "$FOLDER/snapshot/matcher.snapshot")"
    else
        sleep 15; echo "after the restore and 15 s:"; metrics
    fi
    if [[ " $LOAD_AFTER " == *" $start "* ]]; then
        # the memory is the point here: a missed latency threshold (k6 then exits 99) goes on
        { BASE_URL="http://127.0.0.1:$PORT" DATABASE_URL="$URL" "$ROOT/load-tests/run" load 2>&1 || true; } |
            grep -E "name:search \}|RSS"
        sleep 15; echo "after k6 load and 15 s:"; metrics
    fi
    kill "$SERVER"; wait "$SERVER" || true
done
