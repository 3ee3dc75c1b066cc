# Sourced by the scripts that run a built binary: `target_dir` prints where cargo puts its
# builds, as cargo itself says (`cargo metadata`), so that CARGO_TARGET_DIR or a
# `build.target-dir` setting is honoured.
target_dir() {
  cargo metadata --format-version 1 --no-deps --locked |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
}
