"""Perfect (or graded) play for PettingZoo's ``tictactoe_v3``, from what an AEC agent sees:
its observation (``(3, 3, 2)``: the agent's marks, then the opponent's) and its action mask.

    from pettingzoo.classic import tictactoe_v3
    from perfect_play.pettingzoo import PerfectPolicy

    env = tictactoe_v3.env()
    env.reset(seed=1)
    policy = PerfectPolicy(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        env.step(None if termination or truncation else policy(observation))

The policy reads arrays only: it imports neither PettingZoo nor numpy (install them with
``pip install ./python[pettingzoo]``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import perfect_play

__all__ = ["PerfectPolicy"]

#: Our game, and the square of PettingZoo's board that each of our cells is: PettingZoo
#: numbers the squares down the columns (0 1 2 is the left column), we along the rows.
GAME = "tictactoe"
SQUARE_OF_CELL = [3 * (cell % 3) + cell // 3 for cell in range(9)]


class PerfectPolicy:
    """Plays ``tictactoe_v3`` at one of the web board's levels: ``"perfect"`` (the default),
    ``"safe"``, ``"skill:N"`` or ``"random"``; ``seed`` makes its random choices repeatable.

    Call it with the observation dict of ``env.last()`` (or the ``(3, 3, 2)`` observation and
    the action mask): it answers the action, or None when the mask allows none (the game is
    over, or it is not this agent's turn).
    """

    def __init__(self, level: str | None = None, seed: int | None = None) -> None:
        self.game = perfect_play.game(GAME)
        self.level = "perfect" if level is None else level
        self.game.policy(self.game.start, self.level)  # a bad level raises here
        self.random = random.Random(seed)

    def position(self, observation: Any) -> str:
        """Our position for an observation: rows from the top, the agent's marks ``x``
        when both have as many marks (``x`` moves first), else ``o``."""
        planes = [[observation[s // 3][s % 3][p] for s in SQUARE_OF_CELL] for p in (0, 1)]
        mine, theirs = (sum(int(v) for v in plane) for plane in planes)
        me, them = ("x", "o") if mine == theirs else ("o", "x")
        cells = [me if a else them if b else "." for a, b in zip(*planes, strict=True)]
        return "/".join("".join(cells[row * 3 : row * 3 + 3]) for row in range(3))

    def __call__(
        self, observation: Mapping[str, Any] | Any, action_mask: Sequence[int] | Any = None
    ) -> int | None:
        if isinstance(observation, Mapping):
            action_mask = observation["action_mask"]
            observation = observation["observation"]
        if action_mask is None:
            raise ValueError("an action mask is needed: pass the observation dict of env.last()")
        if not any(action_mask):
            return None
        text = self.position(observation)
        mv = self.game.pick(text, self.level, seed=self.random.getrandbits(64))
        if mv is None:
            raise ValueError(f"the action mask allows moves, but the game is over at {text}")
        action = SQUARE_OF_CELL[int(mv) - 1]
        if not action_mask[action]:
            raise ValueError(f"move {mv} (action {action}) at {text} is not in the action mask")
        return action
