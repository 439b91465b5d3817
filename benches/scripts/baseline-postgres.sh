#!/usr/bin/env bash
# A private, throw-away Postgres cluster with PostGIS for the sourcing bench, on 127.0.0.1 only.
# Installs Debian's postgresql and postgresql-<version>-postgis-3 when missing.
#
#   baseline-postgres.sh start DIR PORT   creates/starts the cluster in DIR, prints its database URL
#   baseline-postgres.sh stop DIR         stops it (the caller deletes DIR)
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

ensure_postgres
version="$(basename "$(dirname "$PG_BIN")")"
if [ ! -f "/usr/share/postgresql/$version/extension/postgis.control" ]; then
    info "installing Debian's postgresql-$version-postgis-3" >&2
    apt_install "postgresql-$version-postgis-3"
fi

case "${1:-}" in
start)
    dir="$2" port="$3"
    # durability is pointless for a cluster deleted after the run
    PG_FSYNC=off start_private_postgres "$dir" "$port" >&2
    # tuned for a read-mostly benchmark on this machine (2 cores, 24 GiB)
    psql "$DATABASE_URL" -q >&2 <<'SQL'
alter system set shared_buffers = '2GB';
alter system set effective_cache_size = '12GB';
alter system set work_mem = '64MB';
alter system set maintenance_work_mem = '1GB';
alter system set random_page_cost = 1.1;
alter system set jit = off;
alter system set max_parallel_workers_per_gather = 2;
alter system set synchronous_commit = off;
SQL
    as_postgres_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 restart >/dev/null
    echo "$DATABASE_URL"
    ;;
stop)
    stop_private_postgres "$2"
    ;;
*)
    die "usage: $0 start DIR PORT | stop DIR"
    ;;
esac
