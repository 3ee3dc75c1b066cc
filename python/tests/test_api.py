"""The API's shape as a Python user meets it: the registry's games, the probe's fields, the
batch answers in both forms, the footholds solver against a brute force written here.

Where the expectations come from: the Rust crate's docs (Hexapawn is a second-player win,
misère tic-tac-toe a draw in 9 plies, Dodgem a first-player win), the problem statement of
Programmers 92345 for footholds (its two examples: 5 moves won by A; 4 moves won by B), and
``brute_force`` below, the game's rules written plainly.
"""

from __future__ import annotations

import array
import functools
import pickle
import random
import sys
import threading
import time

import perfect_play
import pytest
from positions import every_position


def test_games_come_from_the_registry() -> None:
    games = perfect_play.games()
    names = [g.name for g in games]
    assert {"misere", "hexapawn", "dodgem"} <= set(names)
    assert len(set(names)) == len(names)
    for game in games:
        assert perfect_play.game(game.name) == game == perfect_play.Game(game.name)
        assert hash(game) == hash(perfect_play.game(game.name))
        assert game.positions > 0
        assert len(game.sides) == 2
        assert game.rules.endswith(".") and ("win" in game.rules or "lose" in game.rules)
        assert game.title
        assert game.move_help
        assert repr(game) == f"perfect_play.game('{game.name}')"
        start = game.probe(game.start)
        assert start is not None and not start.finished
        assert start.to_move == game.sides[0]


def test_connect_four_as_people_play_it() -> None:
    # Published (../shared/fixtures/connect-four-facts.md): 4,531,985,219,092 positions, a
    # first-player win in 41 plies; the centre column the only winning first move, the
    # columns beside it draws, the outer four losses (Allis 1988; John Tromp). Within the
    # shipped opening book (4 plies), so each answer is a lookup.
    game = perfect_play.game("connect4-7x6")
    assert game.answered_by == "search"
    assert perfect_play.game("hexapawn").answered_by == "table"
    assert game.positions == 4_531_985_219_092
    start = game.probe(game.start)
    assert start is not None and (start.value, start.plies) == ("win", 41)
    ranked = start.moves
    values = {m.move: (m.value, m.plies) for m in ranked}
    assert ranked[0].move == "4" and values["4"] == ("win", 41)
    assert values["3"][0] == values["5"][0] == "draw"
    assert {values[c][0] for c in "1267"} == {"loss"}
    assert game.probe("......./......./......./......./...x.../.......") is None


def test_games_pickle_as_their_name() -> None:
    for game in perfect_play.games():
        again = pickle.loads(pickle.dumps(game))
        assert again == game and again.probe(again.start) == game.probe(game.start)
    assert perfect_play.__version__.count(".") == 2


def test_help_shows_the_rust_docs() -> None:
    # The doc comments of python/src/*.rs are the docstrings.
    assert "One solved game of the registry" in (perfect_play.Game.__doc__ or "")
    assert "or None when no game reaches the position" in (perfect_play.Game.probe.__doc__ or "")
    assert "with the GIL released" in (perfect_play.Game.probe_many.__doc__ or "")
    assert "What a probe answers about one position" in (perfect_play.Probe.__doc__ or "")
    assert "the budget" in (perfect_play.FootholdsSolver.solve.__doc__ or "")
    assert "naming the column" in (perfect_play.__doc__ or "")


def test_probe_fields() -> None:
    hexapawn = perfect_play.game("hexapawn")
    probe = hexapawn.probe("www/.../bbb w")
    assert probe is not None
    assert (probe.outcome, probe.value, probe.plies) == ("black", "loss", 6)
    assert probe.best_moves == ("2-5",)
    assert [m.move for m in probe.moves] == ["2-5", "1-4", "3-6"]
    assert probe.moves[0].position == "w.w/.w./bbb b"
    assert (probe.moves[0].value, probe.moves[0].plies, probe.moves[0].outcome) == (
        "loss",
        6,
        "black",
    )
    assert str(probe) == "www/.../bbb w: white to move, black wins in 6 plies"
    assert repr(probe).startswith("Probe(game='hexapawn', position='www/.../bbb w'")
    assert probe == hexapawn.probe(" WWW/.../BBB W ")  # letters in either case, spaces around
    with pytest.raises(AttributeError):
        probe.plies = 3  # type: ignore[misc]
    misere = perfect_play.game("misere")
    start = misere.probe(misere.start)
    assert start is not None and (start.outcome, start.plies) == ("draw", 9)
    assert misere.probe("x........") == misere.probe("x../.../...")
    done = misere.probe("xxx/oo./...")
    assert done is not None and done.finished and done.outcome == "o" and done.plies == 0
    assert done.moves == () and done.best_moves == ()
    assert str(done) == "xxx/oo./...: game over, o has won"
    dodgem = perfect_play.game("dodgem")
    assert dodgem.probe(dodgem.start) is not None
    assert hexapawn.probe("www/.../bbb b") is None  # black cannot move first


def test_probe_many_arrays_and_numpy_agree() -> None:
    game = perfect_play.game("hexapawn")
    positions = [game.start, "www/.../bbb b", "w.w/.w./bbb b"]
    codes, plies = game.probe_many(positions, numpy=False)
    assert isinstance(codes, array.array) and isinstance(plies, array.array)
    assert (codes.typecode, plies.typecode) == ("b", "H")
    assert codes.tolist() == [
        perfect_play.SECOND_WINS,
        perfect_play.UNREACHABLE,
        perfect_play.SECOND_WINS,
    ]
    assert plies.tolist() == [6, 0, 5]
    # As a list would: indexed, iterated, measured.
    assert (codes[0], plies[-1], len(codes), list(plies)) == (2, 5, 3, [6, 0, 5])
    assert game.probe_many(iter(positions), numpy=False) == (codes, plies)
    assert game.probe_many((p for p in positions), numpy=False) == (codes, plies)
    empty_codes, empty_plies = game.probe_many([], numpy=False)
    assert (empty_codes.typecode, empty_plies.typecode) == ("b", "H")
    assert (len(empty_codes), len(empty_plies)) == (0, 0)
    numpy = pytest.importorskip("numpy")
    array_codes, array_plies = game.probe_many(positions)
    assert array_codes.dtype == numpy.int8 and array_plies.dtype == numpy.uint16
    assert array_codes.tolist() == codes.tolist() and array_plies.tolist() == plies.tolist()
    array_codes[0] = 0  # writable, like any array
    forced = game.probe_many(positions, numpy=True)
    assert forced[0].tolist() == codes.tolist()
    empty = game.probe_many([])
    assert empty[0].dtype == numpy.int8 and empty[0].shape == empty[1].shape == (0,)


def expected(game: perfect_play.Game, position: str) -> tuple[int, int]:
    """The outcome code and plies of ``position`` from one ``probe``."""
    probe = game.probe(position)
    if probe is None:
        return perfect_play.UNREACHABLE, 0
    code = {
        "draw": perfect_play.DRAW,
        game.sides[0]: perfect_play.FIRST_WINS,
        game.sides[1]: perfect_play.SECOND_WINS,
    }[probe.outcome]
    return code, perfect_play.ENDLESS if probe.plies is None else probe.plies


def random_positions(game: perfect_play.Game, count: int, seed: int) -> list[str]:
    """``count`` ends of random games from the start, each cut at a ply drawn uniformly."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        position = game.start
        for _ in range(rng.randrange(position.count(".") + 1)):
            moves = game.moves(position)
            if not moves:
                break
            position = game.play(position, rng.choice(moves))
        positions.append(position)
    return positions


@pytest.mark.parametrize(
    ("name", "how"),
    [("tictactoe", "every position"), ("connect4-4x4", "3,000 random positions")],
)
def test_probe_many_answers_as_single_probes(name: str, how: str) -> None:
    game = perfect_play.game(name)
    if how == "every position":
        positions = every_position(game)
        assert len(positions) == game.positions
    else:
        positions = random_positions(game, 3000, seed=33)
    # An unreachable one too: two crosses in the bottom row, no nought.
    positions.append(game.start.replace(".", "x", 2)[::-1])
    want = [expected(game, p) for p in positions]
    assert any(code == perfect_play.UNREACHABLE for code, _ in want)
    # Twice: from the table, then from the memo.
    for _ in range(2):
        codes, plies = game.probe_many(positions, numpy=False)
        assert (codes.typecode, plies.typecode) == ("b", "H")
        assert list(zip(codes, plies)) == want
    numpy = pytest.importorskip("numpy")
    numpy_codes, numpy_plies = game.probe_many(positions, numpy=True)
    assert numpy_codes.tolist() == codes.tolist() and numpy_plies.tolist() == plies.tolist()
    assert numpy.array_equal(numpy.frombuffer(plies, dtype=numpy.uint16), numpy_plies)


def test_probe_many_without_numpy_answers_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    # probe_many imports numpy at each call (through sys.modules, no cache of its own): a
    # None there makes the import fail, as on a machine without numpy.
    monkeypatch.setitem(sys.modules, "numpy", None)
    game = perfect_play.game("hexapawn")
    codes, plies = game.probe_many([game.start, "www/.../bbb b"])
    assert isinstance(codes, array.array) and isinstance(plies, array.array)
    assert (codes.typecode, plies.typecode) == ("b", "H")
    assert (codes.tolist(), plies.tolist()) == ([perfect_play.SECOND_WINS, -1], [6, 0])
    with pytest.raises(ImportError):
        game.probe_many([game.start], numpy=True)


def test_probe_many_lets_other_threads_run() -> None:
    # A thread that wakes every millisecond keeps waking while another thread probes a long
    # list: the probes run with the GIL released. (Holding it, the call would shut the
    # sleeper out from its start to its end, but for one switch interval of 5 ms.)
    game = perfect_play.game("misere")
    positions = [game.start, "xo./.../..."] * 1_500_000
    stop = threading.Event()
    wakes: list[float] = []

    def sleeper() -> None:
        while not stop.is_set():
            wakes.append(time.perf_counter())
            time.sleep(0.001)

    thread = threading.Thread(target=sleeper)
    thread.start()
    time.sleep(0.05)
    before = time.perf_counter()
    codes, _ = game.probe_many(positions, numpy=False)
    after = time.perf_counter()
    stop.set()
    thread.join()
    assert len(codes) == len(positions)
    during = [t for t in wakes if before + 0.02 < t < after - 0.02]
    assert after - before > 0.1, "too fast to tell: make the list longer"
    assert len(during) >= 5, (after - before, len(during))


def brute_force(
    grid: tuple[tuple[int, ...], ...], a: tuple[int, int], b: tuple[int, int]
) -> tuple[str, int]:
    """Programmers 92345 by its statement: the winner (who makes the last move) and the total
    number of moves, the winner as few as it can, the loser as many."""
    rows, cols = len(grid), len(grid[0])

    @functools.cache
    def play(
        tiles: frozenset[tuple[int, int]], me: tuple[int, int], other: tuple[int, int]
    ) -> tuple[bool, int]:
        # Whether the side to move wins, and the moves left.
        if me not in tiles:
            return (False, 0)
        outcomes = []
        r, c = me
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= step[0] < rows and 0 <= step[1] < cols and step in tiles:
                wins, moves = play(tiles - {me}, other, step)
                outcomes.append((not wins, moves + 1))
        if not outcomes:
            return (False, 0)
        winning = [m for w, m in outcomes if w]
        return (True, min(winning)) if winning else (False, max(m for _, m in outcomes))

    tiles = frozenset((r, c) for r in range(rows) for c in range(cols) if grid[r][c])
    wins, moves = play(tiles, a, b)
    return ("A" if wins else "B", moves)


def test_footholds_examples() -> None:
    first = perfect_play.solve_footholds([[1, 1, 1], [1, 1, 1], [1, 1, 1]], (1, 0), (1, 2))
    assert (first.moves, first.winner, len(first.line)) == (5, "A", 5)
    second = perfect_play.solve_footholds([[1, 1, 1], [1, 0, 1], [1, 1, 1]], (1, 0), (1, 2))
    assert (second.moves, second.winner) == (4, "B")
    assert repr(second).startswith("FootholdsSolution(moves=4, winner='B', line=((")


def test_footholds_against_brute_force() -> None:
    rng = random.Random(92345)
    solver = perfect_play.FootholdsSolver()
    for _ in range(60):
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        grid = tuple(tuple(int(rng.random() < 0.8) for _ in range(cols)) for _ in range(rows))
        tiles = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c]]
        if not tiles:
            continue
        a, b = rng.choice(tiles), rng.choice(tiles)
        solution = solver.solve([list(row) for row in grid], a, b)
        assert (solution.winner, solution.moves) == brute_force(grid, a, b), (grid, a, b)
        assert len(solution.line) == solution.moves
        assert solver.positions >= 0
        again = perfect_play.solve_footholds(grid, a, b)
        assert again == solution


def test_footholds_budget() -> None:
    solver = perfect_play.FootholdsSolver()
    full = [[1] * 4] * 4
    within = solver.solve(full, (0, 0), (3, 3), max_positions=1_000_000, seconds=60.0)
    assert within == perfect_play.solve_footholds(full, (0, 0), (3, 3))
    with pytest.raises(perfect_play.OutOfBudgetError):
        solver.solve([[1] * 8] * 8, (3, 3), (4, 4), seconds=0.0)


def test_dodgem_has_no_endless_draw() -> None:
    # No Dodgem position is a draw (the reference finds none), so ENDLESS never appears.
    game = perfect_play.game("dodgem")
    assert perfect_play.ENDLESS == 16383
    codes, plies = game.probe_many([game.start], numpy=False)
    assert plies[0] != perfect_play.ENDLESS and codes.tolist() == [perfect_play.FIRST_WINS]
