#!/usr/bin/env bash
# Load on `perfect-play serve`, over loopback, with wrk: the tic-tac-toe endpoint beside a
# static asset of the same server in the same run (requests/s, latency percentiles, errors),
# then footholds solves fired concurrently at a server limited to its default 2 at a time,
# with the server's peak memory from /usr/bin/time -v. Needs wrk (apt install wrk).
#
#   bash benches/serve.sh [SECONDS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-64}
command -v wrk >/dev/null || { echo "benches/serve.sh needs wrk (apt install wrk)" >&2; exit 2; }

cargo build --release --locked --bin perfect-play >/dev/null 2>&1
# Where cargo put it: CARGO_TARGET_DIR and `build.target-dir` honoured.
source .ci/target-dir.sh
bin="$(target_dir)/release/perfect-play"
log=$(mktemp)
times=$(mktemp)
/usr/bin/time -v -o "$times" "$bin" serve --addr 127.0.0.1:0 >"$log" &
server=$!
# `$server` is /usr/bin/time; the server is its child.
stop() { pkill -INT -P "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap 'stop; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*/' "$log")
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: $url; wrk: 2 threads, $connections connections, ${seconds}s each"

for path in api/tictactoe/xo.x..o.. assets/style.css api/tictactoe/game?moves=4,1,0,8,2,6,3,5,7; do
  echo
  echo "== GET /$path"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$url$path" | grep -E 'Requests/sec|Latency  |50%|99%|Non-2xx|Socket errors|requests in'
done

echo
echo "== footholds: 8 hard 8x8 solves at once (2 run at a time, the rest wait)"
body='{"board":[[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1]],"aloc":[3,3],"bloc":[4,4]}'
start=$(date +%s.%N)
clients=()
for _ in $(seq 8); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}s\n" -X POST -H 'content-type: application/json' \
    --data "$body" "${url}api/footholds" &
  clients+=($!)
done
wait "${clients[@]}"
echo "all answered in $(echo "$(date +%s.%N) - $start" | bc) s"
stop
trap - EXIT
rm -f "$log"
grep -E 'Maximum resident|Elapsed' "$times"
rm -f "$times"
