"""Type stubs of ``perfect_play._native``, the compiled half of the package (``python/src/``).

Checked against the built module by ``python -m mypy.stubtest perfect_play._native`` in
``.ci/python.sh``, so they cannot drift from the Rust code.
"""

import array
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Literal, final, overload

import numpy
import numpy.typing

__all__ = [
    "Game",
    "Piece",
    "Probe",
    "RankedMove",
    "games",
    "game",
    "open_table",
    "FootholdsSolver",
    "FootholdsSolution",
    "solve_footholds",
    "NotationError",
    "OutOfBudgetError",
    "DRAW",
    "FIRST_WINS",
    "SECOND_WINS",
    "UNREACHABLE",
    "ENDLESS",
    "__version__",
]

DRAW: Final[int]
"""The outcome code of a draw (0), in ``Game.probe_many``'s answers."""
FIRST_WINS: Final[int]
"""The outcome code of a win for the first of the game's ``sides`` (1)."""
SECOND_WINS: Final[int]
"""The outcome code of a win for the second of the game's ``sides`` (2)."""
UNREACHABLE: Final[int]
"""The outcome code of a position no game reaches (-1); its plies are 0."""
ENDLESS: Final[int]
"""The plies ``Game.probe_many`` gives a draw that can go on for ever (16383)."""
__version__: Final[str]
"""The package's version (the Rust workspace's)."""

class NotationError(ValueError):
    """A text that is not a position or a move in the game's notation."""

    column: int
    """Where the text goes wrong, counted from 1; 0 when it is about the whole text."""
    text: str
    """The text given."""
    index: int | None
    """The text's place in the iterable given to ``probe_many``; None elsewhere."""

class OutOfBudgetError(RuntimeError):
    """The footholds search used up its budget before it found the answer."""

    positions: int
    """How many positions it had searched."""

@final
class RankedMove:
    """One legal move of a probed position, with what it is worth to the side that plays it."""

    @property
    def move(self) -> str:
        """The move, in the game's notation."""
    @property
    def position(self) -> str:
        """The position it leads to."""
    @property
    def value(self) -> Literal["win", "loss", "draw"]:
        """The value for the side that plays it: "win", "loss" or "draw"."""
    @property
    def plies(self) -> int | None:
        """Plies left with perfect play, this move included; None for an endless draw."""
    @property
    def outcome(self) -> str:
        """The winning side with perfect play after this move, or "draw"."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self, /) -> int: ...

@final
class Piece:
    """A piece of a kind, on a cell or in a hand, in a game whose pieces differ (Dōbutsu
    shōgi's lion, giraffe, elephant, chick and hen)."""

    @property
    def side(self) -> str:
        """Whose piece it is: one of the game's `sides`."""
    @property
    def letter(self) -> str:
        """Its letter in the notation ("L", "+C"), the second side's in lowercase."""
    @property
    def name(self) -> str:
        """Its kind's name: "lion", "giraffe", "elephant", "chick" or "hen"."""
    @property
    def steps(self) -> list[tuple[int, int]]:
        """The (row, column) steps it can make, row down and column right positive, on the
        board as written (the second side's turned around)."""
    @property
    def count(self) -> int:
        """How many: 1 on a cell, the count held in a hand."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self, /) -> int: ...

@final
class Probe:
    """What a probe answers about one position, from its side to move."""

    @property
    def game(self) -> str:
        """The game's name."""
    @property
    def position(self) -> str:
        """The position, written in the game's notation as the game writes it."""
    @property
    def to_move(self) -> str:
        """The side to move (in a finished position, the side that would move next)."""
    @property
    def finished(self) -> bool:
        """Whether the game is over here."""
    @property
    def outcome(self) -> str:
        """The winning side with perfect play, or "draw"."""
    @property
    def value(self) -> Literal["win", "loss", "draw"]:
        """The value for the side to move: "win", "loss" or "draw"."""
    @property
    def plies(self) -> int | None:
        """Plies left with perfect play, None for an endless draw."""
    @property
    def best_moves(self) -> tuple[str, ...]:
        """The optimal moves, in the game's notation."""
    @property
    def moves(self) -> tuple[RankedMove, ...]:
        """Every legal move ranked best first for the side to move."""
    @property
    def pieces(self) -> tuple[Piece | None, ...]:
        """The piece on each cell with its kind (None for an empty cell), row by row from
        the top left, in a game whose pieces differ; empty in a game whose pieces are all
        alike."""
    @property
    def hands(self) -> tuple[tuple[Piece, ...], tuple[Piece, ...]]:
        """What each side holds in hand, the first of `sides` first; both empty in a game
        without hands."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self, /) -> int: ...

@final
class Game:
    """One solved game of the registry: its name, size, start and sides, and the questions
    its table answers."""

    def __new__(cls, name: str) -> Game: ...
    @property
    def name(self) -> str:
        """The game's name, as ``games()`` lists it."""
    @property
    def positions(self) -> int | None:
        """How many positions the game's table holds (None when answers come from a search)."""
    @property
    def answered_by(self) -> Literal["table", "search"]:
        """How answers are found: ``"table"`` (one lookup each) or ``"search"`` (exact too,
        but a position near the start past the opening book can take seconds to minutes:
        ``connect4-7x6``)."""
    @property
    def start(self) -> str:
        """The start position, in the game's notation."""
    @property
    def sides(self) -> tuple[str, str]:
        """The two sides as a person names them, the one that moves first first."""
    @property
    def move_help(self) -> str:
        """What a move looks like in the game's notation, for a prompt."""
    @property
    def rules(self) -> str:
        """The game's rules in a few sentences: the board, a move, how the game ends and who
        wins (the library's `Notation::RULES`, as the web page shows them)."""
    @property
    def title(self) -> str:
        """The game's name as a title: `Misère tic-tac-toe`."""
    def probe(self, position: str) -> Probe | None:
        """What perfect play makes of ``position``, or None when no game reaches it."""
    def moves(self, position: str) -> list[str]:
        """The legal moves from ``position``, in the game's notation and move order."""
    def play(self, position: str, move: str) -> str:
        """The position ``move`` leads to from ``position``."""
    @overload
    def probe_many(
        self, positions: Iterable[str], *, numpy: Literal[False]
    ) -> tuple[array.array[int], array.array[int]]: ...
    @overload
    def probe_many(
        self, positions: Iterable[str], *, numpy: Literal[True]
    ) -> tuple[numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.uint16]]: ...
    @overload
    def probe_many(
        self, positions: Iterable[str], *, numpy: bool | None = None
    ) -> (
        tuple[numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.uint16]]
        | tuple[array.array[int], array.array[int]]
    ): ...
    @property
    def family(self) -> str:
        """The family the game is a size of (``"mnk"``), or the game's own name for a game
        of one size."""
    @property
    def parameters(self) -> dict[str, int | bool | tuple[int, ...]]:
        """The family's parameters at this size, in the family's order, by name (an int, a
        bool, or a tuple of ints); empty for a game of one size."""
    @property
    def width(self) -> int:
        """The board's columns (Connect Four's width; 3 for the 3x3 games)."""
    @property
    def height(self) -> int:
        """The board's rows (Connect Four's height; 3 for the 3x3 games)."""
    def pick(self, position: str, level: str = "perfect", *, seed: int = 0) -> str | None:
        """A move from ``position`` chosen at ``level`` (``"perfect"``, ``"safe"``,
        ``"skill:N"``, ``"random"``) with ``seed``'s draws; None once the game is over."""
    def policy(self, position: str, level: str = "perfect") -> list[tuple[str, float]]:
        """The chance that ``pick`` plays each move of ``position`` at ``level``."""
    def labels(
        self, states: Iterable[object], actions: Sequence[str | None], *, lines: bool = False
    ) -> tuple[
        numpy.typing.NDArray[numpy.float64],
        numpy.typing.NDArray[numpy.uint16],
        numpy.typing.NDArray[numpy.bool_],
    ]:
        """Exact returns, plies and a best-action mask over ``actions`` for many positions
        (str, or objects whose ``str()`` is one) at once, as numpy arrays."""
    def __copy__(self) -> Game:
        """The game itself: a game is immutable."""
    def __deepcopy__(self, memo: object, /) -> Game:
        """The game itself: a game is immutable."""
    def __reduce__(
        self,
    ) -> tuple[Callable[[str], Game], tuple[str]] | tuple[Callable[..., Game], tuple[str, str]]:
        """Pickles as its name: ``perfect_play.game(name)`` makes it again; a game of a
        table file as ``perfect_play.open_table(path, name)``, the path a ``str``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self, /) -> int: ...

def games() -> list[Game]:
    """Every solved game, in the order the registry lists them."""

def game(name: str) -> Game:
    """The solved game called ``name``; ValueError for a name no game has."""

def open_table(path: str | os.PathLike[str], game: str | None = None) -> Game:
    """The game whose table is the file at ``path`` (written by ``perfect-play solve``),
    probed in place; ``game`` names the game the file must hold. ValueError for a file that
    is damaged, truncated, not a table or of another game (saying which and where), OSError
    for one that cannot be read."""

@final
class FootholdsSolution:
    """How a footholds game ends under perfect play."""

    @property
    def moves(self) -> int:
        """The total number of moves both players make."""
    @property
    def winner(self) -> Literal["A", "B"]:
        """Who wins: "A" (who moves first) or "B"."""
    @property
    def line(self) -> tuple[tuple[int, int], ...]:
        """One optimal line of play: the ``(row, col)`` each move steps onto, in order."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self, /) -> int: ...

@final
class FootholdsSolver:
    """A reusable footholds solver: its table carries over from one query to the next."""

    def __new__(cls) -> FootholdsSolver: ...
    def solve(
        self,
        grid: Sequence[Sequence[int]],
        a: tuple[int, int],
        b: tuple[int, int],
        *,
        max_positions: int | None = None,
        seconds: float | None = None,
    ) -> FootholdsSolution:
        """Solves one game: A at ``a``, B at ``b``, A to move, on ``grid``."""
    @property
    def positions(self) -> int:
        """How many positions the last query searched."""

def solve_footholds(
    grid: Sequence[Sequence[int]],
    a: tuple[int, int],
    b: tuple[int, int],
    *,
    max_positions: int | None = None,
    seconds: float | None = None,
) -> FootholdsSolution:
    """Solves one footholds game with a fresh solver."""
