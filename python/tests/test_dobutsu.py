"""Dōbutsu shōgi from Python: its lions and chicks (``dobutsu:giraffes=false,elephants=false``,
solved on first use; the full game needs a table file), each piece with its kind and the
directions it steps, both hands, a capture and a drop played, and a perfect game to its end.

Where the expectations come from: the rules (the crate's ``src/games/dobutsu.rs`` and
pychess-variants' ``dobutsu.md``: the lion steps one cell any way, the chick one forward, a
captured chick goes to the captor's hand and may be dropped on any empty cell), positions
written here by hand in the SFEN notation the README documents, and the start's value as
the page and ``perfect-play games --families`` give it (a sente win in 15 plies), which
a perfect game from the start must last (Tanaka's convention: a side that can take the
enemy lion has won in 1 ply, the capture not played).
"""

from __future__ import annotations

import perfect_play
import pytest

GAME = "dobutsu:giraffes=false,elephants=false"
ANY_WAY = {(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)}


def test_the_start_has_its_pieces_with_their_kinds_and_empty_hands() -> None:
    game = perfect_play.game(GAME)
    assert game.start == "1l1/1c1/1C1/1L1 b -"
    probe = game.probe(game.start)
    assert probe is not None
    letters = "".join(piece.letter if piece else "." for piece in probe.pieces)
    assert letters == ".l..c..C..L."
    lion, chick = probe.pieces[10], probe.pieces[7]
    assert lion is not None and chick is not None
    assert (lion.side, lion.name, lion.count) == ("sente", "lion", 1)
    assert set(lion.steps) == ANY_WAY
    # Sente's chick steps up the board (row -1), gote's down it.
    assert (chick.name, chick.steps) == ("chick", [(-1, 0)])
    theirs = probe.pieces[4]
    assert theirs is not None
    assert (theirs.side, theirs.letter, theirs.steps) == ("gote", "c", [(1, 0)])
    assert probe.hands == ((), ())


def test_captures_fill_the_hands_and_a_drop_empties_one() -> None:
    game = perfect_play.game(GAME)
    position = game.play(game.start, "2c2b")  # sente's chick takes gote's
    position = game.play(position, "2a2b")  # gote's lion takes it back
    assert position == "3/1l1/3/1L1 b Cc"
    probe = game.probe(position)
    assert probe is not None
    (mine,), (theirs,) = probe.hands
    assert (mine.side, mine.letter, mine.name, mine.count) == ("sente", "C", "chick", 1)
    assert (theirs.side, theirs.letter) == ("gote", "c")
    empty = [cell for cell, piece in enumerate(probe.pieces) if piece is None]
    drops = sorted(move.move for move in probe.moves if "*" in move.move)
    assert len(drops) == len(empty) == 10
    position = game.play(position, "C*2c")
    after = game.probe(position)
    assert after is not None
    dropped = after.pieces[7]
    assert dropped is not None and (dropped.side, dropped.name) == ("sente", "chick")
    assert after.hands[0] == ()


def test_a_perfect_game_lasts_the_starts_plies() -> None:
    game = perfect_play.game(GAME)
    position = game.start
    start = game.probe(position)
    assert start is not None
    assert (start.outcome, start.plies) == ("sente", 15)
    plies = 0
    while True:
        probe = game.probe(position)
        assert probe is not None
        if probe.finished:
            break
        position = game.play(position, probe.best_moves[0])
        plies += 1
    # A finished position may still count a ply: by Tanaka's convention a side that can
    # take the enemy lion has won in 1 (the capture is not played).
    assert probe.plies is not None
    assert plies + probe.plies == 15
    assert probe.outcome == "sente"


def test_the_full_game_without_its_table_says_how_to_make_it() -> None:
    with pytest.raises(ValueError) as raised:
        perfect_play.game("dobutsu")
    said = str(raised.value)
    assert "perfect-play solve dobutsu" in said
    assert "about 10 minutes on two cores" in said
