"""The examples a person runs (``python/examples/``) run, briefly, and say what they should.

Where the expectations come from: each example's own claim, checked on its output. The bot
against MCTS and the PettingZoo match never lose (both games are draws with perfect play);
the Q-learner writes its PNG (a file that starts with PNG's signature).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bot_against_mcts_prints_a_table_without_a_loss() -> None:
    pytest.importorskip("pyspiel", reason="open-spiel is not installed")
    out = run("bot_vs_mcts.py", "--games", "2", "--simulations", "5", "20")
    rows = [line for line in out.splitlines() if re.match(r"\| (tic_tac_toe|connect_four)", line)]
    assert len(rows) == 4, out
    assert all(row.split("|")[6].strip() == "0" for row in rows), out


def test_pettingzoo_example_never_loses() -> None:
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
    assert run("pettingzoo_random.py").rstrip().endswith(", 0 lost")


def test_q_learning_writes_its_curve(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="open-spiel is not installed")
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    out = tmp_path / "curve.png"
    run(
        "q_learning.py",
        "--episodes",
        "200",
        "--every",
        "100",
        "--eval-games",
        "10",
        "--out",
        str(out),
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
