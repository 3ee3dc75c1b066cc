"""Perfect play inside OpenSpiel: a perfect (or graded) ``pyspiel.Bot``, an exact MCTS
``Evaluator``, exact training labels, and the conversions between OpenSpiel's states and
actions and perfect-play's positions and moves.

Needs OpenSpiel (``pip install ./python[openspiel]``); ``import perfect_play`` alone never
does. Which of perfect-play's games are which OpenSpiel games is one table, ``SPIEL_GAMES``
below: a new game or family that OpenSpiel also has is one entry there.

- ``game_for(spiel_game)``: our ``Game`` for an OpenSpiel game, or ``NotInOpenSpielError``.
  Converted, at OpenSpiel's parameters: ``tic_tac_toe``, ``misere(game=tic_tac_toe())``,
  ``mnk``, ``gomoku``, ``connect_four``, ``hex``, ``breakthrough``, ``clobber``,
  ``dots_and_boxes`` and ``nim`` (``SPIEL_GAMES`` says which parameters are refused, and
  why); ``tests/test_openspiel_families.py`` checks every state of each at small sizes
  against a plain minimax over OpenSpiel's own states.
- ``position(state)``, ``action(state, move)``, ``move(state, action)``: the conversions.
- ``PerfectBot(game, player_id, level=None, seed=None)``: a ``pyspiel.Bot`` playing at one
  of the web board's levels (``"perfect"`` by default).
- ``PerfectEvaluator(game)``: an MCTS ``Evaluator`` giving exact returns and the best
  moves' policy as prior.
- ``labels(states)``: exact returns, plies and best-action masks as numpy arrays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn

import perfect_play

try:
    import numpy
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as missing:  # pragma: no cover (the message is the point)
    raise ImportError(
        f"perfect_play.openspiel needs OpenSpiel and numpy ({missing.name} is missing): "
        "pip install ./python[openspiel] from a clone, or pip install 'perfect-play[openspiel]'"
    ) from missing

__all__ = [
    "SPIEL_GAMES",
    "Labels",
    "NotInOpenSpielError",
    "PerfectBot",
    "PerfectEvaluator",
    "SpielGame",
    "action",
    "game_for",
    "labels",
    "move",
    "position",
    "spiel_game",
]


class NotInOpenSpielError(ValueError):
    """An OpenSpiel game that perfect-play does not solve (or not in this build)."""


class Refused(Exception):
    """OpenSpiel parameters that make a game other than ours: the message says which."""


Parameters = Mapping[str, Any]


@dataclass(frozen=True)
class SpielGame:
    """How an OpenSpiel game (at every value of its parameters) is a game of perfect-play."""

    #: Our game's name for OpenSpiel's parameters (every one, defaults filled in); raises
    #: ``Refused`` for parameters whose rules are not ours.
    ours: Callable[[Parameters], str]
    #: Our families (or games of one size) that are this OpenSpiel game, and OpenSpiel's
    #: game string for one of them at its parameters (``pyspiel.load_game`` reads it).
    families: tuple[str, ...]
    load: Callable[[perfect_play.Game], str]
    #: The move, in our notation, of each OpenSpiel action number (None: no move). One move
    #: may have two numbers (a Breakthrough step that captures or not): the state says which.
    actions: Callable[[perfect_play.Game], Sequence[str | None]]
    #: Our position for an OpenSpiel state; None: ``str(state)`` is it, the rows one a
    #: line (what the native fast path of ``labels`` reads).
    position: Callable[[Bound, Any], str] | None = None


def size(game: perfect_play.Game, *names: str) -> list[int]:
    """The integer parameters ``names`` of a family's game."""
    values = [game.parameters[name] for name in names]
    return [value for value in values if isinstance(value, int)]


def cells(game: perfect_play.Game) -> list[str]:
    """Actions that are the board's cells row-major from 0, our cells numbered from 1
    (tic-tac-toe, m,n,k, Hex)."""
    return [str(cell + 1) for cell in range(game.width * game.height)]


def columns(game: perfect_play.Game) -> list[str]:
    """Actions that are Connect Four's columns from 0, ours numbered from 1."""
    return [str(column + 1) for column in range(game.width)]


def steps(rows: int, cols: int, offsets: Sequence[tuple[int, int]], flip: bool) -> list[str | None]:
    """``FROM-TO`` moves of OpenSpiel's ``(row, column, direction)`` actions, ranked
    row-major with the direction last; ``flip``: OpenSpiel's rows are ours upside down."""
    moves: list[str | None] = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in offsets:
                to_row, to_col = row + d_row, col + d_col
                if not (0 <= to_row < rows and 0 <= to_col < cols):
                    moves.append(None)
                    continue
                if flip:
                    row_from, row_to = rows - 1 - row, rows - 1 - to_row
                else:
                    row_from, row_to = row, to_row
                moves.append(f"{row_from * cols + col + 1}-{row_to * cols + to_col + 1}")
    return moves


def breakthrough_actions(game: perfect_play.Game) -> list[str | None]:
    """OpenSpiel's Breakthrough action: (row, column, direction, capture) ranked in that
    order, the directions black's three (down-left, down, down-right) then white's three;
    a step and the same step capturing are two actions, one move."""
    rows, cols = size(game, "rows", "columns")
    offsets = [(1, -1), (1, 0), (1, 1), (-1, -1), (-1, 0), (-1, 1)]
    return [mv for mv in steps(rows, cols, offsets, flip=False) for _capture in range(2)]


def clobber_actions(game: perfect_play.Game) -> list[str | None]:
    """OpenSpiel's Clobber action: (row, column, direction) ranked, the directions up,
    right, down, left, OpenSpiel's rows ours upside down (see ``clobber_position``)."""
    rows, cols = size(game, "rows", "columns")
    return steps(rows, cols, [(-1, 0), (0, 1), (1, 0), (0, -1)], flip=True)


def dots_and_boxes_actions(game: perfect_play.Game) -> list[str]:
    """OpenSpiel's Dots and Boxes actions: the horizontal lines row by row, then the
    vertical ones; ours join two dots numbered row-major from 1."""
    rows, cols = size(game, "rows", "columns")

    def dot(row: int, col: int) -> int:
        return row * (cols + 1) + col + 1

    across = [f"{dot(r, c)}-{dot(r, c + 1)}" for r in range(rows + 1) for c in range(cols)]
    down = [f"{dot(r, c)}-{dot(r + 1, c)}" for r in range(rows) for c in range(cols + 1)]
    return across + down


def nim_actions(game: perfect_play.Game) -> list[str | None]:
    """OpenSpiel's Nim action: ``(take - 1) * piles + pile``, and one number past the end."""
    piles = game.parameters["piles"]
    assert isinstance(piles, tuple), "Nim's piles are a list"
    most = max(piles)
    moves: list[str | None] = [
        f"{pile + 1}:{take + 1}" for take in range(most) for pile in range(len(piles))
    ]
    return [*moves, None]


def side(state: Any, sides: str) -> str:
    """The side to move in a game whose turns alternate: the first after an even number
    of moves (in a finished state too, where OpenSpiel has no player to move)."""
    return sides[state.move_number() % 2]


def board_rows(state: Any, rows: int) -> list[str]:
    """The first ``rows`` lines of OpenSpiel's text, each without its row label."""
    return [line.lstrip("0123456789") for line in str(state).splitlines()[:rows]]


HEX_STONES = str.maketrans("XyzOpq", "xxxooo")


def hex_position(where: Bound, state: Any) -> str:
    """OpenSpiel writes Hex's cells split by spaces, each row shifted right, an edge-joined
    stone as another letter (``y``, ``z``, ``p``, ``q``; ``X``, ``O`` winning): the same
    rows, the same cells."""
    rows = (line.split() for line in str(state).splitlines())
    return "/".join("".join(row).translate(HEX_STONES) for row in rows)


def breakthrough_position(where: Bound, state: Any) -> str:
    """OpenSpiel's Breakthrough board is ours, rows labelled; black (``b``) moves first."""
    rows = size(where.game, "rows")[0]
    return "/".join(board_rows(state, rows)) + " " + side(state, "bw")


CLOBBER_STONES = str.maketrans("xo", "ox")


def clobber_position(where: Bound, state: Any) -> str:
    """OpenSpiel's first player is ``o``, with a stone on the bottom left cell; ours is
    ``x``, with a stone on the top left: the same game upside down, the colours swapped."""
    rows = size(where.game, "rows")[0]
    board = reversed(board_rows(state, rows))
    return "/".join(row.translate(CLOBBER_STONES) for row in board) + " " + side(state, "xo")


def nim_position(where: Bound, state: Any) -> str:
    """OpenSpiel writes ``(1): 0 2``: the player to move (next, once it is over), the piles."""
    player, piles = str(state).split(":")
    return "/".join(piles.split()) + " " + "xo"[int(player.strip("()"))]


def replayed(where: Bound, state: Any) -> str:
    """The position OpenSpiel's actions from the start lead to, played by our rules (for
    Dots and Boxes, whose text does not say who moves in a finished state)."""
    history = tuple(state.history())
    text = where.replays.get(history)
    if text is not None:
        return text
    if len(where.replays) > 1 << 16:
        where.replays.clear()
    text = where.game.start
    for played in range(len(history)):
        prefix = history[: played + 1]
        known = where.replays.get(prefix)
        if known is None:
            mv = where.actions[history[played]]
            assert mv is not None, "a legal action has a move"
            known = where.game.play(text, mv)
            where.replays[prefix] = known
        text = known
    return text


def parameter(name: str, value: object) -> str:
    """One parameter of our naming syntax: a list as ``1-2-3``, a bool as ``true``."""
    if isinstance(value, bool):
        return f"{name}={str(value).lower()}"
    if isinstance(value, (list, tuple)):
        return f"{name}={'-'.join(str(v) for v in value)}"
    return f"{name}={value}"


def family(name: str, **parameters: object) -> str:
    """A family at a size in our naming syntax: ``hex:rows=3,columns=3``."""
    return name + ":" + ",".join(parameter(k, v) for k, v in parameters.items())


def refuse(why: str) -> NoReturn:
    """Parameters whose rules are not ours."""
    raise Refused(why)


def connect_four(p: Parameters) -> str:
    """Connect Four's family at OpenSpiel's size (the registry names a size of four in a row
    by its classic name, ``connect4-4x4``, and answers a compiled one from its table)."""
    return family("connect-four", rows=p["rows"], columns=p["columns"], x_in_row=p["x_in_row"])


def hex_game(p: Parameters) -> str:
    """Hex without the swap rule (OpenSpiel's default), two rows and two columns or more."""
    if p["swap"]:
        refuse("the swap rule (swap=True) is not ours")
    if min(p["num_rows"], p["num_cols"]) < 2:
        # OpenSpiel 2.0.2 never sees a win by one stone touching both of its player's
        # edges: on such a board no game ends (a full board is not over, with no move).
        refuse("OpenSpiel's Hex of one row or one column never ends (no win is seen there)")
    return family("hex", rows=p["num_rows"], columns=p["num_cols"])


def gomoku(p: Parameters) -> str:
    """Gomoku on a flat square board, k or more in a row winning, is m,n,k."""
    if p["dims"] != 2 or p["wrap"] or p["anti"]:
        refuse("only a flat square board (dims=2, wrap=False) where k in a row wins (anti=False)")
    return family("mnk", m=p["size"], n=p["size"], k=p["connect"])


def dots_and_boxes(p: Parameters) -> str:
    """Dots and Boxes won or lost, not by a margin."""
    if p["utility_margin"]:
        refuse("returns by the margin of boxes (utility_margin=True) are not ours")
    return family("dots-and-boxes", rows=p["num_rows"], columns=p["num_cols"])


def nim(p: Parameters) -> str:
    """Nim's piles split by ``;`` in OpenSpiel, ``-`` here."""
    piles = [int(pile) for pile in str(p["pile_sizes"]).split(";")]
    if not any(piles):
        refuse("OpenSpiel calls a game of empty piles a draw")
    return family("nim", piles=piles, misere=bool(p["is_misere"]))


def clobber(p: Parameters) -> str:
    """Clobber of two rows and two columns or more: OpenSpiel 2.0.2 plays no other (1x1
    starts with no move yet not over; one row or column of two cells or more raises in
    OpenSpiel's own move generation)."""
    rows, cols = p["rows"], p["columns"]
    if min(rows, cols) < 2:
        refuse("OpenSpiel cannot play Clobber of one row or one column")
    return family("clobber", rows=rows, columns=cols)


def misere(p: Parameters) -> str:
    """OpenSpiel's misère transform of tic-tac-toe (the returns negated)."""
    if p.get("game") != {"name": "tic_tac_toe"}:
        refuse("of the misère transforms only misere(game=tic_tac_toe()) is ours")
    return "misere"


def on_squares(
    name: str,
    actions: Callable[[perfect_play.Game], Sequence[str | None]],
    position: Callable[[Bound, Any], str],
    ours: Callable[[Parameters], str] | None = None,
) -> SpielGame:
    """A family whose parameters are OpenSpiel's, ``rows`` and ``columns``, of one name
    (``ours``: our game's name where some of OpenSpiel's sizes are refused)."""
    return SpielGame(
        ours=ours or (lambda p: family(name, rows=p["rows"], columns=p["columns"])),
        families=(name,),
        load=lambda g: "{}(rows={},columns={})".format(name, *size(g, "rows", "columns")),
        actions=actions,
        position=position,
    )


#: Every OpenSpiel game that is a game of perfect-play, by OpenSpiel's short name: a game
#: or family that OpenSpiel also has is one entry here. Not here (their rules differ, or
#: OpenSpiel's sizes are not ours): ``othello`` (8x8 only; ours 4x4 to 6x6), ``mancala``
#: (Kalah with 6 pits of 4 seeds: ours, but some 10^13 positions), ``oware`` (other
#: sowing rules: no game of ours), and our Domineering, Kalah's small sizes, Hexapawn,
#: Dodgem and Toads and Frogs, which OpenSpiel does not have. Refused at some parameters
#: (``Refused`` says why): Hex with the swap rule or of one row or column (OpenSpiel's never
#: ends), Clobber of one row or column (OpenSpiel cannot play it), Dots and Boxes scored by
#: margin, gomoku other than flat and k-in-a-row-wins, Nim of empty piles.
SPIEL_GAMES: dict[str, SpielGame] = {
    "tic_tac_toe": SpielGame(
        ours=lambda p: "tictactoe",
        families=("tictactoe",),
        load=lambda g: "tic_tac_toe",
        actions=cells,
    ),
    # OpenSpiel's `misere` game transform: the returns of tic-tac-toe negated.
    "misere": SpielGame(
        ours=misere,
        families=("misere",),
        load=lambda g: "misere(game=tic_tac_toe())",
        actions=cells,
    ),
    "mnk": SpielGame(
        ours=lambda p: family("mnk", m=p["m"], n=p["n"], k=p["k"]),
        families=("mnk",),
        load=lambda g: "mnk(m={},n={},k={})".format(*size(g, "m", "n", "k")),
        actions=cells,
    ),
    # Gomoku on a square board is m,n,k at m = n; its text is its own.
    "gomoku": SpielGame(
        ours=gomoku,
        families=(),
        load=lambda g: "gomoku(size={},connect={})".format(*size(g, "m", "k")),
        actions=cells,
        position=lambda where, state: "/".join(
            row.replace("b", "x").replace("w", "o") for row in str(state).split()[1:]
        ),
    ),
    "connect_four": SpielGame(
        ours=connect_four,
        families=("connect-four",),
        load=lambda g: "connect_four(columns={},rows={},x_in_row={})".format(
            g.width, g.height, g.parameters.get("x_in_row", 4)
        ),
        actions=columns,
    ),
    "hex": SpielGame(
        ours=hex_game,
        families=("hex",),
        load=lambda g: "hex(num_rows={},num_cols={})".format(*size(g, "rows", "columns")),
        actions=cells,
        position=hex_position,
    ),
    "breakthrough": on_squares("breakthrough", breakthrough_actions, breakthrough_position),
    "clobber": on_squares("clobber", clobber_actions, clobber_position, ours=clobber),
    "dots_and_boxes": SpielGame(
        ours=dots_and_boxes,
        families=("dots-and-boxes",),
        load=lambda g: "dots_and_boxes(num_rows={},num_cols={})".format(
            *size(g, "rows", "columns")
        ),
        actions=dots_and_boxes_actions,
        position=replayed,
    ),
    "nim": SpielGame(
        ours=nim,
        families=("nim",),
        load=lambda g: "nim(pile_sizes={},is_misere={})".format(
            str(g.parameters["piles"]).strip("(,)").replace(", ", ";"),
            "true" if g.parameters["misere"] else "false",
        ),
        actions=nim_actions,
        position=nim_position,
    ),
}



class Bound:
    """One of our games bound to its OpenSpiel game: the conversions, ready."""

    def __init__(self, game: perfect_play.Game, spiel: pyspiel.Game, entry: SpielGame) -> None:
        self.game = game
        self.spiel = spiel
        self.entry = entry
        self.actions = list(entry.actions(game))
        self.action_of: dict[str, list[int]] = {}
        for number, mv in enumerate(self.actions):
            if mv is not None:
                self.action_of.setdefault(mv, []).append(number)
        #: Whether a move has two action numbers (which one is legal, the state says).
        self.ambiguous = any(len(numbers) > 1 for numbers in self.action_of.values())
        #: The positions ``replayed`` has made, by OpenSpiel's history.
        self.replays: dict[tuple[int, ...], str] = {}

    def position(self, state: Any) -> str:
        if self.entry.position is not None:
            return self.entry.position(self, state)
        return "/".join(str(state).split())

    def labels(self, states: Iterable[Any]) -> tuple[Any, Any, Any]:
        if self.entry.position is None:
            return self.game.labels(states, self.actions, lines=True)
        states = list(states)
        texts = [self.position(s) for s in states]
        if not self.ambiguous:
            return self.game.labels(texts, self.actions)
        # A move of two action numbers: label the moves, then keep each state's legal one.
        moves = sorted(self.action_of)
        returns, plies, best_moves = self.game.labels(texts, moves)
        best = numpy.zeros((len(states), len(self.actions)), dtype=bool)
        for row, state in enumerate(states):
            for number in state.legal_actions():
                best[row, number] = best_moves[row, moves.index(self.actions[number])]
        return returns, plies, best

    def action(self, mv: str, state: Any) -> int:
        """The action number of our move ``mv`` in ``state``: of two, the legal one."""
        numbers = self.action_of[mv]
        if len(numbers) == 1:
            return numbers[0]
        legal = state.legal_actions()
        return next((n for n in numbers if n in legal), numbers[0])


def parameters(spiel: pyspiel.Game) -> dict[str, Any]:
    """Every parameter of an OpenSpiel game, its defaults filled in."""
    return {**spiel.get_type().parameter_specification, **spiel.get_parameters()}


def bound(spiel: pyspiel.Game) -> Bound:
    """The ``Bound`` of an OpenSpiel game, or ``NotInOpenSpielError`` saying why not."""
    text = str(spiel)
    found = BY_STRING.get(text)
    if found is None:
        found = bind(spiel)
        BY_STRING[text] = found
    return found


def bind(spiel: pyspiel.Game) -> Bound:
    """Our game for an OpenSpiel game, bound to it, or ``NotInOpenSpielError``."""
    short = spiel.get_type().short_name
    entry = SPIEL_GAMES.get(short)
    if entry is None:
        shared = ", ".join(SPIEL_GAMES)
        raise NotInOpenSpielError(
            f"perfect-play does not solve OpenSpiel's {spiel}: the OpenSpiel games it "
            f"shares are {shared} (see perfect_play.openspiel's docs for those it does not)"
        )
    try:
        name = entry.ours(parameters(spiel))
        game = perfect_play.game(name)
    except (Refused, ValueError) as why:
        raise NotInOpenSpielError(f"perfect-play does not solve OpenSpiel's {spiel}: {why}") from why
    return Bound(game, spiel, entry)


BY_STRING: dict[str, Bound] = {}


def game_for(spiel_game: pyspiel.Game) -> perfect_play.Game:
    """Our ``Game`` for an OpenSpiel game and its parameters (``tic_tac_toe``,
    ``mnk(m=4,n=3,k=3)``, ``hex(num_rows=3,num_cols=3)``, ``nim(pile_sizes=1;2;3)``...):
    one of this build, or a family's size solved now (within the family's position limit).

    Raises ``NotInOpenSpielError`` (a ``ValueError``) for one perfect-play does not solve,
    saying why (rules that differ, a size out of range or too large, a size OpenSpiel
    itself cannot play).
    """
    return bound(spiel_game).game


def spiel_game(game: perfect_play.Game) -> pyspiel.Game:
    """OpenSpiel's game for one of ours (the inverse of ``game_for``); ``NotInOpenSpielError``
    for a game OpenSpiel does not have."""
    for entry in SPIEL_GAMES.values():
        if game.family in entry.families:
            return pyspiel.load_game(entry.load(game))
    raise NotInOpenSpielError(f"OpenSpiel has no {game.name}")


def position(state: pyspiel.State) -> str:
    """The position of an OpenSpiel state, in our game's notation."""
    return bound(state.get_game()).position(state)


def action(state: pyspiel.State, mv: str) -> int:
    """The OpenSpiel action of our move ``mv`` (in the notation) in ``state``.

    Raises ``ValueError`` when ``mv`` is not a legal move there.
    """
    where = bound(state.get_game())
    legal = state.legal_actions()
    numbers = where.action_of.get(mv, [])
    number = next((n for n in numbers if n in legal), None)
    if number is None:
        moves = ", ".join(str(where.actions[a]) for a in legal)
        raise ValueError(
            f"{mv!r} is not a legal {where.game.name} move in {where.position(state)}: "
            f"the legal moves are {moves or 'none (the game is over)'}"
        )
    return number


def move(state: pyspiel.State, spiel_action: int) -> str:
    """Our move (in the notation) for the OpenSpiel action ``spiel_action`` in ``state``.

    Raises ``ValueError`` when the action is not legal there.
    """
    where = bound(state.get_game())
    legal = state.legal_actions()
    if spiel_action not in legal:
        raise ValueError(
            f"action {spiel_action} is not legal in {where.game.name} at "
            f"{where.position(state)}: the legal actions are {legal}"
        )
    mv = where.actions[spiel_action]
    assert mv is not None, "a legal action has a move"
    return mv


class Labels(NamedTuple):
    """Exact labels of many states, one row per state."""

    #: float64 (n, 2): each player's return with perfect play from both sides (1, -1, 0).
    returns: Any
    #: uint16 (n,): plies left with perfect play (``perfect_play.ENDLESS``: an endless draw).
    plies: Any
    #: bool (n, ``num_distinct_actions``): the best actions (the fastest win, the longest
    #: loss or draw); all False in a finished state.
    best: Any


def labels(states: Iterable[pyspiel.State], game: pyspiel.Game | None = None) -> Labels:
    """Exact labels for many OpenSpiel states of one game (``game``, or the first state's):
    returns, plies and a best-action mask, as numpy arrays (see ``Labels``).

    The states are read natively, one ``str()`` each: no Python runs per state.
    """
    if game is None:
        states = list(states)
        if not states:
            raise ValueError("labels of no states: pass the game too, labels([], game)")
        game = states[0].get_game()
    where = bound(game)
    returns, plies, best = where.labels(states)
    if best.shape[1] != where.spiel.num_distinct_actions():
        raise ValueError("the action table does not cover OpenSpiel's actions")
    return Labels(returns, plies, best)


def chosen_level(level: str | None) -> str:
    """The level ``None`` means: perfect play."""
    return "perfect" if level is None else level


class PerfectBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type stubs
    """A ``pyspiel.Bot`` that plays one of our games at a level of the web board.

    ``level``: ``"perfect"`` (the default: the fastest win, the longest loss, ties broken
    at random), ``"safe"`` (never a losing move while another is left), ``"skill:N"`` (a
    perfect move N% of the time, else any legal move) or ``"random"``: a curriculum starts
    weak. ``seed`` makes the random choices repeatable.
    """

    def __init__(
        self,
        game: pyspiel.Game,
        player_id: int,
        level: str | None = None,
        seed: int | None = None,
    ) -> None:
        pyspiel.Bot.__init__(self)
        self._bound = bound(game)
        self._player_id = player_id
        self._level = chosen_level(level)
        # A bad level raises here, with the levels there are, not at the first move.
        self._bound.game.policy(self._bound.game.start, self._level)
        self._random = random.Random(seed)

    @property
    def level(self) -> str:
        """The level of play."""
        return self._level

    def player_id(self) -> int:
        """The player this bot plays."""
        return self._player_id

    def provides_policy(self) -> bool:
        """Whether ``step_with_policy`` gives the policy the bot plays by: it does."""
        return True

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to do: the bot keeps no memory of the game, it reads each state."""

    def inform_action(self, state: pyspiel.State, player_id: int, spiel_action: int) -> None:
        """Nothing to do: the bot keeps no memory of the game, it reads each state."""

    def step(self, state: pyspiel.State) -> int:
        """The bot's action in ``state`` (``pyspiel.INVALID_ACTION`` once it is over)."""
        return self._pick(state, self._bound.position(state))

    def step_with_policy(self, state: pyspiel.State) -> tuple[list[tuple[int, float]], int]:
        """The level's policy over every legal action, in OpenSpiel's order (for perfect
        play: uniform over the best moves, 0 for the others), and the action the bot
        takes, drawn from it."""
        where = self._bound
        text = where.position(state)
        policy = where.game.policy(text, self._level)
        return sorted((where.action(mv, state), p) for mv, p in policy), self._pick(state, text)

    def _pick(self, state: pyspiel.State, text: str) -> int:
        """The action of the move picked at the bot's level in ``state``, our ``text``."""
        where = self._bound
        mv = where.game.pick(text, self._level, seed=self._random.getrandbits(64))
        return pyspiel.INVALID_ACTION if mv is None else where.action(mv, state)


class PerfectEvaluator(mcts.Evaluator):  # type: ignore[misc]  # pyspiel has no type stubs
    """An MCTS ``Evaluator`` that knows: ``evaluate`` gives a state's exact returns,
    ``prior`` the uniform policy over the best moves (0 for the others). With it OpenSpiel's
    ``MCTSBot`` plays perfectly at any number of simulations (with ``puct_value`` as its
    child selection, which follows the prior)."""

    def __init__(self, game: pyspiel.Game) -> None:
        self._bound = bound(game)

    def evaluate(self, state: pyspiel.State) -> Any:
        """The exact returns of every player, a numpy array."""
        codes, _ = self._bound.game.probe_many([self._bound.position(state)], numpy=False)
        first = RETURN_OF_CODE[codes[0]]
        return numpy.array([first, 0.0 - first])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """(action, probability) for every legal action: the best share 1 evenly."""
        where = self._bound
        policy = where.game.policy(where.position(state), "perfect")
        return sorted((where.action(mv, state), p) for mv, p in policy)


#: The first player's return for each of ``probe_many``'s outcome codes.
RETURN_OF_CODE = {
    perfect_play.DRAW: 0.0,
    perfect_play.FIRST_WINS: 1.0,
    perfect_play.SECOND_WINS: -1.0,
}
