#!/usr/bin/env bash
# The downstream example: a crate that solves its own game with perfect-play's generator
# (`features = ["generate"]` in its [build-dependencies]) and answers from the table.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --manifest-path examples/downstream/Cargo.toml -- --check
cargo test --manifest-path examples/downstream/Cargo.toml --locked
