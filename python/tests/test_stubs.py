"""The type stubs (``perfect_play/_native.pyi``) as an editor and mypy see them.

Where the expectations come from: ``examples/typed.py`` is a program written against the
API; ``mypy --strict`` must accept it (and every other example), and must reject the
mistakes below, which the stubs exist to catch (a probe may be None, plies may be None,
positions are str, ``numpy=False`` answers ``array.array``). That the stubs match the
compiled module, name for name and signature for signature, is checked by
``python -m mypy.stubtest perfect_play._native`` in ``.ci/python.sh``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install mypy)")

PACKAGE = Path(__file__).resolve().parent.parent
EXAMPLE = PACKAGE / "examples" / "typed.py"


def test_the_example_passes_mypy_strict() -> None:
    out, err, status = api.run(["--strict", "--no-incremental", str(EXAMPLE)])
    assert status == 0, out + err


def test_every_example_and_the_bridges_pass_mypy_strict() -> None:
    # The OpenSpiel, PettingZoo and Q-learning examples, and the modules they use (the
    # config file makes OpenSpiel and PettingZoo, which ship no types, Any).
    pytest.importorskip("pyspiel", reason="open-spiel is not installed")
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
    config = str(PACKAGE / "pyproject.toml")
    examples = sorted(str(p) for p in (PACKAGE / "examples").glob("*.py"))
    out, err, status = api.run(["--strict", "--no-incremental", "--config-file", config, *examples])
    assert status == 0, out + err


def test_the_connectx_agent_passes_mypy_strict() -> None:
    # perfect_play.kaggle reads Kaggle's observations and imports nothing of
    # kaggle-environments: it is checked without it.
    config = str(PACKAGE / "pyproject.toml")
    module = str(PACKAGE / "perfect_play" / "kaggle.py")
    out, err, status = api.run(["--strict", "--no-incremental", "--config-file", config, module])
    assert status == 0, out + err


def test_the_example_runs() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "hexapawn (white vs black): black, 6 plies" in done.stdout


def test_mypy_strict_rejects_misuse(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import perfect_play\n"
        "game = perfect_play.game('hexapawn')\n"
        "game.probe(game.start).plies\n"  # the probe may be None
        "probe = game.probe(game.start)\n"
        "assert probe is not None\n"
        "later: int = probe.plies + 1\n"  # plies may be None
        "game.probe(3)\n"  # positions are str
        "game.sides = ('a', 'b')\n"  # read-only
        "game.probe_many([game.start], numpy=False)[0].dtype\n"  # array.array, not numpy
    )
    out, _, status = api.run(["--strict", "--no-incremental", str(bad)])
    assert status == 1
    assert 'Item "None" of "Probe | None" has no attribute "plies"' in out
    assert 'Unsupported operand types for + ("None" and "int")' in out
    assert 'Argument 1 to "probe" of "Game" has incompatible type "int"; expected "str"' in out
    assert 'Property "sides" defined in "Game" is read-only' in out
    assert '"array[int]" has no attribute "dtype"' in out
