"""Playing SJG Necromancer at a terminal: a small command language, its parser, and the
interactive session (hot-seat, or against the heuristic bot).

The command language (type `help` in a session):

    move 12 13 0505 0605 0706   units (their numbers), then the path from their hex;
                                the start hex may be left out, and a lone destination
                                is reached by the shortest path.  Options: `carry red`
                                (Jewels to carry), `suicide` (over a cliff, 6.7)
    end                         end your part of the current phase (also: pass, done)
    undo                        take back your last move (or take, or attack that rolled
                                no dice) of this phase; repeat to go back further
    attack d:12,13 i:14 b: -> 0707 [0708]
                                d: direct, i: indirect, b: boulder attackers; then
                                the target hex(es); `attack d:12 demon`: the demon
    take sword 12               unit 12 takes an item in its hex (movement phase)
    convert 0707 x2             commit 2x the stack's resistance in CP (x1-x4)
    convert 0707 free           a Jewel's free x3 attempt
    retreat to 0604 lose 12     retreat the stack (losing unit 12); also `lose all`,
                                `carry red`, `displace 14,15>0605`, `over 0705`
    advance 12>0707 13>0707     advance after combat; `advance` alone: stay
    search 1209                 search a Miasma hex
    choose sword 2apprentice    choose your extra items (10.5): apprentice,
                                mercenaries, dragon, ring, crystal_ball, sword, bow,
                                extra_jewel:POWER; `choose auto`: at random
    deploy auto                 a random legal set-up for your side
    deploy 0309:z,z,w 0310:2s,w set up by hand: hex:kinds (z s w n a m dragon, or
                                names, "2z"); `sword=0310`: the apprentice set up
                                there holds the sword (default: the Necromancer).
                                At the terminal you may deploy a few hexes a line:
                                the set-up is sent once every unit is placed;
                                `deploy clear` starts again, `deploy list` shows it
    units [all|HEX]             list your (all visible / that hex's) units with numbers
    hex 0707                    a hex's terrain, level and cliffs on every side
    show                        redraw the map       help   this text
    svg FILE / png FILE         draw the view        save FILE   save the game record
    quit                        leave (the game is saved if a save file was given)

`parse_command` is a pure function from text to a `Command`; `complete_action` fills in
what only the game knows (a move's path, `lose all`, the demon's hex).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rich.console import Console
from rich.markup import escape

from warjudge.core import bots
from warjudge.core.errors import IllegalAction, WarjudgeError
from warjudge.core.game import Decision, Game
from warjudge.hexwar.grid import DIRECTION_NAMES, DIRECTIONS
from warjudge.hexwar.sjg.view_types import PieceJson, SjgPicture, SjgView, UnitJson
from warjudge.presentation.sjg.picture import picture
from warjudge.presentation.sjg.render import KIND_LETTER, render_png, render_svg, render_terminal
from warjudge.presentation.sjg.wording_en import lines as in_english

GAME_ID = "necromancer-sjg"
SIDES = ("red", "black")

HELP = __doc__.split("The command language (type `help` in a session):", 1)[1].split("`parse_command`", 1)[0].rstrip()


class CommandError(WarjudgeError):
    """A command the player typed cannot be understood; nothing was done."""


# --- views ----------------------------------------------------------------------------

def view_for(game: Game, side: str | None) -> SjgPicture:
    """What `side` may see (None: everything), drawn on the public map: the game's own
    filtered view, never its state."""
    return picture(game.public_map, cast(SjgView, game.view(side)))   # the terminal plays SJG only


def other(side: str) -> str:
    return "black" if side == "red" else "red"


# --- the command language ---------------------------------------------------------------

@dataclass
class Command:
    """kind: action, deploy_auto, choose_auto, help, show, units, hex, svg, png, save, quit."""

    kind: str
    action: dict[str, Any] | None = None
    arg: str | None = None

    def game_action(self) -> dict[str, Any]:
        """The action this command stands for; a session command (help, svg...) has none."""
        if self.action is None:
            raise CommandError(f"'{self.kind}' is not a game action")
        return self.action

    def word(self) -> str:
        """The hex or file name a hex, svg, png or save command names (the parser requires one)."""
        if self.arg is None:
            raise CommandError(f"{self.kind}: say which hex or file")
        return self.arg


HEX = re.compile(r"^[0-9]{4}$", re.ASCII)
KIND_WORDS = {"z": "zombie", "zombie": "zombie", "zombies": "zombie", "s": "skeleton", "skeleton": "skeleton",
              "skeletons": "skeleton", "w": "wraith", "wraith": "wraith", "wraiths": "wraith",
              "n": "necromancer", "necromancer": "necromancer", "a": "apprentice", "apprentice": "apprentice",
              "apprentices": "apprentice", "m": "mercenary", "mercenary": "mercenary", "mercenaries": "mercenary",
              "dragon": "dragon"}
META = {"help": "help", "?": "help", "show": "show", "map": "show", "quit": "quit", "exit": "quit", "q": "quit"}
ROLE_WORDS = {"d": "direct", "direct": "direct", "i": "indirect", "indirect": "indirect", "b": "boulder",
              "boulder": "boulder"}


def _hex(token: str, what: str) -> str:
    if not HEX.match(token) or not token.isascii():
        raise CommandError(f"{what}: {_short(token)!r} is not a hex number (four digits, column then row, e.g. 0707)")
    return token


MAX_ID_DIGITS = 6  # unit numbers are counted in hundreds; a longer number is a typo


def _ids(text: str, what: str) -> list[int]:
    out = []
    for part in text.replace(",", " ").split():
        if not part.isdigit() or HEX.match(part) or not part.isascii():
            raise CommandError(f"{what}: {_short(part)!r} is not a unit number (type 'units' to list yours)")
        if len(part) > MAX_ID_DIGITS:
            raise CommandError(f"{what}: {_short(part)!r} is not a unit number (at most {MAX_ID_DIGITS} digits; "
                               f"type 'units')")
        out.append(int(part))
    return out


def _short(text: str, limit: int = 24) -> str:
    """A token quoted back to the user, cut to a readable length."""
    return text if len(text) <= limit else text[:limit] + "..."


def _count(digits: str, most: int, what: str) -> int:
    """A count written before a kind ('2z', '2apprentice'), bounded before use."""
    if not digits:
        return 1
    if len(digits) > 2 or int(digits) > most:
        raise CommandError(f"{what}: at most {most} at once, not {_short(digits)}")
    return int(digits)


def _jewel_list(text: str) -> list[str]:
    return [j for j in text.replace(",", " ").split() if j]


def parse_command(text: str, side: str) -> Command:
    """Turn one typed line into a Command for `side`; raises CommandError with what was
    wrong and an example of the right form."""
    words = text.strip().split()
    if not words:
        raise CommandError("type a command, or 'help'")
    verb, rest = words[0].lower(), words[1:]
    if verb in META:
        return Command(META[verb])
    if verb == "units":
        return Command("units", arg=rest[0] if rest else None)
    if verb == "hex":
        if len(rest) != 1:
            raise CommandError("hex: give one hex, e.g. 'hex 0707'")
        return Command("hex", arg=_hex(rest[0], "hex"))
    if verb in ("svg", "png", "save"):
        if len(rest) != 1:
            raise CommandError(f"{verb}: give one file name, e.g. '{verb} game.{ 'json' if verb == 'save' else verb}'")
        return Command(verb, arg=rest[0])
    base = {"side": side}
    if verb in ("end", "pass", "done"):
        if rest and rest != ["phase"]:
            raise CommandError(f"{verb} takes nothing after it")
        return Command("action", base | {"type": "end"})
    if verb in ("undo", "takeback"):
        if rest:
            raise CommandError("undo takes nothing after it; repeat it to take back more")
        return Command("action", base | {"type": "undo"})
    parser = _PARSERS.get(verb)
    if parser is None:
        raise CommandError(f"unknown command {_short(verb)!r}; commands: move, take, end, attack, convert, retreat, "
                           f"advance, search, choose, deploy, units, show, svg, png, save, help, quit")
    return parser(rest, base)


def _parse_move(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'move 12 13 0505 0605' (units, then the path)"
    units: list[int] = []
    path: list[str] = []
    jewels: list[str] = []
    suicide = False
    tokens = iter(rest)
    for token in tokens:
        low = token.lower()
        if low in ("carry", "jewel", "jewels", "with"):
            got = next(tokens, None)
            if got is None:
                raise CommandError(f"move: name the Jewel(s) to carry after '{token}', e.g. 'carry red'")
            jewels += _jewel_list(got)
        elif low in ("suicide", "over"):
            suicide = True
        elif HEX.match(token):
            path.append(token)
        elif all(p.isdigit() and p.isascii() for p in token.split(",") if p) and token.strip(","):
            if path:
                raise CommandError(f"move: list the units first, then the path; {example}")
            units += _ids(token, "move")
        else:
            raise CommandError(f"move: {_short(token)!r} is neither a unit number nor a hex; {example}")
    if not units:
        raise CommandError(f"move: name the units to move by number (type 'units'); {example}")
    if not path:
        raise CommandError(f"move: give the path or at least the destination hex; {example}")
    action = base | {"type": "move", "units": units, "path": path}
    if jewels:
        action["jewels"] = jewels
    if suicide:
        action["suicide"] = True
    return Command("action", action)


def _parse_attack(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'attack d:12,13 i:14 -> 0707'"
    roles: dict[str, list[int]] = {"direct": [], "indirect": [], "boulder": []}
    targets: list[str] = []
    demon = False
    for token in rest:
        if token in ("->", "at", "on"):
            continue
        if token.lower() in ("demon", "->demon"):
            demon = True
            continue
        if ":" in token:
            role, _, ids = token.partition(":")
            name = ROLE_WORDS.get(role.lower())
            if name is None:
                raise CommandError(f"attack: {_short(role)!r} is not d (direct), i (indirect) or b (boulder); {example}")
            roles[name] += _ids(ids, "attack")
        elif HEX.match(token.lstrip("->")):
            targets.append(token.lstrip("->"))
        else:
            raise CommandError(f"attack: {_short(token)!r} is not understood; {example}")
    if not targets and not demon:
        raise CommandError(f"attack: name the target hex; {example}")
    if not any(roles.values()):
        raise CommandError(f"attack: name the attacking units (d:, i: or b:); {example}")
    action = base | {"type": "attack", "targets": targets} | ({"demon": True} if demon else {})
    action.update({k: v for k, v in roles.items() if v})
    return Command("action", action)


def _parse_convert(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'convert 0707 x2' or 'convert 0707 free'"
    if len(rest) != 2:
        raise CommandError(f"convert: give the target hex and x1-x4 or 'free'; {example}")
    target = _hex(rest[0], "convert")
    how = rest[1].lower()
    if how == "free":
        return Command("action", base | {"type": "convert", "target": target, "free": True})
    m = re.fullmatch(r"x?([1-4])", how)
    if not m:
        raise CommandError(f"convert: {_short(rest[1])!r} should be x1, x2, x3, x4 or free; {example}")
    return Command("action", base | {"type": "convert", "target": target, "multiple": int(m.group(1))})


def _parse_retreat(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'retreat to 0604 lose 12' or 'retreat lose all'"
    action: dict[str, Any] = base | {"type": "retreat"}
    tokens = list(rest)
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if HEX.match(tokens[i]) and "to" not in action:
            action["to"] = tokens[i]
            i += 1
            continue
        if nxt is None:
            raise CommandError(f"retreat: '{tokens[i]}' needs something after it; {example}")
        if word == "to":
            action["to"] = _hex(nxt, "retreat to")
        elif word == "over":
            action["over_cliff"] = _hex(nxt, "retreat over")
        elif word in ("lose", "losing"):
            if nxt.lower() == "all":
                action["lose_all"] = True
            else:
                action.setdefault("lose", []).extend(_ids(nxt, "retreat lose"))
        elif word == "carry":
            action.setdefault("carry", []).extend(_jewel_list(nxt))
        elif word == "displace":
            ids, sep, dest = nxt.partition(">")
            if not sep:
                raise CommandError("retreat: displace UNITS>HEX, e.g. 'displace 14,15>0605'")
            action.setdefault("displace", []).append({"units": _ids(ids, "displace"), "to": _hex(dest, "displace")})
        else:
            raise CommandError(f"retreat: {tokens[i]!r} is not understood; {example}")
        i += 2
    return Command("action", action)


def _parse_advance(rest: list[str], base: dict[str, Any]) -> Command:
    moves: dict[int, str] = {}
    for token in rest:
        if token.lower() in ("none", "no", "stay"):
            continue
        ids, sep, dest = token.partition(">")
        if not sep:
            raise CommandError(f"advance: {_short(token)!r} should be UNIT>HEX (e.g. '12>0707' or '12,13>0707'), "
                               f"or nothing to stay")
        for uid in _ids(ids, "advance"):
            moves[uid] = _hex(dest, "advance")
    return Command("action", base | {"type": "advance", "moves": moves})


def _parse_search(rest: list[str], base: dict[str, Any]) -> Command:
    if len(rest) != 1:
        raise CommandError("search: give the Miasma hex to search, e.g. 'search 1209'")
    return Command("action", base | {"type": "search", "hex": _hex(rest[0], "search")})


def _parse_deploy(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'deploy auto' or 'deploy 0309:z,z,w 0310:2s,w'"
    if [w.lower() for w in rest] in (["auto"], ["random"]):
        return Command("deploy_auto", dict(base))
    if [w.lower() for w in rest] in (["clear"], ["list"]):
        return Command("deploy_part", dict(base), arg=rest[0].lower())
    if not rest:
        raise CommandError(f"deploy: say where; {example}")
    placements: dict[str, list[str]] = {}
    holders: dict[str, str] = {}
    for token in rest:
        item, eq, holder = token.partition("=")
        if eq:
            if item.lower() not in ("ring", "sword", "bow"):
                raise CommandError(f"deploy: {_short(item)!r} is not an item a wizard holds (ring, sword, bow)")
            holders[item.lower()] = "necromancer" if holder.lower() in ("n", "necromancer") else _hex(holder, "deploy")
            continue
        h, sep, kinds = token.partition(":")
        if not sep or not kinds:
            raise CommandError(f"deploy: {_short(token)!r} should be HEX:kinds; {example}")
        h = _hex(h, "deploy")
        for item in kinds.split(","):
            m = re.fullmatch(r"([0-9]*)([a-z]+)", item.strip().lower())
            if not m or m.group(2) not in KIND_WORDS:
                raise CommandError(f"deploy: {_short(item)!r} is not a unit kind (z, s, w, n or their names, "
                                   f"with a count like 2z); {example}")
            placements.setdefault(h, []).extend([KIND_WORDS[m.group(2)]] * _count(m.group(1), 3, "deploy"))
    return Command("action", base | {"type": "deploy", "placements": placements}
                   | ({"holders": holders} if holders else {}))


def _parse_choose(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'choose sword', 'choose dragon', 'choose 2apprentice extra_jewel:zombie_movement'"
    if [w.lower() for w in rest] in (["auto"], ["random"]):
        return Command("choose_auto", dict(base))
    if not rest:
        raise CommandError(f"choose: name your items; {example}")
    items: list[str] = []
    for token in rest:
        for part in token.split(","):
            m = re.fullmatch(r"([0-9]*)([a-z_:]+)", part.strip().lower())
            if not m:
                raise CommandError(f"choose: {_short(part)!r} is not understood; {example}")
            items += [m.group(2)] * _count(m.group(1), 8, "choose")
    return Command("action", base | {"type": "choose", "items": items})


def _parse_take(rest: list[str], base: dict[str, Any]) -> Command:
    example = "e.g. 'take sword 12' (unit 12 takes the sword in its hex)"
    if len(rest) != 2:
        raise CommandError(f"take: give the item and the unit that takes it; {example}")
    units = _ids(rest[1], "take")
    if len(units) != 1:
        raise CommandError(f"take: name one unit; {example}")
    return Command("action", base | {"type": "take", "item": rest[0].lower(), "unit": units[0]})


_PARSERS: dict[str, Callable[[list[str], dict[str, Any]], Command]] = {
    "move": _parse_move, "m": _parse_move, "attack": _parse_attack, "a": _parse_attack,
    "convert": _parse_convert, "retreat": _parse_retreat, "advance": _parse_advance,
    "search": _parse_search, "deploy": _parse_deploy, "choose": _parse_choose, "take": _parse_take,
}


def _completable(action: dict[str, Any]) -> bool:
    """Whether the action has the shape completion relies on (JSON from a user may not)."""
    def hexes(value: Any) -> bool:
        return isinstance(value, list) and bool(value) and all(isinstance(h, str) and HEX.match(h) for h in value)

    if action.get("side") not in ("red", "black") or not isinstance(action.get("type"), str):
        return False
    if action["type"] == "move":
        units = action.get("units")
        return (isinstance(units, list) and bool(units) and len(units) <= 200 and hexes(action.get("path"))
                and all(isinstance(u, int) and not isinstance(u, bool) for u in units))
    if action.get("demon"):
        return isinstance(action.get("targets"), list)
    return True


def complete_action(game: Game, command: Command, rng: random.Random | None = None) -> dict[str, Any]:
    """The engine action for a parsed command: fills in a move's path from the legal
    list, `lose all` from the retreat decision, `choose auto` and `deploy auto` at random
    from the legal list. Reads only the interface (decision, legal actions, view)."""
    given = command.game_action()
    side = str(given.get("side"))   # the parser always names the side; a JSON action without one matches none
    acting = game.to_act()
    decision = game.decision(side)
    rng = rng or random.Random()
    if command.kind in ("deploy_auto", "choose_auto") and acting and side not in acting:
        head = game.decision(acting[0])
        raise CommandError(f"it is {' and '.join(acting)}'s decision ({head.kind if head else '?'}), not {side}'s")
    if command.kind == "deploy_auto":
        if decision is None or decision.kind != "deploy":
            raise CommandError("there is nothing for you to deploy now")
        return _random_set_up(game, side, rng)
    if command.kind == "choose_auto":
        if decision is None or decision.kind != "choose":
            raise CommandError("there are no items for you to choose now")
        return rng.choice([a for a in game.legal_actions(side) if a["type"] == "choose"])
    if command.kind != "action":
        raise CommandError(f"'{command.kind}' is not a game action")
    if not _completable(given):
        return dict(given)  # as it is: the engine refuses a malformed action, saying why
    action = dict(given)
    view = cast(SjgView, game.view(side))
    if action["type"] == "move":
        action["path"] = _full_path(game, view, side, action)
    if action.get("demon") and not action["targets"]:
        demon = (view.get("miasma") or {}).get("demon")
        if demon is None:
            raise CommandError("attack: the demon is not on the map")
        action["targets"] = [demon]
    if action.pop("lose_all", False):
        if decision is None or decision.kind != "retreat":
            raise CommandError("retreat: there is no retreat to make now")
        action["lose"] = list(decision.info.get("units", []))
        action.pop("to", None)
    return action


def _full_path(game: Game, view: SjgView, side: str, action: dict[str, Any]) -> list[str]:
    """The move's path with its start hex; a lone destination beyond the next hex is
    reached by the path the legal list gives (the cheapest)."""
    where = {u["id"]: u for u in view["units"]}
    named = [where.get(u) for u in action["units"]]
    bad = [uid for uid, u in zip(action["units"], named) if u is None or u["side"] != side]
    if bad:
        raise CommandError(f"move: unit(s) {', '.join(map(str, bad))} are not yours (type 'units')")
    starts = {u["hex"] for u in named if u is not None}
    if len(starts) > 1:
        raise CommandError(f"move: units moving together must start in one hex; these are in {', '.join(sorted(starts))}")
    start = starts.pop()
    path = list(action["path"])
    if path[0] != start:
        path.insert(0, start)
    if len(path) == 2 and path[1] not in game.public_map.neighbours(start):
        group = sorted(action["units"])
        found = [a["path"] for a in game.legal_actions(side) if a["type"] == "move" and sorted(a["units"]) == group
                 and a["path"][-1] == path[1] and not a.get("suicide")]
        if not found:
            raise CommandError(f"move: {path[1]} cannot be reached from {start} this phase; "
                               f"give the path hex by hex to see why")
        path = min(found, key=len)
    if len(path) < 2:
        raise CommandError(f"move: the units are already in {start}")
    return path


def _random_set_up(game: Game, side: str, rng: random.Random) -> dict[str, Any]:
    """A random legal set-up: random legal placements, one at a time, on a copy of the
    game, then one of the complete set-ups the legal list offers."""
    trial = game.clone()
    while True:
        actions = trial.legal_actions(side)
        complete = [a for a in actions if a["type"] == "deploy"]
        if complete:
            return dict(rng.choice(complete))
        trial.act(side, rng.choice([a for a in actions if a["type"] == "place"]))


def acted(game: Game, action: dict[str, Any], reader: str | None = None) -> list[str]:
    """Send `action` through the game interface; what `reader` (by default the side
    acting) may read of the events it caused, in English."""
    side = action["side"]
    reader = reader or side
    seen = len(game.view(reader)["events"])
    game.act(side, action)
    return in_english(game.view(reader)["events"][seen:])


def _deploy_part(game: Game, command: Command, console: Console) -> list[str]:
    """Hand deployments at the terminal, a few hexes a line: each line's units are placed
    behind the screen one `place` action at a time (all of the line or, if the game
    refuses one, none of it); once every unit is placed the set-up is sent as the one
    `deploy` the legal list then offers with the item holders asked for. Returns the
    events' lines."""
    given = command.game_action()
    side = given["side"]
    decision = game.decision(side)
    if decision is None or decision.kind != "deploy":
        raise CommandError("there is nothing for you to deploy now")
    said: list[str] = []
    if command.arg == "clear":
        while {"type": "undo", "side": side} in game.legal_actions(side):
            said += acted(game, {"type": "undo", "side": side})
        console.print("set-up cleared")
        return said
    if command.arg != "list":
        steps = [{"type": "place", "side": side, "kind": kind, "hex": h}
                 for h, kinds in given["placements"].items() for kind in kinds]
        trial = game.clone()
        for step in steps:   # the whole line is checked before any of it is placed
            try:
                trial.act(side, step)
            except IllegalAction as exc:
                raise CommandError(f"deploy: {step['kind']} in {step['hex']}: {exc}") from None
        for step in steps:
            said += acted(game, step)
        holders = {i: w for i, w in (given.get("holders") or {}).items() if w != "necromancer"}
        complete = [a for a in game.legal_actions(side) if a["type"] == "deploy" and a.get("holders", {}) == holders]
        if complete:
            return said + acted(game, complete[0])
        if any(a["type"] == "deploy" for a in game.legal_actions(side)):
            raise CommandError(f"deploy: every unit is placed, but the items cannot be held as asked ({holders}); "
                               f"name an apprentice's hex you set up, e.g. 'deploy sword=HEX'")
    mine = [s for s in game.view(side).get("secrets", []) if s.get("kind") == "set-up" and s.get("side") == side]
    draft: dict[str, list[str]] = {}
    for kind, h in (mine[0]["placements"] if mine else []):
        draft.setdefault(h, []).append(kind)
    left = (game.decision(side) or decision).info.get("to_place", {})
    console.print(escape(f"set-up so far: {' '.join(f'{h}:' + ','.join(ks) for h, ks in sorted(draft.items()))}"
                         if draft else "nothing placed yet"), highlight=False)
    console.print(escape(f"still to place: {', '.join(f'{n} {k}s' for k, n in left.items()) or 'nothing'}"),
                  highlight=False)
    return said


def line_reader(console: Console) -> Callable[[str], str]:
    """Read a line with line editing and history (readline) where the platform has it;
    the prompt goes through input() so that editing keeps it in place."""
    try:
        import readline  # noqa: F401  (importing it is what turns editing on for input())
    except ImportError:  # pragma: no cover - Windows without pyreadline
        pass

    def read(prompt: str) -> str:
        console.file.flush()
        return input(prompt)

    return read


# --- the session ----------------------------------------------------------------------

def units_table(view: SjgPicture, side: str | None, which: str | None) -> list[str]:
    """Lines listing units with their numbers and types, a line per hex and side:
    `side`'s (default), all visible ('all'), or one hex's."""
    by_hex: dict[tuple[str, str], list[UnitJson | PieceJson]] = {}
    for u in view.get("units", []):
        if which and HEX.match(which):
            if u["hex"] != which:
                continue
        elif which != "all" and side and u["side"] != side:
            continue
        by_hex.setdefault((u["hex"], u["side"]), []).append(u)
    if not by_hex:
        return ["no units" + (f" in {which}" if which and HEX.match(which) else "")]
    lines = []
    for (h, owner) in sorted(by_hex):
        parts = [f"{u['id']} {u['kind']}" for u in sorted(by_hex[(h, owner)], key=lambda u: u["id"])]
        lines.append(f"{h}  {owner:<5}  {', '.join(parts)}")
    return lines


def turn_summary(lines: list[str]) -> list[str]:
    """A bot's (or any) turn in a few lines: results first (combats, conversions, losses,
    Jewels, the winner), then the moves grouped on one line each side, dice left out."""
    moves: dict[str, list[str]] = {}
    results: list[str] = []
    for line in lines:
        if line.startswith("  roll "):
            continue
        side, sep, rest = line.partition(" moves ")
        if sep and side in ("red", "black"):
            words = rest.split()
            cut = len(words)
            while cut and HEX.match(words[cut - 1]):
                cut -= 1
            hexes = words[cut:]
            moves.setdefault(side, []).append(f"{' '.join(words[:cut])} {hexes[0]}>{hexes[-1]}" if hexes else rest)
        elif " ends the " not in line and not (line.startswith("— turn") and results):
            results.append(line)  # the next turn's header would sit between results and moves
    out = results[:]
    for side, done in moves.items():
        out.append(f"{side} moved {len(done)} time{'s' if len(done) != 1 else ''}: {'; '.join(done)}")
    return out


def hex_lines(view: SjgPicture, hex_: str) -> list[str]:
    """What a player may know of one hex: terrain and level, each side's neighbour and
    whether a cliff lies between and which side is high, and
    what stands there."""
    board = view["board"]
    if hex_ not in board.hexes:
        return [f"{hex_} is not on the map"]
    terrain = board.terrain(hex_)
    lines = [f"{hex_}: {terrain}" + ("" if terrain == "monolith" else f", level {board.level(hex_)}")
             + (", in the Miasma" if hex_ in view.get("miasma", []) else "")]
    for d in DIRECTIONS:
        n = board.grid.neighbour(hex_, d)
        if n is None:
            lines.append(f"  {DIRECTION_NAMES[d]:>2}: map edge")
            continue
        side = ""
        if board.is_cliff(hex_, n):
            side = " — cliff, " + ("we are on top" if board.cliff_high_side(hex_, n) == hex_ else "we are below")
        lines.append(f"  {DIRECTION_NAMES[d]:>2}: {n} {board.terrain(n)} {board.level(n)}{side}")
    here = [u for u in view.get("units", []) if u["hex"] == hex_]
    if here:
        lines.append("  units: " + " ".join(f"{u['side']}:{KIND_LETTER.get(u['kind'], '?')}{u['id']}" for u in here))
    for j in view.get("jewels", []):
        if j.get("hex") == hex_ and not j.get("delivered_to"):
            lines.append(f"  the {j['id']} Jewel")
    for item in view.get("items", []):
        if item.get("hex") == hex_:
            lines.append(f"  the {item['id']}" + (" (lying here)" if item.get("holder") is None else ""))
    if (demon := view.get("demon")) and demon["hex"] == hex_:
        lines.append("  the Miasma demon")
    return lines


def _prompt_hint(decision: Decision) -> str:
    hints = {
        "choose": "choose ITEMS | choose auto",
        "deploy": "deploy auto | deploy HEX:z,z,w ...",
        "move": "move UNITS PATH | take ITEM UNIT | undo | end",
        "wraith": "move WRAITH HEX (one hex) | undo | end",
        "opportunity": "attack i:UNITS -> HEX | attack b:UNITS -> HEX | end",
        "convert": "convert HEX x1..x4 | convert HEX free | end",
        "combat": "attack d:UNITS i:UNITS b:UNITS -> HEX | end",
        "retreat": "retreat to HEX [lose UNITS] | retreat lose all",
        "advance": "advance UNIT>HEX ... | advance (or end) to stay",
        "search": "search HEX | end",
    }
    return hints.get(decision.kind, "help")


def run_session(game: Game, *, bot_side: str | None = None, input_fn: Callable[[str], str] = input,
                console: Console | None = None, rng: random.Random | None = None,
                save_path: str | Path | None = None, clear_fn: Callable[[], None] | None = None) -> Game:
    """Play at the terminal until the game ends or the player quits. `bot_side` is played
    by the heuristic bot (None: hot-seat, both sides typed in), taken from the bot
    registry. Every line is read through `input_fn` (EOF ends the session). The record
    is saved to `save_path` after every action when given. The game is driven only
    through the interface: `to_act`, `decision`, `legal_actions`, `act`, `view`."""
    console = console or Console()
    rng = rng or random.Random()
    clear_fn = clear_fn or console.clear
    hot_seat = bot_side is None
    human = None if bot_side is None else other(bot_side)
    shown: tuple[Any, str, str, int] | None = None
    bot_lines: list[str] = []
    bot = bots.make(GAME_ID, "heuristic", rng) if bot_side else None

    def save() -> None:
        if save_path is not None:
            game.record.save(Path(save_path))

    def log(lines: list[str], style: str = "") -> None:
        for line in lines:
            console.print(f"[{style}]{escape(line)}[/]" if style else escape(line), highlight=False)

    while True:
        outcome = game.outcome()
        if outcome is not None and outcome.reason == "victory":
            log(turn_summary(bot_lines))
            console.print(f"[bold green]{outcome.winners[0]} wins.[/bold green]")
            break
        acting = game.to_act()
        decision = game.decision(acting[0]) if acting else None
        if decision is None:
            break
        if bot is not None and decision.player == bot_side:
            bot_lines += acted(game, bot.choose(game, bot_side), reader=human)
            save()
            continue
        if bot_lines:
            console.print(f"[bold]{bot_side}'s play, in short[/bold] (marked » on the map):")
            log(turn_summary(bot_lines))
            bot_lines = []
        viewer = decision.player
        key = (game.view(viewer)["turn"], viewer, decision.kind,
               len(game.record.actions) if decision.kind in ("retreat", "advance") else 0)
        if key != shown:
            if hot_seat and decision.kind in ("deploy", "choose") and decision.info.get("simultaneous"):
                clear_fn()
                task = "set up your units" if decision.kind == "deploy" else "choose your items"
                console.print(f"[bold]{viewer.upper()}: {task} in secret. "
                              f"{other(viewer).capitalize()}, look away.[/bold]")
            console.print(render_terminal(view_for(game, viewer if hot_seat else human)))
            console.print(f"[bold]{viewer}[/bold], {decision.kind}: {_prompt_hint(decision)}   (help for more)",
                          highlight=False)
            shown = key
        try:
            text = input_fn(f"{viewer} {decision.kind}> ")
        except (EOFError, KeyboardInterrupt):
            console.print("bye")
            break
        if not text.strip():
            continue
        try:
            command = parse_command(text, viewer)
            if command.kind == "quit":
                save()
                console.print("bye" + (f"; the game is saved in {save_path}" if save_path else ""))
                break
            if command.kind == "help":
                console.print(escape(HELP), highlight=False)
            elif command.kind == "show":
                shown = None
            elif command.kind == "hex":
                log(hex_lines(view_for(game, viewer if hot_seat else human), command.word()))
            elif command.kind == "units":
                side = viewer if hot_seat else human
                log(units_table(view_for(game, side), side, command.arg))
            elif command.kind in ("svg", "png"):
                view = view_for(game, viewer if hot_seat else human)
                if command.kind == "svg":
                    Path(command.word()).write_text(render_svg(view), encoding="utf-8")
                else:
                    render_png(view, command.word())
                console.print(f"Wrote {escape(command.word())}.")
            elif command.kind == "save":
                game.record.save(Path(command.word()))
                console.print(f"Saved to {escape(command.word())}.")
            elif command.kind == "deploy_part" or (command.kind == "action" and command.game_action()["type"] == "deploy"):
                command.kind = "deploy_part"
                log(_deploy_part(game, command, console))
                save()
            else:
                lines = acted(game, complete_action(game, command, rng))
                log(lines)
                save()
        except WarjudgeError as exc:
            console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
        except OSError as exc:
            console.print(f"[red]cannot write {escape(str(exc.filename))}: {escape(exc.strerror or str(exc))}[/red]")
    return game


__all__ = ["Command", "CommandError", "HELP", "complete_action", "parse_command", "run_session", "view_for"]
