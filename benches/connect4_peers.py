#!/usr/bin/env python3
"""Connect Four 7x6 without opening books: our engine and its peers on the same positions.

Usage: connect4_peers.py POSITIONS [--ours BIN] [--pons BIN] [--c4ai BIN] [--bitbully]

POSITIONS holds one move sequence a line (columns 1-7, as Pascal Pons's test sets). Each
solver answers each position in a fresh process of its own (bitbully in a fresh solver
object in this one), so that no transposition table carries over, the solvers taking
turns position by position; the time is the solve alone (wall clock, measured inside the
process around the solve: no start-up, no allocation of the table). Every solver's score
must agree with ours: a disagreement stops the run. Prints a Markdown table: per solver,
the median and the worst time, and the positions answered.
"""

import argparse
import statistics
import subprocess
import sys
import time


def run_process(command, line):
    """The score a solver process prints for `line` and the seconds the solve took (it
    prints `LINE SCORE ... MICROSECONDS`)."""
    out = subprocess.run(command, input=line + "\n", capture_output=True, text=True, check=True)
    fields = out.stdout.split()
    return int(fields[1]), int(fields[-1]) / 1e6


def bitbully_solver():
    from bitbully import bitbully_core as core

    def solve(line):
        solver = core.BitBullyCore()
        board = core.BoardCore()
        board.play(line.translate(str.maketrans("1234567", "0123456")))
        start = time.perf_counter()
        score = solver.mtdf(board, 0)
        return score, time.perf_counter() - start

    return solve


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("positions")
    parser.add_argument("--ours", required=True)
    parser.add_argument("--pons")
    parser.add_argument("--c4ai")
    parser.add_argument("--bitbully", action="store_true")
    args = parser.parse_args()
    lines = [l.split()[0] for l in open(args.positions) if l.strip()]
    # A 64 MiB transposition table, as Pons's (8 million entries).
    solvers = {"perfect-play": lambda l: run_process([args.ours, "--memory", "64"], l)}
    if args.pons:
        solvers["Pons's solver"] = lambda l: run_process([args.pons], l)
    if args.c4ai:
        solvers["connect-four-ai 1.0.0"] = lambda l: run_process([args.c4ai], l)
    if args.bitbully:
        solvers["bitbully 0.0.79"] = bitbully_solver()
    times = {name: [] for name in solvers}
    for i, line in enumerate(lines):
        scores = {}
        for name, solve in solvers.items():
            scores[name], seconds = solve(line)
            times[name].append(seconds)
        if len(set(scores.values())) != 1:
            sys.exit(f"position {i + 1} ({line}): the solvers disagree: {scores}")
        print(f"{i + 1}/{len(lines)} {line} {scores['perfect-play']}", file=sys.stderr)
    print("| solver | positions | median | worst |")
    print("|---|---|---|---|")
    for name, seconds in times.items():
        print(
            f"| {name} | {len(seconds)} | {statistics.median(seconds) * 1000:.1f} ms "
            f"| {max(seconds) * 1000:.1f} ms |"
        )


if __name__ == "__main__":
    main()
