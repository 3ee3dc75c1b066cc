"""PerfectPolicy against a random agent in PettingZoo's ``tictactoe_v3``, 1,000 games, each
side half the time: it never loses (tic-tac-toe is a draw with perfect play, and a random
agent blunders).

    pip install ./python[pettingzoo]
    python python/examples/pettingzoo_random.py
"""

from __future__ import annotations

import random

from pettingzoo.classic import tictactoe_v3

from perfect_play.pettingzoo import PerfectPolicy


def play(seed: int, perfect_first: bool) -> float:
    """One game; the perfect agent's reward (1 a win, 0 a draw, -1 a loss)."""
    env = tictactoe_v3.env()
    env.reset(seed=seed)
    policy = PerfectPolicy(seed=seed)
    rng = random.Random(seed)
    perfect = env.possible_agents[0 if perfect_first else 1]
    reward = 0.0
    for agent in env.agent_iter():
        observation, last_reward, termination, truncation, _ = env.last()
        if agent == perfect:
            reward = float(last_reward)
        if termination or truncation:
            env.step(None)
            continue
        if agent == perfect:
            env.step(policy(observation))
        else:
            mask = observation["action_mask"]
            env.step(rng.choice([a for a in range(len(mask)) if mask[a]]))
    env.close()
    return reward


def main() -> None:
    results = [play(seed, perfect_first=seed % 2 == 0) for seed in range(1000)]
    wins, draws, losses = (results.count(r) for r in (1.0, 0.0, -1.0))
    print(f"PerfectPolicy against a random agent, 1,000 games: {wins} won, {draws} drawn, ", end="")
    print(f"{losses} lost")


if __name__ == "__main__":
    main()
