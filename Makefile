# Waybill: the two commands are `make run` and `make test`.
SHELL := /bin/bash
PNPM_VERSION := 10.34.8
# Checks (and where the machine allows, installs) what each command needs; fails with one line saying what to do.
PREREQ := node infra/local/prerequisites.cjs
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: run test up down install typecheck bench contracts drills build dev unit

# The console's front end is built here (Vite, a second or two) so the gateway can serve it at /console/.
# pnpm comes from the npm registry when the machine lacks a working one: a corepack shim whose signature
# check fails offline counts as lacking it, and --force replaces the shim.
install:
	@$(PREREQ) node
	@pnpm --version >/dev/null 2>&1 || npm install -g --force pnpm@$(PNPM_VERSION) >/dev/null || { \
	  echo "make: could not install pnpm: run 'npm install -g pnpm@$(PNPM_VERSION)' with write access to npm's global folder"; exit 1; }
	@pnpm install --frozen-lockfile --prefer-offline
	@pnpm --filter @waybill/console build >/dev/null

## Compiles every service and lib to its dist/ (JavaScript with source maps) with `tsc -b`: incremental,
## so packages whose sources did not change are not compiled again. Every process runs this output.
build: install
	@pnpm --silent build

## Development: the one-process demo rebuilt and restarted as sources change.
dev: install
	@pnpm --silent dev

## One service as a deployable folder: built code (dist/main.js) and its production dependencies only.
unit: build
	@bash infra/build/unit.sh "$(SERVICE)" "$(OUT)"

## One process, embedded Postgres (PGlite), in-process bus, inline jobs; data kept in DATA_DIR.
## The `demo` script of package.json says how: MALLOC_TRIM_THRESHOLD_ stops glibc from keeping up to 64 MB
## of freed memory per allocator arena, and --wasm-num-compilation-tasks=1 optimises PGlite's hot
## WebAssembly functions one at a time instead of in several threads at once (same code, lower peak).
## make runs that command itself with `exec` (no `pnpm demo`): a pnpm launcher would stay resident above
## the demo, about 90 MB for nothing. `make dev` and the footprint bench read the same script.
run: install build
	@$(PREREQ) port
	@exec env $$(node -p "require('./package.json').scripts.demo")

## Every tier: type check, contract drift, unit, integration and end-to-end tests, in that order, stopping at
## the first tier that fails (the quickest answer first). Chromium comes from Debian's
## packages when missing (as root with apt-get; otherwise one line says what to install, or set CHROMIUM=/path).
## PostgreSQL, RabbitMQ and Redis are those of DATABASE_URL, AMQP_URL, REDIS_URL, else the usual local addresses
## where they answer; each tier's last lines say which suites did not run and what would run them.
test: install build
	@$(PREREQ) chromium
	@pnpm typecheck
	@pnpm --silent test:unit
	@pnpm --silent test:int
	@pnpm --silent test:e2e

## Distributed mode: each service its own process against DATABASE_URL, AMQP_URL, REDIS_URL.
up: install build
	@bash infra/local/up.sh

down:
	@bash infra/local/down.sh

typecheck: install
	@pnpm typecheck

contracts: install
	@pnpm contracts:generate

bench: install build
	@servers=$$($(PREREQ) servers --require) && eval "$$servers" && pnpm bench

## Failure drills, several minutes: the distributed stack on private Postgres/Redis/RabbitMQ servers
## (never the shared ones) under steady load, while each server restarts, each service is killed with
## SIGKILL, and the webhook receiver goes down; prints a table of what was accepted, lost and delivered.
drills: install build
	@$(PREREQ) drills
	@pnpm drills

