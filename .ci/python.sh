#!/usr/bin/env bash
# The Python package (python/) as people install it: one abi3 wheel (CPython 3.10 and
# later), built from python/ by pip through maturin (the route of the README's
# `pip install ./python`), installed into a fresh venv with no compiler involved (only the
# wheel, `--only-binary`), with the extras `openspiel` and `pettingzoo`. Then stubtest checks
# the type stubs against the compiled module, and pytest runs python/tests and the README
# examples (doctests) against the installed wheel.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/target-dir.sh

target="$(target_dir)"
build="$target/python-build-venv"
venv="$target/python-venv"
wheels="$target/wheels"
rm -rf "$build" "$venv" "$wheels"

echo "the wheel, built by pip through maturin (Cargo.lock as committed)"
python3 -m venv "$build"
"$build/bin/python" -m pip install --quiet --upgrade pip
MATURIN_PEP517_ARGS="--locked" "$build/bin/python" -m pip wheel --no-deps --wheel-dir "$wheels" ./python
wheel="$(ls "$wheels"/perfect_play-*.whl)"
case "$wheel" in
  *-abi3-*) echo "built $(basename "$wheel")" ;;
  *) echo "not an abi3 wheel: $wheel" >&2; exit 1 ;;
esac

echo "installed into a fresh venv, from the wheel alone"
python3 -m venv "$venv"
py="$venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet --only-binary perfect-play "${wheel}[openspiel,pettingzoo]"
# What the tests use beyond the extras: pytest; mypy (the stubs); matplotlib (the Q-learning
# example's plot).
"$py" -m pip install --quiet pytest mypy matplotlib

echo "the stubs against the compiled module (mypy.stubtest)"
"$py" -m mypy.stubtest perfect_play._native

echo "pytest: python/tests, and the examples of python/README.md and README.md as doctests"
# From the repository's root, so that `import perfect_play` is the installed wheel, not the
# source directory python/perfect_play (which has no compiled module).
status=0
"$py" -m pytest -c python/pyproject.toml --rootdir python -rs python/tests python/README.md README.md \
  || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
exit "$status"
