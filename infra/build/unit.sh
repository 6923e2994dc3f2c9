#!/usr/bin/env bash
# `make unit SERVICE=<name> OUT=<dir>`: one service as a self-contained folder: its built code (entry
# dist/main.js) and only its production dependencies, the workspace libs it uses included as built
# packages (their package.json `files`: dist/ JavaScript, source maps and JSON). Run with
# `node --enable-source-maps dist/main.js` from the folder; its image copies exactly this folder.
# SERVICE=admin gives the admin CLI (migrations, seed) the same way.
set -euo pipefail
cd "$(dirname "$0")/../.."
SERVICE=${1:-}
OUT=${2:-}
if [[ -z $SERVICE || -z $OUT ]]; then echo "usage: make unit SERVICE=<name> OUT=<dir>" >&2; exit 2; fi
if [[ $SERVICE == admin ]]; then DIR=infra/admin; else DIR=services/$SERVICE; fi
if [[ ! -f $DIR/src/main.ts ]]; then echo "unknown service '$SERVICE' (no $DIR/src/main.ts)" >&2; exit 2; fi
if [[ ! -f $DIR/dist/main.js ]]; then echo "$DIR/dist/main.js missing: run make build first" >&2; exit 2; fi

rm -rf "$OUT"
# --legacy: pnpm 10 deploys injected workspaces only; ours are linked, and legacy deploy packs them.
pnpm --silent --filter "@waybill/$SERVICE" deploy --prod --legacy --prefer-offline "$OUT" >/dev/null
# The gateway serves the console's built front end (found beside dist/, see console.assets.ts).
if [[ $SERVICE == gateway ]]; then cp -r services/console/dist "$OUT/console"; fi

# Nothing for development or testing belongs in a deploy unit.
for tool in jest tsx typescript vite playwright-core autocannon @swc/core supertest esbuild; do
  if [[ -e $OUT/node_modules/$tool ]] || compgen -G "$OUT/node_modules/.pnpm/${tool/\//+}@*" >/dev/null; then
    echo "deploy unit of $SERVICE contains $tool: it must be a devDependency" >&2; exit 1
  fi
done
echo "$SERVICE: $OUT ($(du -sh "$OUT" | cut -f1))"
