"""A heuristic bot for SJG Necromancer that plays to win: it keeps its Necromancer
behind its troops with a guard beside him (and steps him back from enemies), sends
wraiths to search the Miasma and carries Jewels home, marches the rest on the enemy
Necromancer, steps into enemy zones only when the units still coming make the attack
worth it (and then the others join that attack), attacks at good odds (1-1 once clearly
the stronger; always when the enemy wizard is in reach), never attacks from a slope
where halving makes the attack pointless, converts the stacks that matter on a budget
that keeps CP in reserve while the army is big, chooses useful optional units and items,
and retreats towards home.

It sees the game only as a player does (issue 12): the side's `view` (units with their
counters' figures and zones of control, Jewels, the Miasma, the CP), its `decision`,
its `legal_actions` (where each unit can go, who can attack what) and `preview` (the
odds of an attack), plus the public map the view names (`public_map`, which terminals
and renderers draw too). It answers only with what the game accepts: an action from the
legal list, or one it has tried on a clone (a movement phase is listed once, not after
every step: the listing costs far more than the step). The decisions it has no opinion
on, and any where its own choice is refused, get the random bot's kind-first choice.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, cast

from warjudge.core.bots import kind_first
from warjudge.core.errors import IllegalAction
from warjudge.core.game import Action, Game
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.view_types import BoardId, SjgView, UnitJson

GOOD_ODDS = ("2-1", "3-1", "4-1", "auto-DE")
SEARCHERS = 6  # wraiths sent into the Miasma while Jewels remain
GUARDS = 3     # units kept next to the bot's own Necromancer (issue 10 item 10)
MIN_ARMY_FOR_GUARDS = 12
AHEAD = 1.5    # strength ratio from which the bot presses the attack at 1-1
DANGER = 3     # enemy units this close make the Necromancer step back
CP_RESERVE = 40  # conversion points never spent below this, except on a Jewel bearer
ITEM_PREFERENCE = ("mercenaries", "apprentice", "sword", "bow", "ring", "crystal_ball")
STACK_LIMIT = 3  # SJG 4.4: three units a hex at the end of movement, Necromancers free
WIZARDS = ("necromancer", "apprentice")  # SJG 6.31: full strength on a slope; 10.53 may join mercenaries
COUNTED = ("zombie", "skeleton", "wraith")  # SJG 3.1: the units counted on the Conversion Track
FAR = 999

Unit = UnitJson   # a unit as the view shows it


class HeuristicBot:
    """The bot for one seat (`core.bots`, factory `HeuristicBot(rng)`). What it decided
    this turn (units already placed, the guard, the hexes attacked) is kept per side and
    turn number, as the view states them; a fresh bot (the play server makes one per
    action) simply decides again from the position."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.memory: dict[str, TurnMemory] = {}

    def choose(self, game: Game, player: str) -> Action:
        decision = game.decision(player)
        assert decision is not None, f"{player} is not asked to act"
        chooser = _CHOOSERS.get(decision.kind)
        if chooser is not None:
            seen = Seen(game, player)
            memory = self.memory.get(player)
            if memory is None or memory.turn != seen.view["turn"]:
                memory = self.memory[player] = TurnMemory(seen.view["turn"])
            action = chooser(seen, memory, dict(decision.info))
            if action is not None and seen.accepts(action):
                return action
        legal = game.legal_actions(player)
        return kind_first([a for a in legal if a["type"] != "undo"] or legal, self.rng)


@dataclass
class TurnMemory:
    """What the bot decided in one of its turns (keyed by the view's turn number)."""

    turn: int
    considered: set[int] = field(default_factory=set)   # units it placed or left where they stood
    moved: set[int] = field(default_factory=set)        # units it moved
    moves: "dict[int, dict[str, Action]] | None" = None  # the phase's single-unit moves, as first listed
    guards: set[int] | None = None                      # picked at the first move of the turn
    rally: set[str] = field(default_factory=set)        # enemy hexes its units stepped next to
    attacked: set[str] = field(default_factory=set)     # enemy hexes it attacked


@dataclass(frozen=True)
class Terrain:
    """The public map's geometry, as plain sets: what a player reads off the board."""

    neighbours: dict[str, tuple[str, ...]]
    slopes: frozenset[str]
    plateau: frozenset[str]
    edge: frozenset[str]
    cliffs: frozenset[frozenset[str]]
    walking: dict[str, dict[str, int]] = field(default_factory=dict)   # goal -> steps, made on demand

    def is_cliff(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.cliffs

    def halved(self, h: str, strength: int) -> int:
        """SJG 2.12, 6.31: an attack from a slope is at half strength, rounded down."""
        return strength // 2 if h in self.slopes else strength

    def walking_distances(self, goal: str) -> dict[str, int]:
        """Steps from every hex to `goal` walking round cliffs and monoliths (2.13, 2.16):
        a straight-line distance led the old bot into cliff walls it never got round,
        and games stalled at the turn cap."""
        found = self.walking.get(goal)
        if found is None:
            found, todo = {goal: 0}, deque([goal])
            while todo:
                h = todo.popleft()
                for n in self.neighbours.get(h, ()):
                    if n not in found and n in self.neighbours and not self.is_cliff(h, n):
                        found[n] = found[h] + 1
                        todo.append(n)
            self.walking[goal] = found
        return found


_TERRAIN: dict[str, Terrain] = {}   # board sha256 (from the view) -> its geometry


def terrain_of(game: Game, board_id: BoardId) -> Terrain:
    """The geometry of the public map the view names (by its digest), read once per map."""
    key = board_id["sha256"]
    if key not in _TERRAIN:
        _TERRAIN[key] = terrain_from_map(game.public_map)
    return _TERRAIN[key]


def terrain_from_map(board: Any) -> Terrain:
    """The geometry of a public map (a `HexMap`: hexes, terrain, cliff hexsides, grid)."""
    walkable = {h for h in board.hexes if board.terrain(h) != "monolith"}
    return Terrain(
        neighbours={h: tuple(n for n in board.neighbours(h) if n in walkable) for h in sorted(walkable)},
        slopes=frozenset(h for h in walkable if board.terrain(h) == "slope"),
        plateau=frozenset(h for h in walkable if board.terrain(h) == "plateau"),
        edge=frozenset(h for h in board.hexes if board.grid.is_edge(h)),
        cliffs=frozenset(frozenset((h, n)) for h in board.hexes for n in board.neighbours(h) if board.is_cliff(h, n)))


class Seen:
    """One look at the game from `side`'s seat: its view, its legal actions and the map,
    with the questions the bot asks of them."""

    def __init__(self, game: Game, side: str):
        self.game, self.side = game, side
        self._legal: list[Action] | None = None
        self._taken: list[Action] = []   # actions a clone took
        self.view = cast(SjgView, game.view(side))   # the bot plays SJG only
        self.map = terrain_of(game, self.view["board"])
        self.units: list[Unit] = self.view["units"]
        self.by_id = {u["id"]: u for u in self.units}
        self.at: dict[str, list[Unit]] = {}
        self.engaging: dict[str, set[str]] = {}   # hex -> the enemy hexes whose zones reach it (4.3)
        for u in self.units:
            self.at.setdefault(u["hex"], []).append(u)
            if u["side"] != side:
                for h in u["zone"]:
                    self.engaging.setdefault(h, set()).add(u["hex"])
        self.miasma: set[str] = set(self.view["miasma"]["hexes"])

    @property
    def legal(self) -> list[Action]:
        """The side's legal actions, listed when first asked for."""
        if self._legal is None:
            self._legal = self.game.legal_actions(self.side)
        return self._legal

    def accepts(self, action: Action) -> bool:
        """Does the game take `action` now? The legal list says so when it was made; else
        the action is tried on a clone (what a search does), which is much cheaper."""
        if self._legal is not None:
            return action in self._legal
        if action in self._taken:
            return True
        trial = self.game.clone()
        try:
            trial.act(self.side, action)
        except IllegalAction:
            return False
        self._taken.append(action)
        return True

    def mine(self) -> list[Unit]:
        return [u for u in self.units if u["side"] == self.side]

    def theirs(self) -> list[Unit]:
        return [u for u in self.units if u["side"] != self.side]

    def necromancer(self, side: str) -> Unit | None:
        return next((u for u in self.units if u["side"] == side and u["kind"] == "necromancer"), None)

    def enemy_wizard(self) -> str | None:
        n = self.necromancer(self.enemy)
        return n["hex"] if n else None

    @property
    def enemy(self) -> str:
        return next(s for s in self.view["sides"] if s != self.side)

    def lying_jewels(self, h: str) -> list[str]:
        return [j["id"] for j in self.view["jewels"] if j["hex"] == h and j["delivered_to"] is None]

    def counted(self, side: str) -> int:
        return sum(1 for u in self.units if u["side"] == side and u["kind"] in COUNTED)

    def ahead(self) -> bool:
        """Is the side's army clearly the stronger (AHEAD times the enemy's direct
        strength)? Then 1-1 attacks pay (the CRT's 1-1 column gives the defender a retreat
        or a loss five times as often as the attacker) and waiting for 2-1 only runs out
        the clock."""
        def total(s: str) -> int:
            return sum(u["direct"] for u in self.units if u["side"] == s and u["kind"] != "necromancer")
        return total(self.side) >= AHEAD * total(self.enemy)

    def threat(self, h: str) -> int:
        return sum(1 for u in self.theirs() if distance(u["hex"], h) <= DANGER)

    def may_join(self, unit: Unit, h: str) -> bool:
        """SJG 4.4 (three units a hex, Necromancers free) and 10.53 (mercenaries stack
        only with wizards and each other) for `unit` ending its move in `h`."""
        kinds = [u["kind"] for u in self.at.get(h, []) if u["id"] != unit["id"]] + [unit["kind"]]
        mixed = "mercenary" in kinds and any(k not in ("mercenary", *WIZARDS) for k in kinds)
        return sum(1 for k in kinds if k != "necromancer") <= STACK_LIMIT and not mixed

    def engaged(self, h: str) -> set[str]:
        """The enemy hexes a unit standing in `h` must attack (6.21: their zones reach it)."""
        return self.engaging.get(h, set())

    def preview_column(self, action: Action) -> str | None:
        preview = self.game.preview(self.side, action)
        return preview["rolls"][0]["column"] if preview and preview.get("rolls") else None


# --- movement (4.0, 6.21) -------------------------------------------------------------------

def _destinations(seen: Seen) -> dict[int, dict[str, Action]]:
    """Unit -> destination -> the legal move of that unit alone there (a walk, not a
    cliff crossing or a jump over an edge), carrying every Jewel on its path. Within a
    movement phase only the side's own units move, and they block no friendly path (4.3,
    4.4), so the list made at the phase's first step still holds for the units yet to
    move, bar a Jewel carried off or a hex filled up: each move is tried before it is sent."""
    out: dict[int, dict[str, Action]] = {}
    for a in seen.legal:
        if a["type"] != "move" or len(a["units"]) != 1 or a.get("suicide") or seen.map.is_cliff(*a["path"][:2]):
            continue
        ends = out.setdefault(a["units"][0], {})
        dest = a["path"][-1]
        if dest not in ends or len(a.get("jewels", ())) > len(ends[dest].get("jewels", ())):
            ends[dest] = a
    return out


def _move_cost(seen: Seen, path: list[str]) -> int:
    """4.2: plateau 1 MP, slope 2."""
    return sum(2 if h in seen.map.slopes else 1 for h in path[1:])


def _move(seen: Seen, memory: TurnMemory, info: dict[str, Any]) -> Action | None:
    side = seen.side
    home = seen.necromancer(side)
    target = seen.enemy_wizard()
    if home is None or target is None:
        return None
    searching = sum(1 for u in seen.mine() if u["hex"] in seen.miasma)
    needed = 1 if seen.ahead() else 2
    if memory.moves is None:
        memory.moves = _destinations(seen)
    moves = {u: ends for u, ends in memory.moves.items() if u not in memory.moved}
    if memory.guards is None:
        memory.guards = _pick_guards(seen, home)
    # the Necromancer first, so that his guard follows him to where he stands
    for unit in sorted(seen.mine(), key=lambda u: (u["kind"] != "necromancer", u["id"])):
        if unit["id"] not in moves or unit["id"] in memory.considered:
            continue
        memory.considered.add(unit["id"])
        goal = _goal(seen, memory, unit, home["hex"], target, searching)
        if goal is None:
            continue
        support = _support(seen, memory, target, unit, moves)
        best = _best_step(seen, memory, unit, moves[unit["id"]], goal, target, support, needed)
        if best is not None and not seen.accepts(best):   # listed at the phase's start, no longer good
            fresh = memory.moves = _destinations(seen)
            best = _best_step(seen, memory, unit, fresh.get(unit["id"], {}), goal, target, support, needed)
        if best is None:
            continue
        memory.rally |= seen.engaged(best["path"][-1])
        memory.moved.add(unit["id"])
        if unit["kind"] == "wraith" and goal in seen.miasma and best["path"][-1] in seen.miasma:
            searching += 1
        return best
    return {"type": "end", "side": side}


def _best_step(seen: Seen, memory: TurnMemory, unit: Unit, found: dict[str, Action], goal: str, target: str,
               support: Callable[[str], int], needed: int) -> Action | None:
    """The move of `unit` that gets nearest `goal` by walking, among the hexes where it
    may stand and that are worth the attack they bring (joining an attack its friends
    begin, if it is going for the enemy wizard); None: it stays."""
    far = seen.map.walking_distances(goal)
    allowed = [unit["hex"]] + [h for h in found if seen.may_join(unit, h)
                               and _worth_engaging(seen, unit, h, target, support, needed)]
    joining = [h for h in allowed if goal == target and seen.engaged(h) & memory.rally]

    def cost(h: str) -> int:
        return _move_cost(seen, found[h]["path"]) if h in found else 0
    best = min(joining or allowed, key=lambda h: (far.get(h, FAR), distance(h, goal), cost(h)))
    return None if best == unit["hex"] else found[best]


def _support(seen: Seen, memory: TurnMemory, wizard: str, mover: Unit,
             moves: dict[int, dict[str, Action]]) -> Callable[[str], int]:
    """For an enemy hex, the direct strength of the bot's other units that can still move
    there this phase and are heading past it to the enemy Necromancer (or to him): they
    will join the attack. Counting only units already there, each waited for another to
    go first and armies stood before a blocking stack, or two hexes from the wizard,
    until the turn cap. (Counting every unit near it, units stepped into zones their
    friends were not coming to and died.)"""
    to_wizard = seen.map.walking_distances(wizard)
    guards = memory.guards or set()
    coming = [u for u in seen.mine()
              if u is not mover and u["kind"] != "necromancer" and u["id"] not in guards
              and not seen.lying_jewels(u["hex"]) and u["id"] in moves and u["hex"] not in seen.miasma]
    cache: dict[str, int] = {}

    def support(enemy_hex: str) -> int:
        if enemy_hex not in cache:
            far = seen.map.walking_distances(enemy_hex)
            beyond = to_wizard.get(enemy_hex, FAR)
            cache[enemy_hex] = sum(u["direct"] for u in coming if 1 < far.get(u["hex"], FAR) <= u["movement"] + 1
                                   and to_wizard.get(u["hex"], FAR) > beyond)
        return cache[enemy_hex]
    return support


def _worth_engaging(seen: Seen, unit: Unit, h: str, wizard: str,
                    support: Callable[[str], int] = lambda n: 0, needed: int = 2) -> bool:
    """A unit that stops in an enemy zone must attack (6.21); it goes there only if the
    attack it joins would be at `needed`-1 or better (1-1 on the enemy wizard), counting
    the `support(enemy hex)` still on its way. Walking into zones one unit at a time made
    the old bot attack at 1-3 and lose its army."""
    board = seen.map
    for n in sorted(seen.engaged(h)):
        defence = sum(e["defence"] for e in seen.at[n] if e["side"] != seen.side)
        friends = [f for m in board.neighbours.get(n, ()) if m != h and not board.is_cliff(m, n)
                   and m not in seen.miasma for f in seen.at.get(m, []) if f["side"] == seen.side]
        attack = sum(board.halved(f["hex"], f["direct"]) for f in friends)
        attack += board.halved(h, unit["direct"]) + support(n)
        if attack < (defence if n == wizard else needed * defence):
            return False
    return True


def _pick_guards(seen: Seen, home: Unit) -> set[int]:
    """The sturdiest units nearest the Necromancer stay beside him this turn, while the
    army is big enough to spare them (a small army is strong, 3.1, and must attack)."""
    if seen.counted(seen.side) < MIN_ARMY_FOR_GUARDS:
        return set()
    fighters = [u for u in seen.mine() if u["kind"] in ("zombie", "skeleton", "mercenary")]
    fighters.sort(key=lambda u: (distance(u["hex"], home["hex"]), u["kind"] != "zombie", u["id"]))
    return {u["id"] for u in fighters[:GUARDS]}


def _goal(seen: Seen, memory: TurnMemory, unit: Unit, home: str, target: str, searching: int) -> str | None:
    if unit["kind"] == "necromancer":
        loose: list[str] = [j["hex"] for j in seen.view["jewels"] if j["hex"] and not seen.at.get(j["hex"])]
        near = [h for h in loose if distance(h, home) <= 3 and not seen.threat(h)]
        if near:
            return near[0]
        if seen.threat(home):  # step back towards his own troops, away from the enemy
            ring = [h for h in seen.map.plateau if distance(h, home) <= 2
                    and h not in seen.map.edge]  # 6.52: at an edge a retreat has nowhere to go
            mine = seen.mine()

            def friends(h: str) -> int:
                return sum(1 for u in mine if distance(u["hex"], h) <= 1)
            return min(ring, key=lambda h: (seen.threat(h) - friends(h), -distance(h, target), h), default=None)
        return None  # otherwise stay put behind the lines
    if seen.lying_jewels(unit["hex"]) or unit["id"] in (memory.guards or ()):
        return home
    if (unit["kind"] == "wraith" and seen.miasma and searching < SEARCHERS
            and seen.view["miasma"]["jewels_left"]):
        return min(sorted(seen.miasma), key=lambda h: distance(h, unit["hex"]))
    return target


# --- combat (6.2) ---------------------------------------------------------------------------

def _combat(seen: Seen, memory: TurnMemory, info: dict[str, Any]) -> Action | None:
    """The enemy Necromancer first, then what must be attacked, then good odds."""
    side = seen.side
    wizard = seen.enemy_wizard()
    able: dict[str, tuple[set[int], set[int]]] = {}   # target -> (may attack directly, indirectly)
    for a in seen.legal:
        if a["type"] == "attack" and len(a["targets"]) == 1 and not a.get("boulder") and not a.get("demon"):
            directly, indirectly = able.setdefault(a["targets"][0], (set(), set()))
            directly.update(a.get("direct", ()))
            indirectly.update(a.get("indirect", ()))
    forced = {h for u in seen.mine() for h in u["zone"] if any(e["side"] != side for e in seen.at.get(h, []))}
    pressing = seen.ahead()
    targets = sorted({u["hex"] for u in seen.theirs()} - memory.attacked,
                     key=lambda h: (h != wizard, h not in forced, h))
    for target in targets:
        if target not in able:
            continue
        direct = sorted(able[target][0])
        indirect = sorted(able[target][1] - able[target][0])
        action = _attack(side, target, direct, indirect)
        column = seen.preview_column(action)
        if column is None:
            continue
        # 2.12, 6.31: a unit on a slope attacks at half strength and still suffers the
        # results; leave it out unless the attack needs it
        flat = [u for u in direct if seen.by_id[u]["hex"] not in seen.map.slopes or seen.by_id[u]["kind"] in WIZARDS]
        if flat != direct and (flat or indirect):
            lighter = _attack(side, target, flat, indirect)
            if seen.preview_column(lighter) == column:
                action = lighter
        good = column in GOOD_ODDS or column == "1-1" and pressing
        if good or target in forced or target == wizard and column not in ("1-3", "auto-AE"):
            memory.attacked.add(target)
            return action
    return {"type": "end", "side": side}


def _attack(side: str, target: str, direct: list[int], indirect: list[int]) -> Action:
    """An attack spelled as the legal list spells it (empty roles left out)."""
    action: Action = {"type": "attack", "side": side, "targets": [target]}
    if direct:
        action["direct"] = direct
    if indirect:
        action["indirect"] = indirect
    return action


# --- conversion (5.0, 8.2) ------------------------------------------------------------------

def _convert(seen: Seen, memory: TurnMemory, info: dict[str, Any]) -> Action | None:
    side = seen.side
    me = seen.view["sides"][side]
    enemy_n = seen.necromancer(seen.enemy)
    mine = seen.necromancer(side)
    options = []
    for t in sorted({u["hex"] for u in seen.theirs()}):
        stack = seen.at[t]
        resistance = _stack_resistance(stack)
        if enemy_n and distance(enemy_n["hex"], t) <= 1 or resistance is None:
            continue
        near_me = mine is not None and distance(mine["hex"], t) <= 3
        jewel = bool(seen.lying_jewels(t))
        options.append((-(len(stack) + 5 * jewel + 3 * near_me), t, resistance, jewel or near_me))
    if not options:
        return {"type": "end", "side": side}
    options.sort()
    if me["free_attempts"]:
        return {"type": "convert", "side": side, "target": options[0][1], "free": True}
    # a budget: x3 converts 5 times in 6 for the least CP per unit won (x4 risks an E and
    # costs more), and a reserve is kept for the turns to come unless the target matters
    # now (issue 10 item 10: 150 -> 2 CP in three turns) or the army is too small to wait
    # (a lone Necromancer sat on 48 CP to the turn cap)
    reserve = CP_RESERVE if seen.counted(side) >= MIN_ARMY_FOR_GUARDS else 0
    for _, t, resistance, urgent in options:
        for multiple in (3, 2):
            action = {"type": "convert", "side": side, "target": t, "multiple": multiple}
            if action in seen.legal and (urgent or me["cp"] - multiple * resistance >= reserve):
                return action
    return {"type": "end", "side": side}


def _stack_resistance(stack: list[Unit]) -> int | None:
    """The resistance of a whole stack, or None when a unit in it cannot be converted."""
    if any(u["resistance"] is None for u in stack):
        return None
    total = sum(u["resistance"] or 0 for u in stack)   # none is None here
    return total


# --- retreats and the optional units (6.52, 10.5) -----------------------------------------

def _retreat(seen: Seen, memory: TurnMemory, info: dict[str, Any]) -> Action | None:
    """Lose the weakest (zombies last), then go to the retreat hex nearest home where the
    rest may stand (4.4, 10.53), carrying the Jewels. Where every one is full, None: the
    random choice among the listed retreats, displacements included (6.52)."""
    home = seen.necromancer(seen.side)
    units = [seen.by_id[u] for u in info["units"] if u in seen.by_id]
    counted = sorted((u for u in units if u["kind"] != "necromancer"), key=lambda u: u["kind"] == "zombie")
    lose = sorted(u["id"] for u in counted[:info["losses"]])
    staying = [u for u in units if u["id"] not in lose]
    if home is None:
        return None
    fits = sorted((h for h in info["options"] if all(seen.may_join(u, h) for u in staying)),
                  key=lambda h: (distance(h, home["hex"]), h))
    base: Action = {"type": "retreat", "side": seen.side, **({"lose": lose} if lose else {}),
                    **({"carry": sorted(info["jewels"])} if info["jewels"] else {})}
    return next((a for h in fits if seen.accepts(a := {**base, "to": h})), None)


def _choose(seen: Seen, memory: TurnMemory, info: dict[str, Any]) -> Action | None:
    """10.5: units that fight and items a wizard uses, in that order, from what is left."""
    left, need, picks = dict(info["counters_left"]), info["allowance"], []
    for name in ITEM_PREFERENCE * 2:
        if need and left.get(name, 0) > 0:
            picks.append(name)
            left[name] -= 1
            need -= 1
    if need:
        return None
    return next((a for a in seen.legal if a["type"] == "choose" and sorted(a["items"]) == sorted(picks)), None)


_CHOOSERS: dict[str, Callable[[Seen, TurnMemory, dict[str, Any]], Action | None]] = {
    "move": _move, "combat": _combat, "convert": _convert, "retreat": _retreat, "choose": _choose}

__all__ = ["HeuristicBot", "Terrain", "terrain_from_map", "terrain_of"]
