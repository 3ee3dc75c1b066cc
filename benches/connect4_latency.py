#!/usr/bin/env python3
"""connect4-7x6's two questions, one position at a time, through the surfaces other than
the library: the command line (`outcome --game`, `c4solver`), the HTTP API, and Python.

The positions are those `examples/connect4_latency.rs` writes (`--write FILE`: seeded, the
ply uniform from 0 to 40, none finished); each is asked alone, its answer read before the
next is sent, and timed from the request to the answer:

  cli-probe     `perfect-play outcome --game connect4-7x6`, one process, a line at a time
                (on a pseudo-terminal, where it answers each line at once)
  cli-ranked    `perfect-play outcome --game connect4-7x6 --json` (its best moves rank
                every move), the same way
  c4solver      `perfect-play c4solver` (the score), the columns of each line turned into
                moves; `c4solver-all`: `-a`, every column's score
  http-ranked   GET /api/games/connect4-7x6/position?position=... of `perfect-play serve`
  py-probe      `game.probe_many([position])` (value and plies, no ranking)
  py-ranked     `game.probe(position)` (every move ranked)

    source .ci/target-dir.sh
    python3 benches/connect4_latency.py --bin "$(target_dir)/release/perfect-play" \\
        --positions positions.txt cli-probe cli-ranked c4solver http-ranked

Without `--bin`, the release binary where cargo puts its builds (`cargo metadata`).

Extra arguments after `--` go to the command (`-- --no-book --threads 2`). Prints the
median, 99th percentile and slowest of each, in milliseconds.
"""

import argparse
import json
import os
import pty
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def summary(name, times):
    times = sorted(times)
    at = lambda q: times[round((len(times) - 1) * q)] * 1e3
    print(f"{name:<13} n {len(times):>4}  median {at(0.5):>9.3f} ms  "
          f"p99 {at(0.99):>9.3f} ms  slowest {at(1.0):>9.3f} ms", flush=True)


def moves_of(position):
    """The columns played, 1-7, of a position in the notation (rows from the top): any order
    of the discs that alternates x and o bottom up is a game reaching it, found by taking
    back the last mover's discs from the top of a column, as the rules allow."""
    rows = position.split("/")
    columns = [[row[c] for row in reversed(rows) if row[c] != "."] for c in range(7)]
    plies = sum(len(c) for c in columns)
    moves = []

    def back(heights, plies):
        if plies == 0:
            return True
        last = "x" if plies % 2 == 1 else "o"
        for c in range(7):
            h = heights[c]
            if h > 0 and columns[c][h - 1] == last:
                heights[c] -= 1
                moves.append(c + 1)
                if back(heights, plies - 1):
                    return True
                moves.pop()
                heights[c] += 1
        return False

    back([len(c) for c in columns], plies)
    return "".join(str(c) for c in reversed(moves))


def on_terminal(command, lines):
    """Times each line of `lines` through `command` on a pseudo-terminal: one answer line a
    question."""
    leader, follower = pty.openpty()
    attrs = __import__("termios").tcgetattr(follower)
    attrs[3] &= ~__import__("termios").ECHO
    __import__("termios").tcsetattr(follower, __import__("termios").TCSANOW, attrs)
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=follower,
                               stderr=subprocess.DEVNULL)
    os.close(follower)
    reader = os.fdopen(leader, "rb", buffering=0)
    times, pending = [], b""
    for line in lines:
        started = time.perf_counter()
        process.stdin.write(line.encode() + b"\n")
        process.stdin.flush()
        while b"\n" not in pending:
            pending += reader.read(65536)
        pending = pending.split(b"\n", 1)[1]
        times.append(time.perf_counter() - started)
    process.stdin.close()
    process.wait()
    return times


def http(binary, extra, positions):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # The longest time limit the server takes (60 s): a search past it is answered 503,
    # counted apart, not timed.
    server = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{port}",
                               "--solve-time-limit", "60000", *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{base}/api/games", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        times, refused = [], 0
        for position in positions:
            url = (f"{base}/api/games/connect4-7x6/position?"
                   + urllib.parse.urlencode({"position": position}))
            request = urllib.request.Request(url, headers={"Host": f"127.0.0.1:{port}"})
            started = time.perf_counter()
            try:
                urllib.request.urlopen(request, timeout=120).read()
            except urllib.error.HTTPError as error:
                if error.code != 503:
                    raise
                refused += 1
                continue
            times.append(time.perf_counter() - started)
        if refused:
            print(f"http-ranked: {refused} answered 503 (past the 60 s limit), not timed")
        return times
    finally:
        server.terminate()
        server.wait()


def python(question, positions):
    import perfect_play
    game = perfect_play.game("connect4-7x6")
    times = []
    for position in positions:
        started = time.perf_counter()
        if question == "probe":
            game.probe_many([position])
        else:
            game.probe(position)
        times.append(time.perf_counter() - started)
    return times


def release_binary():
    """The release `perfect-play` where cargo puts its builds, as cargo itself says."""
    metadata = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"],
        check=True, capture_output=True, text=True,
    )
    return os.path.join(json.loads(metadata.stdout)["target_directory"], "release", "perfect-play")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=None)
    parser.add_argument("--positions", required=True)
    parser.add_argument("surfaces", nargs="+")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    if args.bin is None:
        args.bin = release_binary()
    positions = [line.strip() for line in open(args.positions) if line.strip()]
    game = ["--game", "connect4-7x6"]
    for surface in args.surfaces:
        if surface == "cli-probe":
            times = on_terminal([args.bin, "outcome", *game, *extra], positions)
        elif surface == "cli-ranked":
            times = on_terminal([args.bin, "outcome", *game, "--json", *extra], positions)
        elif surface in ("c4solver", "c4solver-all"):
            flags = ["-a"] if surface == "c4solver-all" else []
            times = on_terminal([args.bin, "c4solver", *flags, *extra],
                                [moves_of(p) for p in positions])
        elif surface == "http-ranked":
            times = http(args.bin, extra, positions)
        elif surface in ("py-probe", "py-ranked"):
            times = python(surface[3:], positions)
        else:
            sys.exit(f"unknown surface {surface}")
        summary(surface, times)


if __name__ == "__main__":
    main()
