#!/usr/bin/env bash
# `make up`: the distributed mode on this machine. Each service runs as its own process against the
# real Postgres, RabbitMQ and Redis, the same way the containers of docker-compose.yml do: `node` on the
# built entry (make build ran first), nothing in between.
set -euo pipefail
cd "$(dirname "$0")/../.."

export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/waybill}
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export PORT=${PORT:-8080}
RUN_DIR=${RUN_DIR:-./.run}
mkdir -p "$RUN_DIR"

# Generated once and kept, like the demo's credentials, so restarts keep accepting the same tokens.
SECRETS="$RUN_DIR/secrets.env"
if [[ ! -f $SECRETS ]]; then
  umask 077
  {
    echo "INTERNAL_JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')"
    echo "DATA_ENCRYPTION_KEY=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')"
  } > "$SECRETS"
fi
set -a; source "$SECRETS"; set +a

pnpm exec tsx infra/local/catalogue-env.ts > "$RUN_DIR/services.env"
set -a; source "$RUN_DIR/services.env"; set +a

# Re-use the credentials of an earlier `make up` unless the operator set new ones.
if [[ -f "$RUN_DIR/demo-credentials.json" ]]; then
  eval "$(node -e '
    const c = require(process.argv[1]);
    const map = { DEMO_COMPANY_SLUG: c.company, DEMO_API_TOKEN: c.apiToken, DEMO_USER: c.user, DEMO_PASSWORD: c.password,
      DEMO_DELIVERY_OPTIONS_KEY: c.deliveryOptionsKey, DEMO_CARRIER_SECRET: c.carrierSecret };
    for (const [k, v] of Object.entries(map)) if (!process.env[k]) console.log(`export ${k}=${JSON.stringify(v)}`);
  ' "$(realpath "$RUN_DIR/demo-credentials.json")")"
fi
# Creates the database if missing and seeds the demo company (services migrate their own schemas).
node --enable-source-maps infra/admin/dist/main.js --database-url "$DATABASE_URL" seed --create-database > "$RUN_DIR/demo-credentials.json"
echo "demo credentials: $RUN_DIR/demo-credentials.json"

for svc in $(pnpm exec tsx infra/local/catalogue-env.ts --names); do
  echo "starting $svc"
  setsid nohup node --enable-source-maps "services/$svc/dist/main.js" > "$RUN_DIR/$svc.log" 2>&1 &
  echo $! > "$RUN_DIR/$svc.pid"
done
setsid nohup node --enable-source-maps services/gateway/dist/main.js > "$RUN_DIR/gateway.log" 2>&1 &
echo $! > "$RUN_DIR/gateway.pid"

for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then
    echo "Waybill (distributed) is ready at http://localhost:$PORT — logs and pids in $RUN_DIR, stop with: make down"
    exit 0
  fi
  sleep 1
done
echo "services did not become ready; see $RUN_DIR/*.log"; exit 1
