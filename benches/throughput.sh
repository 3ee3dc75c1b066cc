#!/usr/bin/env bash
# Binary throughput: how fast `perfect-play outcome` / `validity` stream boards, beside
# `wc -l` on the same file (the cost of reading it) and a naive program (a String per line,
# every board solved by plain minimax: examples/naive.rs).
#
#   benches/throughput.sh            # 2,000,000 boards per input, 10 timed runs each
#   COUNT=200000 RUNS=3 benches/throughput.sh
#
# Needs hyperfine (apt-get install hyperfine). Generates its inputs into a temp dir
# (random reachable boards, fixed seed: examples/gen_boards.rs), builds the release binary,
# checks that the binary and the naive program give the same answers on every input, then
# times each command and prints a Markdown table with the machine, date and load. Each
# figure is the fastest of the timed runs: on a shared machine, the run least disturbed.
# "without memo" is the hidden flag --no-cache: one phf lookup per board instead of the
# lazily filled 19,683-slot memo.
set -euo pipefail

cd "$(dirname "$0")/.."
COUNT=${COUNT:-2000000}
RUNS=${RUNS:-10}
NAIVE_RUNS=${NAIVE_RUNS:-3}
# Where cargo puts its builds: CARGO_TARGET_DIR and `build.target-dir` honoured.
source .ci/target-dir.sh
TARGET=$(target_dir)

if ! command -v hyperfine >/dev/null; then
    echo "throughput.sh: needs hyperfine (apt-get install hyperfine)" >&2
    exit 2
fi

cargo build --quiet --release --bin perfect-play --example gen_boards --example naive
BIN=$TARGET/release/perfect-play
GEN=$TARGET/release/examples/gen_boards
NAIVE=$TARGET/release/examples/naive

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

"$GEN" --count "$COUNT" --format lines >"$TMP/lines.txt"
"$GEN" --count "$COUNT" --format lines --crlf >"$TMP/lines-crlf.txt"
"$GEN" --count "$COUNT" --format algospot >"$TMP/algospot.txt"
"$GEN" --count "$COUNT" --format boj >"$TMP/boj.txt"

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# One row of the table: command, format, input file, [extra flags]. With no naive
# counterpart (JSON), pass NONAIVE=1.
row() {
    local command=$1 format=$2 file=$3 extra=${4:-}
    local input="$TMP/$file"
    local run="$BIN $command --format $format $extra $input"
    local naive="sh -c '$NAIVE $command $format < $input'"
    if [[ -z ${NONAIVE:-} ]]; then
        # The binary and the naive program must agree before either is timed.
        if ! cmp -s <($BIN "$command" --format "$format" "$input") \
            <("$NAIVE" "$command" "$format" <"$input"); then
            echo "throughput.sh: perfect-play and naive disagree on $command $format $file" >&2
            exit 1
        fi
    fi
    hyperfine --style none -N --warmup 2 --runs "$RUNS" --export-csv "$TMP/fast.csv" \
        "wc -l $input" "$run" "$BIN $command --format $format $extra --no-cache $input" \
        >/dev/null 2>&1
    local naive_s="-"
    if [[ -z ${NONAIVE:-} ]]; then
        hyperfine --style none -N --runs "$NAIVE_RUNS" --export-csv "$TMP/naive.csv" \
            "$naive" >/dev/null 2>&1
        naive_s=$(awk -F, 'NR==2 {print $7}' "$TMP/naive.csv")
    fi
    awk -F, -v label="$command${extra:+ $extra}" -v input="$file" -v count="$COUNT" -v naive="$naive_s" '
        function ms(s) { return sprintf("%.1f ms", s * 1000) }
        function rate(s) { return sprintf("%.1f M/s", count / s / 1e6) }
        NR == 2 { wc = $7 } NR == 3 { fast = $7 } NR == 4 { nomemo = $7 }
        END {
            naive_cells = naive == "-" ? "- | -" : ms(naive) " | " rate(naive)
            printf "| `%s` | %s | %s | %s | %s | %.1fx | %s | %s | %s |\n",
                label, input, ms(wc), ms(fast), rate(fast), fast / wc,
                ms(nomemo), rate(nomemo), naive_cells
        }' "$TMP/fast.csv"
}

echo "## perfect-play binary throughput"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(uname -sr)"
echo "- input: $COUNT random reachable boards per file (examples/gen_boards.rs, seed fixed)"
echo "- timing: hyperfine, fastest of $RUNS runs ($NAIVE_RUNS for naive), file in the page cache, output to /dev/null"
echo
echo "| command | input | \`wc -l\` | perfect-play | boards/s | vs \`wc -l\` | without memo | boards/s | naive | boards/s |"
echo "|---|---|---|---|---|---|---|---|---|---|"
row outcome lines lines.txt
row outcome lines lines-crlf.txt
row outcome algospot algospot.txt
row outcome boj boj.txt
row validity lines lines.txt
row validity boj boj.txt
row validity algospot algospot.txt
row validity lines lines.txt --explain
NONAIVE=1 row outcome lines lines.txt --json
NONAIVE=1 row validity lines lines.txt --json
echo
PEAK=$( { /usr/bin/time -f '%M' "$BIN" outcome "$TMP/lines.txt" >/dev/null; } 2>&1 | tail -1)
echo "- peak memory, outcome over lines.txt ($(du -h "$TMP/lines.txt" | cut -f1)): ${PEAK} KiB resident (/usr/bin/time)"
echo "- load average (1, 5, 15 min): before $LOAD_BEFORE, after $(cut -d' ' -f1-3 /proc/loadavg)"
