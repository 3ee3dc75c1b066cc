"""Perfect play for Kaggle's ConnectX (``kaggle_environments.make("connectx")``): ``agent``
is an agent function as ConnectX calls one, ``agent(observation, configuration)``, and
answers the column to drop a disc into.

    from kaggle_environments import make
    from perfect_play.kaggle import agent

    env = make("connectx")  # 7 columns, 6 rows, four in a row
    env.run([agent, "negamax"])

It plays every board the Connect Four family solves: ConnectX's 7x6 with ``inarow`` 4
(``connect4-7x6``, answered by search past its opening book: milliseconds deep in a game,
longer a few plies past the book) and any smaller size within the family's bounds
(``connect-four:rows=R,columns=C,x_in_row=K``: at most 9 columns, 7 rows and
``columns * (rows + 1) <= 64``; a size not compiled into the package is solved on the
agent's first move, within ten million positions). Another size raises ``ValueError``
naming why, at the agent's first move.

How it plays: the position's value first (``Game.probe_many``, without ranking every move),
then its moves' values from the centre column out, and the first move that keeps the
position's value, plies included: the fastest win, the slowest loss, a draw held. Only as
many moves are searched as it takes to find one.

How it reads ConnectX: ``observation.board`` is the grid row by row from the top,
``rows * columns`` numbers, 0 an empty cell, 1 a disc of mark 1 (who moves first: our ``x``)
and 2 one of mark 2 (our ``o``); ``observation.mark`` is the agent's; an action is a column
from 0 (our move is the column from 1). The observation and configuration may be dicts or
Kaggle's structs (attributes). The module imports nothing of kaggle-environments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import perfect_play

__all__ = ["agent", "game_for", "position", "best_column"]

#: How ConnectX writes a cell, as our notation writes it.
MARKS = {0: ".", 1: "x", 2: "o"}


def _field(holder: Any, name: str) -> Any:
    """A field of an observation or a configuration: a dict's item or a struct's attribute."""
    if isinstance(holder, Mapping):
        return holder[name]
    return getattr(holder, name)


@lru_cache(maxsize=None)
def game_for(rows: int, columns: int, inarow: int) -> perfect_play.Game:
    """Our game for ConnectX's ``rows``, ``columns`` and ``inarow``: the Connect Four family
    at that size (``connect4-7x6`` for 6, 7 and 4), opened once per size.

    Raises ValueError for a size the family does not have or cannot solve, saying why.
    """
    return perfect_play.game(f"connect-four:rows={rows},columns={columns},x_in_row={inarow}")


def position(board: Sequence[int], rows: int, columns: int) -> str:
    """Our position for ConnectX's ``board`` (row by row from the top, 0 empty, 1 and 2 the
    marks): its rows from the top split by ``/``, ``x`` for mark 1 and ``o`` for mark 2.

    Raises ValueError for a board of the wrong length or a cell that is not 0, 1 or 2.
    """
    cells = list(board)
    if len(cells) != rows * columns:
        raise ValueError(
            f"a ConnectX board of {rows} rows and {columns} columns has {rows * columns} cells,"
            f" not {len(cells)}"
        )
    marks = []
    for index, cell in enumerate(cells):
        mark = MARKS.get(int(cell))
        if mark is None:
            raise ValueError(f"cell {index} of the board is {cell!r}, not 0, 1 or 2")
        marks.append(mark)
    return "/".join("".join(marks[r * columns : (r + 1) * columns]) for r in range(rows))


def _dropped(board: Sequence[int], rows: int, columns: int, column: int, mark: int) -> list[int]:
    """ConnectX's board after ``mark`` drops a disc into ``column`` (from 0): it lands on the
    lowest empty cell, as ConnectX's own ``play`` puts it."""
    after = [int(cell) for cell in board]
    for row in reversed(range(rows)):
        if after[row * columns + column] == 0:
            after[row * columns + column] = mark
            break
    return after


def _turn(board: Sequence[int]) -> int:
    """The mark to move on ConnectX's ``board``: 1 when both marks have as many discs."""
    return 1 if list(board).count(1) == list(board).count(2) else 2


def best_column(game: perfect_play.Game, board: Sequence[int], rows: int, columns: int) -> int:
    """The column (from 0) of a move that keeps the value of ConnectX's ``board`` for the
    side to move, plies included: the first such from the centre column out.

    Raises ValueError when the game is over or no game reaches the board.
    """
    text = position(board, rows, columns)
    codes, plies = game.probe_many([text])
    code, remoteness = int(codes[0]), int(plies[0])
    if code == perfect_play.UNREACHABLE:
        raise ValueError(f"no game of {game.name} reaches this board: {text}")
    if remoteness == 0:
        raise ValueError(f"the game is over: {text}")
    mover = _turn(board)
    centre = (columns - 1) / 2
    legal = [column for column in range(columns) if int(board[column]) == 0]
    for column in sorted(legal, key=lambda c: (abs(c - centre), c)):
        child = position(_dropped(board, rows, columns, column, mover), rows, columns)
        child_codes, child_plies = game.probe_many([child])
        if int(child_codes[0]) == code and int(child_plies[0]) + 1 == remoteness:
            return column
    raise ValueError(f"no move of {text} keeps its value (a bug of perfect_play)")


def agent(observation: Any, configuration: Any) -> int:
    """ConnectX's agent: the column (from 0) of a perfect move for ``observation`` (its
    ``board`` and ``mark``) under ``configuration`` (its ``rows``, ``columns``, ``inarow``).

    Raises ValueError for a size the Connect Four family cannot solve, a board that is not
    ConnectX's, or a board where it is not ``mark``'s turn.
    """
    rows = int(_field(configuration, "rows"))
    columns = int(_field(configuration, "columns"))
    inarow = int(_field(configuration, "inarow"))
    board = [int(cell) for cell in _field(observation, "board")]
    mark = int(_field(observation, "mark"))
    turn = _turn(board)
    if mark != turn:
        raise ValueError(
            f"it is mark {turn}'s turn on this board ({board.count(1)} discs of mark 1,"
            f" {board.count(2)} of mark 2), not mark {mark}'s"
        )
    return best_column(game_for(rows, columns, inarow), board, rows, columns)
