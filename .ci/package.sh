#!/usr/bin/env bash
# The crate as published: `cargo package`, then every test inside the unpacked crate, on
# its own (no fuzz/, no ../shared, no repository around it).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo package --locked --allow-dirty --no-verify --target-dir "$scratch/target"
crate=$(ls "$scratch"/target/package/perfect-play-*.crate)
tar -xzf "$crate" -C "$scratch"
cd "$scratch"/perfect-play-*/
CARGO_TARGET_DIR="$scratch/target" cargo test --locked
