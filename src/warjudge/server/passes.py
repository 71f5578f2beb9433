"""Empty stages passed for the seat: where a seat's only choice is to pass on (the game's
`forced_action`, e.g. a Gondor & Sauron combat stage with nothing to fire at), the
server plays it in the same change, so nobody clicks through a turn of empty stages.
The passes are stored as the seat's actions, so the record replays as before."""

from __future__ import annotations

from warjudge.core.game import Game

MOST = 64   # passes in one change: a bounded amount of game work (two Game-Turns of empty stages)


def play_passes(game: Game) -> int:
    """Plays each forced pass of the seats to act, in turn, until none is left or `MOST`
    were played; how many were played."""
    played = 0
    while played < MOST and not game.is_over:
        forced = next(((p, a) for p in game.to_act() if (a := game.forced_action(p)) is not None), None)
        if forced is None:
            break
        game.act(*forced)
        played += 1
    return played


__all__ = ["MOST", "play_passes"]
