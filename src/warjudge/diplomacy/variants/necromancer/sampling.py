"""A game one power cannot tell from the real one (`sample_hidden`, issue 26): what an
information-set search (IS-MCTS, OpenSpiel's included) plays in place of the position
it may not see.

What a power does not know in the variant (views.py), and how a sample draws it again
(docs/rulings.md, "Necromancer variant: what a sample draws"):
- the other powers' orders of the phase, and whether they passed: drawn at random among
  their legal orders, as far as the power can tell they went (done if they were done);
- the other powers' Hidden Movement units the last phase did not reveal (the Wizard, the
  Nazgûl; EN 3.2.1): anywhere the unit could have gone since it was last seen (its start,
  a reveal, a build), one move a turn for the Wizard, two for the Nazgûl (EN 7.8.1 iv-vi),
  never at sea, in a province the power sees empty or held by the unit's own side;
- Sauron's Activations not yet revealed (EN 7.8.2 iv-vii): each Adjustment phase judged
  so far whose Activation nobody saw had, with even odds, one still secret, of a Standing
  Army the power sees, or the Spiders (EMi or NMi) or the Dragons (Wit) still holding
  where they begin, since a beast that does anything else is revealed;
- Saruman's third army before the TA 2765 adjudication (EN 7.7 x): in one of Agr, Ene,
  Fan, Gap and Gld (always there: whether Saruman built it is his secret too).
The sample keeps only the last report, without the lines the power may not read, and
starts a record of its own under a fresh seed: nothing in it holds the real secrets.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from warjudge.core.games import fresh_seed
from warjudge.core.log import Log
from warjudge.core.record import GameRecord
from warjudge.diplomacy.report import PhaseReport
from warjudge.diplomacy.variants.necromancer.calendar import ADJUSTMENT, FIRST_TURN, MOVEMENT, NPhase
from warjudge.diplomacy.variants.necromancer.mapfile import SARUMAN_THIRD_ARMY, START, NecroMap
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
from warjudge.diplomacy.variants.necromancer.pieces import (
    ARMY, DRAGONS, HIDDEN_MOVERS, NAZGUL, SPIDERS, Component,
)
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece, Position, parse_position
from warjudge.diplomacy.variants.necromancer.state import NecroState
from warjudge.diplomacy.variants.necromancer.views import Reveal, is_hidden

if TYPE_CHECKING:
    from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

Report = PhaseReport[NPhase, NecroState, Dislodgement, Reveal]
MOST_ORDERS = 400   # a bound on the orders drawn for one power (a phase never needs as many)


def sample_hidden(game: "NecromancerDiplomacyGame", player: str, rng: random.Random) -> "NecromancerDiplomacyGame":
    """A game `player` sees exactly as it sees `game`, every secret of the others drawn
    again from `rng` (see the module docstring)."""
    if player not in game.powers:
        raise ValueError(f"no power {player!r}; the powers are {', '.join(game.powers)}")
    report = game.report_of()
    state = _redrawn_state(game, player, report, rng)
    sample = game.clone()
    sample.record = GameRecord(game.record.game, fresh_seed(), game.record.options)
    sample.state = state
    sample.history = Log([_readable(report, player, state)]) if game.history else Log()
    sample._acting = (None, 0, ())
    sample._cached_for, sample._cache = state, _reusable(game, state)
    sample.written = {p: list(o) for p, o in game.written.items() if p == player}
    for power in game.powers:
        if power != player and (game.pending.get(power) or power in game.passed):
            _redraw_orders(game, sample, power, rng)
    sample._acting = (None, 0, ())   # orders were given without actions: to_act is worked out again
    return sample


# --- the position -----------------------------------------------------------------------

def _redrawn_state(game: "NecromancerDiplomacyGame", player: str, report: Report, rng: random.Random) -> NecroState:
    """The state with what `player` does not see taken off the board and drawn again."""
    state, located = game.state, report.reveal.located
    position: Position = {}
    movers: list[Piece] = []
    beasts: set[str] = set()
    for province, pieces in state.position.items():
        kept = []
        for p in pieces:
            if _unseen(state, player, located, province, p):
                if p.component.kind in HIDDEN_MOVERS:
                    movers.append(p)
                elif p.component.kind in (SPIDERS, DRAGONS):
                    beasts.add(p.component.kind)
                continue
            kept.append(p)
        if kept:
            position[province] = kept
    drawn = replace(state, position=position, owners=dict(state.owners), activated=dict(state.activated),
                    secret_armies=set(state.secret_armies), secret_beasts=set(state.secret_beasts))
    if player != "SAURON":
        _unactivated(drawn, beasts)
        _activations(game, drawn, state, rng)
    if player != "SARUMAN" and (state.third_army is not None or state.phase == NPhase(FIRST_TURN, MOVEMENT)):
        free = sorted(p for p in SARUMAN_THIRD_ARMY if not drawn.position.get(p))
        if free:
            third = drawn.third_army = rng.choice(free)
            drawn.position[third] = [Piece("SARUMAN", Component(ARMY))]
    placed: set[str] = set()
    for piece in sorted(movers, key=lambda p: (p.power, p.component.kind)):
        where = _mover_place(game, drawn.position, piece, located, placed, rng)
        if where is not None:
            drawn.position[where] = [*drawn.position.get(where, []), piece]
            placed.add(where)
    return drawn


def _unseen(state: NecroState, viewer: str, located: dict[tuple[str, str], str], province: str, p: Piece) -> bool:
    """Is this piece off `viewer`'s board (views.visible_position)?"""
    power, kind = p.power, p.component.kind
    if power == viewer:
        return False
    if is_hidden(power, kind, state.secret_beasts) and located.get((power, kind)) != province:
        return True
    return power == "SARUMAN" and kind == ARMY and province == state.third_army


def _unactivated(state: NecroState, beasts: set[str]) -> None:
    """Undo Sauron's secret Activations (they are drawn again): his armies that look like
    Standing Armies become them, their centres unowned, and the unseen beasts unused."""
    for province in state.secret_armies:
        state.position[province] = [Piece(STANDING, p.component) if p.power == "SAURON" and p.component.kind == ARMY
                                    else p for p in state.position.get(province, [])]
        if state.owners.get(province) == "SAURON":
            del state.owners[province]
        state.activated.pop(province, None)
    state.secret_armies = set()
    for kind in beasts & state.secret_beasts:
        state.secret_beasts.discard(kind)
        if kind == SPIDERS:
            state.spiders_used = False
        else:
            state.dragons_used = False


def _activations(game: "NecromancerDiplomacyGame", drawn: NecroState, real: NecroState, rng: random.Random) -> None:
    """EN 7.8.2 iv-vii: one Activation per Adjustment phase judged; those everyone saw
    revealed are known, each other phase had a secret one with even odds."""
    years = [r.phase.year for r in game.history if r.phase.kind == ADJUSTMENT]
    seen = len(set(real.activated) - real.secret_armies) + sum(
        used and kind not in real.secret_beasts for kind, used in ((SPIDERS, real.spiders_used),
                                                                   (DRAGONS, real.dragons_used)))
    for year in years[seen:]:
        if rng.random() < 0.5:
            continue
        targets = _activation_targets(game.map, drawn)
        if not targets:
            return
        kind, starts = rng.choice(targets)
        province = rng.choice(starts)
        if kind == ARMY:
            drawn.position[province] = [Piece("SAURON", p.component) if p.power == STANDING else p
                                        for p in drawn.position[province]]
            drawn.owners[province] = "SAURON"
            drawn.activated[province] = year
            drawn.secret_armies.add(province)
        else:
            drawn.position[province] = [Piece("SAURON", Component(kind))]
            drawn.secret_beasts.add(kind)
            if kind == SPIDERS:
                drawn.spiders_used = True
            else:
                drawn.dragons_used = True


def _activation_targets(nmap: NecroMap, state: NecroState) -> list[tuple[str, list[str]]]:
    """(kind, where) Sauron may have Activated unseen: a Standing Army he has not (still
    standing, its centre unowned), or a beast unused, at one of its starts left empty."""
    out = [(ARMY, [p]) for p, pieces in sorted(state.position.items())
           if nmap.provinces[p].standing_army and p not in state.owners and any(q.power == STANDING for q in pieces)]
    for kind, used, starts in ((SPIDERS, state.spiders_used, nmap.spec.spiders_start),
                               (DRAGONS, state.dragons_used, nmap.spec.dragons_start)):
        empty = sorted(p for p in starts if not state.position.get(p))
        if not used and empty:
            out.append((kind, empty))
    return out


def _mover_place(game: "NecromancerDiplomacyGame", position: Position, piece: Piece,
                 located: dict[tuple[str, str], str], placed: set[str], rng: random.Random) -> str | None:
    """Where a Hidden Movement unit the power does not see may stand: within its reach
    since it was last seen, never at sea, nor where the power would see it (where the
    last phase revealed it), nor with another side's unit or another unseen unit."""
    nmap, power, kind = game.map, piece.power, piece.component.kind

    def fits(province: str) -> bool:
        return nmap.provinces[province].kind != "sea" and province not in placed \
            and province != located.get((power, kind)) and all(p.power == power for p in position.get(province, []))

    origin, turns = _last_seen(game, power, kind)
    near = sorted(p for p in _reach(nmap, origin, turns * (2 if kind == NAZGUL else 1), kind) if fits(p))
    anywhere = near or sorted(p for p in nmap.provinces if fits(p))
    return rng.choice(anywhere) if anywhere else None


def _last_seen(game: "NecromancerDiplomacyGame", power: str, kind: str) -> tuple[str, int]:
    """Where the unit was last revealed (or began), and the Movement phases since."""
    turns = 0
    for report in reversed(list(game.history)):
        where = report.reveal.located.get((power, kind))
        if where is not None:
            return where, turns
        turns += report.phase.kind == MOVEMENT
    start = parse_position(START, game.map)
    return next(p for p, pieces in start.items() if any(q.power == power and q.component.kind == kind
                                                            for q in pieces)), turns


def _reach(nmap: NecroMap, origin: str, moves: int, kind: str) -> set[str]:
    """The land provinces `moves` steps reach from `origin` (the Nazgûl crosses mountains)."""
    borders = {"land", "coast", "mountain"} if kind == NAZGUL else {"land", "coast"}
    reached, frontier = {origin}, {origin}
    for _ in range(moves):
        frontier = {n for p in frontier for n in nmap.neighbours(p, borders)
                    if nmap.provinces[n].kind != "sea"} - reached
        if not frontier:
            break
        reached |= frontier
    return reached


def _reusable(game: "NecromancerDiplomacyGame", state: NecroState) -> dict[Any, list[str]]:
    """The real game's legal orders of single provinces that hold in the sample too: a
    province's orders read its pieces and the board two provinces around it (where
    its units move and what they support; legal.province_orders), so those far from
    every province the sample changed are kept, and redrawing the others' orders does
    not list them all again."""
    if game._cached_for is not game.state:
        return {}
    real, nmap = game.state.position, game.map
    changed = {p for p in real.keys() | state.position.keys() if real.get(p) != state.position.get(p)}
    for _ in range(2):
        changed |= {n for p in changed for n in nmap.around(p)}
    return {key: orders for key, orders in game._cache.items() if len(key) == 3 and key[1] not in changed}


# --- the report and the orders -------------------------------------------------------------

def _readable(report: Report, player: str, state: NecroState) -> Report:
    """The last report as `player` may read it: the lines hidden from it dropped (each
    index the reveal keeps moved with its line), ending in the sampled state."""
    keep = [i for i, r in enumerate(report.results)
            if r.power == player or i not in report.hidden_orders or i in report.reveal.orders]
    moved = {old: new for new, old in enumerate(keep)}

    def kept(indices: set[int]) -> set[int]:
        return {moved[i] for i in indices if i in moved}

    reveal = replace(report.reveal, located=dict(report.reveal.located), orders=kept(report.reveal.orders),
                     results_hidden=kept(report.reveal.results_hidden),
                     unmasked_armies=set(report.reveal.unmasked_armies),
                     unmasked_beasts=set(report.reveal.unmasked_beasts),
                     partial={moved[i]: text for i, text in report.reveal.partial.items() if i in moved})
    return replace(report, results=[report.results[i] for i in keep], after=state, reveal=reveal,
                   hidden_orders=kept(report.hidden_orders))


def _redraw_orders(game: "NecromancerDiplomacyGame", sample: "NecromancerDiplomacyGame", power: str,
                   rng: random.Random) -> None:
    """`power`'s orders drawn again at random, leaving it as the others see it: done if it
    was (passed if it passed), else with as many orders given and some still to give."""
    sample.pending[power] = {}
    sample.passed.discard(power)
    if power in game.passed:
        for _ in range(MOST_ORDERS):
            if sample._may_pass(power):
                sample._pass(power)
                return
            legal = sample._legal_orders(power)
            if not legal:
                return
            sample._give(power, rng.choice(legal))
        return
    if power not in game.waiting_for():   # done: orders until none is left
        for _ in range(MOST_ORDERS):
            legal = sample._legal_orders(power)
            if not legal:
                break
            sample._give(power, rng.choice(legal))
        if _waits(sample, power) and sample._may_pass(power):   # a Sauron asked all the same passed
            sample._pass(power)
        return
    for _ in range(len(game.pending.get(power, {}))):   # not done: as many, never the last
        choices = list(sample._legal_orders(power))
        rng.shuffle(choices)
        for text in choices[:8]:
            sample._give(power, text)
            if _waits(sample, power):
                break
            sample._take_back(power, text)
        else:
            return


def _waits(game: "NecromancerDiplomacyGame", power: str) -> bool:
    """Is `power` still waited for (`waiting_for`, worked out afresh: orders given here
    are no actions, so the game's own list of who acts would not see them)?"""
    return bool(game._legal_orders(power)) or game._asked_anyway(power)


__all__ = ["sample_hidden"]
