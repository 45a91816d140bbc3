#!/usr/bin/env bash
# Start a local PostgreSQL server for rinkside's storage tests and print the
# URL to use, e.g.
#
#   export RINKSIDE_TEST_POSTGRES_URL="$(scripts/postgres-up.sh)"
#
# Idempotent: installs Debian's `postgresql` package only when no server is
# installed, creates the `main` cluster only when it is missing, starts it
# only when it is down, and creates the login role and the database only when
# they do not exist (the role's password is reset each run, so the printed URL
# always works). Needs root, or sudo. Progress goes to stderr; stdout is only
# the URL.
#
# Settings (environment): RINKSIDE_PG_ROLE (rinkside), RINKSIDE_PG_PASSWORD
# (rinkside), RINKSIDE_PG_DATABASE (rinkside_test), RINKSIDE_PG_CLUSTER (main).
set -euo pipefail

ROLE="${RINKSIDE_PG_ROLE:-rinkside}"
PASSWORD="${RINKSIDE_PG_PASSWORD:-rinkside}"
DATABASE="${RINKSIDE_PG_DATABASE:-rinkside_test}"
CLUSTER="${RINKSIDE_PG_CLUSTER:-main}"

say() { echo "postgres-up: $*" >&2; }
die() { say "error: $*"; exit 1; }

# Identifiers and the password are put into SQL; keep them plain.
[[ "$ROLE" =~ ^[a-z_][a-z0-9_]*$ ]] || die "role name '$ROLE' must be lower-case letters, digits, _"
[[ "$DATABASE" =~ ^[a-z_][a-z0-9_]*$ ]] || die "database name '$DATABASE' must be lower-case letters, digits, _"
[[ "$PASSWORD" =~ ^[A-Za-z0-9_.-]+$ ]] || die "password must be letters, digits, '_', '.', '-'"

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT=(sudo -n)
else
    die "run as root (or with sudo available): installing and starting PostgreSQL needs it"
fi

as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        if command -v runuser >/dev/null 2>&1; then
            runuser -u postgres -- "$@"
        else
            su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
        fi
    else
        sudo -n -u postgres "$@"
    fi
}

# 1. The server: Debian's package, installed when no version is present.
installed_versions() {
    local dir
    for dir in /usr/lib/postgresql/*/bin/postgres; do
        if [ -x "$dir" ]; then basename "$(dirname "$(dirname "$dir")")"; fi
    done | sort -V
}

if [ -z "$(installed_versions)" ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || die "no PostgreSQL server installed and no apt-get to install one"
    say "installing PostgreSQL (apt-get install postgresql)"
    "${AS_ROOT[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    "${AS_ROOT[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
fi
VERSION="$(installed_versions | tail -n 1)"
[ -n "$VERSION" ] || die "PostgreSQL was installed but no server is under /usr/lib/postgresql"

# 2. The cluster: created when missing, started when down.
cluster_field() {  # cluster_field N: column N of pg_lsclusters for VERSION/CLUSTER
    pg_lsclusters --no-header | awk -v v="$VERSION" -v c="$CLUSTER" -v n="$1" \
        '$1 == v && $2 == c { print $n }'
}

if [ -z "$(cluster_field 2)" ]; then
    say "creating cluster $VERSION/$CLUSTER"
    "${AS_ROOT[@]}" pg_createcluster "$VERSION" "$CLUSTER" >&2
fi
PORT="$(cluster_field 3)"
case "$(cluster_field 4)" in
    online*) ;;  # "online", or "online,recovery" on a standby
    *)
        say "starting cluster $VERSION/$CLUSTER on port $PORT"
        "${AS_ROOT[@]}" pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
        ;;
esac

for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p "$PORT" && break
    sleep 1
done
pg_isready -q -h 127.0.0.1 -p "$PORT" \
    || die "cluster $VERSION/$CLUSTER does not accept connections on 127.0.0.1:$PORT" \
           "(see /var/log/postgresql/postgresql-$VERSION-$CLUSTER.log)"

# 3. The login role and the test database.
psql_admin() {
    as_postgres psql -X -q -p "$PORT" -v ON_ERROR_STOP=1 "$@"
}

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != "1" ]; then
    say "creating role $ROLE"
    psql_admin -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'"
else
    psql_admin -c "ALTER ROLE $ROLE LOGIN PASSWORD '$PASSWORD'"
fi
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" != "1" ]; then
    say "creating database $DATABASE owned by $ROLE"
    psql_admin -c "CREATE DATABASE $DATABASE OWNER $ROLE"
fi

# 4. Room for the suite: two test workers, each with live servers, sync
# loops and background signing, can hold more than the default 100
# connections at a peak; a setting that needs a restart, made once.
CONNECTIONS=300
if [ "$(psql_admin -tAc "SHOW max_connections")" -lt "$CONNECTIONS" ]; then
    say "raising max_connections to $CONNECTIONS (a restart)"
    psql_admin -c "ALTER SYSTEM SET max_connections = $CONNECTIONS"
    "${AS_ROOT[@]}" pg_ctlcluster "$VERSION" "$CLUSTER" restart >&2
    for _ in $(seq 1 30); do
        pg_isready -q -h 127.0.0.1 -p "$PORT" && break
        sleep 1
    done
fi

URL="postgresql+psycopg://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DATABASE"
PGPASSWORD="$PASSWORD" psql -X -q -h 127.0.0.1 -p "$PORT" -U "$ROLE" -d "$DATABASE" \
    -tAc "SELECT 1" >/dev/null \
    || die "cannot log in as $ROLE to $DATABASE on 127.0.0.1:$PORT (check pg_hba.conf)"
say "PostgreSQL $VERSION ready: $URL"
echo "$URL"
