#!/usr/bin/env bash
# Solves Connect Four 5x5 and 6x4 into table files (unless they are there already) and
# checks a seeded sample of 10,000 positions of each against the plain reference solver of
# tests/common/connect4_reference.rs (tests/table_file.rs, the ignored test). Not CI: the
# solves take about a minute each on a 2-core machine. Usage: benches/table_sample.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/target-dir.sh
dir=${1:-$(target_dir)/table-sample}
mkdir -p "$dir"
cargo build --release --locked --bin perfect-play
bin="$(target_dir)/release/perfect-play"
for game in connect4-5x5 connect4-6x4; do
  file="$dir/$game.table"
  [ -f "$file" ] || "$bin" solve "$game" --out "$file"
  PERFECT_PLAY_SAMPLE_GAME=$game PERFECT_PLAY_SAMPLE_TABLE=$file \
    cargo test --release --locked -p perfect-play --features file --test table_file \
    -- --ignored --exact a_large_file_agrees_with_the_reference_on_a_sample --nocapture
done
