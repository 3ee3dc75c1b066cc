"""Every family perfect-play shares with OpenSpiel, against OpenSpiel itself, on every state.

Where the expectations come from: OpenSpiel 2.0.2 (``open-spiel`` from the package index),
its own rules, states, legal actions and returns, nothing else. For each game below the test
walks every state OpenSpiel reaches from its start (``State.child`` over every legal
action) and values each by a plain minimax written here, memoised on OpenSpiel's own text of
the state and the player to move: the player to move (OpenSpiel's ``current_player``, so a
Dots and Boxes player who completes a box and moves again is the same player) takes the
child best for it, the fastest win, the slowest loss or draw; a finished state is worth its
``returns()``. No code is shared with the package: ``perfect_play.openspiel`` is what is
tested (``game_for`` gives our game, ``position`` writes each state in our notation,
``move``/``action`` name each action), and for every state our probe must give the
minimax's outcome and plies, and our best moves must be exactly the actions the minimax
finds best.

Each family at two sizes or more, both ways round where a board is not square (m,n,k,
Connect Four, Hex, Breakthrough, Clobber, Dots and Boxes), small enough that a walk takes
well under a second. The state counts are OpenSpiel's (a state by its text and player to
move).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import perfect_play
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (pip install open-spiel)")
ps = pytest.importorskip("perfect_play.openspiel")

#: OpenSpiel's game string, our game's name, and how many states OpenSpiel reaches (as
#: walked here, 2026-11-25; 5,478 for tic-tac-toe is the published count of its boards).
GAMES = [
    ("mnk(m=3,n=3,k=3)", "mnk:m=3,n=3,k=3", 5478),
    ("mnk(m=4,n=2,k=3)", "mnk:m=4,n=2,k=3", 2045),
    ("mnk(m=2,n=4,k=3)", "mnk:m=2,n=4,k=3", 2045),
    ("mnk(m=3,n=2,k=2)", "mnk:m=3,n=2,k=2", 129),
    ("tic_tac_toe", "tictactoe", 5478),
    ("misere(game=tic_tac_toe())", "misere", 5478),
    ("gomoku(size=2,connect=2)", "mnk:m=2,n=2,k=2", 29),
    ("gomoku(size=3,connect=3)", "mnk:m=3,n=3,k=3", 5478),
    ("connect_four(rows=3,columns=4,x_in_row=3)", "connect-four:rows=3,columns=4,x_in_row=3", 7157),
    ("connect_four(rows=4,columns=3,x_in_row=3)", "connect-four:rows=4,columns=3,x_in_row=3", 2715),
    ("connect_four(rows=3,columns=3,x_in_row=3)", "connect-four:rows=3,columns=3,x_in_row=3", 694),
    ("hex(num_rows=2,num_cols=2)", "hex:rows=2,columns=2", 32),
    ("hex(num_rows=2,num_cols=3)", "hex:rows=2,columns=3", 221),
    ("hex(num_rows=3,num_cols=2)", "hex:rows=3,columns=2", 243),
    ("hex(num_rows=2,num_cols=4)", "hex:rows=2,columns=4", 1533),
    ("hex(num_rows=3,num_cols=3)", "hex:rows=3,columns=3", 5514),
    ("breakthrough(rows=3,columns=3)", "breakthrough:rows=3,columns=3", 723),
    ("breakthrough(rows=3,columns=4)", "breakthrough:rows=3,columns=4", 9073),
    ("breakthrough(rows=4,columns=3)", "breakthrough:rows=4,columns=3", 10689),
    ("breakthrough(rows=3,columns=2)", "breakthrough:rows=3,columns=2", 46),
    ("clobber(rows=2,columns=3)", "clobber:rows=2,columns=3", 57),
    ("clobber(rows=3,columns=3)", "clobber:rows=3,columns=3", 761),
    ("clobber(rows=2,columns=4)", "clobber:rows=2,columns=4", 329),
    ("clobber(rows=3,columns=2)", "clobber:rows=3,columns=2", 57),
    ("clobber(rows=4,columns=2)", "clobber:rows=4,columns=2", 329),
    ("dots_and_boxes(num_rows=1,num_cols=1)", "dots-and-boxes:rows=1,columns=1", 16),
    ("dots_and_boxes(num_rows=1,num_cols=2)", "dots-and-boxes:rows=1,columns=2", 143),
    ("dots_and_boxes(num_rows=2,num_cols=1)", "dots-and-boxes:rows=2,columns=1", 143),
    ("dots_and_boxes(num_rows=1,num_cols=3)", "dots-and-boxes:rows=1,columns=3", 1257),
    ("dots_and_boxes(num_rows=2,num_cols=2)", "dots-and-boxes:rows=2,columns=2", 5547),
    ("nim(pile_sizes=1;2,is_misere=false)", "nim:piles=1-2,misere=false", 8),
    ("nim(pile_sizes=1;2,is_misere=true)", "nim:piles=1-2,misere=true", 8),
    ("nim(pile_sizes=1;2;3,is_misere=false)", "nim:piles=1-2-3,misere=false", 40),
    ("nim(pile_sizes=1;2;3,is_misere=true)", "nim:piles=1-2-3,misere=true", 40),
    ("nim(pile_sizes=2;2,is_misere=false)", "nim:piles=2-2,misere=false", 14),
    ("nim(pile_sizes=2;2,is_misere=true)", "nim:piles=2-2,misere=true", 14),
    ("nim(pile_sizes=3;4;5,is_misere=false)", "nim:piles=3-4-5,misere=false", 232),
    ("nim(pile_sizes=3;4;5,is_misere=true)", "nim:piles=3-4-5,misere=true", 232),
]


#: Finished Dots and Boxes boards that ours count twice (by the side that would move next).
EXTRA_FINISHED = {"dots-and-boxes:rows=2,columns=2": 12, "dots-and-boxes:rows=1,columns=3": 4}


@dataclass
class Node:
    """One OpenSpiel state, valued: the first player's return with perfect play, the plies
    left, and the best actions (none once it is over)."""

    state: Any
    first: float = 0.0
    plies: int = 0
    best: set[int] = field(default_factory=set)


def key(state: Any) -> tuple[str, int]:
    """What tells OpenSpiel states apart: its text and the player to move."""
    return str(state), state.current_player()


def walk(game: Any) -> dict[tuple[str, int], Node]:
    """Every state OpenSpiel reaches from the start, each valued by minimax over its
    children (children first: a depth-first walk that values a state on its way back)."""
    nodes: dict[tuple[str, int], Node] = {}
    stack: list[tuple[Any, bool]] = [(game.new_initial_state(), False)]
    while stack:
        state, children_done = stack.pop()
        here = key(state)
        if here in nodes and not children_done:
            continue
        if state.is_terminal():
            nodes[here] = Node(state, first=state.returns()[0])
            continue
        assert state.legal_actions(), f"OpenSpiel's {game}: not over, and no move: {state}"
        if not children_done:
            nodes[here] = Node(state)
            stack.append((state, True))
            stack.extend((state.child(a), False) for a in state.legal_actions())
            continue
        nodes[here] = value(state, nodes)
    return nodes


def value(state: Any, nodes: dict[tuple[str, int], Node]) -> Node:
    """Minimax at one state whose children are valued: the player to move takes its best
    return, the fastest win, the slowest loss or draw; the best actions are those that
    give exactly that."""
    player = state.current_player()
    sign = 1.0 if player == 0 else -1.0

    def worth(action: int) -> tuple[float, int]:
        child = nodes[key(state.child(action))]
        mine = sign * child.first
        # A win is better sooner, a loss or a draw later.
        return mine, -child.plies if mine > 0 else child.plies

    worths = {a: worth(a) for a in state.legal_actions()}
    best = max(worths.values())
    mine, ordered_plies = best
    plies = (-ordered_plies if mine > 0 else ordered_plies) + 1
    return Node(
        state,
        first=sign * mine,
        plies=plies,
        best={a for a, w in worths.items() if w == best},
    )


def outcome(game: perfect_play.Game, first: float) -> str:
    """Our name of the outcome the first player's return says."""
    return game.sides[0] if first > 0 else game.sides[1] if first < 0 else "draw"


@pytest.mark.parametrize(("spiel_name", "name", "count"), GAMES)
def test_every_state_against_openspiel(spiel_name: str, name: str, count: int) -> None:
    spiel = pyspiel.load_game(spiel_name)
    ours = ps.game_for(spiel)
    assert ours.name == name
    nodes = walk(spiel)
    assert len(nodes) == count
    # Our table holds the same positions, one for each OpenSpiel state, except in Dots and
    # Boxes of three boxes or more: ours tell a finished board by the side that would move next,
    # OpenSpiel's text of a finished state does not (2x2: 5,559 of ours, 12 boards finished
    # either way; 1x3: 1,261, 4 boards).
    assert ours.positions == EXTRA_FINISHED.get(name, 0) + count
    for node in nodes.values():
        state = node.state
        text = ps.position(state)
        probe = ours.probe(text)
        assert probe is not None, f"{spiel_name}: no game of ours reaches {text}"
        assert probe.finished == state.is_terminal(), text
        assert probe.outcome == outcome(ours, node.first), text
        if state.is_terminal():
            continue
        assert probe.to_move == ours.sides[state.current_player()], text
        assert probe.plies == node.plies, text
        legal = state.legal_actions()
        assert sorted(ps.move(state, a) for a in legal) == sorted(ours.moves(text)), text
        assert {ps.action(state, m) for m in probe.best_moves} == node.best, text
        assert {ps.move(state, a) for a in node.best} == set(probe.best_moves), text


def test_what_is_not_shared_says_why() -> None:
    refused = {
        "hex(num_rows=3,num_cols=3,swap=True)": "swap rule",
        "dots_and_boxes(num_rows=1,num_cols=1,utility_margin=True)": "margin",
        "gomoku(size=3,connect=3,anti=True)": "anti=False",
        "nim(pile_sizes=0;0)": "empty piles",
        "othello": "othello",
        "mancala": "mancala",
        "oware": "oware",
        "hex(num_rows=7,num_cols=7)": "rows is 7, but goes from 1 to 5",
        # OpenSpiel 2.0.2 itself: Hex of one row or column never ends, Clobber of one row
        # or column has no move at the start (1x1) or raises making one.
        "hex(num_rows=1,num_cols=3)": "one row or one column never ends",
        "hex(num_rows=2,num_cols=1)": "one row or one column never ends",
        "clobber(rows=1,columns=1)": "Clobber of one row or one column",
        "clobber(rows=3,columns=1)": "Clobber of one row or one column",
    }
    for spiel_name, why in refused.items():
        with pytest.raises(ps.NotInOpenSpielError, match=why):
            ps.game_for(pyspiel.load_game(spiel_name))


@pytest.mark.parametrize(("spiel_name", "name", "count"), GAMES)
def test_our_game_back_to_openspiel(spiel_name: str, name: str, count: int) -> None:
    ours = perfect_play.game(name)
    assert ps.game_for(ps.spiel_game(ours)) == ours
