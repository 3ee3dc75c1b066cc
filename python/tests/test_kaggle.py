"""``perfect_play.kaggle.agent`` inside Kaggle's ConnectX (``kaggle_environments.make("connectx")``,
from the package index: ``pip install kaggle-environments``), against its built-in agents
from both sides.

Where the expectations come from: ConnectX's own environment (its board, marks, rules,
rewards, statuses, and its time per move, ``actTimeout``) and its agents ``random`` and
``negamax``; the published facts that the first player wins 7x6 Connect Four and that the
centre column is its only winning first move (Allis 1988; John Tromp); and the value of
every position the agent moves in: at the small sizes, from a plain negamax written here
over ConnectX's own board and win rule (sharing nothing with the package); at 7x6, from
the package itself (its search checked against independent solvers in the Rust tests).
Every move of the agent must keep the value of the position it moves in, plies included
(never below it); so the first player wins every 7x6 game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pytest

kaggle_environments = pytest.importorskip("kaggle_environments")

import perfect_play  # noqa: E402
from perfect_play.kaggle import agent, game_for, position  # noqa: E402

Board = tuple[int, ...]


def wins(board: Board, rows: int, columns: int, inarow: int, mark: int) -> bool:
    """Whether ``mark`` has ``inarow`` in a row on ConnectX's ``board`` (rows from the top)."""
    for row in range(rows):
        for column in range(columns):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + dr * i, column + dc * i) for i in range(inarow)]
                if all(0 <= r < rows and 0 <= c < columns for r, c in cells) and all(
                    board[r * columns + c] == mark for r, c in cells
                ):
                    return True
    return False


def wins_through(
    board: Board, rows: int, columns: int, inarow: int, row: int, column: int, mark: int
) -> bool:
    """Whether ``mark``'s disc at ``row``, ``column`` ends a line of ``inarow``: what
    :func:`wins` says after that disc is dropped on a board no one had won, looking only
    through its cell (the reference below asks it at every node of the game)."""

    def run(dr: int, dc: int) -> int:
        r, c, n = row + dr, column + dc, 0
        while 0 <= r < rows and 0 <= c < columns and board[r * columns + c] == mark:
            r, c, n = r + dr, c + dc, n + 1
        return n

    return any(
        1 + run(dr, dc) + run(-dr, -dc) >= inarow for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    )


def drop(board: Board, columns: int, column: int, mark: int) -> Board:
    """ConnectX's board after ``mark`` drops into ``column``: the lowest empty cell."""
    cells = list(board)
    row = max(r for r in range(len(board) // columns) if cells[r * columns + column] == 0)
    cells[row * columns + column] = mark
    return tuple(cells)


@lru_cache(maxsize=None)
def reference(rows: int, columns: int, inarow: int) -> Callable[[Board], tuple[int, int]]:
    """A plain negamax with a memo (one a size, kept for every test of that size): a
    board's value for the side to move (1 win, 0 draw, -1 loss) and its plies with perfect
    play (the winner wins fastest, the loser holds out longest), for boards where no one
    has won yet."""

    @lru_cache(maxsize=None)
    def solve(board: Board) -> tuple[int, int]:
        mark = 1 if board.count(1) == board.count(2) else 2
        legal = [c for c in range(columns) if board[c] == 0]
        if not legal:
            return (0, 0)
        best: tuple[int, int] | None = None
        for column in legal:
            after = drop(board, columns, column, mark)
            row = next(r for r in range(rows) if after[r * columns + column] != 0)
            if wins_through(after, rows, columns, inarow, row, column, mark):
                value = (1, 1)
            else:
                child, plies = solve(after)
                value = (-child, plies + 1)
            if best is None or rank(value) > rank(best):
                best = value
        assert best is not None
        return best

    return solve


def rank(value: tuple[int, int]) -> int:
    """Better first: a win sooner, then a draw, then a loss later."""
    outcome, plies = value
    return {1: 1000 - plies, 0: 0, -1: plies - 1000}[outcome]


def value_of(game: perfect_play.Game, board: Board, rows: int, columns: int) -> tuple[int, int]:
    """The package's value of ``board`` for the side to move (1, 0, -1) and its plies."""
    codes, plies = game.probe_many([position(board, rows, columns)])
    mark = 1 if board.count(1) == board.count(2) else 2
    code = int(codes[0])
    outcome = 0 if code == perfect_play.DRAW else (1 if code == mark else -1)
    return outcome, int(plies[0])


def play(
    opponent: str, first: bool, rows: int, columns: int, inarow: int
) -> tuple[Any, list[tuple[Board, int]]]:
    """A ConnectX game of the agent against ``opponent`` (the agent first or second): the
    environment, and each move of the agent as (board before, column). The game's
    size is opened first, as an agent's module opens it when Kaggle loads it: a size not
    compiled into the package is solved then, once, not within a move's time."""
    game_for(rows, columns, inarow)
    env = kaggle_environments.make(
        "connectx", configuration={"rows": rows, "columns": columns, "inarow": inarow}, debug=True
    )
    moves: list[tuple[Board, int]] = []

    def recorded(observation: Any, configuration: Any) -> int:
        column = agent(observation, configuration)
        moves.append((tuple(observation.board), column))
        return column

    env.run([recorded, opponent] if first else [opponent, recorded])
    return env, moves


def check(env: Any, moves: list[tuple[Board, int]], first: bool, solve: Any) -> None:
    """The game ran to its end without an error or a timeout (the environment's own verdict
    on its time rules, ``actTimeout`` a move and the overage bank); every move of the agent
    kept the value of its position (``solve(board)``: the side to move's value and plies).
    No move is timed here: a time is the machine's, not the agent's."""
    config = env.configuration
    last = env.steps[-1]
    assert [agent_state.status for agent_state in last] == ["DONE", "DONE"], last
    me = last[0 if first else 1]
    best = -1
    for board, column in moves:
        before = solve(board)
        mark = 1 if board.count(1) == board.count(2) else 2
        after = drop(board, config.columns, column, mark)
        if wins(after, config.rows, config.columns, config.inarow, mark):
            kept = (1, 1)
        elif all(after):
            kept = (0, 1)
        else:
            child, plies = solve(after)
            kept = (-child, plies + 1)
        assert kept == before, f"{board}: column {column} is worth {kept}, the position {before}"
        best = max(best, before[0])
    # A game the agent could win at any of its moves, it won; one it could draw, it did not
    # lose.
    if best == 1:
        assert me.reward == 1, last
    elif best == 0:
        assert me.reward >= 0, last


@pytest.mark.parametrize("rows,columns,inarow", [(3, 3, 3), (4, 4, 3), (3, 5, 3), (4, 4, 4), (6, 7, 4)])
def test_the_reference_s_win_check_is_the_whole_board_s(rows: int, columns: int, inarow: int) -> None:
    # Seeded random games, every drop until a win or a full board: the check through the
    # dropped disc's cell says what the scan of every line says.
    rng = random.Random(20261129)
    for _ in range(100):
        board: Board = (0,) * (rows * columns)
        mark = 1
        while True:
            legal = [c for c in range(columns) if board[c] == 0]
            if not legal:
                break
            column = rng.choice(legal)
            board = drop(board, columns, column, mark)
            row = next(r for r in range(rows) if board[r * columns + column] != 0)
            won = wins(board, rows, columns, inarow, mark)
            assert wins_through(board, rows, columns, inarow, row, column, mark) == won, board
            if won:
                break
            mark = 3 - mark


@pytest.mark.parametrize("rows,columns,inarow", [(3, 3, 3), (4, 4, 3), (3, 5, 3), (4, 4, 4)])
@pytest.mark.parametrize("opponent", ["random", "negamax"])
@pytest.mark.parametrize("first", [True, False])
def test_small_boards_against_a_plain_negamax(
    rows: int, columns: int, inarow: int, opponent: str, first: bool
) -> None:
    solve = reference(rows, columns, inarow)
    for _ in range(3):
        env, moves = play(opponent, first, rows, columns, inarow)
        assert moves, "the agent moved"
        check(env, moves, first, solve)


@pytest.mark.parametrize("rows,columns", [(4, 5), (5, 4), (5, 3)])
def test_larger_small_boards_keep_the_package_s_values(rows: int, columns: int) -> None:
    game = game_for(rows, columns, 4)
    for opponent in ("random", "negamax"):
        for first in (True, False):
            env, moves = play(opponent, first, rows, columns, 4)
            check(env, moves, first, lambda board: value_of(game, board, rows, columns))


@pytest.mark.parametrize("opponent", ["random", "negamax"])
@pytest.mark.parametrize("first", [True, False])
def test_7x6_against_the_built_in_agents(opponent: str, first: bool) -> None:
    game = game_for(6, 7, 4)
    assert game.name == "connect4-7x6"
    env, moves = play(opponent, first, 6, 7, 4)
    check(env, moves, first, lambda board: value_of(game, board, 6, 7))
    if first:
        # The first player wins 7x6, by the centre only (Allis 1988).
        assert moves[0][1] == 3
        assert env.steps[-1][0].reward == 1


def test_the_board_is_read_as_connectx_writes_it() -> None:
    # ConnectX: rows from the top, 1 for mark 1 (who moves first: our x), 2 for mark 2.
    env = kaggle_environments.make("connectx", debug=True)
    env.run(["random", "random"])
    for step in env.steps[1:]:
        board = step[0].observation.board
        text = position(board, 6, 7)
        rows = text.split("/")
        assert len(rows) == 6
        for index, cell in enumerate(board):
            assert rows[index // 7][index % 7] == {0: ".", 1: "x", 2: "o"}[cell]


def test_what_cannot_be_played_is_said() -> None:
    config = {"rows": 6, "columns": 7, "inarow": 4}
    with pytest.raises(ValueError, match="mark 1's turn"):
        agent({"board": [0] * 42, "mark": 2}, config)
    with pytest.raises(ValueError, match="42 cells, not 41"):
        agent({"board": [0] * 41, "mark": 1}, config)
    with pytest.raises(ValueError, match="not 0, 1 or 2"):
        agent({"board": [3] + [0] * 41, "mark": 1}, config)
    # A size the family does not have is refused with the family's words.
    with pytest.raises(ValueError, match="rows is 10"):
        agent({"board": [0] * 100, "mark": 1}, {"rows": 10, "columns": 10, "inarow": 4})
    with pytest.raises(ValueError, match="x_in_row is longer than both sides"):
        agent({"board": [0] * 12, "mark": 1}, {"rows": 3, "columns": 4, "inarow": 5})
