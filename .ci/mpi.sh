#!/usr/bin/env bash
# `perfect-play solve` under a real MPI engine (Open MPI's mpirun), several ranks on this
# one machine: Connect Four 4x4 and 5x4 solved by 1, 2 and 3 ranks (shared memory, then
# TCP forced with `--mca btl tcp,self`), every file compared byte for byte with the
# single-process solve's; then a rank killed mid-solve: the run fails naming the rank, and
# the same command run again resumes from the finished tiers and writes the same bytes;
# --memory held by walking in passes on 1 and 2 ranks and solving in rounds on 2 and 3,
# and refused when too small for them, before the walk or before the solve.
# Expectations: the single-process solve (itself checked against John Tromp's counts and
# the compiled tables in .ci/table-file.sh and tests/table_file.rs).
# Needs Open MPI and libclang (installed by .ci/run with apt).
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/target-dir.sh
# The binaries are the test profile's (Cargo.toml: the solver optimised, the rest at level
# 1): the one `cargo test` built, then the same with `mpi`. What is tested is behaviour.
bin="$(target_dir)/debug/perfect-play"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "mpi.sh: $*" >&2; exit 1; }
# Root in CI containers; more ranks than the 2 cores here.
mpirun=(mpirun --allow-run-as-root --oversubscribe)

echo "-- a binary built without the feature refuses to run as one of several ranks"
# The README's test command, so the binary the test step built is reused as it is.
cargo test --locked --no-run --quiet
if "${mpirun[@]}" -np 2 "$bin" solve connect4-4x4 --out "$dir/refused.table" 2>"$dir/said.txt"; then
  fail "a build without mpi solved under mpirun"
fi
grep -q "built without the \`mpi\` feature" "$dir/said.txt" || fail "the refusal does not say why"
[ -e "$dir/refused.table" ] && fail "the refused solve wrote a file"

# The driver's plain parts (key bounds, owners, manifests: crates/generate/src/tiers/) and
# the driver itself on ranks as threads (tiers/tests.rs) are tested by `cargo test`; here
# the whole of it runs under mpirun.
cargo build --profile test --locked --bin perfect-play --features perfect-play-cli/mpi

for game in connect4-4x4 connect4-5x4; do
  echo "-- $game: one process, then 1, 2 and 3 ranks"
  "$bin" solve "$game" --out "$dir/$game.table" >/dev/null
  for ranks in 1 2 3; do
    out="$dir/$game-$ranks.table"
    "${mpirun[@]}" -np "$ranks" "$bin" solve "$game" --out "$out" --threads 1 | tee "$dir/said.txt"
    grep -qx "ranks: $ranks" "$dir/said.txt" || fail "$game: the solve did not say it ran on $ranks ranks"
    cmp "$dir/$game.table" "$out" || fail "$game: $ranks ranks wrote other bytes"
  done
  echo "-- $game: 3 ranks over TCP"
  "${mpirun[@]}" --mca btl tcp,self -np 3 "$bin" solve "$game" --out "$dir/$game-tcp.table" --threads 1 >/dev/null
  cmp "$dir/$game.table" "$dir/$game-tcp.table" || fail "$game: 3 ranks over TCP wrote other bytes"
done

echo "-- the file of 2 ranks answers: the 5x4 start is a draw"
"$bin" outcome --game connect4-5x4 --table "$dir/connect4-5x4-2.table" <<<'...../...../...../.....' | tee "$dir/said.txt"
grep -q "draw" "$dir/said.txt" || fail "the 5x4 start, probed in the file of 2 ranks, is not a draw"

echo "-- --memory bounds each rank's share: a share over it is walked in passes, the same bytes"
# 5x4's largest walk holds 16 to 18 MB on one rank (each chunk's children without
# repeats, 16 bytes each, and room for a chunk in the making): at 8M one rank walks in
# passes, and so does each of 2 ranks; each of 3 ranks holds its share at 8M at once.
for spec in "1 8M passes" "2 8M passes" "3 8M once"; do
  read -r ranks budget how <<<"$spec"
  out="$dir/small-$ranks.table"
  "${mpirun[@]}" -np "$ranks" "$bin" solve connect4-5x4 --out "$out" --threads 1 --memory "$budget" >"$dir/said.txt"
  if [ "$how" = passes ]; then
    grep "^walk: up to [0-9]* passes a tier" "$dir/said.txt" || fail "$ranks ranks within $budget did not walk in passes"
  else
    grep -q "^walk:" "$dir/said.txt" && fail "$ranks ranks within $budget walked in passes"
  fi
  # Each tier's solve asks its children's records in as many rounds as the budget needs;
  # one rank owns every child and reads their records in place, as one process does.
  if [ "$ranks" -gt 1 ]; then
    grep "^solved in up to [0-9]* rounds a tier" "$dir/said.txt" || fail "$ranks ranks within $budget did not solve in rounds"
  else
    grep -q "^solved in" "$dir/said.txt" && fail "one rank within $budget asked its own children in rounds"
  fi
  cmp "$dir/connect4-5x4.table" "$out" || fail "$ranks ranks within $budget each wrote other bytes"
done
echo "-- a budget that holds the walk but not a tier's solve is refused before the solve; more resumes"
out="$dir/solve-refused.table"
if "${mpirun[@]}" -np 2 "$bin" solve connect4-5x4 --out "$out" --threads 1 --memory 2M >/dev/null 2>"$dir/said.txt"; then
  fail "2 ranks solved 5x4 within 2 MB each"
fi
grep -q "rank [01]'s share of the solve of tier [0-9]*" "$dir/said.txt" || fail "the refusal does not name the rank and the tier"
compgen -G "$out.parts/*.records.manifest" >/dev/null && fail "a tier was solved before the refusal"
[ -e "$out" ] && fail "the refused solve wrote a file"
"${mpirun[@]}" -np 2 "$bin" solve connect4-5x4 --out "$out" --threads 1 --memory 8M >"$dir/said.txt"
grep -q "kept from an earlier run" "$dir/said.txt" || fail "the larger budget did not resume the walk"
cmp "$dir/connect4-5x4.table" "$out" || fail "the resumed solve wrote other bytes"
echo "-- a budget too small even for the most passes is refused, naming the rank, before any walk"
if "${mpirun[@]}" -np 2 "$bin" solve connect4-5x4 --out "$dir/refused-5x4.table" --threads 1 --memory 1M >/dev/null 2>"$dir/said.txt"; then
  fail "2 ranks solved 5x4 within 1 MB each"
fi
cat "$dir/said.txt"
grep -q "more than the memory budget of 1 MB" "$dir/said.txt" || fail "the refusal does not say the budget"
grep -q "rank [01]'s share of the walk" "$dir/said.txt" || fail "the refusal does not name the rank"
[ -e "$dir/refused-5x4.table" ] && fail "the refused solve wrote a file"
echo "-- a rank killed mid-solve: the run fails naming it; the same command resumes"
out="$dir/killed.table"
"${mpirun[@]}" -np 2 "$bin" solve connect4-5x4 --out "$out" --threads 1 >"$dir/killed.txt" 2>&1 &
launcher=$!
for _ in $(seq 1 1000); do
  [ -e "$out.parts/tier-008.keys.manifest" ] && break
  sleep 0.02
done
[ -e "$out.parts/tier-008.keys.manifest" ] || fail "tier 8's keys were never finished"
victim=""
for pid in $(pgrep -f -- "solve connect4-5x4 --out $out"); do
  if tr '\0' '\n' </proc/"$pid"/environ 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1; then
    victim=$pid
  fi
done
[ -n "$victim" ] || fail "no rank 1 to kill"
kill -9 "$victim"
if wait "$launcher"; then fail "the run went on without its rank 1"; fi
cat "$dir/killed.txt"
grep -q "rank 1" "$dir/killed.txt" || fail "the failure does not name rank 1"
[ -e "$out" ] && fail "a killed run left a file under the final name"
"${mpirun[@]}" -np 2 "$bin" solve connect4-5x4 --out "$out" --threads 1 | tee "$dir/said.txt"
grep -q "kept from an earlier run" "$dir/said.txt" || fail "the second run did not resume"
cmp "$dir/connect4-5x4.table" "$out" || fail "the resumed run wrote other bytes"
echo "mpi.sh: every layout wrote the single-process bytes; a killed rank was named and the run resumed"
