#!/bin/sh
# Connect Four 7x6, our search engine beside its peers on the same positions, no opening
# book anywhere (benches/HISTORY.md 13). Installs what it can by package name, outside the
# repository: bitbully from the Python package index in a venv, the connect-four-ai crate
# from crates.io in a scratch cargo project. Builds the peers whose source is given, each
# from a checkout of its own that is never copied into the repository (both are AGPL):
# Christophe Steininger's c4 (C4_SRC, a checkout of ChristopheSteininger/c4: its solver
# with its own flags, -O3 -flto, its 1 GiB table, once with 1 thread and once with 2)
# and Pascal Pons's solver (PONS_SRC, a checkout of PascalPons/connect4).
#
#   C4_SRC=... PONS_SRC=... benches/connect4_peers.sh [POSITIONS] [connect4_peers.py options]
#
# POSITIONS (move sequences, columns 1-7; an empty line is the empty board) defaults to a
# seeded set of 600 random positions 8 to 34 plies in, none finished and none with a win
# at once for the side to move. Every solver answers the whole set in one process, its
# table kept from one position to the next (`--fresh`: one process a position); options
# after POSITIONS go to benches/connect4_peers.py (`--rounds 3`, `--ours-threads 2`).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-${TMPDIR:-/tmp}/perfect-play-connect4-peers}
mkdir -p "$work"

positions=${1:-$work/positions.txt}
[ $# -gt 0 ] && shift
if [ ! -s "$positions" ]; then
    python3 "$repo/benches/connect4_positions.py" 8 34 600 2026 > "$positions"
fi

cargo build --release --manifest-path "$repo/Cargo.toml" --example connect4_solve
target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$repo/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
ours="$target/release/examples/connect4_solve"

set -- "$positions" --ours "$ours" "$@"

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
// One position a line (columns 1-7), solved without the crate's opening book, its table
// kept from one line to the next: `LINE SCORE MICROSECONDS`, the time of the solve alone.
use std::io::BufRead;

fn main() {
    let mut solver = connect_four_ai::Solver::empty();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let position = connect_four_ai::Position::from_moves(line.trim()).unwrap();
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

if [ -n "${C4_SRC:-}" ]; then
    # c4's solver with a main of our own that times the solve alone, as the others do:
    # `LINE SCORE NODES MICROSECONDS`. Its thread count is a constant of its settings.h
    # (0: every core), set here in a copy for each build.
    cat > "$work/c4_main.cpp" <<'CPP'
#include <chrono>
#include <iostream>
#include <string>
#include "solver/position.h"
#include "solver/solver.h"
int main() {
  Solver solver;
  std::string line;
  unsigned long long before = 0;
  while (std::getline(std::cin, line)) {
    Position pos;
    for (char ch : line) {
      if (ch < '1' || ch > '7' || !pos.is_move_valid(ch - '1')) return 1;
      pos.move(ch - '1');
    }
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve_strong(pos);
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - start).count();
    unsigned long long nodes = solver.get_merged_stats().get_num_nodes();
    std::cout << line << " " << score << " " << nodes - before << " " << micros << std::endl;
    before = nodes;
  }
}
CPP
    for threads in 1 2; do
        rm -rf "$work/c4-$threads" && mkdir -p "$work/c4-$threads"
        cp -r "$C4_SRC/src" "$work/c4-$threads/src"
        sed -i "s/NUM_THREADS = 0;/NUM_THREADS = $threads;/" "$work/c4-$threads/src/solver/settings.h"
        grep -q "NUM_THREADS = $threads;" "$work/c4-$threads/src/solver/settings.h"
        # Its CMakeLists.txt's OPTIMISE flags.
        g++ -std=c++20 -Wall -O3 -flto -DNDEBUG -I"$work/c4-$threads/src" -o "$work/c4-$threads/bench" \
            "$work/c4-$threads"/src/solver/*.cpp "$work/c4-$threads"/src/solver/util/*.cpp \
            "$work/c4-$threads"/src/solver/parallel/*.cpp "$work/c4_main.cpp" -pthread
    done
    set -- "$@" --c4 "$work/c4-1/bench" --c4-2 "$work/c4-2/bench"
fi

if [ -n "${PONS_SRC:-}" ]; then
    rm -rf "$work/pons" && cp -r "$PONS_SRC" "$work/pons"
    # Pons's Solver with a main of our own that times the solve alone, as the others do:
    # `LINE SCORE MICROSECONDS`, its table kept from one line to the next.
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
