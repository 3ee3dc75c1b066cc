#!/usr/bin/env bash
# The web board and its API, tested for real: the page clicked through in a headless
# Chromium (Debian's `chromium`, driven by playwright-core), then schemathesis run against
# the OpenAPI document the server serves. Installs what it needs: chromium through apt,
# playwright-core through npm (cli/tests/web/package-lock.json), schemathesis through pip into a
# virtual environment under target/. Everything talks to 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v chromium >/dev/null; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
chromium --version 2>/dev/null || true

source .ci/target-dir.sh
# The binary the README's `cargo test` built (the test profile: the solver and the search
# optimised, the rest at level 1), reused as it is after CI's test step.
cargo test --locked --no-run --quiet
target=$(target_dir)
bin="$target/debug/perfect-play"

echo "-- the page in a real browser (cli/tests/web)"
(cd cli/tests/web && npm ci --no-audit --no-fund --loglevel=error && \
  PERFECT_PLAY_BIN="$bin" PERFECT_PLAY_SCREENSHOTS="$target/web-screenshots" npm test)

echo "-- schemathesis against the served OpenAPI document"
venv="$target/schemathesis"
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
log=$(mktemp)
"$bin" serve --addr 127.0.0.1:0 >"$log" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*/' "$log")
# Every operation, every check (no 5xx, responses match their schemas, status codes and
# content types documented, ...), a fixed seed so that CI runs the same cases each time.
# cli/tests/web/schemathesis.toml says which rejections the schema cannot express.
"$venv/bin/st" --config-file cli/tests/web/schemathesis.toml run "${url}api/openapi.json" \
  --url "$url" --checks all --max-examples 150 --seed 7682 --workers 2 --no-color
