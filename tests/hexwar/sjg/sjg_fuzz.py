"""Input mutators shared by the SJG fuzz tests (test_sjg_fuzz.py) and the bigger campaign
run outside the suite (`python tests/hexwar/sjg/sjg_fuzz.py N`): SJG actions in text and JSON
form mutated from legal ones at random reachable positions, hex map files mutated from the
shipped map, and `necromancer` command lines. Each outcome is classified as a result, a
clean error, a traceback or a hang."""

from __future__ import annotations

import json
import copy
import random
import sys
import time
from pathlib import Path

from warjudge.core.errors import WarjudgeError
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.board import DEFAULT_BOARD, load_board_text
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from tests.support.sjg_act import act_as_its_side

NASTY = ["", " ", "-1", "0", "9" * 40, "9" * 4301, "1e999", "NaN", "null", "true", "[]", "{}", "é", "\x00",
         "０７０７", "0707 0707", "[" * 200, "->", ":", ",", ">", "all", "d:", "x5", "free free"]
NASTY_JSON = [None, True, -1, 0, 10 ** 40, 1.5, "", "x" * 300, [], {}, [[[]]], {"a": {"b": []}}, ["0707"] * 80,
              "0707", [1, 2, 3]]


def nasty(rng: random.Random, values: list) -> object:
    """One of `values`, copied: a shared list mutated by one mutation (an item set into
    it) would otherwise leak into the next and could come to contain itself."""
    return copy.deepcopy(rng.choice(values))


def positions(seed: int, steps: int) -> SjgNecromancerGame:
    """A random reachable position: random bots from a fresh game, `steps` actions."""
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, items={"red": 1, "black": 1} if seed % 3 == 0 else {},
                               optional=["miasma_demon"] if seed % 2 else [])
    for _ in range(steps):
        if game.is_over:
            break
        act_as_its_side(game, bots.random_action(game, rng))
    return game


def as_text(action: dict) -> str:
    """A rough text form of a JSON action (what a player might type)."""
    t = action["type"]
    parts = [t]
    for key in ("units", "path", "targets", "direct", "indirect", "boulder", "lose", "items"):
        if key in action:
            parts += [str(x) for x in action[key]]
    if "target" in action:
        parts += [action["target"], f"x{action.get('multiple', 1)}"]
    if "hex" in action:
        parts.append(action["hex"])
    return " ".join(parts)


def mutate_action(action: dict, rng: random.Random) -> dict | str:
    """A legal action bent out of shape: a field replaced, dropped or added, or its text form
    with words swapped for nasty ones."""
    if rng.random() < 0.4:
        words = as_text(action).split()
        for _ in range(rng.randint(1, 3)):
            if words and rng.random() < 0.7:
                words[rng.randrange(len(words))] = rng.choice(NASTY)
            else:
                words.insert(rng.randint(0, len(words)), rng.choice(NASTY))
        return " ".join(words)
    out = json.loads(json.dumps(action))
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(sorted(out) + ["extra", "type", "side"])
        roll = rng.random()
        if roll < 0.5:
            out[key] = nasty(rng, NASTY_JSON + NASTY)
        elif roll < 0.7:
            out.pop(key, None)
        elif isinstance(out.get(key), list) and out[key]:
            out[key][rng.randrange(len(out[key]))] = nasty(rng, NASTY_JSON + NASTY)
        else:
            out[key] = [out.get(key)] * rng.randint(0, 5)
    return out


def mutate_map(rng: random.Random) -> str:
    """The shipped map with a few bytes or fields changed."""
    text = DEFAULT_BOARD.read_text()
    if rng.random() < 0.5:
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(data))
            data[i] = rng.choice(b'0123456789{}[]",:SPM -\\x\xff')
        return data.decode("utf-8", errors="replace")
    spec = json.loads(text)
    key = rng.choice(sorted(spec))
    choice = rng.random()
    if choice < 0.4:
        spec[key] = nasty(rng, NASTY_JSON + NASTY)
    elif choice < 0.6:
        spec.pop(key)
    elif key == "rows":
        r = rng.randrange(len(spec["rows"]))
        spec["rows"][r] = rng.choice([spec["rows"][r] + " 3", spec["rows"][r][:-2], "M9 " * 23, ""])
    elif key == "hexsides" and spec["hexsides"]:
        side = rng.choice(spec["hexsides"])
        side[rng.choice(["hexes", "high", "kind"])] = nasty(rng, NASTY_JSON + ["0101", ["0101", "0101"]])
    else:
        spec[key] = {"x": nasty(rng, NASTY_JSON)}
    return json.dumps(spec)


def cli_args(rng: random.Random, game: str, other: str) -> list[str]:
    """A `necromancer` command line with some arguments mangled."""
    commands = [
        ["new", other, "--seed", "5"], ["act", game, "red", "deploy auto"], ["act", game, "black", "end"],
        ["show", game], ["show", game, "--side", "red", "--units"], ["map", "check", str(DEFAULT_BOARD)],
        ["act", game, "red", "units"], ["show", game, "--log", "3"], ["new", other, "--items", "1"],
    ]
    args = list(rng.choice(commands))
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(args) + 1)
        junk = rng.choice(NASTY + ["--seed", "--side", "--items", "--optional", "--map", "/dev/zero", "/dev/stdin",
                                   "--scenario", "--first", "--png", "/nonexistent/x.png", "--export", "--log", "-1"])
        if rng.random() < 0.5 and i < len(args):
            args[i] = junk
        else:
            args.insert(i, junk)
    return args


def try_action(game: SjgNecromancerGame, action) -> str:
    """'result', 'clean' or 'traceback' for one action given to the engine by the CLI's path,
    played by the side whose decision is pending (as the server plays a seat's action,
    whatever side the action names)."""
    from warjudge.presentation.sjg.terminal import Command, complete_action, parse_command

    try:
        if isinstance(action, str):
            command = parse_command(action, game.pending.player)
            if command.kind not in ("action", "deploy_auto", "choose_auto"):
                return "clean"
        else:
            command = Command("action", action)
        game.act(game.pending.player, complete_action(game, command, random.Random(0)))
        return "result"
    except WarjudgeError:
        return "clean"
    except Exception:  # noqa: BLE001 - what the fuzzer hunts
        return "traceback"


def try_map(text: str) -> str:
    try:
        load_board_text(text, "fuzzed map")
        return "result"
    except WarjudgeError:
        return "clean"
    except Exception:  # noqa: BLE001
        return "traceback"


def campaign(n: int) -> None:  # pragma: no cover - run by hand
    """Counts per class: inputs tried, results, clean errors, tracebacks, hangs (> 10 s)."""
    rng = random.Random(2026)
    tally = {c: {"tried": 0, "result": 0, "clean": 0, "traceback": 0, "hang": 0} for c in ("actions", "maps")}
    for i in range(n):
        game = positions(i, rng.randint(0, 400))
        if game.is_over:
            continue
        for _ in range(10):
            start = time.perf_counter()
            outcome = try_action(game, mutate_action(bots.random_action(game, rng), rng))
            tally["actions"]["tried"] += 1
            tally["actions"]["hang" if time.perf_counter() - start > 10 else outcome] += 1
            if game.is_over:
                break
        for _ in range(10):
            start = time.perf_counter()
            outcome = try_map(mutate_map(rng))
            tally["maps"]["tried"] += 1
            tally["maps"]["hang" if time.perf_counter() - start > 10 else outcome] += 1
    tally["cli"] = cli_campaign(rng, n * 3)
    print(json.dumps(tally, indent=1))


def cli_campaign(rng: random.Random, n: int) -> dict[str, int]:  # pragma: no cover - run by hand
    import tempfile

    from typer.testing import CliRunner

    from warjudge.cli import app

    runner, out = CliRunner(), {"tried": 0, "result": 0, "clean": 0, "traceback": 0, "hang": 0, "changed": 0}
    with tempfile.TemporaryDirectory() as folder:
        game, other = Path(folder) / "g.json", Path(folder) / "h.json"
        runner.invoke(app, ["sjg", "new", str(game), "--seed", "1", "--first", "red"])
        for _ in range(n):
            args, before = cli_args(rng, str(game), str(other)), game.read_bytes()
            start = time.perf_counter()
            result = runner.invoke(app, ["sjg", *args])
            out["tried"] += 1
            if time.perf_counter() - start > 10:
                out["hang"] += 1
            elif result.exception is not None and not isinstance(result.exception, SystemExit):
                out["traceback"] += 1
                print("TRACEBACK", args, repr(result.exception)[:200])
            else:
                out["result" if result.exit_code == 0 else "clean"] += 1
                out["changed"] += result.exit_code != 0 and game.read_bytes() != before
            other.unlink(missing_ok=True)
    return out


if __name__ == "__main__":  # pragma: no cover
    campaign(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
