#!/usr/bin/env bash
# Table files as a user makes and uses them: `perfect-play solve` writes Connect Four 4x4
# and 5x4 into files; the files answer as the compiled table does and as John Tromp's
# table says (4x4: 161,029 positions, a draw; 5x4: 3,945,711, a draw); the same solve at
# 1 and 2 threads gives the same bytes; then a flipped byte, a truncated file and a file of
# another game are each refused with a message that says which and where.
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/target-dir.sh
# The binary the README's `cargo test` built, reused as it is after CI's test step.
cargo test --locked --no-run --quiet
bin="$(target_dir)/debug/perfect-play"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "table-file.sh: $*" >&2; exit 1; }

echo "-- solve connect4-4x4 and connect4-5x4 into files"
"$bin" solve connect4-4x4 --out "$dir/c44.table" --threads 1 | tee "$dir/solve44.txt"
"$bin" solve connect4-4x4 --out "$dir/c44-2.table" --threads 2 >/dev/null
cmp "$dir/c44.table" "$dir/c44-2.table" || fail "1 and 2 threads gave different files"
grep -qx "positions: 161029 in 17 tiers" "$dir/solve44.txt" || fail "4x4 count"
grep -qx "start: a draw in 16 plies" "$dir/solve44.txt" || fail "4x4 start"
"$bin" solve connect4-5x4 --out "$dir/c54.table" | tee "$dir/solve54.txt"
grep -qx "positions: 3945711 in 21 tiers" "$dir/solve54.txt" || fail "5x4 count"
grep -q "^start: a draw in " "$dir/solve54.txt" || fail "5x4 start"
"$bin" table verify "$dir/c54.table"
"$bin" table info "$dir/c54.table"

echo "-- probe: the 4x4 file answers as the compiled table (tests/table_file.rs checks every key)"
positions="$dir/positions.txt"
printf '%s\n' '..../..../..../....' '..../..../..../.x..' '..../..../.o../.x..' \
  '..../..x./.ox./oxox' 'oxox/xoxo/oxox/xoxo' '..../..../ooo./xxx.' > "$positions"
# The full board has x's four on a diagonal though o moved last: no game reaches it, and
# both must say so (reachable: false, exit status 1).
compiled=$("$bin" outcome --game connect4-4x4 --json "$positions" || true)
from_file=$("$bin" outcome --game connect4-4x4 --table "$dir/c44.table" --json "$positions" || true)
grep -q '"reachable":false' <<<"$from_file" || fail "the unreachable board was answered"
[ "$compiled" = "$from_file" ] || fail "the file and the compiled table disagree"
echo "$from_file"

echo "-- damage: a flipped byte, a truncated file, a file of another game"
cp "$dir/c44.table" "$dir/flipped.table"
printf '\xff' | dd of="$dir/flipped.table" bs=1 seek=300000 conv=notrunc status=none
if "$bin" table verify "$dir/flipped.table" 2>"$dir/err.txt"; then fail "a flipped byte passed"; fi
cat "$dir/err.txt"
grep -q "damaged: block 4 (from byte " "$dir/err.txt" || fail "the flipped byte's block is not named"
if "$bin" outcome --game connect4-4x4 --table "$dir/flipped.table" "$positions" 2>"$dir/err.txt"; then
  fail "a damaged file answered"
fi
head -c 100000 "$dir/c44.table" > "$dir/cut.table"
if "$bin" table info "$dir/cut.table" 2>"$dir/err.txt"; then fail "a truncated file passed"; fi
cat "$dir/err.txt"
grep -q "truncated: the header says 511592 bytes, the file has 100000" "$dir/err.txt" || fail "truncation"
if "$bin" outcome --game connect4-5x4 --table "$dir/c44.table" "$positions" 2>"$dir/err.txt"; then
  fail "a 4x4 file answered for 5x4"
fi
cat "$dir/err.txt"
grep -q "a table of connect4-4x4, not of connect4-5x4" "$dir/err.txt" || fail "the swap is not named"
echo "table files: ok"
