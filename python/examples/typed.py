"""perfect_play as a typed program uses it: checked by ``mypy --strict`` (tests/test_stubs.py),
and run as a plain script by the same test."""

from __future__ import annotations

import perfect_play


def principal_line(game: perfect_play.Game, position: str, limit: int = 40) -> list[str]:
    """Both sides playing a best move until the game is over (or ``limit`` moves)."""
    line: list[str] = []
    while len(line) < limit:
        probe = game.probe(position)
        if probe is None or probe.finished:
            break
        move = probe.best_moves[0]
        line.append(move)
        position = game.play(position, move)
    return line


def describe(game: perfect_play.Game) -> str:
    probe = game.probe(game.start)
    if probe is None:
        return f"{game.name}: the start is not in the table"
    plies = "for ever" if probe.plies is None else f"{probe.plies} plies"
    first, second = game.sides
    ranked = ", ".join(f"{m.move} ({m.value})" for m in probe.moves)
    return f"{game.name} ({first} vs {second}): {probe.outcome}, {plies}; moves {ranked}"


def main() -> None:
    for game in perfect_play.games():
        print(describe(game))
        # A game answered by search (connect4-7x6) is a lookup only within its opening
        # book: its whole best line would search for minutes.
        limit = 40 if game.answered_by == "table" else 1
        print("  best line:", " ".join(principal_line(game, game.start, limit)))
        codes, plies = game.probe_many([game.start] * 3, numpy=False)
        total: int = sum(codes) + sum(plies)
        arrays = game.probe_many([game.start])
        print("  batch:", total, arrays[0].tolist(), int(arrays[1][0]))
    try:
        perfect_play.game("hexapawn").probe("www/.../bbx w")
    except perfect_play.NotationError as error:
        column: int = error.column
        print("column", column, error.text)
    solver = perfect_play.FootholdsSolver()
    try:
        solution = solver.solve([[1, 1, 1], [1, 1, 1]], (0, 0), (1, 2), max_positions=1000)
        steps: tuple[tuple[int, int], ...] = solution.line
        print(solution.winner, solution.moves, steps)
    except perfect_play.OutOfBudgetError as error:
        print("gave up after", error.positions, "positions")


if __name__ == "__main__":
    main()
