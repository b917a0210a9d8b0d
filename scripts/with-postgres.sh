#!/usr/bin/env bash
# The server test suite on PostgreSQL (vitest.pg.config.ts). With DATABASE_URL set, test databases
# are created (and dropped) on that server; its user needs CREATEDB. Otherwise a throwaway cluster
# is started with pg_virtualenv (Debian's postgresql package). With neither it fails, unless SKIP_PG=1
# says to skip it on purpose: `npm test` always runs both dialects (.ci/run installs postgresql).
set -euo pipefail
cd "$(dirname "$0")/.."

run_suite() {
  WALLET_TEST_PG_URL="$1" npx vitest run --config vitest.pg.config.ts "${@:2}"
}

if [ -n "${DATABASE_URL:-}" ]; then
  echo "PostgreSQL half of the server suite: on DATABASE_URL"
  run_suite "$DATABASE_URL" "$@"
  exit
fi

if [ -n "${WALLET_PG_INNER:-}" ]; then
  # Inside pg_virtualenv: PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE name the cluster.
  # The suite reaches it through its Unix socket, not TCP on localhost: each of the run's hundreds
  # of thousands of round trips costs the kernel less (issue 48 §4, measured with the trust below:
  # 229 CPU-seconds for the stage over TCP with passwords, 204 over the socket).
  socket_dir=$(psql -XAtc 'SHOW unix_socket_directories' | cut -d, -f1)
  url="postgresql://$(node -p 'encodeURIComponent(process.env.PGUSER)'):$(node -p 'encodeURIComponent(process.env.PGPASSWORD)')@localhost/${PGDATABASE}?host=${socket_dir}&port=${PGPORT}"
  WALLET_TEST_PG_THROWAWAY=1 run_suite "$url" "$@"
  exit
fi

if ! command -v pg_virtualenv >/dev/null 2>&1; then
  if [ "${SKIP_PG:-}" = 1 ]; then
    echo "SKIPPED on purpose (SKIP_PG=1): the PostgreSQL half of the server suite did not run."
    exit 0
  fi
  echo "FAILED: the PostgreSQL half of the server suite cannot run: DATABASE_URL is not set and" >&2
  echo "pg_virtualenv is not installed (apt-get install postgresql, or set DATABASE_URL; SKIP_PG=1 skips it on purpose)." >&2
  exit 1
fi

# -t: the cluster's files and settings in a temporary directory of its own, even as root, so a run
# stopped half way leaves nothing in /etc/postgresql that would refuse the next. Connections on its
# socket are trusted (--auth-local): the cluster lives for this run and holds nothing but test data,
# and each of the run's thousands of connections skips SCRAM's key stretching on both sides.
options=(-t -i "--auth-local=trust" -o max_connections=300 -o fsync=off -o log_checkpoints=off)
# PG_TEST_PORT picks the cluster's port; by default one the system finds free. pg_virtualenv's own
# choice, the first free port from 5432, made two runs on one machine that started together take
# the same port, and one of them failed ("Port conflict: another instance is already running").
port="${PG_TEST_PORT:-$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })")}"
options+=(-c "-p $port")
# Each test server gets a database of its own (about 11 MB, 500 of them in a run): on a disk, making
# and finally deleting their files costs the run a quarter of its time (116 s against 91 s in memory).
# So the temporary directory is in memory when /dev/shm has room for it with plenty to spare.
where=disk
if [ "$(df --output=avail -k /dev/shm 2>/dev/null | tail -1)" -gt $((12 * 1024 * 1024)) ] 2>/dev/null; then
  export TMPDIR=/dev/shm
  where=memory
fi
echo "PostgreSQL half of the server suite: in a throwaway cluster (pg_virtualenv, in $where)"
WALLET_PG_INNER=1 pg_virtualenv "${options[@]}" "$0" "$@"
