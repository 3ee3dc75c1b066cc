"""Plain reference solvers for the tests, sharing nothing with the Rust code.

Each game's rules are written here again from its published description (tic-tac-toe and
its misère form; Hexapawn, Martin Gardner, 1962; Dodgem, Colin Vout, in Berlekamp, Conway
and Guy, *Winning Ways*), with a notation writer of their own following the Rust crate's
documented notation (rows from the top split by ``/``, then the side to move where the
board does not say it; moves as cells 1-9). Two solvers, both as plain as they come:

- ``solve_acyclic``: negamax with a memo, for games that never repeat a position.
- ``solve_loopy``: retrograde analysis round by round (a position is a win in k+1 plies once
  a child is a loss in k; a loss in k+1 once every child is a win, the farthest in k), then
  the drawing lines by a depth-first search that marks a draw endless when it can reach a
  cycle of draws.

Remoteness is the crate's documented one: the winner wins as fast as it can, the loser holds
out as long as it can, a draw counts its longest drawing line, None when that line can go on
for ever.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, Optional, TypeVar

WIN, LOSS, DRAW = "win", "loss", "draw"
FLIP = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}

P = TypeVar("P", bound=Hashable)

#: A position's value for its side to move and its remoteness (None: an endless draw).
Record = tuple[str, Optional[int]]  # Optional: a runtime alias, read by CPython 3.9 too


@dataclass(frozen=True)
class Rules(Generic[P]):
    """A game as the reference solvers need it."""

    name: str
    sides: tuple[str, str]
    start: P
    #: The result for the side to move if the game is over, else None.
    finished: Callable[[P], str | None]
    #: Every legal move, written in the notation, and the position it leads to.
    moves: Callable[[P], list[tuple[str, P]]]
    #: The position written in the notation.
    text: Callable[[P], str]
    #: 0 when the first side is to move, 1 for the second.
    mover: Callable[[P], int]

    def children(self, position: P) -> list[tuple[str, P]]:
        return [] if self.finished(position) is not None else self.moves(position)


def reachable(rules: Rules[P]) -> list[P]:
    """Every position legal play reaches from the start, in the order first seen."""
    seen = {rules.start}
    order = [rules.start]
    stack = [rules.start]
    while stack:
        position = stack.pop()
        for _, child in rules.children(position):
            if child not in seen:
                seen.add(child)
                order.append(child)
                stack.append(child)
    return order


def solve_acyclic(rules: Rules[P]) -> dict[P, Record]:
    """Negamax with a memo over every reachable position of a game without repetition."""
    memo: dict[P, Record] = {}

    def negamax(position: P) -> Record:
        known = memo.get(position)
        if known is not None:
            return known
        result = rules.finished(position)
        if result is not None:
            record: Record = (result, 0)
        else:
            children = [negamax(child) for _, child in rules.moves(position)]
            losses = [r for v, r in children if v == LOSS and r is not None]
            draws = [r for v, r in children if v == DRAW and r is not None]
            if losses:
                record = (WIN, 1 + min(losses))
            elif draws:
                record = (DRAW, 1 + max(draws))
            else:
                record = (LOSS, 1 + max(r for _, r in children if r is not None))
        memo[position] = record
        return record

    negamax(rules.start)
    return memo


def solve_loopy(rules: Rules[P]) -> dict[P, Record]:
    """Retrograde analysis of every reachable position; positions may repeat."""
    positions = reachable(rules)
    children = {p: [c for _, c in rules.children(p)] for p in positions}
    solved: dict[P, Record] = {}
    for p in positions:
        result = rules.finished(p)
        if result is not None:
            solved[p] = (result, 0)
    level = 0
    while level <= max((r or 0) for _, r in solved.values()):
        found: dict[P, Record] = {}
        for p in positions:
            if p in solved:
                continue
            kids = [solved.get(c) for c in children[p]]
            if any(k == (LOSS, level) for k in kids):
                found[p] = (WIN, level + 1)
            elif (
                all(k is not None and k[0] == WIN for k in kids)
                and max(k[1] or 0 for k in kids if k is not None) == level
            ):
                found[p] = (LOSS, level + 1)
        solved.update(found)
        level += 1

    # The rest are draws: the longest line through drawing children, endless when one can
    # reach a cycle of draws.
    def is_draw(p: P) -> bool:
        return p not in solved or solved[p][0] == DRAW

    longest: dict[P, int | None] = {}
    on_stack: set[P] = set()

    def line(p: P) -> int | None:
        if p in longest:
            return longest[p]
        if p in on_stack:
            return None
        if rules.finished(p) is not None:
            longest[p] = 0
            return 0
        on_stack.add(p)
        best: int | None = 0
        for c in children[p]:
            if not is_draw(c):
                continue
            through = line(c)
            if through is None:
                best = None
            elif best is not None:
                best = max(best, through + 1)
        on_stack.discard(p)
        longest[p] = best
        return best

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * len(positions) + 100))
    try:
        for p in positions:
            if is_draw(p):
                solved[p] = (DRAW, line(p))
    finally:
        sys.setrecursionlimit(limit)
    return solved


def after_move(record: Record) -> Record:
    """What moving into a position with ``record`` is worth to the player who moves there."""
    value, plies = record
    return (FLIP[value], None if plies is None else plies + 1)


def rank(record: Record) -> int:
    """Higher is better for the side to move: a win the sooner, a loss or draw the later."""
    value, plies = record
    r = 1 << 15 if plies is None else plies
    return {WIN: (1 << 17) - r, DRAW: r, LOSS: r - (1 << 17)}[value]


# --- The games --------------------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

#: A 3x3 position: nine cells (a piece letter or ".") and the side to move, 0 or 1.
Grid = tuple[str, int]


def rows(cells: str) -> str:
    return "/".join(cells[i : i + 3] for i in (0, 3, 6))


def has_line(cells: str, mark: str) -> bool:
    return any(all(cells[i] == mark for i in line) for line in LINES)


def _placement_moves(position: Grid) -> list[tuple[str, Grid]]:
    cells, mover = position
    mark = "xo"[mover]
    return [
        (str(i + 1), (cells[:i] + mark + cells[i + 1 :], 1 - mover))
        for i in range(9)
        if cells[i] == "."
    ]


def _tictactoe_finished(position: Grid) -> str | None:
    cells, _ = position
    if has_line(cells, "x") or has_line(cells, "o"):
        return LOSS  # the player who just moved made three in a row
    return DRAW if "." not in cells else None


def _misere_finished(position: Grid) -> str | None:
    cells, _ = position
    if has_line(cells, "x") or has_line(cells, "o"):
        return WIN  # the player who just moved made three in a row, and so lost
    return DRAW if "." not in cells else None


TICTACTOE: Rules[Grid] = Rules(
    name="tictactoe",
    sides=("x", "o"),
    start=("." * 9, 0),
    finished=_tictactoe_finished,
    moves=_placement_moves,
    text=lambda p: rows(p[0]),
    mover=lambda p: p[1],
)

MISERE: Rules[Grid] = Rules(
    name="misere",
    sides=("x", "o"),
    start=("." * 9, 0),
    finished=_misere_finished,
    moves=_placement_moves,
    text=lambda p: rows(p[0]),
    mover=lambda p: p[1],
)


def _hexapawn_moves(position: Grid) -> list[tuple[str, Grid]]:
    """White (w) starts on the top row and moves down, black (b) up; a pawn steps forward
    onto an empty cell or diagonally forward onto an enemy pawn, capturing it."""
    cells, mover = position
    mine, theirs = ("w", "b") if mover == 0 else ("b", "w")
    forward = 1 if mover == 0 else -1
    out = []
    for i in range(9):
        if cells[i] != mine:
            continue
        r, c = divmod(i, 3)
        nr = r + forward
        if not 0 <= nr < 3:
            continue
        for dc in (0, -1, 1):
            nc = c + dc
            if not 0 <= nc < 3:
                continue
            j = nr * 3 + nc
            if (dc == 0 and cells[j] == ".") or (dc != 0 and cells[j] == theirs):
                board = list(cells)
                board[i], board[j] = ".", mine
                out.append((f"{i + 1}-{j + 1}", ("".join(board), 1 - mover)))
    return out


def _hexapawn_finished(position: Grid) -> str | None:
    """The player who just moved has won by reaching the far row or capturing every enemy
    pawn; the side to move also loses when it cannot move."""
    cells, mover = position
    mine, theirs = ("w", "b") if mover == 0 else ("b", "w")
    their_goal = range(0, 3) if theirs == "b" else range(6, 9)
    if mine not in cells or any(cells[i] == theirs for i in their_goal):
        return LOSS
    return None if _hexapawn_moves(position) else LOSS


HEXAPAWN: Rules[Grid] = Rules(
    name="hexapawn",
    sides=("white", "black"),
    start=("www...bbb", 0),
    finished=_hexapawn_finished,
    moves=_hexapawn_moves,
    text=lambda p: f"{rows(p[0])} {'wb'[p[1]]}",
    mover=lambda p: p[1],
)


def _dodgem_moves(position: Grid) -> list[tuple[str, Grid]]:
    """Blue's cars (b) drive east, north or south and leave the board only eastwards; red's
    (r) drive north, west or east and leave only northwards; a car moves one cell onto an
    empty one."""
    cells, mover = position
    car = "br"[mover]
    steps = [(0, 1), (-1, 0), (1, 0)] if mover == 0 else [(-1, 0), (0, -1), (0, 1)]
    out = []
    for i in range(9):
        if cells[i] != car:
            continue
        r, c = divmod(i, 3)
        for n, (dr, dc) in enumerate(steps):
            nr, nc = r + dr, c + dc
            board = list(cells)
            board[i] = "."
            if 0 <= nr < 3 and 0 <= nc < 3:
                j = nr * 3 + nc
                if cells[j] != ".":
                    continue
                board[j] = car
                move = f"{i + 1}-{j + 1}"
            elif n == 0:  # forward, off the far edge
                move = f"{i + 1}-off"
            else:
                continue
            out.append((move, ("".join(board), 1 - mover)))
    return out


def _dodgem_finished(position: Grid) -> str | None:
    """A player whose last car has left the board has won, at once (Winning Ways: the winner
    is the first with no legal move on their turn, all cars off or blocked in); a player
    whose cars are blocked in, with no move on their turn, wins too."""
    cells, mover = position
    if "br"[1 - mover] not in cells:
        return LOSS
    if "br"[mover] not in cells or not _dodgem_moves(position):
        return WIN
    return None


DODGEM: Rules[Grid] = Rules(
    name="dodgem",
    sides=("blue", "red"),
    start=("b..b...rr", 0),
    finished=_dodgem_finished,
    moves=_dodgem_moves,
    text=lambda p: f"{rows(p[0])} {'br'[p[1]]}",
    mover=lambda p: p[1],
)


def every_grid(letters: str) -> Iterator[str]:
    """All 3^9 strings of nine cells over ``letters`` (two piece letters) and ``.``."""
    alphabet = letters + "."
    for n in range(3**9):
        cells = []
        for _ in range(9):
            n, d = divmod(n, 3)
            cells.append(alphabet[d])
        yield "".join(cells)
