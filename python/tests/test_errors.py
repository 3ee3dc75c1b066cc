"""Bad input, as a Python user meets it: the exception's type, and what its message says.

Where the expectations come from: the notation documented in each game's Rust module docs
(``src/games/*.rs``) and its ``ParseError`` messages (``crates/core/src/notation.rs``): the
column counted from 1, 0 when the error is about the whole text.
"""

from __future__ import annotations

import perfect_play
import pytest


@pytest.fixture
def hexapawn() -> perfect_play.Game:
    return perfect_play.game("hexapawn")


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("wwx/.../bbb w", 3, "row 1, column 3: `x` is not a cell: expected w, b or ."),
        ("www/.../bbb/... w", 12, "4 rows, expected 3"),
        ("www/..../bbb w", 8, "row 2 has 4 cells, expected 3"),
        ("www/.../bbb", 0, "the side to move is missing"),
        ("www/.../bbb q", 13, "`q` is not a side to move: expected w or b"),
        ("www/.../bbb w w", 15, "`w` after the end of the position"),
        ("", 0, "empty: expected a position"),
        ("wwwbbb", 0, "expected 9 cells, found 6"),
    ],
)
def test_a_bad_position_names_its_column(
    hexapawn: perfect_play.Game, text: str, column: int, says: str
) -> None:
    for call in (hexapawn.probe, hexapawn.moves, lambda t: hexapawn.play(t, "2-5")):
        with pytest.raises(perfect_play.NotationError) as caught:
            call(text)
        error = caught.value
        assert isinstance(error, ValueError)
        assert error.column == column
        assert error.text == text
        assert error.index is None
        assert says in str(error)
        assert "hexapawn position" in str(error)


def test_a_bad_move_names_its_column(hexapawn: perfect_play.Game) -> None:
    with pytest.raises(perfect_play.NotationError, match=r"hexapawn move.*not a move") as caught:
        hexapawn.play(hexapawn.start, "2-x")
    assert caught.value.column == 3
    with pytest.raises(perfect_play.NotationError) as caught:
        hexapawn.play(hexapawn.start, "  25")
    # The fault is where the `-` should stand, after the first cell (column 3).
    assert caught.value.column == 4
    dodgem = perfect_play.game("dodgem")
    assert dodgem.play("b../b../.rr b", "1-2") == ".b./b../.rr r"
    with pytest.raises(perfect_play.NotationError, match="not a move: expected FROM-TO") as caught:
        dodgem.play("b../b../.rr b", "")
    assert caught.value.column == 0


def test_an_illegal_move_says_which_are_legal(hexapawn: perfect_play.Game) -> None:
    with pytest.raises(
        ValueError,
        match="hexapawn from www/.../bbb w: `2-6` is not a legal move here: "
        "the legal moves are 1-4, 2-5, 3-6",
    ) as caught:
        hexapawn.play(hexapawn.start, "2-6")
    assert not isinstance(caught.value, perfect_play.NotationError)
    # x made three in a row (and so lost, in misère): no move is legal any more.
    misere = perfect_play.game("misere")
    assert misere.moves("xxx/oo./...") == []
    with pytest.raises(ValueError, match="the game is over: o won"):
        misere.play("xxx/oo./...", "9")


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(ValueError, match="no game is called `chess`; the games are .*hexapawn"):
        perfect_play.game("chess")
    with pytest.raises(ValueError, match="no game is called"):
        perfect_play.Game("chess")
    # Names as people type them: any case, and a near miss named.
    assert perfect_play.game("Hexapawn").name == "hexapawn"
    with pytest.raises(ValueError, match="did you mean `hexapawn`"):
        perfect_play.game("hexapwn")


def test_probe_many_says_which_item_is_bad(hexapawn: perfect_play.Game) -> None:
    # The start asked first, so that probe_many answers it from memory the second time and
    # the bad text is the first it parses: the index is still the item's place.
    hexapawn.probe_many([hexapawn.start, "w.w/.w./bbb b"])
    with pytest.raises(perfect_play.NotationError) as caught:
        hexapawn.probe_many([hexapawn.start, hexapawn.start, "www/.../bbx w"])
    assert caught.value.index == 2
    assert caught.value.column == 11
    assert caught.value.text == "www/.../bbx w"
    assert "(item 2)" in str(caught.value)
    # The same without numpy (array.array answers).
    with pytest.raises(perfect_play.NotationError) as caught:
        hexapawn.probe_many([hexapawn.start, "w.w/.w./bbb b", "wwx/.../bbb w"], numpy=False)
    assert (caught.value.index, caught.value.column) == (2, 3)
    with pytest.raises(TypeError):
        hexapawn.probe_many([hexapawn.start, 5])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        hexapawn.probe_many(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not one str"):
        hexapawn.probe_many(hexapawn.start)


def test_footholds_errors() -> None:
    full = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
    with pytest.raises(ValueError, match="the grid is empty"):
        perfect_play.solve_footholds([], (0, 0), (0, 0))
    with pytest.raises(ValueError, match="row 1 has 2 cells, but the first row has 3"):
        perfect_play.solve_footholds([[1, 1, 1], [1, 1]], (0, 0), (0, 1))
    with pytest.raises(ValueError, match=r"cell \(1, 2\) is 2"):
        perfect_play.solve_footholds([[1, 1, 1], [1, 1, 2]], (0, 0), (0, 1))
    with pytest.raises(ValueError, match=r"cell \(0, 0\) is 300"):
        perfect_play.solve_footholds([[300]], (0, 0), (0, 0))
    with pytest.raises(ValueError, match=r"cell \(0, 1\) is -1"):
        perfect_play.solve_footholds([[1, -1]], (0, 0), (0, 0))
    with pytest.raises(ValueError, match="larger than the 8x8"):
        perfect_play.solve_footholds([[1] * 9] * 9, (0, 0), (0, 1))
    with pytest.raises(ValueError, match=r"A starts at \(5, 0\), which is off the grid"):
        perfect_play.solve_footholds(full, (5, 0), (0, 1))
    with pytest.raises(ValueError, match=r"B starts at \(1, 1\), which has no tile"):
        perfect_play.solve_footholds([[1, 1, 1], [1, 0, 1]], (0, 0), (1, 1))
    with pytest.raises(ValueError, match="a time budget must be a number of seconds"):
        perfect_play.solve_footholds(full, (0, 0), (2, 2), seconds=-1.0)
    with pytest.raises(perfect_play.OutOfBudgetError) as caught:
        perfect_play.solve_footholds([[1] * 8] * 8, (3, 3), (4, 4), max_positions=10)
    assert isinstance(caught.value, RuntimeError)
    assert caught.value.positions > 10
    assert "not solved within the budget" in str(caught.value)
