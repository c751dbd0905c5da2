#!/usr/bin/env bash
# Checks that PostgreSQL, NATS and Redis answer on this machine, starting one that is installed
# but stopped. Exits non-zero when one stays unreachable, so CI fails instead of skipping.
set -uo pipefail
up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_up() { for _ in $(seq 1 30); do up "$1" && return 0; sleep 1; done; return 1; }
ok=0
if ! up 5432; then
  command -v pg_ctlcluster >/dev/null && pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
if ! up 6379; then
  command -v redis-server >/dev/null && redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
if ! up 4222; then
  command -v nats-server >/dev/null && start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || true
fi
for svc in "PostgreSQL 5432" "Redis 6379" "NATS 4222"; do
  set -- $svc
  if wait_up "$2"; then echo "$1 is up on 127.0.0.1:$2"; else echo "$1 is NOT reachable on 127.0.0.1:$2" >&2; ok=1; fi
done
exit $ok
