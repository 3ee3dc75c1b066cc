#!/usr/bin/env bash
# The Python package (python/): installed the README's way, `pip install ./python`, into a
# fresh venv under the cargo target dir (pip fetches maturin from the package index and
# builds the extension); then pytest runs its tests and the README's examples as doctests,
# and stubtest checks the type stubs against the compiled module.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/target-dir.sh

venv="$(target_dir)/python-venv"
rm -rf "$venv"
python3 -m venv "$venv"
py="$venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
# The README's one command. `--locked`: the build uses Cargo.lock as committed.
MATURIN_PEP517_ARGS="--locked" "$py" -m pip install ./python
# What the tests use: pytest; numpy (probe_many's arrays); open-spiel (the reference games);
# mypy (the stubs).
"$py" -m pip install --quiet pytest numpy open-spiel mypy

echo "the stubs against the compiled module (mypy.stubtest)"
"$py" -m mypy.stubtest perfect_play._native

echo "pytest: python/tests, and the examples of python/README.md and README.md as doctests"
# From the repository's root, so that `import perfect_play` is the installed package, not
# the source directory python/perfect_play (which has no compiled module).
status=0
"$py" -m pytest -c python/pyproject.toml --rootdir python -rs python/tests python/README.md README.md \
  || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
exit "$status"
