#!/usr/bin/env bash
# A short, fixed-seed fuzz pass over every target in fuzz/: each target replays
# its seed corpus (fuzz/corpus/TARGET) and then runs a fixed number of inputs from seed 1,
# on one core. Exits non-zero if any target finds a crash (a panic, a failed check, a
# timeout or running out of memory), after printing the input and how to replay it.
#
# Needs cargo-fuzz (installed here from crates.io if missing) and a C++ compiler for
# libFuzzer. Runs on stable Rust: without a sanitizer, cargo-fuzz passes rustc only stable
# options (-Cpasses=sancov-module, -Cllvm-args=...). AddressSanitizer (`--sanitizer
# address`, cargo-fuzz's default) would need the nightly-only -Zsanitizer: on a stable
# toolchain that takes RUSTC_BOOTSTRAP=1, which this script does not set, and the crate has
# no `unsafe` code for it to check.
#
# Environment: FUZZ_TARGET_DIR (default fuzz/target) is where the fuzz build goes, kept
# apart from the main build because its flags differ; FUZZ_RUNS_SCALE (default 1)
# multiplies every target's number of runs; FUZZ_SECONDS, if set, runs each target for that
# many seconds instead of a number of runs (the plateau runs that fuzz/README.md reports);
# FUZZ_KEEP_CORPUS, if set, is a directory where each target's grown corpus is kept
# (FUZZ_KEEP_CORPUS/TARGET) with libFuzzer's log, to minimise into fuzz/corpus with
# `cargo fuzz cmin`; FUZZ_ONLY, if set, is the one target to run.
#
# `bash .ci/fuzz.sh --build-only` installs cargo-fuzz if it is missing and builds the
# targets, then stops: .ci/run does that in the background, so that the run later finds
# them built.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${FUZZ_TARGET_DIR:-fuzz/target}
scale=${FUZZ_RUNS_SCALE:-1}

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --version 0.13.2 --locked
fi
cargo fuzz --version

# No sanitizer (see above; also twice the inputs per second); debug assertions on, so an
# arithmetic overflow is a crash.
build_flags=(--release --debug-assertions --sanitizer none --target-dir "$target_dir")

# cargo-fuzz has no --locked: the fuzz crate's own lock file is checked whole first, so
# that CI builds the versions committed, never the newest of the day.
cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null || {
  echo "fuzz/Cargo.lock is not up to date: run \`cargo metadata --manifest-path fuzz/Cargo.toml\` and commit it" >&2
  exit 1
}

echo "== building the fuzz targets"
cargo fuzz build "${build_flags[@]}"
[ "${1:-}" = --build-only ] && exit 0

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# target, runs (about 10-20 s each on one core of a small machine), dictionary
targets=(
  "board 2000000 fuzz/boards.dict"
  "lines 200000 fuzz/boards.dict"
  "boj 200000 fuzz/boards.dict"
  "algospot 200000 fuzz/boards.dict"
  "footholds 10000 fuzz/footholds.dict"
)

failed=0
for spec in "${targets[@]}"; do
  read -r target runs dict <<<"$spec"
  [ -n "${FUZZ_ONLY:-}" ] && [ "$FUZZ_ONLY" != "$target" ] && continue
  runs=$((runs * scale))
  budget=(-runs="$runs" -max_total_time=300)
  [ -n "${FUZZ_SECONDS:-}" ] && runs=unlimited && budget=(-max_total_time="$FUZZ_SECONDS")
  echo "== $target: seed 1, $runs runs${FUZZ_SECONDS:+, $FUZZ_SECONDS s}"
  mkdir -p "$scratch/corpus-$target" "$scratch/artifacts-$target"
  start=$SECONDS
  # New inputs go to the scratch corpus (the first directory), never into the repository.
  # -close_fd_mask=3: the footholds target runs the command, which writes to stdout and
  # stderr; libFuzzer keeps its own report.
  if cargo fuzz run "${build_flags[@]}" "$target" "$scratch/corpus-$target" "fuzz/corpus/$target" -- \
      -seed=1 "${budget[@]}" -timeout=10 -rss_limit_mb=2048 \
      -dict="$dict" -close_fd_mask=3 -print_final_stats=1 \
      -artifact_prefix="$scratch/artifacts-$target/" >"$scratch/$target.log" 2>&1; then
    # The last status line gives coverage (cov: edges, ft: features, corp: corpus size).
    grep -E '^#[0-9]+' "$scratch/$target.log" | tail -n 1 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done' "$scratch/$target.log" || true
    echo "   ok in $((SECONDS - start)) s"
    if [ -n "${FUZZ_KEEP_CORPUS:-}" ]; then
      mkdir -p "$FUZZ_KEEP_CORPUS/$target"
      cp "$scratch/corpus-$target"/* "$FUZZ_KEEP_CORPUS/$target/" 2>/dev/null || true
      cp "$scratch/$target.log" "$FUZZ_KEEP_CORPUS/$target.log"
    fi
  else
    failed=1
    tail -n 30 "$scratch/$target.log"
    for artifact in "$scratch/artifacts-$target"/*; do
      [ -e "$artifact" ] || continue
      kept="fuzz/artifacts/$target/$(basename "$artifact")"
      mkdir -p "fuzz/artifacts/$target"
      cp "$artifact" "$kept"
      echo "-- $target failed on $kept (base64 below); its message:"
      base64 "$kept"
      # Replayed without -close_fd_mask, so that the panic message shows.
      cargo fuzz run "${build_flags[@]}" "$target" "$kept" 2>&1 | grep -vE '^(INFO|WARNING)' | tail -n 20 || true
      echo "-- replay: cargo fuzz run ${build_flags[*]} $target $kept"
    done
  fi
done
exit "$failed"
