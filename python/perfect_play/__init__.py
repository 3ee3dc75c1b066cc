"""Perfect play for small two-player games: every position legal play reaches, solved when
the package was built, each question one lookup in a perfect-hash table.

- ``games()`` lists every solved game of perfect-play's registry; ``game(name)`` gives one
  (a ``Game``): ``probe`` a position (a ``Probe``: outcome, value, plies, every move ranked,
  the best moves), list its ``moves``, ``play`` one, or ``probe_many`` positions at once with
  the GIL released (outcome codes and plies: numpy arrays when numpy is installed, the
  standard library's ``array.array`` otherwise).
- ``open_table(path)`` gives the ``Game`` of a table file written by ``perfect-play solve``
  (a game too large to ship, solved once), probed in place: the same answers and methods.
- ``solve_footholds`` and ``FootholdsSolver`` solve the disappearing-footholds game
  (Programmers 92345) exactly at run time, within a budget if you give one.

Three submodules bring perfect play to the game frameworks, each imported on its own (so
that ``import perfect_play`` needs none of them): ``perfect_play.openspiel`` (a ``pyspiel.Bot``,
an MCTS evaluator, exact labels; ``pip install ./python[openspiel]``),
``perfect_play.pettingzoo`` (a policy for PettingZoo's ``tictactoe_v3`` and
``connect_four_v3``) and ``perfect_play.kaggle`` (an agent for Kaggle's ConnectX).

Positions and moves are written in each game's one-line notation (``game.start`` shows it);
a text that is not one raises ``NotationError``, a ``ValueError`` naming the column.

The games come from the Rust registry (``src/games/list.rs``): a game registered there is
here, with no Python written for it. The README beside this package has a worked example.
"""

from perfect_play._native import (
    DRAW,
    ENDLESS,
    FIRST_WINS,
    SECOND_WINS,
    UNREACHABLE,
    FootholdsSolution,
    FootholdsSolver,
    Game,
    NotationError,
    OutOfBudgetError,
    Piece,
    Probe,
    RankedMove,
    game,
    games,
    open_table,
    __version__,
    solve_footholds,
)

__all__ = [
    "DRAW",
    "ENDLESS",
    "FIRST_WINS",
    "SECOND_WINS",
    "UNREACHABLE",
    "FootholdsSolution",
    "FootholdsSolver",
    "Game",
    "NotationError",
    "OutOfBudgetError",
    "Piece",
    "Probe",
    "RankedMove",
    "game",
    "games",
    "open_table",
    "solve_footholds",
    "__version__",
]
