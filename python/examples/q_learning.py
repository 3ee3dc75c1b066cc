"""A tabular Q-learner for tic-tac-toe trained against PerfectBot's levels, the curriculum
the web board's levels make: each training game is against a level drawn at random, and
every few hundred games the greedy learner plays each level; its mean result (1 a win, 0 a
draw, -1 a loss) against each is the learning curve, written as a PNG (matplotlib).

    pip install ./python[openspiel] matplotlib
    python python/examples/q_learning.py [--episodes N] [--out learning-curve.png]

Against ``perfect`` the best result is 0 (tic-tac-toe is a draw), and the curve shows the
learner climbing towards it; against ``random`` a good learner wins most games.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt
import pyspiel

from perfect_play.openspiel import PerfectBot

LEVELS = ["random", "skill:40", "skill:75", "safe", "perfect"]


class QLearner:
    """Q-values by (state, action), epsilon-greedy, learning from the states where it moves
    next (the opponent's reply folded into the environment)."""

    def __init__(self, seed: int, alpha: float = 0.3, epsilon: float = 0.2) -> None:
        self.q: defaultdict[tuple[str, int], float] = defaultdict(float)
        self.alpha = alpha
        self.epsilon = epsilon
        self.random = random.Random(seed)

    def act(self, state: pyspiel.State, explore: bool) -> int:
        legal: list[int] = state.legal_actions()
        if explore and self.random.random() < self.epsilon:
            return self.random.choice(legal)
        key = str(state)
        best = max(self.q[key, a] for a in legal)
        return self.random.choice([a for a in legal if self.q[key, a] == best])

    def learn(self, key: str, action: int, reward: float, after: pyspiel.State | None) -> None:
        """One Q update: ``after`` is the learner's next state to move in (None at the end)."""
        target = reward
        if after is not None:
            target = max(self.q[str(after), a] for a in after.legal_actions())
        self.q[key, action] += self.alpha * (target - self.q[key, action])


def game_against(
    game: pyspiel.Game, learner: QLearner, opponent: PerfectBot, seat: int, explore: bool
) -> float:
    """One game, the learner at ``seat``; its return. It learns when ``explore`` is on."""
    state = game.new_initial_state()
    pending: tuple[str, int] | None = None
    while not state.is_terminal():
        if state.current_player() == seat:
            if pending is not None and explore:
                learner.learn(*pending, 0.0, state)
            action = learner.act(state, explore)
            pending = (str(state), action)
        else:
            action = opponent.step(state)
        state.apply_action(action)
    result = float(state.returns()[seat])
    if pending is not None and explore:
        learner.learn(*pending, result, None)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=30_000)
    parser.add_argument("--every", type=int, default=1_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="learning-curve.png")
    args = parser.parse_args()

    game = pyspiel.load_game("tic_tac_toe")
    learner = QLearner(args.seed)
    rng = random.Random(args.seed)
    bots = {
        (level, seat): PerfectBot(game, seat, level, seed=args.seed)
        for level in LEVELS
        for seat in (0, 1)
    }
    curves: dict[str, list[float]] = {level: [] for level in LEVELS}
    points: list[int] = []
    for episode in range(args.episodes + 1):
        if episode % args.every == 0:
            points.append(episode)
            for level in LEVELS:
                results = [
                    game_against(game, learner, bots[level, 1 - g % 2], g % 2, explore=False)
                    for g in range(args.eval_games)
                ]
                curves[level].append(sum(results) / len(results))
            summary = ", ".join(f"{level} {curves[level][-1]:+.2f}" for level in LEVELS)
            print(f"after {episode:>6} games: {summary}", flush=True)
        seat = episode % 2
        game_against(game, learner, bots[rng.choice(LEVELS), 1 - seat], seat, explore=True)

    figure, axes = plt.subplots(figsize=(7, 4.2))
    for level in LEVELS:
        axes.plot(points, curves[level], label=level, marker=".")
    axes.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xlabel("training games (each against a level drawn at random)")
    axes.set_ylabel(f"greedy learner's mean result, {args.eval_games} games")
    axes.set_ylim(-1.05, 1.05)
    axes.set_title("A tabular Q-learner for tic-tac-toe against PerfectBot's levels")
    axes.legend(title="opponent level", loc="lower right")
    figure.tight_layout()
    figure.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
