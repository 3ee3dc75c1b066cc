#!/bin/sh
# Connect Four 7x6, our search engine beside its peers on the same positions, no opening
# book anywhere (BENCHMARKS.md, Connect Four 7x6). Installs what it can by package name, outside the
# repository: bitbully from the Python package index in a venv, the connect-four-ai crate
# from crates.io in a scratch cargo project; builds Pascal Pons's solver if its source is
# given (PONS_SRC, a checkout of PascalPons/connect4: it is AGPL and never copied here).
#
#   benches/connect4_peers.sh [POSITIONS]
#
# POSITIONS (move sequences, columns 1-7) defaults to a seeded set of random positions
# 8 to 34 plies in, none finished and none with a win at once for the side to move.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-${TMPDIR:-/tmp}/perfect-play-connect4-peers}
mkdir -p "$work"

positions=${1:-$work/positions.txt}
if [ ! -s "$positions" ]; then
    python3 "$repo/benches/connect4_positions.py" 8 34 40 2026 > "$positions"
fi

cargo build --release --manifest-path "$repo/Cargo.toml" --example connect4_solve
target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$repo/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
ours="$target/release/examples/connect4_solve"

set -- "$positions" --ours "$ours"

if python3 -m venv "$work/venv" && "$work/venv/bin/pip" install -q bitbully==0.0.79; then
    python="$work/venv/bin/python"
    set -- "$@" --bitbully
else
    python=python3
    echo "bitbully: not installed, left out" >&2
fi

mkdir -p "$work/c4ai/src"
cat > "$work/c4ai/Cargo.toml" <<'TOML'
[package]
name = "c4ai-bench"
version = "0.1.0"
edition = "2021"

[dependencies]
connect-four-ai = "=1.0.0"

[profile.release]
codegen-units = 1
lto = true
TOML
cat > "$work/c4ai/src/main.rs" <<'RUST'
// One position a line (columns 1-7), solved without the crate's opening book:
// `LINE SCORE MICROSECONDS`, the time of the solve alone.
use std::io::BufRead;

fn main() {
    let mut solver = connect_four_ai::Solver::empty();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let position = connect_four_ai::Position::from_moves(line.trim()).unwrap();
        solver.reset();
        let start = std::time::Instant::now();
        let score = solver.solve(&position);
        println!("{} {} {}", line.trim(), score, start.elapsed().as_micros());
    }
}
RUST
if cargo build --release --manifest-path "$work/c4ai/Cargo.toml"; then
    set -- "$@" --c4ai "$work/c4ai/target/release/c4ai-bench"
else
    echo "connect-four-ai: did not build, left out" >&2
fi

if [ -n "${PONS_SRC:-}" ]; then
    rm -rf "$work/pons" && cp -r "$PONS_SRC" "$work/pons"
    # Pons's Solver with a main of our own that times the solve alone, as the others do:
    # `LINE SCORE MICROSECONDS`.
    cat > "$work/pons/bench_main.cpp" <<'CPP'
#include <chrono>
#include <iostream>
#include <string>
#include "Solver.hpp"
using namespace GameSolver::Connect4;
int main() {
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    Position P;
    if (P.play(line) != line.size()) return 1;
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(P, false);
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - start).count();
    std::cout << line << " " << score << " " << micros << std::endl;
  }
}
CPP
    g++ --std=c++11 -O3 -DNDEBUG -I"$work/pons" -o "$work/pons/bench" \
        "$work/pons/bench_main.cpp" "$work/pons/Solver.cpp"
    set -- "$@" --pons "$work/pons/bench"
fi

"$python" "$repo/benches/connect4_peers.py" "$@"
