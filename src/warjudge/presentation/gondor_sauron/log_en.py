"""Gondor & Sauron's events (`view["events"]`: turn, phase, event kind and its facts,
dice included) as the English lines of the game's log, for the decision page (issue 14:
"a log of results with dice"). The rules log facts only; the words are here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from warjudge.hexwar.gondor_sauron.view_types import GondorView

from warjudge.hexwar.gondor_sauron import sequence
from warjudge.presentation.gondor_sauron import choice_facts, wording_en

Facts = dict[str, Any]


def _roll(f: Facts) -> str:
    """A melee, missile or oil roll (7.33): the two dice on the Casualty Probability Table
    (none for a fanatical attacker, 7.37); only on a casualty, the one die against morale
    and its result (the Casualty Results Table's code)."""
    if f.get("die") is None:
        return f"two dice {f['dice']}: no casualty"
    dice = f"two dice {f['dice']}, " if f.get("dice") is not None else "no casualty roll (fanatical), "
    result = f.get("result")
    return f"{dice}die {f['die']}: {result if result and result != '-' else 'no effect'}"


# why a unit is eliminated (SPI 7.42, 7.56, 8.46), said after "is eliminated"
ELIMINATED = {"E": " by an E result (SPI 7.42)", "reduced": ": already reduced, it cannot be reduced again (SPI 7.42)",
              "no-reduced-side": ": it has no reduced side to flip to (SPI 7.42)",
              "half": ": one unit of its formation is lost (SPI 8.46)",
              "no-retreat": ": it could not retreat (SPI 7.56)"}
LAPSES = {"defender-eliminated": "it is eliminated", "defender-retreated": "it has retreated",
          "attacker-unable": "the attacker can no longer reach it"}

WORDS: dict[str, Callable[[Facts], str]] = {
    "move": lambda f: f"{f['piece']} moves {f['frm']} → {f['to']}",
    "enter": lambda f: f"{f['piece']} enters the map at {f['to']}",
    "arrived": lambda f: f"the {f['group']} reinforcements arrive",
    "reinforcement-roll": lambda f: f"reinforcements ({f['group']}): die {f['die']}",
    "allocated": lambda f: f"{', '.join(f['units'])} will attack {f['target']}, one after another",
    "attack": lambda f: f"{f['unit']} attacks {f['target']}: {_roll(f)}",
    "attack-lapsed": lambda f: f"{f['unit']}'s attack on {f['target']} lapses: {LAPSES.get(f['why'], f['why'])}",
    "stand": lambda f: f"{f['unit']} stands to be attacked",
    "fire": lambda f: f"{f['unit']} fires on {f['target']}: {_roll(f)}",
    "pour": lambda f: f"{f['cauldron']} pours oil on {f['target']}: {_roll(f)}",
    "duel": lambda f: f"{f['leader']} duels {f['target']}: differential {f['differential']}, die {f['die']}: "
                      f"{f['result']}",
    "rally": lambda f: f"{f['leader']} rallies {f['unit']}: two dice {f['dice']}: "
                       f"{'rallied' if f['rallied'] else 'not rallied'}",
    "cast": lambda f: f"{f['leader']} casts {wording_en.spell(f['spell'])}" + (f" on {f['target']}" if f.get("target") else "")
                      + f": two dice {f['dice']}: {'it works' if f['success'] else 'it fails'}",
    "bombard": lambda f: f"{f['engine']} bombards {'–'.join(f['hexside'])}: two dice {f['dice']}: "
                         f"{'breached' if f['breached'] else 'holds'}",
    "evade": lambda f: f"{f['unit']} retreats before combat along {' → '.join(f['path'])}: die {f['die']}"
                       + (", disrupted" if f.get("disrupted") else ""),
    "retreat": lambda f: f"{f['unit']} retreats along {' → '.join(f['path'])}",
    "advance": lambda f: f"{f['unit']} advances into {f['to']}",
    "displaced": lambda f: f"{f['unit']} is displaced to {f['to']}",
    "declined": lambda f: f"{f['unit']} does not displace its friends and is lost instead",
    "flipped": lambda f: f"{f['unit']} is flipped to its reduced side",
    "eliminated": lambda f: f"{f['unit']} is eliminated{ELIMINATED.get(f.get('why', ''), '')} "
                            f"({f['value']} demoralization points)",
    "leader-share": lambda f: f"{f['leader']}, stacked with {f['unit']}, rolls to share its {f['result']}: "
                              f"die {f['die']}: {'shared' if f['shared'] else 'unhurt'}",
    "leader-transferred": lambda f: f"{f['leader']} is transferred {f['frm']} → {f['to']}",
    "leader-killed": lambda f: f"{f['leader']} is killed",
    "form": lambda f: f"{', '.join(f['units'])} form a special formation with {f['leader']} in {f['hex']}",
    "demoralized": lambda f: f"{f['side']} is demoralized",
    "engine-destroyed": lambda f: f"{f['engine']} is destroyed",
    "cauldron-taken": lambda f: f"{f['cauldron']} is taken: it was {'a dummy' if f['dummy'] else 'real'}",
}


PIECES = ("piece", "unit", "target", "leader", "cauldron", "engine")   # the facts that name a piece by its id


def named(facts: Facts, printed: dict[str, str], piece: Callable[[str, dict[str, str]], str]) -> Facts:
    """The facts with every piece named as its counter is printed ('Gondor Knights 10
    (CD4X)'), never by its id (issue 24 finding 9), a reinforcement group by its name
    ('Rohan'); a hex stays a hex."""
    def name(value: Any) -> Any:
        return piece(value, printed) if isinstance(value, str) and not value.isdigit() else value
    out = {k: name(v) if k in PIECES else v for k, v in facts.items()}
    if isinstance(facts.get("units"), list):
        out["units"] = [name(u) for u in facts["units"]]
    if isinstance(facts.get("group"), str):   # a reinforcement group's id ('rohan') as a name
        out["group"] = facts["group"].replace("-", " ").title()
    return out


def line(event: Facts, printed: dict[str, str]) -> str:
    """One event as a line: 'Turn 5, D (Forces of Sauron Combat Phase) · …'; a kind
    without words shows its facts."""
    facts = named({k: v for k, v in event.items() if k not in ("turn", "phase", "event")}, printed, wording_en.piece)
    say = WORDS.get(str(event.get("event")))
    text = say(facts) if say else f"{event.get('event')}: " + ", ".join(f"{k} {v}" for k, v in facts.items())
    return f"Turn {event.get('turn')}, {_phase(event.get('phase'))} · {text}"


def _phase(code: Any) -> str:
    """'D (Forces of Sauron Combat Phase)': the letter with the phase it stands for (SPI 3.0)."""
    titles = {p.code: p.title for p in sequence.phases(sequence.GONDOR)}   # Sauron's are the same, less B
    return f"{code} ({titles[code]})" if code in titles else f"phase {code}"


def page_lines(view: GondorView, events: Iterable[Facts]) -> list[str]:
    """The log's lines, the pieces named with the codes printed on the counters `view` shows."""
    printed = choice_facts.codes(view)
    return [line(e, printed) for e in events]
