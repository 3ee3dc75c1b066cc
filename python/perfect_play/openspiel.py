"""Perfect play inside OpenSpiel: a perfect (or graded) ``pyspiel.Bot``, an exact MCTS
``Evaluator``, exact training labels, and the conversions between OpenSpiel's states and
actions and perfect-play's positions and moves.

Needs OpenSpiel (``pip install ./python[openspiel]``); ``import perfect_play`` alone never
does. Which of perfect-play's games are which OpenSpiel games is one table, ``SPIEL_GAMES``
below: a new game or family that OpenSpiel also has is one entry there.

- ``game_for(spiel_game)``: our ``Game`` for an OpenSpiel game, or ``NotInOpenSpielError``.
- ``position(state)``, ``action(state, move)``, ``move(state, action)``: the conversions.
- ``PerfectBot(game, player_id, level=None, seed=None)``: a ``pyspiel.Bot`` playing at one
  of the web board's levels (``"perfect"`` by default).
- ``PerfectEvaluator(game)``: an MCTS ``Evaluator`` giving exact returns and the best
  moves' policy as prior.
- ``labels(states)``: exact returns, plies and best-action masks as numpy arrays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

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
]


def numbered(count: Callable[[perfect_play.Game], int]) -> Callable[[perfect_play.Game], list[str]]:
    """Actions numbered from 0 that are our moves numbered from 1 (tic-tac-toe's cells,
    Connect Four's columns): ``count(game)`` of them."""
    return lambda game: [str(a + 1) for a in range(count(game))]


@dataclass(frozen=True)
class SpielGame:
    """How a game of perfect-play (or a family of them) is an OpenSpiel game."""

    #: OpenSpiel's game string for our game (``pyspiel.load_game`` reads it).
    load: Callable[[perfect_play.Game], str]
    #: The move, in our notation, of each OpenSpiel action number (None: no move).
    actions: Callable[[perfect_play.Game], Sequence[str | None]]
    #: Our position for an OpenSpiel state; None: ``str(state)`` is it, the rows one a
    #: line (what the native fast path of ``labels`` reads).
    position: Callable[[Any], str] | None = None


#: OpenSpiel parameters that change what a player observes, not the game.
COSMETIC = frozenset({"egocentric_obs_tensor"})


#: Every game of perfect-play that OpenSpiel has, keyed by our game's name, or by a
#: family's name followed by ``-`` (``connect4-`` is every ``connect4-WxH``).
SPIEL_GAMES: dict[str, SpielGame] = {
    "tictactoe": SpielGame(load=lambda g: "tic_tac_toe", actions=numbered(lambda g: 9)),
    # OpenSpiel's `misere` game transform: the returns of tic-tac-toe negated.
    "misere": SpielGame(load=lambda g: "misere(game=tic_tac_toe())", actions=numbered(lambda g: 9)),
    "connect4-": SpielGame(
        load=lambda g: f"connect_four(columns={g.width},rows={g.height})",
        actions=numbered(lambda g: g.width),
    ),
}


class NotInOpenSpielError(ValueError):
    """An OpenSpiel game that perfect-play does not solve (or not in this build)."""


def spiel_entry(game: perfect_play.Game) -> SpielGame | None:
    """The entry of ``SPIEL_GAMES`` for our ``game``, if OpenSpiel has it."""
    if game.name in SPIEL_GAMES:
        return SPIEL_GAMES[game.name]
    family = game.name.split("-")[0] + "-"
    return SPIEL_GAMES.get(family) if "-" in game.name else None


class Bound:
    """One of our games bound to its OpenSpiel game: the conversions, ready."""

    def __init__(self, game: perfect_play.Game, spiel: pyspiel.Game, entry: SpielGame) -> None:
        self.game = game
        self.spiel = spiel
        self.entry = entry
        self.actions = list(entry.actions(game))
        self.action_of = {mv: a for a, mv in enumerate(self.actions) if mv is not None}

    def position(self, state: Any) -> str:
        if self.entry.position is not None:
            return self.entry.position(state)
        return "/".join(str(state).split())

    def labels(self, states: Iterable[Any]) -> tuple[Any, Any, Any]:
        if self.entry.position is None:
            return self.game.labels(states, self.actions, lines=True)
        texts = [self.entry.position(s) for s in states]
        return self.game.labels(texts, self.actions)

    def action(self, mv: str) -> int:
        return self.action_of[mv]


def key(spiel: pyspiel.Game) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What tells OpenSpiel games apart: the name and every parameter that is not cosmetic,
    defaults filled in (``connect_four(rows=4,columns=4,x_in_row=4)`` is ours too)."""
    parameters = spiel.get_parameters()
    kept = tuple(sorted((k, repr(v)) for k, v in parameters.items() if k not in COSMETIC))
    return spiel.get_type().short_name, kept


def known() -> dict[tuple[str, tuple[tuple[str, str], ...]], Bound]:
    """Every game of this build that OpenSpiel has, by ``key``, made once."""
    if not KNOWN:
        for game in perfect_play.games():
            entry = spiel_entry(game)
            if entry is not None:
                spiel = pyspiel.load_game(entry.load(game))
                KNOWN[key(spiel)] = Bound(game, spiel, entry)
    return KNOWN


KNOWN: dict[tuple[str, tuple[tuple[str, str], ...]], Bound] = {}
BY_STRING: dict[str, Bound] = {}


def bound(spiel: pyspiel.Game) -> Bound:
    """The ``Bound`` of an OpenSpiel game, or ``NotInOpenSpielError`` naming it and the
    games there are."""
    text = str(spiel)
    found = BY_STRING.get(text)
    if found is None:
        found = known().get(key(spiel))
        if found is None:
            ours = ", ".join(str(b.spiel) for b in known().values())
            raise NotInOpenSpielError(
                f"perfect-play does not solve OpenSpiel's {text}: it solves {ours} (Connect "
                "Four 5x4 and 4x5 only in a build with the `large-games` feature)"
            )
        BY_STRING[text] = found
    return found


def game_for(spiel_game: pyspiel.Game) -> perfect_play.Game:
    """Our ``Game`` for an OpenSpiel game and its parameters (``tic_tac_toe``,
    ``misere(game=tic_tac_toe())``, ``connect_four(rows=4,columns=4)``...).

    Raises ``NotInOpenSpielError`` (a ``ValueError``) for one perfect-play does not solve.
    """
    return bound(spiel_game).game


def position(state: pyspiel.State) -> str:
    """The position of an OpenSpiel state, in our game's notation."""
    return bound(state.get_game()).position(state)


def action(state: pyspiel.State, mv: str) -> int:
    """The OpenSpiel action of our move ``mv`` (in the notation) in ``state``.

    Raises ``ValueError`` when ``mv`` is not a legal move there.
    """
    where = bound(state.get_game())
    number = where.action_of.get(mv)
    if number is None or number not in state.legal_actions():
        legal = ", ".join(str(where.actions[a]) for a in state.legal_actions())
        raise ValueError(
            f"{mv!r} is not a legal {where.game.name} move in {where.position(state)}: "
            f"the legal moves are {legal or 'none (the game is over)'}"
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
        return self._pick(self._bound.position(state))

    def step_with_policy(self, state: pyspiel.State) -> tuple[list[tuple[int, float]], int]:
        """The level's policy over every legal action, in OpenSpiel's order (for perfect
        play: uniform over the best moves, 0 for the others), and the action the bot
        takes, drawn from it."""
        where = self._bound
        text = where.position(state)
        policy = sorted((where.action(mv), p) for mv, p in where.game.policy(text, self._level))
        return policy, self._pick(text)

    def _pick(self, text: str) -> int:
        """The action of the move picked at the bot's level in our position ``text``."""
        where = self._bound
        mv = where.game.pick(text, self._level, seed=self._random.getrandbits(64))
        return pyspiel.INVALID_ACTION if mv is None else where.action(mv)


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
        return sorted((where.action(mv), p) for mv, p in policy)


#: The first player's return for each of ``probe_many``'s outcome codes.
RETURN_OF_CODE = {
    perfect_play.DRAW: 0.0,
    perfect_play.FIRST_WINS: 1.0,
    perfect_play.SECOND_WINS: -1.0,
}
