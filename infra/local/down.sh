#!/usr/bin/env bash
# `make down`: stops what `make up` started (SIGTERM: each service drains and closes cleanly).
cd "$(dirname "$0")/../.."
RUN_DIR=${RUN_DIR:-./.run}
for f in "$RUN_DIR"/*.pid; do
  [[ -f $f ]] || continue
  pid=$(cat "$f")
  # Each service was started as its own process group (setsid): signal the whole group.
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  rm -f "$f"
done
echo "stopped"
