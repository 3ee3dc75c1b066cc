#!/usr/bin/env bash
# Checks that Cargo.toml's `rust-version` is true of the locked dependency graph: no
# package in Cargo.lock (dependencies, build and dev-dependencies, every feature) may
# declare a newer `rust-version` than the crate itself. Needs cargo and python3.
#
# Exit status: 0 when every locked package fits, 1 when one declares a newer Rust than
# the crate (each is named, with the version it needs), 2 when the check cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v python3 >/dev/null || { echo "rust-version.sh needs python3 on PATH" >&2; exit 2; }

metadata=$(mktemp)
trap 'rm -f "$metadata"' EXIT
cargo metadata --format-version 1 --locked --all-features >"$metadata" || {
  echo "rust-version.sh: cargo metadata failed (is Cargo.lock up to date?)" >&2
  exit 2
}

python3 - "$metadata" <<'PY'
import json
import sys

with open(sys.argv[1], encoding="utf-8") as file:
    metadata = json.load(file)


def parse(version):
    """'1.86' or '1.86.0' as a comparable tuple (1, 86, 0)."""
    parts = [int(part) for part in version.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


members = set(metadata["workspace_members"])
packages = {package["id"]: package for package in metadata["packages"]}
crates = [packages[id] for id in members]
# Only the packages the locked resolve actually uses, for every target and feature.
used = {node["id"] for node in metadata["resolve"]["nodes"]} - members

failed = False
for crate in crates:
    declared = crate.get("rust_version")
    if declared is None:
        print(f"{crate['name']}: Cargo.toml declares no rust-version", file=sys.stderr)
        failed = True
        continue
    newer = sorted(
        (
            (parse(packages[id]["rust_version"]), packages[id]["name"], packages[id]["version"])
            for id in used
            if packages[id].get("rust_version")
            and parse(packages[id]["rust_version"]) > parse(declared)
        ),
        reverse=True,
    )
    for needed, name, version in newer:
        print(
            f"{crate['name']} declares rust-version {declared}, but the locked "
            f"{name} {version} needs Rust {'.'.join(map(str, needed))}",
            file=sys.stderr,
        )
    if newer:
        print(
            f"raise `rust-version` in Cargo.toml to {'.'.join(map(str, newer[0][0]))}, "
            "or lock older versions of the packages above",
            file=sys.stderr,
        )
        failed = True
    else:
        print(f"{crate['name']}: rust-version {declared} covers every locked dependency")

sys.exit(1 if failed else 0)
PY
