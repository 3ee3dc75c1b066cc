"""``perfect_play.pettingzoo.PerfectPolicy`` inside PettingZoo's ``tictactoe_v3`` (from the
package index).

Where the expectations come from: PettingZoo's own environment (its rules, rewards and
action masks), and the published fact that tic-tac-toe is a draw with perfect play from both
sides. Over 1,000 seeded games against a uniformly random agent, taking each side half the
time, the policy never loses and every action it takes is in its action mask; two perfect
policies always draw; the weakest level (``random``) still keeps to the mask.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

tictactoe_v3 = pytest.importorskip("pettingzoo.classic.tictactoe_v3")

from perfect_play.pettingzoo import PerfectPolicy  # noqa: E402

Agent = Callable[[dict[str, Any]], int]


def random_agent(seed: int) -> Agent:
    rng = random.Random(seed)
    return lambda observation: rng.choice(
        [a for a, allowed in enumerate(observation["action_mask"]) if allowed]
    )


def play(first: Agent, second: Agent, seed: int) -> dict[str, float]:
    """One game; each agent's final reward. Checks every action against its mask."""
    env = tictactoe_v3.env()
    env.reset(seed=seed)
    agents = dict(zip(env.possible_agents, (first, second), strict=True))
    rewards = {}
    for name in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        rewards[name] = float(reward)
        if termination or truncation:
            env.step(None)
            continue
        action = agents[name](observation)
        assert observation["action_mask"][action] == 1, (name, action)
        env.step(action)
    env.close()
    return rewards


def test_never_loses_to_a_random_agent_in_1000_games() -> None:
    for seed in range(1000):
        perfect = PerfectPolicy(seed=seed)
        if seed % 2 == 0:
            rewards = play(perfect, random_agent(seed), seed)
            assert rewards["player_1"] >= 0, seed
        else:
            rewards = play(random_agent(seed), perfect, seed)
            assert rewards["player_2"] >= 0, seed


def test_two_perfect_policies_draw() -> None:
    for seed in range(50):
        rewards = play(PerfectPolicy(seed=seed), PerfectPolicy(seed=seed + 1), seed)
        assert rewards == {"player_1": 0.0, "player_2": 0.0}


def test_the_random_level_keeps_to_the_mask_and_loses_sometimes() -> None:
    results = [
        play(PerfectPolicy("random", seed=s), PerfectPolicy(seed=s), s)["player_1"]
        for s in range(100)
    ]
    assert min(results) == -1.0


def test_no_move_when_the_mask_allows_none() -> None:
    env = tictactoe_v3.env()
    env.reset(seed=0)
    observation = env.observe("player_2")  # not player_2's turn: an empty mask
    assert PerfectPolicy()(observation) is None
    with pytest.raises(ValueError, match="the levels are"):
        PerfectPolicy("expert")


def test_the_position_is_pettingzoo_board_as_its_docs_lay_it_out() -> None:
    # PettingZoo's board.py: squares 0 3 6 / 1 4 7 / 2 5 8, marked 1 by player_1 (who moves
    # first: our x) and 2 by player_2.
    layout = [[0, 3, 6], [1, 4, 7], [2, 5, 8]]
    rng = random.Random(3)
    policy = PerfectPolicy()
    for seed in range(100):
        env = tictactoe_v3.env()
        env.reset(seed=seed)
        for _ in range(rng.randrange(0, 8)):
            observation, _, termination, _, _ = env.last()
            if termination:
                break
            env.step(random_agent(rng.randrange(1000))(observation))
        observation, _, termination, _, _ = env.last()
        squares = env.unwrapped.board.squares
        mark = {0: ".", 1: "x", 2: "o"}
        expected = "/".join("".join(mark[squares[s]] for s in row) for row in layout)
        assert policy.position(observation["observation"]) == expected
        env.close()
