#!/usr/bin/env bash
# Reproduces, on this machine, now, the figures of BENCHMARKS.md that need no peer and no
# large table: the tic-tac-toe lookups and sizes, the clean builds, the batch throughput and
# the footholds (each other table of BENCHMARKS.md names its own script):
#
#     bash benches/run.sh            # the figures (about 15 minutes on 2 cores)
#     bash benches/run.sh --quick    # criterion's --quick: checks the script, not for figures
#
# 1. speed: benches/tictactoe.rs, once with the default CHD table and once with
#    `--features ptrhash`; each run subtracts its own baseline loop;
# 2. build cost: two clean `cargo build --release` (library alone; default features with the
#    binary), with cargo's --timings for the build script's compile and run, and the build
#    script run again on its own;
# 3. size: the table (as pinned in tests/static_size.rs), the release binary (stripped and not), and what a
#    `#![no_std]` user links (a cdylib calling `Board::lookup`, against one that does not);
# 4. the CLI's throughput: benches/throughput.sh;
# 5. the footholds solver beside brute force: benches/footholds.rs.
#
# Everything lands in bench-report/ under cargo's target directory (target/ by default):
# report.md (printed at the end) and the raw logs. Needs bash, cargo, python3 (to read
# cargo's timing report), GNU time (/usr/bin/time), binutils (size, strip), and hyperfine
# for benches/throughput.sh.
# Timings mean little on a loaded machine: the report records the load beside each step.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
# Where cargo puts its builds, as cargo says: CARGO_TARGET_DIR and `build.target-dir` honoured.
source .ci/target-dir.sh
CARGO_TARGET_DIR=$(target_dir)
export CARGO_TARGET_DIR
OUT="$CARGO_TARGET_DIR/bench-report"
CLEAN="$OUT/clean-build"
CONSUMER="$OUT/nostd-consumer"
REPORT="$OUT/report.md"
CRITERION_ARGS=()
[ "${1:-}" = "--quick" ] && CRITERION_ARGS=(--quick)

mkdir -p "$OUT"
: >"$REPORT"
say() { printf '%s\n' "$*" | tee -a "$REPORT"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

say "# perfect-play benchmark report"
say
say "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "- machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores ($(uname -m), $(uname -r))"
say "- toolchain: $(rustc -V)"
say "- tree: $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git status --porcelain 2>/dev/null | grep -q . && echo ' + uncommitted changes' || true)"
say "- command: bash benches/run.sh ${1:-}"

# 1. Speed ---------------------------------------------------------------------------------
say
say "## 1. Speed: ns per board, baseline subtracted"
for layout in chd ptrhash; do
    features=()
    [ "$layout" = ptrhash ] && features=(--features ptrhash)
    cargo bench --bench tictactoe "${features[@]}" --no-run
    say "- $layout run: \`cargo bench --bench tictactoe ${features[*]}\`, load before: $(load)"
    cargo bench --bench tictactoe "${features[@]}" -- "${CRITERION_ARGS[@]}" | tee "$OUT/bench-$layout.log"
    say "  - after: $(load); $(grep '^table layout' "$OUT/bench-$layout.log")"
done
# The second run's summary holds both columns, each from its own run.
sed -n '/^ns\/board/,$p' "$OUT/bench-ptrhash.log" | tee -a "$REPORT"

# 2. Build cost ----------------------------------------------------------------------------
say
say "## 2. Build cost: clean \`cargo build --release\`"
say
say "| build | load before | wall | CPU (user+sys) | build script: compile | build script: run |"
say "|---|---|--:|--:|--:|--:|"
timed_build() { # label, cargo build arguments...
    local label=$1
    shift
    rm -rf "$CLEAN"
    local before
    before=$(load)
    CARGO_TARGET_DIR="$CLEAN" /usr/bin/time -f '%e %U %S' -o "$OUT/time.txt" \
        cargo build --release --timings "$@" 2>"$OUT/build-$label.log"
    local script
    script=$(python3 - "$CLEAN/cargo-timings/cargo-timing.html" <<'EOF'
import json, sys
html = open(sys.argv[1]).read()
start = html.index("const UNIT_DATA = ") + len("const UNIT_DATA = ")
units, _ = json.JSONDecoder().raw_decode(html[start:])
ours = {u["target"].strip(): u["duration"] for u in units if u["name"] == "perfect-play"}
print(f'{ours.get("build-script", 0):.2f} s | {ours.get("build-script (run)", 0):.2f} s')
EOF
)
    read -r wall user sys <"$OUT/time.txt"
    say "| \`cargo build --release $*\` ($label) | $before | $wall s | $(awk "BEGIN { print $user + $sys }") s | $script |"
}
timed_build "library alone" --no-default-features --features std
timed_build "default features: library + binary (clap, serde_json)"
say
say "Build script run on its own (the binary cargo compiled above, 10 runs, OUT_DIR a temp dir):"
script_bin=$(ls "$CLEAN"/release/build/perfect-play-*/build-script-build | head -1)
tmp=$(mktemp -d)
runs=()
for _ in $(seq 10); do
    start=$(date +%s%N)
    OUT_DIR="$tmp" "$script_bin" >/dev/null
    runs+=($(( ($(date +%s%N) - start) / 1000000 )))
done
sorted=$(printf '%s\n' "${runs[@]}" | sort -n | tr '\n' ' ')
say "- ms per run, sorted: $sorted(load $(load)); it writes $(stat -c %s "$tmp/table.rs") bytes of table.rs"
say "- build scripts compile without optimization (cargo's default \`build-override\`)"
rm -rf "$tmp"

# 3. Size ----------------------------------------------------------------------------------
say
say "## 3. Size"
say
say "- the table (tests/static_size.rs, CHD then PtrHash): $(grep -o 'assert_eq!(size, [0-9_]*)' tests/static_size.rs | grep -o '[0-9_]*)' | tr -d ')' | tr '\n' ' ')bytes (a dense 3^9 u16 array: 39366 bytes)"
bin="$CLEAN/release/perfect-play"
if [ -x "$bin" ]; then
    strip -o "$OUT/perfect-play.stripped" "$bin"
    say "- release binary \`target/release/perfect-play\` (default features): $(stat -c %s "$bin") bytes, stripped $(stat -c %s "$OUT/perfect-play.stripped") bytes"
fi
say
say "What a \`#![no_std]\` user links: a cdylib (panic = abort, LTO) exporting"
say "\`extern \"C\" fn answer(code: u16) -> u32\`, with perfect-play \`default-features = false\`;"
say "the baseline build only converts the code (\`Board::from_code\`, \`Board::code\`), the others"
say "call \`Board::lookup\` and pack outcome, plies and best moves."
say
say "| consumer build | .text | .rodata | stripped .so | .text + .rodata over baseline |"
say "|---|--:|--:|--:|--:|"
rm -rf "$CONSUMER"
mkdir -p "$CONSUMER"
cp Cargo.lock "$CONSUMER/"
cat >"$CONSUMER/Cargo.toml" <<EOF
[package]
name = "nostd-consumer"
version = "0.0.0"
edition = "2024"
publish = false

[lib]
path = "lib.rs"
crate-type = ["cdylib"]

[features]
lookup = []
ptrhash = ["perfect-play/ptrhash"]

[dependencies]
perfect-play = { path = "$ROOT", default-features = false }

[profile.release]
panic = "abort"
lto = true
codegen-units = 1

[workspace]
EOF
cat >"$CONSUMER/lib.rs" <<'EOF'
#![no_std]

use perfect_play::Board;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

/// The answer for the board with this base-3 code.
#[unsafe(no_mangle)]
pub extern "C" fn answer(code: u16) -> u32 {
    let Some(board) = Board::from_code(code) else {
        return u32::MAX;
    };
    #[cfg(feature = "lookup")]
    return match board.lookup() {
        Ok(position) => {
            let outcome = match position.outcome() {
                perfect_play::Outcome::Draw => 0,
                perfect_play::Outcome::Win(player) => 1 + player as u32,
            };
            outcome << 13
                | u32::from(position.plies()) << 9
                | u32::from(position.best_moves().mask())
        }
        Err(_) => u32::MAX - 1,
    };
    #[cfg(not(feature = "lookup"))]
    u32::from(board.code())
}
EOF
base=
for features in "" "lookup" "lookup ptrhash"; do
    dir="$CONSUMER/target-${features// /-}"
    (cd "$CONSUMER" && CARGO_TARGET_DIR="$dir" cargo build --release --features "$features" 2>>"$OUT/nostd.log")
    so="$dir/release/libnostd_consumer.so"
    strip -o "$so.stripped" "$so"
    text=$(size -A "$so" | awk '$1 == ".text" { print $2 }')
    rodata=$(size -A "$so" | awk '$1 == ".rodata" { print $2 }')
    sum=$((text + rodata))
    [ -z "$base" ] && base=$sum
    say "| ${features:-baseline (no lookup)} | $text | $rodata | $(stat -c %s "$so.stripped") | $((sum - base)) |"
done

# 4. The binary's throughput ---------------------------------------------------------------
say
say "## 4. CLI throughput"
if [ -f benches/throughput.sh ]; then
    say "- \`bash benches/throughput.sh\`, load before: $(load)"
    bash benches/throughput.sh 2>&1 | tee -a "$REPORT" || say "benches/throughput.sh failed: see above."
else
    say "benches/throughput.sh is not in this tree yet."
fi

# 5. Disappearing footholds ----------------------------------------------------------------
say
say "## 5. Footholds: the exact solver beside brute force"
say "- \`cargo bench --bench footholds\`, load before: $(load)"
cargo bench --bench footholds -- "${CRITERION_ARGS[@]}" | tee "$OUT/bench-footholds.log"
say "- after: $(load)"
say
grep -E '^(sweep|  +[0-9.]+(µs|ms|s) )' "$OUT/bench-footholds.log" | sed 's/^/    /' | tee -a "$REPORT"
say
grep -E '^\|' "$OUT/bench-footholds.log" | tee -a "$REPORT"

echo
echo "Report: $REPORT"
