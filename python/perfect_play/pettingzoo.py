"""Perfect (or graded) play for PettingZoo's ``tictactoe_v3`` and ``connect_four_v3``, from
what an AEC agent sees: its observation (a board of two planes: the agent's pieces, then
the opponent's) and its action mask.

    from pettingzoo.classic import tictactoe_v3
    from perfect_play.pettingzoo import PerfectPolicy

    env = tictactoe_v3.env()
    env.reset(seed=1)
    policy = PerfectPolicy(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        env.step(None if termination or truncation else policy(observation))

``PerfectPolicy(env="connect_four_v3")`` (or ``PerfectPolicy(env=env)``, the environment
itself) plays Connect Four on PettingZoo's 7x6 board: our ``connect4-7x6``, answered by
search past the opening book (milliseconds deep in a game, seconds a move five to seven
plies in).

The policy reads arrays only: it imports neither PettingZoo nor numpy (install them with
``pip install ./python[pettingzoo]``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import perfect_play

__all__ = ["ENVS", "PerfectPolicy"]


@dataclass(frozen=True)
class Board:
    """How one PettingZoo environment's board is our game's."""

    #: Our game (its rows and columns are the board's).
    game: str
    #: Where the observation keeps our cell (row, column): its first two indices.
    place: Callable[[int, int], tuple[int, int]]
    #: PettingZoo's action for our move's text.
    action: Callable[[str], int]


#: The environments the policy plays, by PettingZoo's name (``env.metadata["name"]``).
#: Tic-tac-toe's observation and actions go down the columns (0 1 2 is the left column),
#: our cells along the rows; Connect Four's observation is rows from the top, as ours, and
#: an action is a column from 0, our move the column from 1.
ENVS: dict[str, Board] = {
    "tictactoe_v3": Board(
        game="tictactoe",
        place=lambda row, column: (column, row),
        action=lambda move: 3 * ((int(move) - 1) % 3) + (int(move) - 1) // 3,
    ),
    "connect_four_v3": Board(
        game="connect4-7x6",
        place=lambda row, column: (row, column),
        action=lambda move: int(move) - 1,
    ),
}


class PerfectPolicy:
    """Plays a PettingZoo environment of :data:`ENVS` (``env``: its name or the environment
    itself; ``tictactoe_v3`` by default) at one of the web board's levels: ``"perfect"``
    (the default), ``"safe"``, ``"skill:N"`` or ``"random"``; ``seed`` makes its random
    choices repeatable.

    Call it with the observation dict of ``env.last()`` (or the observation and the action
    mask): it answers the action, or None when the mask allows none (the game is over, or
    it is not this agent's turn).
    """

    def __init__(
        self, level: str | None = None, seed: int | None = None, env: Any = "tictactoe_v3"
    ) -> None:
        metadata = getattr(env, "metadata", None)
        name = env if isinstance(env, str) else (metadata or {}).get("name")
        if name not in ENVS:
            known = ", ".join(ENVS)
            raise ValueError(f"no perfect play for the environment {name!r}: it knows {known}")
        self.env = name
        self.board = ENVS[name]
        self.game = perfect_play.game(self.board.game)
        self.level = "perfect" if level is None else level
        self.game.policy(self.game.start, self.level)  # a bad level raises here
        self.random = random.Random(seed)

    def position(self, observation: Any) -> str:
        """Our position for an observation: rows from the top, the agent's pieces ``x``
        when both have as many (``x`` moves first), else ``o``."""
        board = self.board
        rows, width = self.game.height, self.game.width
        planes: list[list[bool]] = []
        for plane in (0, 1):
            marked = []
            for row in range(rows):
                for column in range(width):
                    i, j = board.place(row, column)
                    marked.append(bool(observation[i][j][plane]))
            planes.append(marked)
        mine, theirs = (sum(plane) for plane in planes)
        me, them = ("x", "o") if mine == theirs else ("o", "x")
        cells = [me if a else them if b else "." for a, b in zip(*planes, strict=True)]
        return "/".join("".join(cells[r * width : (r + 1) * width]) for r in range(rows))

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
        action = self.board.action(mv)
        if not action_mask[action]:
            raise ValueError(f"move {mv} (action {action}) at {text} is not in the action mask")
        return action
