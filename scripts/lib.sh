# Shared helpers of scripts/start and scripts/test: installing what is missing on a
# Debian/Ubuntu machine, and running a private Postgres cluster owned by the project.
# Sourced, not executed.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STEP=0
STEPS=${STEPS:-1}

# A numbered step, with the time since the script started (to see where a run's time goes).
step() {
    STEP=$((STEP + 1))
    printf '\n\033[1m==> [%d/%d] %s\033[0m (at %dm%02ds)\n' "$STEP" "$STEPS" "$*" $((SECONDS / 60)) $((SECONDS % 60))
}

info() { printf '    %s\n' "$*"; }

die() {
    printf '\033[31merror:\033[0m %s\n' "$*" >&2
    exit 1
}

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

APT_UPDATED=0
# Installs Debian packages that are missing; updates the package lists once per run.
apt_install() {
    command -v apt-get >/dev/null || die "apt-get not found: please install $* yourself"
    if [ "$APT_UPDATED" -eq 0 ]; then
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# The folder of the newest installed Postgres server binaries (initdb, pg_ctl, postgres).
postgres_bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
    done
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

ensure_postgres() {
    if ! postgres_bindir >/dev/null; then
        info "installing Debian's postgresql (initdb not found)"
        apt_install postgresql postgresql-contrib
    fi
    PG_BIN="$(postgres_bindir)" || die "postgres server binaries not found after installation"
    command -v psql >/dev/null || apt_install postgresql-client
}

ensure_curl() {
    command -v curl >/dev/null || apt_install curl ca-certificates
}

# Node 20.19 or newer (web/package.json's engines: vite 8 fails on older releases with an obscure error).
ensure_node() {
    command -v node >/dev/null && command -v npm >/dev/null \
        || die "Node.js 20.19 or newer and npm are required: https://nodejs.org/en/download (or nvm install 22)"
    local version
    version="$(node --version | sed 's/^v//')"
    node -e 'const [major, minor] = process.versions.node.split(".").map(Number);
             process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)' \
        || die "Node.js $version is too old: 20.19 or newer is required (https://nodejs.org/en/download, or nvm install 22)"
}

# A C compiler, a linker and make: Rust crates (ring, zstd, jemalloc) build C code.
ensure_c_compiler() {
    if ! command -v cc >/dev/null || ! command -v make >/dev/null; then
        info "installing a C compiler and make (build-essential): Rust crates of the server build C code (jemalloc)"
        apt_install build-essential
    fi
}

# Debian's chromium, or the browser CHROMIUM_PATH names (Ubuntu ships chromium only as a snap).
ensure_chromium() {
    if [ -n "${CHROMIUM_PATH:-}" ]; then
        [ -x "$CHROMIUM_PATH" ] || die "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"
        return
    fi
    [ -x /usr/bin/chromium ] && return
    if grep -qi '^ID=ubuntu' /etc/os-release 2>/dev/null; then
        die "the browser tests need Chromium: Ubuntu has no chromium .deb; install Google Chrome or 'snap install chromium', then set CHROMIUM_PATH (e.g. CHROMIUM_PATH=/usr/bin/google-chrome or /snap/bin/chromium)"
    fi
    info "installing Debian's chromium for the browser tests"
    apt_install chromium
    export CHROMIUM_PATH=/usr/bin/chromium
}

ensure_node_modules() {
    ensure_node
    local stamp="$ROOT/web/node_modules/.package-lock.json"
    if [ ! -f "$stamp" ] || [ "$ROOT/web/package-lock.json" -nt "$stamp" ]; then
        info "installing npm packages"
        (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

# Builds web/dist unless it was built from the same sources: a digest of every input of the
# build is kept (outside dist, which the server publishes), so a second run with nothing
# changed skips the type check and the bundle. The API types and limits (src/api/schema.d.ts,
# src/api/bounds.ts) are left out: the build generates them from openapi.json, which is in the digest.
build_web_app() {
    local digest stamp="$ROOT/web/node_modules/.cache/vivier-dist-digest"
    digest="$(cd "$ROOT/web" && find src public index.html openapi.json package.json package-lock.json \
        tsconfig.json vite.config.ts -type f ! -path src/api/schema.d.ts ! -path src/api/bounds.ts -print0 \
        | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
    if [ -f "$ROOT/web/dist/index.html" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$digest" ]; then
        info "the web app is built from these sources already"
        return
    fi
    rm -f "$stamp"
    (cd "$ROOT/web" && npm run build --silent)
    mkdir -p "$(dirname "$stamp")"
    echo "$digest" >"$stamp"
}

ensure_postgres_user() {
    id postgres >/dev/null 2>&1 || as_root useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
}

# Postgres refuses to run as root: as root we run the cluster as the `postgres` system user.
as_postgres_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        ensure_postgres_user
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# The folder a private cluster asked for in DIR really lives in. As root the cluster belongs to
# the `postgres` user, who cannot reach a clone under a private home (/root is 0700): such a
# cluster lives under /var/lib/vivier-postgres instead, in a folder named after DIR.
private_postgres_dir() {
    local dir="$1"
    if [ "$(id -u)" -eq 0 ]; then
        mkdir -p "$dir"
        chown postgres "$dir" 2>/dev/null || true
        if ! runuser -u postgres -- test -w "$dir" 2>/dev/null; then
            dir="/var/lib/vivier-postgres/$(printf '%s' "$(cd "$dir" && pwd)" | sha256sum | cut -c1-16)"
            mkdir -p "$dir"
            chmod 755 /var/lib/vivier-postgres
            chown postgres "$dir"
        fi
    fi
    echo "$dir"
}

# start_private_postgres DIR PORT: creates the cluster in DIR on first use (user `vivier`, a
# random password kept in DIR/password), starts it on 127.0.0.1:PORT, and sets DATABASE_URL
# for the database `vivier`. As root, DIR may be elsewhere (see private_postgres_dir).
start_private_postgres() {
    local port="$2" dir
    if [ "$(id -u)" -eq 0 ]; then ensure_postgres_user; fi
    dir="$(private_postgres_dir "$1")"
    [ "$dir" = "$1" ] || info "the postgres user cannot reach $1: the cluster lives in $dir"
    mkdir -p "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        info "creating a private Postgres cluster in $dir"
        local password
        password="$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')"
        printf '%s\n' "$password" > "$dir/password"
        chmod 600 "$dir/password"
        if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/password"; fi
        as_postgres_owner "$PG_BIN/initdb" -D "$dir/data" -U vivier --pwfile="$dir/password" \
            -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log"; die "initdb failed"; }
    fi
    mkdir -p "$dir/run"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/run"; fi
    if ! as_postgres_owner "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        as_postgres_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
            -o "-p $port -c listen_addresses=127.0.0.1 -k $dir/run -c fsync=${PG_FSYNC:-on}" start >/dev/null \
            || { tail -20 "$dir/postgres.log"; die "postgres did not start"; }
    fi
    local password
    password="$(cat "$dir/password")"
    export PGPASSWORD="$password"
    if ! psql -h 127.0.0.1 -p "$port" -U vivier -d postgres -tAc "select 1 from pg_database where datname = 'vivier'" | grep -q 1; then
        psql -h 127.0.0.1 -p "$port" -U vivier -d postgres -qc "create database vivier" >/dev/null
    fi
    # through the cluster's Unix socket: TCP's Nagle algorithm holds a COPY's last message for
    # about 40 ms (sqlx writes it apart from the data), which a seed of a few rows pays dozens of times
    export DATABASE_URL="postgres://vivier:$password@127.0.0.1:$port/vivier?host=$dir/run"
}

# DATABASE_URL ($1) naming the database $2 instead, on the same server with the same parameters.
database_url_for() {
    local path="${1%%\?*}"
    printf '%s/%s%s\n' "${path%/*}" "$2" "${1#"$path"}"
}

stop_private_postgres() {
    local dir
    dir="$(private_postgres_dir "$1")"
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_postgres_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
}

ensure_haproxy() {
    command -v haproxy >/dev/null || { info "installing Debian's haproxy for the replica test"; apt_install haproxy; }
}

# promtool checks the Prometheus rules of deploy/: Debian ships it in its prometheus package (whose
# server is not started without systemd, and is left disabled here when there is one).
ensure_promtool() {
    command -v promtool >/dev/null && return
    info "installing Debian's prometheus for promtool (checks deploy/prometheus-rules.yml)"
    apt_install prometheus
    if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
        as_root systemctl disable --now prometheus >/dev/null 2>&1 || true
    fi
}
