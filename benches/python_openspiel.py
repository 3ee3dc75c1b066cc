"""``perfect_play.openspiel`` measured: ``labels`` over many OpenSpiel states (the
conversion included) beside ``str()`` of the same states alone (the floor: one call into
OpenSpiel per state), ``PerfectBot.step`` and ``step_with_policy``, ``PerfectEvaluator``.
One run, figures printed as a Markdown table for BENCHMARKS.md.

    python benches/python_openspiel.py [--count N] [--seed S]

The input: for tic-tac-toe and Connect Four 4x4, ``--count`` states (1,000,000 by default)
drawn uniformly with a seeded generator from every state OpenSpiel reaches
(``get_all_states``); the bot and the evaluator are timed on every non-finished state,
five times over for tic-tac-toe. ``labels``' answers are checked against ``Game.probe``
on a sample first. Each row gives the process's CPU time (the figure to read on a machine
shared with other work) beside the wall time.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import pyspiel
from open_spiel.python.algorithms import get_all_states

from perfect_play import openspiel as ps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from python_probe import machine, timed  # noqa: E402 (the same timing and machine line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print()
    print("| method | calls | CPU time | wall time | CPU per call | rate (CPU) |")
    print("|---|---:|---:|---:|---:|---:|")
    for game_string in ("tic_tac_toe", "connect_four(rows=4,columns=4)"):
        game = pyspiel.load_game(game_string)
        every = list(
            get_all_states.get_all_states(
                game,
                depth_limit=-1,
                include_terminals=True,
                include_chance_states=False,
                to_string=str,
            ).values()
        )
        rng = random.Random(args.seed)
        states = [rng.choice(every) for _ in range(args.count)]
        ours = ps.game_for(game)
        for state, plies in zip(states[:1000], ps.labels(states[:1000]).plies, strict=True):
            probe = ours.probe(ps.position(state))
            assert probe is not None and probe.plies == plies
        name = game_string.split("(")[0]
        timed(
            f"{name}: `[str(s) for s in states]` alone",
            len(states),
            lambda: [str(s) for s in states],
        )
        timed(f"{name}: `labels(states)`", len(states), lambda: ps.labels(states))
        playing = [s for s in every if not s.is_terminal()]
        if name == "tic_tac_toe":
            playing = playing * 5
        bot = ps.PerfectBot(game, 0, seed=1)
        timed(f"{name}: `PerfectBot.step`", len(playing), lambda: [bot.step(s) for s in playing])
        timed(
            f"{name}: `PerfectBot.step_with_policy`",
            len(playing),
            lambda: [bot.step_with_policy(s) for s in playing],
        )
        evaluator = ps.PerfectEvaluator(game)
        timed(
            f"{name}: `PerfectEvaluator.evaluate`",
            len(playing),
            lambda: [evaluator.evaluate(s) for s in playing],
        )


if __name__ == "__main__":
    main()
