"""OpenSpiel's games solved by OpenSpiel, for the tests: ``open-spiel`` from the package index
(2.0.2). Its own rules (``tic_tac_toe``; ``connect_four`` with ``rows`` and ``columns`` of
4; ``misere`` over ``tic_tac_toe``, its game transform that swaps the winner and the loser),
its own enumeration of every reachable state (``get_all_states``) and its own solver
(``MinimaxSolver``: memoised minimax over every state, a value and every action's value).
OpenSpiel has no remoteness, so plies come from a plain negamax with a memo over OpenSpiel's
states and transitions (``State.child``: ``Negamax``, also what the bot tests judge by), and
its values are checked against the solver's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyspiel
from open_spiel.python.algorithms import get_all_states
from open_spiel.python.algorithms.minimax_solver import MinimaxSolver

WIN, LOSS, DRAW = "win", "loss", "draw"
FLIP = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}
SCORE = {WIN: 1.0, LOSS: -1.0, DRAW: 0.0}


@dataclass(frozen=True)
class Solved:
    """One state of an OpenSpiel game, in perfect-play's notation, solved."""

    #: The side to move, 0 (x) or 1 (o); in a finished state, the side that would move next.
    mover: int
    finished: bool
    value: str
    plies: int
    #: Every legal move as perfect-play writes it (the cell or column, from 1), with what it
    #: is worth to the side to move: value and plies, this move included.
    moves: dict[str, tuple[str, int]]


def notation(state: Any) -> str:
    """The state's board as perfect-play writes it: the rows from the top, split by ``/``
    (OpenSpiel prints them one a line, the top first, with the same ``x``, ``o``, ``.``)."""
    return "/".join(str(state).split())


def mover(state: Any) -> int:
    """The side to move, 0 (x) or 1 (o), from the board: ``x`` moves when the counts are
    equal (in a finished state too, unlike ``current_player``)."""
    text = str(state)
    return 0 if text.count("x") == text.count("o") else 1


class Negamax:
    """A plain negamax with a memo over an OpenSpiel game's states, by ``str(state)``:
    the value for the side to move (``mover``) and the plies left with perfect play (the
    winner as fast as it can, the loser and a drawing side as slowly as they can)."""

    def __init__(self) -> None:
        self.memo: dict[str, tuple[str, int]] = {}

    def __call__(self, state: Any) -> tuple[str, int]:
        key = str(state)
        if key in self.memo:
            return self.memo[key]
        if state.is_terminal():
            score = state.player_return(mover(state))
            record = (WIN if score > 0 else LOSS if score < 0 else DRAW, 0)
        else:
            children = [self(state.child(a)) for a in state.legal_actions()]
            losses = [r for v, r in children if v == LOSS]
            draws = [r for v, r in children if v == DRAW]
            if losses:
                record = (WIN, 1 + min(losses))
            elif draws:
                record = (DRAW, 1 + max(draws))
            else:
                record = (LOSS, 1 + max(r for _, r in children))
        self.memo[key] = record
        return record

    def returns(self, state: Any) -> list[float]:
        """Each player's return with perfect play from ``state``: 1, -1 or 0."""
        value, _ = self(state)
        first = SCORE[value] if mover(state) == 0 else -SCORE[value]
        return [first, -first]

    def best(self, state: Any) -> set[int]:
        """The best actions: those whose child keeps the state's value and plies."""
        record = self(state)
        best = set()
        for action in state.legal_actions():
            value, plies = self(state.child(action))
            if (FLIP[value], plies + 1) == record:
                best.add(action)
        return best


def solve(game_string: str) -> dict[str, Solved]:
    """Every state of the OpenSpiel game ``game_string`` (``"connect_four(rows=4,columns=4)"``),
    keyed by its text in perfect-play's notation."""
    game = pyspiel.load_game(game_string)
    states = get_all_states.get_all_states(
        game,
        depth_limit=-1,
        include_terminals=True,
        include_chance_states=False,
        to_string=str,
    )
    minimax = MinimaxSolver(str(game))
    table = minimax.solve()
    negamax = Negamax()
    solved = {}
    for key, state in states.items():
        value, plies = negamax(state)
        moves = {}
        if not state.is_terminal():
            entry = table[key]
            assert entry.value == SCORE[value], f"OpenSpiel's minimax disagrees at {key!r}"
            for action in state.legal_actions():
                child_value, child_plies = negamax(state.child(action))
                moves[str(action + 1)] = (FLIP[child_value], child_plies + 1)
                score = entry.action_values[action]
                assert score == SCORE[FLIP[child_value]], f"{key!r}, action {action}"
        solved[notation(state)] = Solved(
            mover=mover(state),
            finished=state.is_terminal(),
            value=value,
            plies=plies,
            moves=moves,
        )
    return solved
