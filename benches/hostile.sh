#!/usr/bin/env bash
# `perfect-play serve` under hostile clients, over loopback: cheap requests' latency (wrk on
# the tic-tac-toe endpoint) alone, then while attackers run at the same time, with the
# server's memory before, during and after, and the time it takes to stop on SIGTERM with
# connections held. The attackers (python3, asyncio; bounded in count and time) are:
#   - slowloris: 150 connections sending one header byte a second;
#   - held: 150 connections that connect and send nothing;
#   - oversized: 10 connections at a time announcing a 10 MB POST body and sending 10 bytes;
#   - heavy: 4 clients looping on Dodgem move lists, a 15,000-move one (refused) and a legal
#     1,000-move cycle (the most the server reviews).
# Everything reconnects when the server closes it, until the attack's time is up. Needs wrk
# (apt install wrk) and python3.
#
#   bash benches/hostile.sh [SECONDS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
connections=${2:-32}
command -v wrk >/dev/null || { echo "benches/hostile.sh needs wrk (apt install wrk)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "benches/hostile.sh needs python3" >&2; exit 2; }

cargo build --release --locked --bin perfect-play >/dev/null 2>&1
# Where cargo put it: CARGO_TARGET_DIR and `build.target-dir` honoured.
source .ci/target-dir.sh
bin="$(target_dir)/release/perfect-play"
log=$(mktemp)
"$bin" serve --addr 127.0.0.1:0 >"$log" 2>&1 &
server=$!
attack=
stop() {
  [ -n "$attack" ] && kill "$attack" 2>/dev/null || true
  kill -INT "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
}
trap 'stop; rm -f "$log"' EXIT
for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*/' "$log")
addr=${url#http://}
addr=${addr%/}
rss() { awk '/VmRSS/ {printf "%.1f MB", $2 / 1024}' "/proc/$server/status"; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: $url; wrk: 2 threads, $connections connections, ${seconds}s each"
cheap=api/tictactoe/xo.x..o..
wrk_run() {
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$url$cheap" | grep -E 'Requests/sec|Latency  |50%|99%|Non-2xx|Socket errors'
}

echo
echo "== memory before: $(rss)"
echo "== GET /$cheap alone"
wrk_run

# The attackers, for the wrk run's time and a second more.
python3 - "$addr" "$((seconds + 1))" <<'EOF' &
import asyncio, sys, time

host, port = sys.argv[1].rsplit(":", 1)
deadline = time.monotonic() + float(sys.argv[2])
head = f"Host: {host}:{port}\r\n"
cycle = ",".join(["1-2", "8-5", "2-3", "9-8"] + ["3-6", "8-7", "6-3", "7-8"] * 249)
refused = ",".join(["1-2"] * 15000)
counts = {"slowloris": 0, "held": 0, "oversized": 0, "heavy": 0}

async def connect():
    return await asyncio.open_connection(host, int(port))

async def slowloris():
    while time.monotonic() < deadline:
        try:
            reader, writer = await connect()
            counts["slowloris"] += 1
            writer.write(b"GET / HTTP/1.1\r\n")
            while time.monotonic() < deadline:
                writer.write(b"X")
                await writer.drain()
                await asyncio.sleep(1)
                if reader.at_eof():
                    break
            writer.close()
        except OSError:
            await asyncio.sleep(0.2)

async def held():
    while time.monotonic() < deadline:
        try:
            reader, writer = await connect()
            counts["held"] += 1
            await asyncio.wait_for(reader.read(1), max(0.1, deadline - time.monotonic()))
            writer.close()
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.2)

async def oversized():
    while time.monotonic() < deadline:
        try:
            reader, writer = await connect()
            counts["oversized"] += 1
            writer.write(f"POST /api/footholds HTTP/1.1\r\n{head}Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n0123456789".encode())
            await writer.drain()
            await asyncio.wait_for(reader.read(), max(0.1, deadline - time.monotonic()))
            writer.close()
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.2)

async def heavy():
    while time.monotonic() < deadline:
        for moves in (refused, cycle):
            try:
                reader, writer = await connect()
                counts["heavy"] += 1
                writer.write(f"GET /api/games/dodgem?moves={moves} HTTP/1.1\r\n{head}Connection: close\r\n\r\n".encode())
                await writer.drain()
                await asyncio.wait_for(reader.read(), max(0.1, deadline - time.monotonic()))
                writer.close()
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.2)

async def main():
    tasks = [slowloris() for _ in range(150)] + [held() for _ in range(150)]
    tasks += [oversized() for _ in range(10)] + [heavy() for _ in range(4)]
    await asyncio.gather(*tasks)
    print("attack connections:", ", ".join(f"{k} {v}" for k, v in counts.items()))

asyncio.run(main())
EOF
attack=$!
sleep 1
echo
echo "== GET /$cheap under attack (150 slowloris, 150 held, 10 oversized bodies, 4 heavy move lists)"
peak=0
(while kill -0 "$attack" 2>/dev/null; do rss_kb; sleep 0.2; done) >"$log.rss" &
sampler=$!
wrk_run
wait "$attack" || true
attack=
wait "$sampler" 2>/dev/null || true
peak=$(sort -n "$log.rss" | tail -1)
rm -f "$log.rss"
echo "== memory during: peak $(awk -v kb="$peak" 'BEGIN {printf "%.1f MB", kb / 1024}')"
sleep 2
echo "== memory after (2 s later): $(rss)"

echo
echo "== SIGTERM with 100 slowloris connections and 20 unfinished bodies held"
python3 - "$addr" <<'EOF' &
import socket, sys, time
host, port = sys.argv[1].rsplit(":", 1)
held = []
for i in range(120):
    s = socket.create_connection((host, int(port)))
    if i < 100:
        s.sendall(b"GET / HTTP/1.1\r\nX-Slow: ")
    else:
        s.sendall(f"POST /api/footholds HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{".encode())
    held.append(s)
time.sleep(20)
EOF
holder=$!
sleep 1
start=$(date +%s.%N)
kill -TERM "$server"
wait "$server" || true
echo "exited in $(echo "$(date +%s.%N) - $start" | bc) s; it said: $(tail -n +2 "$log" | tr '\n' ' ')"
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
trap - EXIT
rm -f "$log"
