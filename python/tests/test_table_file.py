"""A table file opened from Python (``perfect_play.open_table``): the same answers as the
compiled game, probed in place, and a damaged, truncated or foreign file refused.

Where the expectations come from: ``data/tictactoe.table`` is the file ``perfect-play solve
tictactoe --out tictactoe.table`` writes (12,104 bytes, SHA-256 ``c20c7233...4495d0``; run it
again to remake the file when the format or the game's rules version changes); its answers
are checked against the compiled tic-tac-toe table, which ``test_reference.py`` checks
against a reference solver written in the tests. The refusals are the format's
(``docs/table-format.md``): every byte is under a checksum.
"""

from __future__ import annotations

import copy
import errno
import pickle
from pathlib import Path

import perfect_play
import pytest
from positions import every_position

TABLE = Path(__file__).resolve().parent / "data" / "tictactoe.table"


def test_a_table_file_answers_as_the_compiled_game() -> None:
    compiled = perfect_play.game("tictactoe")
    opened = perfect_play.open_table(TABLE)
    assert opened.name == "tictactoe"
    assert opened.positions == compiled.positions == 5478
    positions = every_position(compiled)
    assert len(positions) == 5478
    # Many at once (a file's probes pipelined), as array.array and as numpy arrays.
    for numpy in (False, None):
        codes, plies = opened.probe_many(positions, numpy=numpy)
        expected_codes, expected_plies = compiled.probe_many(positions, numpy=numpy)
        assert list(codes) == list(expected_codes)
        assert list(plies) == list(expected_plies)
    # One at a time, with every move ranked.
    for position in positions[::50]:
        got, expected = opened.probe(position), compiled.probe(position)
        assert got is not None and expected is not None
        assert (got.outcome, got.plies, got.best_moves) == (
            expected.outcome,
            expected.plies,
            expected.best_moves,
        )
    # Named as the game it must be, by a str path too.
    assert perfect_play.open_table(str(TABLE), "tictactoe").positions == 5478


def test_a_file_of_another_game_is_refused_with_both_names() -> None:
    with pytest.raises(ValueError, match="a table of tictactoe, not of hexapawn"):
        perfect_play.open_table(TABLE, "hexapawn")


def test_a_damaged_or_truncated_file_is_refused_saying_where(tmp_path: Path) -> None:
    data = TABLE.read_bytes()
    damaged = tmp_path / "damaged.table"
    flipped = bytearray(data)
    flipped[len(data) - 10] ^= 0x01
    damaged.write_bytes(bytes(flipped))
    with pytest.raises(ValueError, match=r"damaged: block 0 \(from byte \d+\)"):
        perfect_play.open_table(damaged)
    truncated = tmp_path / "truncated.table"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="truncated.table"):
        perfect_play.open_table(truncated)
    foreign = tmp_path / "foreign.table"
    foreign.write_bytes(b"not a table file at all" * 10)
    with pytest.raises(ValueError, match="foreign.table"):
        perfect_play.open_table(foreign)


def test_a_missing_file_is_an_os_error_as_open_raises_it() -> None:
    missing = TABLE.parent / "no-such.table"
    with pytest.raises(FileNotFoundError, match="no-such.table") as raised:
        perfect_play.open_table(missing)
    assert raised.value.errno == errno.ENOENT
    assert raised.value.filename == str(missing)


def test_a_game_of_a_file_pickles_and_shows_as_its_file() -> None:
    opened = perfect_play.open_table(TABLE)
    assert repr(opened) == f"perfect_play.open_table('{TABLE}', 'tictactoe')"
    again = pickle.loads(pickle.dumps(opened))
    assert repr(again) == repr(opened)
    codes, plies = again.probe_many([again.start], numpy=False)
    assert (codes.tolist(), plies.tolist()) == ([0], [9])
    compiled = perfect_play.game("tictactoe")
    assert repr(pickle.loads(pickle.dumps(compiled))) == "perfect_play.game('tictactoe')"
    # A game is immutable: a copy is itself, the file not opened again.
    assert copy.copy(opened) is opened
    assert copy.deepcopy(opened) is opened
