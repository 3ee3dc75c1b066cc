#!/usr/bin/env bash
# The library crates as published: `cargo package` of perfect-play and the two crates it
# depends on (perfect-play-core, perfect-play-generate), then every test of perfect-play
# inside its unpacked crate, on its own (no fuzz/, no ../shared, no repository around it),
# its sibling crates taken from their own packages rather than from the repository.
# (perfect-play-cli, the binary, is not checked here: its tests share the repository's
# plain references in tests/common.)
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/target-dir.sh
# The tests build in the repository's target directory: the packaged crates are path
# dependencies there (artifacts of their own), and the registry's crates the earlier steps
# compiled for tests are reused instead of compiled again.
target="$(target_dir)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo package --locked --allow-dirty --no-verify --target-dir "$scratch/target" \
  -p perfect-play-core -p perfect-play-generate -p perfect-play
for crate in "$scratch"/target/package/*.crate; do
  tar -xzf "$crate" -C "$scratch"
done
cat >"$scratch/siblings.toml" <<TOML
[patch.crates-io]
perfect-play-core = { path = "$(echo "$scratch"/perfect-play-core-*/)" }
perfect-play-generate = { path = "$(echo "$scratch"/perfect-play-generate-*/)" }
TOML
cd "$scratch"/perfect-play-0*/
CARGO_TARGET_DIR="$target" cargo test --config "$scratch/siblings.toml"
