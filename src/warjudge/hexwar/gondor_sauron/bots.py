"""Two bots for Gondor & Sauron, both choosing only among `legal_actions`, so they are
always legal, and driving the game through its interface only (the player's `view`, the
odds `preview` shows before the dice, trials on reseeded clones): `random_action` picks
uniformly; `heuristic_action` plays for the battle's measure of victory, Demoralization
Points inflicted (docs/rulings.md). It fires and melees where the strike is expected to
take the most points (`strike_worth`), stating every unit it can against the defender it
picks (SPI 7.32), pours oil, forms, rallies, advances, brings on reinforcements, bombards
walls; casts darkness first while its army is near the enemy (10.0, 7.37: fanatical at
night), keeps Sauron on his pedestal so that he can go on casting, keeps its Leaders
stacked with its units (8.1), steps onto its siege towers and ladders beside the enemy
(7.35, 7.53: only from there does it melee over a wall), goes from the foot of a wall to
a hex from which it can melee (the public map's walls and the view's breaches), closes in
on the enemy with each unit once a phase, retreats before a melee when standing would cost more (7.7: tried
on reseeded clones), retreats away from the enemy and ends a part of the turn only when
nothing useful is left. The besieger, once ahead on points by day or against a demoralized enemy
(9.33: fanatical), it holds the lead: its units draw back out of the enemy's catapults,
oil and reach rather than close in; nor does it close in to wait, with nobody to melee, within
the enemy catapults' range or beside their cauldrons. Any side's unit takes an enemy siege
engine left unguarded (catapults first: an engine an enemy unit reaches is destroyed); the
defender sallies and brings on reinforcements only beyond the enemy catapults' range (7.12:
a hit falls on the whole stack); by night and on its eve the side behind the walls brings its
units in, sallies not and calls no reinforcements (7.37: the enemy's units fanatical).
Both draw on the caller's `random.Random`, never on the game's dice."""

from __future__ import annotations

import random
from typing import Any, cast

from warjudge.core.dice import Dice
from warjudge.core.game import Game
from warjudge.hexwar.grid import distance
from warjudge.hexwar.gondor_sauron.view_types import ON_THE_MAP, GondorView, UnitJson

Action = dict[str, Any]
FLIP_SHARE = 0.4      # a flip halves a unit's strength: part of its value already
RETREAT_SHARE = 0.1   # a retreat an orderly unit can make only opens the line
ATTACK_VALUE = {"A": 5, "B": 4, "C": 3, "D": 2, "E": 1}   # SPI 9.12, as printed in the rules
MORALE_VALUE = {"W": 4, "X": 3, "Y": 2, "Z": 1}
TRIALS = 3            # reseeded clones a spell is tried on to see what it does
WALLS = ("wall", "gate", "tower")   # hexsides no melee crosses unbreached (7.35)
SILENCING = {"freeze", "stalemate"}   # spells on a Leader that bar his casting (docs/rulings.md)
CATAPULT_REACH = 4    # 7.12 (Gondor's Exclusive Rules)
CAVALRY_REACH, INFANTRY_REACH = 7, 5   # a move (4.11) and a step to melee
EAGER = ("fire", "pour", "attack", "resolve", "rally", "advance", "stand", "form", "enter", "bombard", "cast")


def random_action(game: Game, player: str, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(player))


def _nearest_enemy(view: GondorView, side: str, h: str) -> int:
    enemies = [u["hex"] for u in view["units"] if u["side"] != side and u.get("hex")]
    return min((distance(h, e) for e in enemies), default=0)


def _where(view: GondorView) -> dict[str, str]:
    """Piece id -> hex, for every piece the view shows on the map."""
    return {p["id"]: p["hex"] for key in ON_THE_MAP for p in view.get(key, []) if p.get("hex")}


def _keeping_the_pedestal(view: GondorView, legal: list[Action]) -> list[Action]:
    """Sauron casts only while stacked with his pedestal ([BB-S]): he never walks off it,
    nor does the last unit of his side guarding him there (else 8.1 would carry him off),
    so that he can still cast darkness (10.0) when his army comes to grips."""
    pedestal = view.get("pedestal")
    if not pedestal:
        return legal
    side = next((x["side"] for x in view["leaders"] if x["id"] == pedestal["leader"]), None)
    guards = [u["id"] for u in view["units"] if u.get("hex") == pedestal["hex"] and u["side"] == side]
    staying = {pedestal["leader"], *(guards if len(guards) == 1 else [])}
    return [a for a in legal if not (a["type"] == "move" and a["piece"] in staying and a["to"] != pedestal["hex"])]


def points_value(ratings: str) -> int:
    """9.12: a unit's Demoralization Points, attack (and missile) + armour + morale, read
    from its printed ratings ('B3W', 'Be3X', 'e1Y')."""
    attacks = sum(ATTACK_VALUE[c.upper()] for c in ratings[:-2])
    return attacks + int(ratings[-2]) + MORALE_VALUE[ratings[-1]]


def strike_worth(preview: dict[str, Any], target: UnitJson) -> float:
    """The points a fire or melee is expected to take from `target` (a unit of the view),
    from the odds its `preview` shows (7.33: a casualty on two dice, certain when
    fanatical, 7.37; 7.42: one die on the morale row): an 'E', an 'A' on a reduced unit or
    a retreat by a disrupted one (7.57) destroys the whole unit, an 'A' on a full unit is
    a step towards it."""
    hit = 1.0 if preview["fanatical"] else preview["chance_in_36"] / 36
    row = list(preview["morale_row"].values())
    return hit * sum(_damage(code, target) for code in row) / len(row) * points_value(target["ratings"])


def _damage(code: str, target: UnitJson) -> float:
    if code == "E":
        return 1.0
    if code.endswith("A") or code == "1/2E":
        return 1.0 if target["reduced"] else FLIP_SHARE
    if code.startswith("r"):
        return 1.0 if target["disrupted"] else RETREAT_SHARE
    return 0.0


def _best_strike(game: Game, player: str, view: GondorView, found: list[Action]) -> Action:
    """The fire or melee worth the most points (`strike_worth`); a melee picks its
    defender by what every unit that may join the statement (7.32) takes from it together."""
    units = {u["id"]: u for u in view["units"]}

    def worth(a: Action) -> float:
        shown = game.preview(player, a)
        return strike_worth(shown, units[a["target"]]) if shown else 0.0
    worths = [(worth(a), a) for a in found]
    if found[0]["type"] == "fire":   # each missile unit fires alone (7.1)
        return max(worths, key=lambda wa: wa[0])[1]
    together: dict[str, float] = {}
    for w, a in worths:
        together[a["target"]] = together.get(a["target"], 0.0) + w
    return max(worths, key=lambda wa: (together[wa[1]["target"]], wa[0]))[1]


def _best_cast(game: Game, player: str, view: GondorView, found: list[Action],
               rng: random.Random) -> Action | None:
    """Darkness first while the army is near the enemy (10.0: Sauron's units fanatical at
    night, 7.37), the daylight that takes it away too; then what opens the walls or
    brings an army; a disruption beside most of the army's units (7.57); by night, a
    spell that keeps the enemy's Magic Leader from casting (his daylight would end the
    night), and no other spell on a Leader (None: the points are kept). What a spell
    does is seen by casting it on clones that roll from the bot's own dice (the real dice stay
    unknown, and a seed gives the same choice in any process)."""
    mine = [u["hex"] for u in view["units"] if u["side"] == player and u.get("hex")]
    seen: dict[str, str] = {}

    def rank(a: Action) -> tuple[int, int]:
        if a["spell"] not in seen:
            seen[a["spell"]] = _spell_effect(game, player, view, a, rng)
        effect = seen[a["spell"]]
        if effect == "darkness":
            return (4 if _nearest_between(view, player) <= 6 else 0, 0)
        target = next((u for u in view["units"] if u["id"] == a.get("target")), None)
        if target is not None and target.get("hex"):
            beside = sum(distance(h, target["hex"]) == 1 for h in mine)
            return (2 if beside else 1, beside * points_value(target["ratings"]))
        leader = next((x for x in view["leaders"] if x["id"] == a.get("target")), None)
        if leader is not None:   # only silencing a Magic Leader by night is worth points
            return (2 if effect == "silence" and leader.get("magic") and view["night"] else 0, 0)
        if effect == "arrival" and _sheltering(view, player):   # not into the orcs' night (7.37)
            return (0, 0)
        return ({"daylight": 4, "opening": 3, "arrival": 3}.get(effect, 1), 0)
    best = max(found, key=rank)
    return best if rank(best)[0] > 0 else None


def _spell_effect(game: Game, player: str, view: GondorView, action: Action, rng: random.Random) -> str:
    """What casting `action` changes in the view of a reseeded clone: night falls
    ('darkness') or lifts ('daylight'), a wall opens ('opening'), an army arrives
    ('arrival'), a Leader may not cast this Game-Turn ('silence': the freeze and
    stalemate of the scenario's spell list); '' when no trial succeeded or it changes
    none of these."""
    for _ in range(TRIALS):
        twin = _twin(game, rng)
        twin.act(player, action)
        after = twin.view(player)
        if after["night"] != view["night"]:
            return "darkness" if after["night"] else "daylight"
        if len(after["breached"]) > len(view["breached"]):
            return "opening"
        if len(after["to_come"]) < len(view["to_come"]) or len(after["units"]) > len(view["units"]):
            return "arrival"
        if set(after["spells_on"].get(action.get("target") or "", ())) & SILENCING:
            return "silence"
        if after["spells_on"] != view["spells_on"] or any(
                a != b for a, b in zip(after["units"], view["units"])):
            return ""
    return ""


def _twin(game: Game, rng: random.Random) -> Game:
    """A copy of the game that rolls the bot's own dice: not the real ones, nor a seed the
    machine draws (so a seed gives the same choice in any process)."""
    twin = game.clone(reseed=False)
    twin.dice = Dice(rng.getrandbits(128))
    return twin


def _standing_costs_more(game: Game, player: str, view: GondorView, rng: random.Random) -> bool:
    """7.7: whether a unit that may retreat before the melee loses more by standing
    (the stated attacks, tried on reseeded clones: the unit lost, reduced or driven back)
    than by evading (disrupted on 1-3, a retreat's worth). Fanatical attackers (7.37,
    9.33) strike for sure, so against them the unit steps back."""
    unit = next(u for u in view["units"] if u["id"] == view["pending"][0]["unit"])
    value = points_value(unit["ratings"])
    lost = 0.0
    for _ in range(TRIALS):
        twin = _twin(game, rng)
        twin.act(player, {"type": "stand"})
        after = twin.view(player)
        now = next((u for u in after["units"] if u["id"] == unit["id"]), None)
        if now is None:
            lost += value
        else:
            lost += value * (FLIP_SHARE * (now["reduced"] and not unit["reduced"])
                             + RETREAT_SHARE * any(p["unit"] == unit["id"] for p in after["pending"]))
    return lost / TRIALS > RETREAT_SHARE * value


def _nearest_between(view: GondorView, side: str) -> int:
    """The fewest hexes between a unit of `side` and an enemy unit (99 if none)."""
    theirs = [u["hex"] for u in view["units"] if u["side"] != side and u.get("hex")]
    return min((distance(u["hex"], h) for u in view["units"] if u["side"] == side and u.get("hex")
                for h in theirs), default=99)


def _leader_moves(view: GondorView, player: str, legal: list[Action]) -> tuple[list[Action], list[Action]]:
    """8.1: the moves that stack a lone Leader with a friendly unit (he joins one, or one
    joins him), and the moves that would leave a Leader alone where no unit stands."""
    mine = {u["hex"] for u in view["units"] if u["side"] == player and u.get("hex")}
    leaders = {x["id"]: x["hex"] for x in view["leaders"] if x["side"] == player and x.get("hex")}
    lone = set(leaders.values()) - mine
    moves = [a for a in legal if a["type"] == "move"]
    joining = [a for a in moves if (a["piece"] in leaders and leaders[a["piece"]] in lone and a["to"] in mine)
               or (a["piece"] not in leaders and a["to"] in lone)]
    astray = [a for a in moves if a["piece"] in leaders and a["to"] not in mine]
    return joining, astray


def heuristic_action(game: Game, player: str, rng: random.Random) -> Action:
    legal = game.legal_actions(player)
    view = cast(GondorView, game.view(player))   # the bot plays Gondor & Sauron only
    evasions = [a for a in legal if a["type"] == "evade"]
    if evasions and _standing_costs_more(game, player, view, rng):
        return max(evasions, key=lambda a: (_nearest_enemy(view, player, a["path"][-1]), -len(a["path"])))
    for kind in EAGER:
        found = [a for a in legal if a["type"] == kind]
        if found:
            if kind in ("fire", "attack"):
                return _best_strike(game, player, view, found)
            if kind == "enter":   # a free entry hex out of the enemy catapults' range, if any
                found = _out_of_catapult_range(view, player, found) or found
            if kind != "cast":
                return rng.choice(found)
            chosen = _best_cast(game, player, view, found, rng)
            if chosen is not None:
                return chosen
    retreats = [a for a in legal if a["type"] in ("retreat", "evade")]
    if retreats:   # as far from the enemy as the rules allow, displacing as few friends as may be (never declining)
        return max(retreats, key=lambda a: (_nearest_enemy(view, player, a["path"][-1]),
                                            -len(a.get("then_to", [])) - ("displace_to" in a)))
    allowed = _keeping_the_pedestal(view, legal)
    joining, astray = _leader_moves(view, player, allowed)
    if joining:
        return rng.choice(joining)
    every_move = [a for a in allowed if a["type"] == "move"]
    moves = [a for a in every_move if a not in astray]
    capturing = _capturing(view, player, moves)
    if capturing:
        return rng.choice(capturing)
    if _sheltering(view, player):   # by night the garrison's units come in and stay in
        inside = _inside_the_walls(game)
        outside = {u["id"] for u in view["units"] if u["side"] == player and u.get("hex") not in inside}
        safer = _safer(view, player, [a for a in moves if a["piece"] in outside], inside)
        if safer:
            return safer
        moves = [a for a in moves if a["to"] in inside]
    if _withdrawing(view, player):
        safer = _safer(view, player, moves)
        if safer:
            return safer
        if {"type": "end"} in legal:
            return {"type": "end"}
    if not _besieging(view, player):   # the defender sallies only where no enemy catapult reaches
        moves = _out_of_catapult_range(view, player, moves)
    climbing = _climbing(view, player, moves) or _to_melee(game, view, player, moves)
    if climbing:
        return rng.choice(climbing)
    units = {u["id"] for u in view["units"]}
    moves = [a for a in moves if a["piece"] not in units or not _idle_under_the_walls(game, view, player, a["to"])]
    if moves:      # the move that gains the most ground towards the enemy, if any gains
        where = _where(view)

        def gain(a: Action) -> int:
            return _nearest_enemy(view, player, where[a["piece"]]) - _nearest_enemy(view, player, a["to"])
        best = max(moves, key=gain)
        if gain(best) > 0:
            return rng.choice([a for a in moves if a["piece"] == best["piece"] and gain(a) == gain(best)])
    for kind in ("next", "end"):
        if {"type": kind} in legal:
            return {"type": kind}
    spread = _spreading(view, player, every_move)
    return rng.choice(spread or legal)


def _withdrawing(view: GondorView, side: str) -> bool:
    """Whether the besieger holds its lead rather than fight on: it has inflicted more points
    than it lost (the battle's measure, docs/rulings.md), and the enemy is demoralized
    (9.33: his W and X units fanatical, sure to hit) or it is day (the besieger's
    night, 10.0, is over); fighting on from there gave back more than it took."""
    enemy = next(s for s in view["losses"] if s != side)
    if view["losses"][enemy] <= view["losses"][side] or not _besieging(view, side):
        return False
    return enemy in view["demoralized"] or (not view["night"] and view["turn"] > 1)


def _besieging(view: GondorView, side: str) -> bool:
    """The side that brought siege towers and ladders (7.53), or whose enemy holds walls
    with oil: Gondor's Sauron side. The defender behind the walls fights on."""
    return any(e["side"] == side and e["kind"] in ("siege_tower", "ladder") for e in view["engines"]) or any(
        c["side"] != side for c in view["cauldrons"])


def _idle_under_the_walls(game: Game, view: GondorView, side: str, h: str) -> bool:
    """Whether a unit at `h` would wait within an enemy catapult's range or beside an
    enemy cauldron with no enemy it may melee from there (7.35)."""
    catapults = [e["hex"] for e in view["engines"] if e["side"] != side and e["kind"] == "catapult" and e.get("hex")]
    oil = [c["hex"] for c in view["cauldrons"] if c["side"] != side and c.get("hex")]
    exposed = any(distance(h, c) <= CATAPULT_REACH for c in catapults) or any(distance(h, c) == 1 for c in oil)
    return exposed and not _melee_from(game, view, side, h)


def _out_of_catapult_range(view: GondorView, side: str, moves: list[Action]) -> list[Action]:
    """The moves and entries of `moves` that end beyond every enemy catapult's range
    (7.12): a catapult fires on anything within 4 hexes once a Game-Turn, and a missile
    hit falls on the whole stack."""
    catapults = [e["hex"] for e in view["engines"] if e["side"] != side and e["kind"] == "catapult" and e.get("hex")]
    return [a for a in moves if all(distance(a["to"], c) > CATAPULT_REACH for c in catapults)]


def _danger(view: GondorView, side: str, h: str) -> float:
    """How exposed a unit at `h` is: within an enemy catapult's range (7.12), beside an
    enemy cauldron (oil over the wall), within a move and a step of each enemy unit
    (4.11: cavalry 6, infantry 4); the farther from the nearest enemy the better."""
    catapults = [e["hex"] for e in view["engines"] if e["side"] != side and e["kind"] == "catapult" and e.get("hex")]
    oil = [c["hex"] for c in view["cauldrons"] if c["side"] != side and c.get("hex")]
    reach = [distance(h, u["hex"]) <= (CAVALRY_REACH if u["kind"] == "cavalry" else INFANTRY_REACH)
             for u in view["units"] if u["side"] != side and u.get("hex")]
    return (10.0 * any(distance(h, c) <= CATAPULT_REACH for c in catapults)
            + 5.0 * any(distance(h, c) == 1 for c in oil) + 4.0 * sum(reach)
            - 0.5 * min(_nearest_enemy(view, side, h), 12))


def _sheltering(view: GondorView, side: str) -> bool:
    """Whether it is night (10.0), or the first Game-Turn, its eve (Gondor's night is turns
    2-6), for the side that holds walls with oil (Gondor's Westernesse): the enemy's units
    are fanatical by night (7.37), sure to hit, and they caught its knights and Dunedain
    alone in the open; behind the walls only siege towers, ladders and breaches reach it (7.35)."""
    return (view["night"] or view["turn"] == 1) and any(c["side"] == side for c in view["cauldrons"])


def _inside_the_walls(game: Game) -> frozenset[str]:
    """The public map's hexes above its lowest level: Gondor's circles of the city, behind
    its walls (the Pelennor is level 0)."""
    board = game.public_map
    return frozenset(h for h in board.hexes if board.level(h))


def _safer(view: GondorView, side: str, moves: list[Action], safe: frozenset[str] = frozenset()) -> Action | None:
    """The combat unit's move that lowers its `_danger` the most, if any does; a hex of
    `safe` counts as out of every danger."""
    where = _where(view)
    units = {u["id"] for u in view["units"] if u["side"] == side}
    known: dict[str, float] = {}

    def danger(h: str) -> float:
        if h not in known:
            known[h] = -99.0 if h in safe else _danger(view, side, h)
        return known[h]
    best, gain = None, 0.0
    for a in moves:
        if a["piece"] in units:
            g = danger(where[a["piece"]]) - danger(a["to"])
            if g > gain:
                best, gain = a, g
    return best


def _capturing(view: GondorView, side: str, moves: list[Action]) -> list[Action]:
    """Moves of a combat unit onto a hex holding an enemy siege engine, catapults first:
    an engine sharing its hex with an enemy unit is destroyed (docs/rulings.md), and an
    enemy catapult fires on anything within 4 hexes once a Game-Turn (7.12)."""
    units = {u["id"] for u in view["units"] if u["side"] == side}
    engines = {e["hex"]: e["kind"] for e in view["engines"] if e["side"] != side and e.get("hex")}
    found = [a for a in moves if a["piece"] in units and a["to"] in engines]
    catapults = [a for a in found if engines[a["to"]] == "catapult"]
    return catapults or found


def _climbing(view: GondorView, side: str, moves: list[Action]) -> list[Action]:
    """Moves of a unit onto its side's siege tower or ladder beside the enemy, from a hex
    with none: only there may it melee across an unbreached wall (7.35, 7.53); at the
    foot of the wall without one it can only be shot at and poured on."""
    scaling = {e["hex"] for e in view["engines"] if e["side"] == side and e["kind"] in ("siege_tower", "ladder")
               and e.get("hex") and _nearest_enemy(view, side, e["hex"]) == 1}
    units = {u["id"]: u["hex"] for u in view["units"] if u["side"] == side and u.get("hex")}
    return [a for a in moves if a["piece"] in units and units[a["piece"]] not in scaling and a["to"] in scaling]


def _melee_from(game: Game, view: GondorView, side: str, h: str) -> bool:
    """Whether a unit at `h` is beside an enemy unit across no unbreached wall, gate or
    tower (7.35: read from the public map and the view's breaches), or stands on its
    side's siege tower or ladder beside one (7.53)."""
    board = game.public_map
    breached = {frozenset(pair) for pair in view["breached"]}
    scaling = any(e["side"] == side and e["kind"] in ("siege_tower", "ladder") and e.get("hex") == h
                  for e in view["engines"])
    return any(u["side"] != side and u.get("hex") and distance(h, u["hex"]) == 1
               and (scaling or board.hexside_kind(h, u["hex"]) not in WALLS
                    or frozenset((h, u["hex"])) in breached) for u in view["units"])


def _to_melee(game: Game, view: GondorView, side: str, moves: list[Action]) -> list[Action]:
    """Moves of a combat unit that can melee no enemy where it stands onto a hex from which
    it can (`_melee_from`): through a breach or round the wall's end rather than wait at
    its foot, where only the enemy's missiles and oil reach (7.0: its own melee is free)."""
    units = {u["id"]: u["hex"] for u in view["units"] if u["side"] == side and u.get("hex")}
    idle = {pid for pid, h in units.items() if not _melee_from(game, view, side, h)}
    return [a for a in moves if a["piece"] in idle and _melee_from(game, view, side, a["to"])]


def _spreading(view: GondorView, side: str, moves: list[Action]) -> list[Action]:
    """Moves of a unit off a hex it shares with a friend to a hex no friend holds: what
    puts a stack right before the Movement Phase may end (SPI 4.28)."""
    mine = [u["hex"] for u in view["units"] if u["side"] == side and u.get("hex") and not u.get("formation")]
    shared = {h for h in mine if mine.count(h) > 1}
    where = {u["id"]: u["hex"] for u in view["units"]}
    return [a for a in moves if where.get(a["piece"]) in shared and a["to"] not in mine]


__all__ = ["heuristic_action", "random_action"]


class HeuristicBot:
    """`heuristic_action` as a `core.bots` bot, so the CLI's selfplay and the play server's
    seats can name it (`heuristic`) for Gondor and Sauron."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game: Any, player: str) -> Action:
        return heuristic_action(game, player, self.rng)
