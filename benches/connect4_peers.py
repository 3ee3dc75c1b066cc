#!/usr/bin/env python3
"""Connect Four 7x6 without opening books: our engine and its peers on the same positions.

Usage: connect4_peers.py POSITIONS [--rounds N] [--fresh] [--ours BIN] [--ours-threads N]
       [--c4 BIN] [--c4-2 BIN] [--pons BIN] [--c4ai BIN] [--bitbully]

POSITIONS holds one move sequence a line (columns 1-7, as Pascal Pons's test sets; an
empty line is the empty board). Each solver answers every position in one process of its
own, its transposition table kept from one position to the next as a batch of questions
keeps it (with --fresh, each position in a fresh process instead, so that no table carries
over); the solvers take turns, one whole batch each, for --rounds rounds. The time of a
position is the solve alone (wall clock, measured inside the process around the solve:
no start-up, no allocation of the table); the whole batch's wall time is taken too, so
that what a question costs outside its search shows. Every solver's score must agree
with ours: a disagreement stops the run. Prints Markdown tables: per solver and round,
the solve times summed, the batch's wall time, then the median and slowest by ply band.
"""

import argparse
import statistics
import subprocess
import sys
import time

BANDS = [(0, 7), (8, 9), (10, 12), (13, 20), (21, 42)]


def parse_row(fields, empty):
    """(score, seconds) of one output row: `LINE SCORE [NODES] MICROSECONDS`, the line
    left out for the empty board."""
    if empty:
        fields = [""] + fields
    return int(fields[1]), int(fields[-1]) / 1e6


def run_process(command, lines):
    """Every line through `command` in one process: answers and the process's wall time."""
    start = time.perf_counter()
    out = subprocess.run(
        command, input="".join(l + "\n" for l in lines), capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    rows = out.stdout.splitlines()
    if len(rows) != len(lines):
        sys.exit(f"{command[0]}: {len(rows)} answers for {len(lines)} positions")
    return [parse_row(r.split(), l == "") for r, l in zip(rows, lines)], wall


def bitbully_batch(lines):
    """bitbully's MTD(f) on each line, one solver object for the batch."""
    from bitbully import bitbully_core as core

    start = time.perf_counter()
    solver = core.BitBullyCore()
    answers = []
    for line in lines:
        board = core.BoardCore()
        board.play(line.translate(str.maketrans("1234567", "0123456")))
        begin = time.perf_counter()
        score = solver.mtdf(board, 0)
        answers.append((score, time.perf_counter() - begin))
    return answers, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("positions")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument("--ours", required=True)
    parser.add_argument("--ours-threads", type=int, default=1)
    parser.add_argument("--memory", type=int, default=1024, help="our table, MiB")
    parser.add_argument("--c4")
    parser.add_argument("--c4-2")
    parser.add_argument("--pons")
    parser.add_argument("--c4ai")
    parser.add_argument("--bitbully", action="store_true")
    args = parser.parse_args()
    lines = [l.strip() for l in open(args.positions)]
    while lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()

    def process(command):
        if args.fresh:
            def fresh(ls):
                answers, wall = [], 0.0
                for l in ls:
                    a, w = run_process(command, [l])
                    answers += a
                    wall += w
                return answers, wall
            return fresh
        return lambda ls: run_process(command, ls)

    ours = [args.ours, "--memory", str(args.memory)]
    solvers = {"perfect-play": process(ours + ["--threads", "1"])}
    if args.ours_threads > 1:
        solvers[f"perfect-play, {args.ours_threads} threads"] = process(
            ours + ["--threads", str(args.ours_threads)]
        )
    if args.c4:
        solvers["c4"] = process([args.c4])
    if args.c4_2:
        solvers["c4, 2 threads"] = process([args.c4_2])
    if args.pons:
        solvers["Pons's solver"] = process([args.pons])
    if args.c4ai:
        solvers["connect-four-ai 1.0.0"] = process([args.c4ai])
    if args.bitbully:
        solvers["bitbully 0.0.79"] = bitbully_batch
    results = {name: [] for name in solvers}
    for r in range(args.rounds):
        for name, solve in solvers.items():
            answers, wall = solve(lines)
            results[name].append((answers, wall))
            print(f"round {r + 1}: {name}: {wall:.2f} s", file=sys.stderr)
    reference = [score for score, _ in results["perfect-play"][0][0]]
    for name, runs in results.items():
        for answers, _ in runs:
            for i, ((score, _), want) in enumerate(zip(answers, reference)):
                if score != want:
                    sys.exit(f"position {i + 1} ({lines[i]}): {name} says {score}, we say {want}")
    print(f"{len(lines)} positions, every score agreed.\n")
    print("| solver | round | solves summed | whole batch (wall) | outside the solves, a position |")
    print("|---|---:|---:|---:|---:|")
    for name, runs in results.items():
        for r, (answers, wall) in enumerate(runs):
            summed = sum(s for _, s in answers)
            print(
                f"| {name} | {r + 1} | {summed:.2f} s | {wall:.2f} s "
                f"| {(wall - summed) / len(lines) * 1000:.2f} ms |"
            )
    print()
    bands = [(lo, hi) for lo, hi in BANDS if any(lo <= len(l) <= hi for l in lines)]
    print("| solver | " + " | ".join(f"plies {lo}-{hi}: median / slowest" for lo, hi in bands) + " |")
    print("|---|" + "---:|" * len(bands))
    for name, runs in results.items():
        cells = []
        for lo, hi in bands:
            per_round = []
            for answers, _ in runs:
                times = [s for (_, s), l in zip(answers, lines) if lo <= len(l) <= hi]
                per_round.append(f"{statistics.median(times) * 1000:.1f} / {max(times) * 1000:.0f} ms")
            cells.append(", ".join(per_round))
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
