"""PerfectBot against OpenSpiel's MCTS (random-rollout evaluator) at several simulation
counts, many games each, PerfectBot taking each side half the time: a printed table.

    pip install ./python[openspiel]
    python python/examples/bot_vs_mcts.py [--games N] [--simulations 10 100 1000]

PerfectBot never loses (both games are draws with perfect play); the stronger MCTS gets,
the more games it saves.
"""

from __future__ import annotations

import argparse
import time

import numpy
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from perfect_play.openspiel import PerfectBot


def match(game_string: str, simulations: int, games: int) -> tuple[int, int, int, float]:
    """PerfectBot's wins, draws and losses over ``games`` games, and MCTS's seconds a move."""
    game = pyspiel.load_game(game_string)
    results = []
    mcts_seconds, mcts_moves = 0.0, 0
    for g in range(games):
        rng = numpy.random.RandomState(g)
        searcher = mcts.MCTSBot(
            game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
        )
        seat = g % 2
        perfect = PerfectBot(game, seat, seed=g)
        bots = [perfect, searcher] if seat == 0 else [searcher, perfect]
        state = game.new_initial_state()
        start = time.process_time()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        mcts_seconds += time.process_time() - start
        mcts_moves += len(state.history()) // 2
        results.append(returns[seat])
    wins, draws, losses = (results.count(r) for r in (1.0, 0.0, -1.0))
    return wins, draws, losses, mcts_seconds / max(mcts_moves, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, nargs="+", default=[10, 100, 1000])
    args = parser.parse_args()
    print(
        "| game | MCTS simulations | games | PerfectBot wins | draws | losses | s per MCTS move |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_string in ("tic_tac_toe", "connect_four(rows=4,columns=4)"):
        for simulations in args.simulations:
            wins, draws, losses, seconds = match(game_string, simulations, args.games)
            print(
                f"| {game_string} | {simulations} | {args.games} | {wins} | {draws} | {losses} "
                f"| {seconds:.4f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
