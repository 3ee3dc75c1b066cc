"""``perfect_play.pettingzoo.PerfectPolicy`` inside PettingZoo's ``connect_four_v3`` (from the
package index, with ``pip install ./python[pettingzoo]``: its Connect Four needs pygame).

Where the expectations come from: PettingZoo's own environment (its board, rules, rewards
and action masks); the published facts that the first player wins 7x6 Connect Four and
that the centre column is its only winning first move (Allis 1988; John Tromp); and, for
games the policy takes over from a random opening, the value the package gives the
position it takes over (checked against independent solvers in the Rust tests): perfect
play must get at least that against any opponent. The openings are cut 10 to 14 plies
in, where a search takes milliseconds (fewer plies in it takes seconds a move: not CI).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

connect_four_v3 = pytest.importorskip("pettingzoo.classic.connect_four_v3")

import perfect_play  # noqa: E402
from perfect_play.pettingzoo import PerfectPolicy  # noqa: E402

Agent = Callable[[dict[str, Any]], int]


def random_agent(seed: int) -> Agent:
    rng = random.Random(seed)
    return lambda observation: rng.choice(
        [a for a, allowed in enumerate(observation["action_mask"]) if allowed]
    )


def opened(seed: int, plies: int) -> Any:
    """An environment after ``plies`` random moves (fewer if the game ends first)."""
    env = connect_four_v3.env()
    env.reset(seed=seed)
    rng = random_agent(seed)
    for _ in range(plies):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        env.step(rng(observation))
    return env


def test_the_position_is_pettingzoo_board() -> None:
    # PettingZoo's board: 42 squares, row 0 at the top, 1 for player_0 (who moves first:
    # our x) and 2 for player_1.
    rng = random.Random(5)
    policy = PerfectPolicy(env="connect_four_v3")
    for seed in range(100):
        env = opened(seed, rng.randrange(0, 30))
        observation, _, _, _, _ = env.last()
        squares = env.unwrapped.board
        mark = {0: ".", 1: "x", 2: "o"}
        expected = "/".join(
            "".join(mark[squares[7 * row + column]] for column in range(7)) for row in range(6)
        )
        assert policy.position(observation["observation"]) == expected, seed
        env.close()


def test_the_first_move_is_the_centre() -> None:
    env = connect_four_v3.env()
    env.reset(seed=0)
    observation, _, _, _, _ = env.last()
    for seed in range(5):
        assert PerfectPolicy(seed=seed, env=env)(observation) == 3
    env.close()


def test_a_win_in_one_is_taken_in_its_own_column() -> None:
    # player_0 stacks three discs in column 1 (action 1), player_1 answers in 6, 6, 5: the
    # one winning move is column 1, whose mirror image (action 5) is not.
    env = connect_four_v3.env()
    env.reset(seed=0)
    for action in (1, 6, 1, 6, 1, 5):
        env.step(action)
    observation, _, _, _, _ = env.last()
    assert env.agent_selection == "player_0"
    assert PerfectPolicy(env=env)(observation) == 1
    env.close()


def test_taking_over_a_random_opening_gets_at_least_the_positions_value() -> None:
    game = perfect_play.game("connect4-7x6")
    checked = 0
    for seed in range(12):
        env = opened(seed, 10 + seed % 5)
        me = env.agent_selection
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.close()
            continue
        policy = PerfectPolicy(seed=seed, env=env)
        probe = game.probe(policy.position(observation["observation"]))
        assert probe is not None
        # The side to move's value: a win, a draw or a loss under perfect play.
        least = {"win": 1.0, "draw": 0.0, "loss": -1.0}[probe.value]
        them = random_agent(seed + 1000)
        reward = 0.0
        for name in env.agent_iter():
            observation, r, termination, truncation, _ = env.last()
            if name == me:
                reward = float(r)
            if termination or truncation:
                env.step(None)
                continue
            action = (policy if name == me else them)(observation)
            assert observation["action_mask"][action] == 1, (name, action)
            env.step(action)
        assert reward >= least, (seed, probe.value, reward)
        checked += probe.value != "loss"  # a lost position's bound holds whatever happens
        env.close()
    assert checked >= 6, f"only {checked} of 12 openings were won or drawn for the policy"


def test_an_unknown_environment_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="connect_four_v3"):
        PerfectPolicy(env="go_v5")
    with pytest.raises(ValueError, match="the levels are"):
        PerfectPolicy("expert", env="connect_four_v3")
