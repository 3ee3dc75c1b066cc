"""What several test files walk: every position of a game, through its own handle."""

from __future__ import annotations

import perfect_play


def every_position(game: perfect_play.Game) -> list[str]:
    """Every position play reaches from the start, breadth first, sorted."""
    seen = {game.start}
    frontier = [game.start]
    while frontier:
        following = []
        for position in frontier:
            for move in game.moves(position):
                child = game.play(position, move)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return sorted(seen)
