#!/usr/bin/env bash
# The Python package (python/) as people install it: one abi3 wheel (CPython 3.9 and
# later), built from python/ by pip through maturin (the route of the README's
# `pip install ./python`), installed into a fresh venv with no compiler involved (only the
# wheel, `--only-binary`), with the extras `openspiel` and `pettingzoo`. Then stubtest checks
# the type stubs against the compiled module, and pytest runs python/tests and the README
# examples (doctests) against the installed wheel; then the ConnectX agent's tests inside
# kaggle-environments, in a venv of their own; then the core's tests on CPython 3.9.
#
# `bash .ci/python.sh --build-only` builds the wheel and installs it into the three venvs,
# then stops; `bash .ci/python.sh --tests-only` runs the checks on what an earlier
# `--build-only` installed. .ci/run builds in the background from its start (compiling and
# waiting on the package index on the cycles the steps in front leave) and tests at its
# end. With no argument it does both.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/target-dir.sh

phase=${1:-all}
case "$phase" in
  all | --build-only | --tests-only) ;;
  *) echo "usage: bash .ci/python.sh [--build-only | --tests-only]" >&2; exit 2 ;;
esac

target="$(target_dir)"
build="$target/python-build-venv"
venv="$target/python-venv"
venvk="$target/python-venv-kaggle"
venv39="$target/python-venv-3.9"
wheels="$target/wheels"
py="$venv/bin/python"

# A CPython 3.9 that runs (a pyenv shim may be on PATH without the version behind it).
find_py39() {
  local c
  for c in "$HOME"/.pyenv/versions/3.9*/bin/python3.9 /usr/bin/python3.9 /usr/local/bin/python3.9; do
    if [ -x "$c" ] && "$c" -c 'import sys, venv; assert sys.version_info[:2] == (3, 9)' 2>/dev/null; then
      echo "$c"
      return
    fi
  done
}

build_and_install() {
  rm -rf "$build" "$venv" "$venvk" "$venv39" "$wheels"

  echo "the wheel, built by pip through maturin (Cargo.lock as committed)"
  python3 -m venv "$build"
  "$build/bin/python" -m pip install --quiet --upgrade pip
  # In a target directory of its own: cargo locks a target directory while it builds, and
  # .ci/run builds the wheel beside its other steps' builds.
  CARGO_TARGET_DIR="$target/python-wheel" MATURIN_PEP517_ARGS="--locked" \
    "$build/bin/python" -m pip wheel --no-deps --wheel-dir "$wheels" ./python
  local wheel
  wheel="$(ls "$wheels"/perfect_play-*.whl)"
  case "$wheel" in
    *-cp39-abi3-*) echo "built $(basename "$wheel")" ;;
    *) echo "not a cp39-abi3 wheel (one for every CPython from 3.9): $wheel" >&2; exit 1 ;;
  esac

  echo "installed into a fresh venv, from the wheel alone"
  python3 -m venv "$venv"
  "$py" -m pip install --quiet --upgrade pip
  "$py" -m pip install --quiet --only-binary perfect-play "${wheel}[openspiel,pettingzoo]"
  # What the tests use beyond the extras: pytest; mypy (the stubs); matplotlib (the Q-learning
  # example's plot).
  "$py" -m pip install --quiet pytest mypy matplotlib

  echo "installed into a venv of its own with kaggle-environments"
  # kaggle-environments (1.33) pins OpenSpiel 2.0.1; the openspiel extra needs 2.0.2: the two
  # cannot share the venv above.
  python3 -m venv "$venvk"
  "$venvk/bin/python" -m pip install --quiet --upgrade pip
  "$venvk/bin/python" -m pip install --quiet --only-binary perfect-play "$wheel" kaggle-environments pytest

  echo "installed on the oldest CPython it is for (3.9)"
  local py39
  py39=$(find_py39)
  if [ -z "$py39" ]; then
    apt-get install -y -qq python3.9 python3.9-venv >/dev/null 2>&1 || true
    py39=$(find_py39)
  fi
  if [ -z "$py39" ]; then
    echo "no CPython 3.9 on this machine (not in pyenv, not from apt): the 3.9 check cannot run" >&2
    exit 1
  fi
  "$py39" -m venv "$venv39"
  "$venv39/bin/python" -m pip install --quiet --upgrade pip
  "$venv39/bin/python" -m pip install --quiet --only-binary perfect-play "${wheel}[numpy]" pytest
}

[ "$phase" = --tests-only ] || build_and_install
[ "$phase" = --build-only ] && exit 0
for v in "$venv" "$venvk" "$venv39"; do
  [ -x "$v/bin/python" ] || { echo "$v is missing: run bash .ci/python.sh --build-only first" >&2; exit 1; }
done

echo "the stubs against the compiled module (mypy.stubtest)"
"$py" -m mypy.stubtest perfect_play._native

echo "pytest: python/tests, and the examples of python/README.md and README.md as doctests"
# From the repository's root, so that `import perfect_play` is the installed wheel, not the
# source directory python/perfect_play (which has no compiled module).
# CI=true: what this venv installed (mypy, OpenSpiel, matplotlib, PettingZoo) is required,
# so a test that needs one fails rather than skips if it is missing (test_stubs.py).
status=0
CI=true "$py" -m pytest -c python/pyproject.toml --rootdir python -rs python/tests python/README.md README.md \
  || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"

echo "Kaggle's ConnectX: perfect_play.kaggle inside kaggle-environments, in a venv of its own"
# Installed, so that its tests run rather than skip.
"$venvk/bin/python" -c 'import kaggle_environments, perfect_play.kaggle'
"$venvk/bin/python" -m pytest -c python/pyproject.toml --rootdir python -q -rs python/tests/test_kaggle.py

echo "the same wheel on the oldest CPython it is for (3.9): the core's tests"
# OpenSpiel 2.0.2 has no 3.9 wheels, so the bridges' tests run on the CI's python3 above;
# here the package itself: its API, its errors and every game against the references.
"$venv39/bin/python" -c 'import sys, perfect_play; print("CPython", sys.version.split()[0], "imports", perfect_play.__name__)'
"$venv39/bin/python" -m pytest -c python/pyproject.toml --rootdir python -q \
  python/tests/test_api.py python/tests/test_errors.py python/tests/test_reference.py
