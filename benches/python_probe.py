"""probe_many beside a Python dict of the same answers and beside OpenSpiel solving the
same positions: one run, figures printed as a Markdown table for BENCHMARKS.md.

    python benches/python_probe.py [--game NAME | --table FILE] [--count N]
        [--openspiel-count N] [--seed S] [--repeat N]

The input: ``--count`` positions (1,000,000 by default) drawn uniformly, with a seeded
random generator, from every position of the game reachable from its start (walked through
the package's own ``moves`` and ``play``). With ``--table FILE`` the game is a table file
of ``perfect-play solve`` opened with ``open_table`` (a game too large to walk from
Python: ``connect4-6x4`` has 94,910,577 positions), and each position is the end of a
seeded random game cut at a uniformly drawn ply; the dict holds the distinct ones drawn.
Measured, each once:

- ``probe_many``: its first call in the process (cold), then again with numpy arrays, with
  the standard library's ``array.array`` (``numpy=False``), and with those made lists
  (``.tolist()``: what a caller who wants lists pays);
- a dict from position to (outcome code, plies), built beforehand, looked up for each;
- ``Game.probe`` called once per position (a smaller count: it builds a full ``Probe``);
- OpenSpiel (when the game is one of its own: ``tictactoe``, ``misere``, ``connect4-4x4``):
  ``alpha_beta_search`` from each position (``--openspiel-count`` of them, 1,000 by
  default), and its ``MinimaxSolver`` solving the whole game once, then a dict lookup.

With ``--repeat N`` (1 by default) the numpy, array, list and dict rows are each timed N
times, taking turns (numpy, arrays, lists, dict, numpy...), and each row gives the median of
its N, with the least and the most beside it: on a machine whose speed drifts from one
second to the next, the figures to compare.

The answers of every method are checked against ``probe_many``'s before a figure is printed.
Each row gives the process's CPU time (the figure to read on a machine shared with other
work) beside the wall time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import time
from collections.abc import Callable
from typing import Any

import perfect_play

OPENSPIEL_GAMES = {
    "tictactoe": "tic_tac_toe",
    "misere": "misere(game=tic_tac_toe())",
    "connect4-4x4": "connect_four(rows=4,columns=4)",
}


def reachable(game: perfect_play.Game) -> list[str]:
    seen = {game.start}
    stack = [game.start]
    while stack:
        position = stack.pop()
        for move in game.moves(position):
            child = game.play(position, move)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return sorted(seen)


def random_game(game: perfect_play.Game, rng: random.Random) -> str:
    """The position after a random game from the start, cut at a ply drawn uniformly from 0
    to the board's cells (or where the game ends, if sooner)."""
    position = game.start
    for _ in range(rng.randrange(position.count(".") + 1)):
        moves = game.moves(position)
        if not moves:
            break
        position = game.play(position, rng.choice(moves))
    return position


def timed(label: str, count: int, run: Callable[[], Any]) -> tuple[Any, list[str]]:
    """Runs ``run`` once; prints its CPU time (the process's: on a machine shared with other
    work, the wall clock also counts the time others hold the cores) and its wall time."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    per = cpu / count * 1e9
    rate = count / cpu / 1e6
    row = (
        f"| {label} | {count:,} | {cpu * 1e3:,.1f} ms | {wall * 1e3:,.1f} ms | {per:,.0f} ns "
        f"| {rate:,.2f} M/s |"
    )
    print(row, flush=True)
    return result, [row]


def taking_turns(count: int, repeat: int, runs: list[tuple[str, Callable[[], Any]]]) -> list[Any]:
    """Times each of ``runs`` ``repeat`` times, taking turns; prints each one's median CPU
    time with its least and most, and returns each one's last result."""
    cpu: list[list[float]] = [[] for _ in runs]
    wall: list[list[float]] = [[] for _ in runs]
    results: list[Any] = [None for _ in runs]
    for _ in range(repeat):
        for i, (_, run) in enumerate(runs):
            w, c = time.perf_counter(), time.process_time()
            results[i] = run()
            cpu[i].append(time.process_time() - c)
            wall[i].append(time.perf_counter() - w)
    for (label, _), cpus, walls in zip(runs, cpu, wall, strict=True):
        mid, least, most = statistics.median(cpus), min(cpus), max(cpus)
        label = f"{label}, median of {repeat} [least, most]"
        print(
            f"| {label} | {count:,} | {mid * 1e3:,.1f} ms [{least * 1e3:,.1f}, {most * 1e3:,.1f}] "
            f"| {statistics.median(walls) * 1e3:,.1f} ms | {mid / count * 1e9:,.0f} ns "
            f"| {count / mid / 1e6:,.2f} M/s |",
            flush=True,
        )
    return results


def machine() -> str:
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next(
            line.split(":", 1)[1].strip() for line in lscpu.splitlines() if "Model name" in line
        )
    except (OSError, subprocess.CalledProcessError, StopIteration):
        model = platform.processor() or "unknown CPU"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores, load average {load}; Python {platform.python_version()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    names = [g.name for g in perfect_play.games()]
    default = max(perfect_play.games(), key=lambda g: g.positions).name
    parser.add_argument("--game", default=default, choices=names)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--probe-count", type=int, default=100_000)
    parser.add_argument("--openspiel-count", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--table", help="a table file of `perfect-play solve`")
    args = parser.parse_args()

    try:
        import numpy  # noqa: F401 (imported here, so that no timed call pays for the import)
    except ImportError:
        print("(numpy is not installed: probe_many answers array.array)")
    rng = random.Random(args.seed)
    if args.table:
        game = perfect_play.open_table(args.table)
        positions = [random_game(game, rng) for _ in range(args.count)]
        every = sorted(set(positions))
        print(
            f"game {game.name} from {args.table}: {game.positions:,} positions in the file; "
            f"{args.count:,} drawn with seed {args.seed} from random games "
            f"({len(every):,} distinct)"
        )
    else:
        game = perfect_play.game(args.game)
        every = reachable(game)
        assert len(every) == game.positions
        positions = [rng.choice(every) for _ in range(args.count)]
        print(
            f"game {game.name}: {game.positions:,} reachable positions; {args.count:,} drawn "
            f"with seed {args.seed}"
        )
    print(f"machine: {machine()}")
    print()
    print("| method | positions | CPU time | wall time | CPU per position | rate (CPU) |")
    print("|---|---:|---:|---:|---:|---:|")

    timed(
        "`probe_many`, the process's first call (cold: fresh memory from the OS)",
        args.count,
        lambda: game.probe_many(positions, numpy=False),
    )
    every_codes, every_plies = game.probe_many(every, numpy=False)
    table = dict(zip(every, zip(every_codes, every_plies, strict=True), strict=True))

    def as_lists(positions: list[str]) -> tuple[list[int], list[int]]:
        codes, plies = game.probe_many(positions, numpy=False)
        return codes.tolist(), plies.tolist()

    runs: list[tuple[str, Callable[[], Any]]] = [
        ("`probe_many` (numpy arrays)", lambda: game.probe_many(positions)),
        (
            "`probe_many(numpy=False)` (array.array)",
            lambda: game.probe_many(positions, numpy=False),
        ),
        ("the same, then `.tolist()` of both (lists)", lambda: as_lists(positions)),
        (
            "dict lookup, `list(map(d.__getitem__, positions))`",
            lambda: list(map(table.__getitem__, positions)),
        ),
    ]
    if args.repeat > 1:
        results = taking_turns(args.count, args.repeat, runs)
    else:
        results = [timed(label, args.count, run)[0] for label, run in runs]
    (codes, plies), (array_codes, array_plies), (list_codes, list_plies), looked_up = results
    assert array_codes.typecode == "b" and array_plies.typecode == "H"
    assert array_codes.tolist() == list_codes and array_plies.tolist() == list_plies
    assert codes.tolist() == list_codes and plies.tolist() == list_plies
    assert [c for c, _ in looked_up] == list_codes and [p for _, p in looked_up] == list_plies

    few = positions[: args.probe_count]
    probes, _ = timed(
        "`Game.probe` once per position", len(few), lambda: [game.probe(p) for p in few]
    )
    assert [p.plies for p in probes] == list_plies[: len(few)]

    spiel = OPENSPIEL_GAMES.get(game.name.replace("_", "-"))
    if spiel is None:
        print(f"\n(OpenSpiel has no {game.name}: no OpenSpiel figures)")
        return
    try:
        import pyspiel
        from open_spiel.python.algorithms import get_all_states, minimax
        from open_spiel.python.algorithms.minimax_solver import MinimaxSolver
    except ImportError:
        print("\n(open-spiel is not installed: no OpenSpiel figures)")
        return
    spiel_game = pyspiel.load_game(spiel)
    states = get_all_states.get_all_states(
        spiel_game,
        depth_limit=-1,
        include_terminals=True,
        include_chance_states=False,
        to_string=str,
    )
    # By the cells alone: tic-tac-toe writes its nine cells in a row, the others split rows
    # with `/`, OpenSpiel one a line.
    by_text = {"".join(key.split()): state for key, state in states.items()}
    sample = positions[: args.openspiel_count]

    def mover(state: Any) -> int:
        text = str(state)
        return 0 if text.count("x") == text.count("o") else 1

    def alpha_beta() -> list[float]:
        values = []
        for text in sample:
            state = by_text[text.replace("/", "")]
            if state.is_terminal():
                values.append(state.player_return(0))
            else:
                value, _ = minimax.alpha_beta_search(
                    spiel_game, state=state.clone(), maximizing_player_id=0
                )
                values.append(value)
        return values

    values, _ = timed("OpenSpiel `alpha_beta_search` from each position", len(sample), alpha_beta)
    code_of = {1.0: perfect_play.FIRST_WINS, -1.0: perfect_play.SECOND_WINS, 0.0: perfect_play.DRAW}
    assert [code_of[v] for v in values] == list_codes[: len(sample)]

    solver, _ = timed(
        "OpenSpiel `MinimaxSolver().solve()`, the whole game once",
        len(states),
        lambda: MinimaxSolver(str(spiel_game)).solve(),
    )

    def lookups() -> list[float]:
        out = []
        for text in positions:
            state = by_text[text.replace("/", "")]
            if state.is_terminal():
                out.append(state.player_return(0))
            else:
                value = solver[str(state)].value
                out.append(value if mover(state) == 0 else -value)
        return out

    solved_values, _ = timed("then its table, looked up for each position", args.count, lookups)
    assert [code_of[v] for v in solved_values] == list_codes


if __name__ == "__main__":
    main()
