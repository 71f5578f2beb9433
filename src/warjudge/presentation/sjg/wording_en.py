"""The English wording of SJG Necromancer's events and refusals: the one place where
what the rules report (an `Event`: a code and JSON parameters) becomes a sentence. The
terminal, the CLI and the mailed views all print through `english`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from warjudge.core.events import Event
from warjudge.presentation.sjg import choice_facts

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.view_types import SjgView

Params = Mapping[str, Any]   # an event's facts, or a unit of a view
MERCENARY_RULE = "mercenaries may stack only with each other, the Necromancer and his apprentice (SJG 10.53)"
CLIFF_HINT = "; only a wraith crosses a cliff, and only as its whole move from where it began (SJG 4.21)"
BLOCKED = {  # why a step is barred (moves.blocked_because)
    "monolith": lambda a, b: f"{b} is a monolith (SJG 2.13)",
    "enemy": lambda a, b: f"enemy units stand in {b} (SJG 4.4)",
    "cliff": lambda a, b: f"a cliff lies between {a} and {b}; only wraiths cross cliffs (SJG 2.16, 4.21)",
    "closed": lambda a, b: f"{b} cannot be entered",
}


def label(unit: Params) -> str:
    """A unit as the terminal names it, for commands typed with ids: kind initial and id;
    the Necromancer by side."""
    return f"N-{unit['side']}" if unit["kind"] == "necromancer" else f"{unit['kind'][0].upper()}{unit['id']}"


def _labels(units: Iterable[Params]) -> str:
    return ", ".join(label(u) for u in units)


@dataclass(frozen=True)
class Names:
    """How a log names units: `one` a unit, `many` a group of them. The terminal, where
    commands are typed with ids, names them by id (IDS); the pages name them as the
    counters are printed, by kind, for no id is on any counter (issue 24 finding 9)."""
    one: Callable[[Params], str]
    many: Callable[[Sequence[Params]], str]


IDS = Names(label, _labels)


def _crt(p: Params) -> str:
    """A combat roll as the log shows it: 'roll 7+1: DR-1', or 'automatic: AE'."""
    roll = "automatic" if p["roll"] is None else f"roll {p['roll']}{p['modifier']:+d}"
    return f"{roll}: {p['result']}"


ROLL_REASONS: dict[str, Callable[[Params, Names], str]] = {
    "miasma_placement": lambda p, n: "Miasma placement (7.2)",
    "first_player": lambda p, n: "coin toss for the first player",
    "odd_counter": lambda p, n: "who gets the odd counter, 10.5",
    "miasma_conversion": lambda p, n: f"Miasma conversion in {p['hex']}",
    "demon_target": lambda p, n: "which stack the demon attacks",
    "demon_attack": lambda p, n: "the demon's attack",
    "boulders_on_demon": lambda p, n: "boulders on the demon",
    "attack_on_demon": lambda p, n: "attack on the demon",
    "combat": lambda p, n: "combat",
    "boulder": lambda p, n: f"boulder on {n.one(p['unit'])}",
    "conversion": lambda p, n: "conversion",
    "search": lambda p, n: "search",
    "jewel_there": lambda p, n: "is a Jewel there?",
    "miasma_teleport": lambda p, n: "Miasma teleport (10.3)",
    "miasma_direction": lambda p, n: "Miasma direction (10.2)",
    "jewel_power": lambda p, n: f"the {p['jewel']} Jewel's power",
}

LOSSES: dict[str, str] = {
    "cliff_suicide": "throws itself over the cliff (6.7)",
    "AE": "eliminated (AE)",
    "DE": "eliminated (DE)",
    "boulders": "crushed by boulders",
    "demon": "destroyed by the demon",
    "no_retreat": "cannot retreat (SJG 6.52)",
    "retreat_minus": "lost (retreat minus)",
    "retreat_loss": "lost in the retreat",
    "displaced_over_cliff": "displaced over a cliff",
    "dragon_flies": "flies away (10.54)",
    "struggle": "destroyed by the struggle of magic (5.2)",
}

BANISHED: dict[str, Callable[[Params, Names], str]] = {
    "own_attack": lambda p, n: "destroyed by its own attack",
    "attacked": lambda p, n: f"destroyed by {p['side']}",
    "miasma_gone": lambda p, n: "gone with the Miasma",
}


def _granted(p: Params, n: Names) -> str:
    more = f"; {p['short']} more to choose from the counters left" if p.get("short") else ""
    return f"{p['side']} takes {', '.join(p['items']) or 'nothing'}{more}"


def _converted(p: Params, n: Names) -> str:
    terms = ", free" if p["free"] else f", {p['cost']} CP"
    return f"{p['side']} tries to convert {p['target']} (resistance {p['resistance']}, x{p['multiple']}{terms}): {p['result']}"


def _retreated(p: Params, n: Names) -> str:
    to = f" to {p['to']}" if p.get("to") else ""
    lost = f", losing {p['lost']}" if p.get("lost") else ""
    return f"{p['side']} retreats from {p['hex']}{to}{lost}"


EVENTS: dict[str, Callable[[Params, Names], str]] = {
    "sjg.first_player": lambda p, n: f"{p['side']} moves first",
    "sjg.items_to_choose": lambda p, n: "each side chooses its extra items (SJG 10.5)",
    "sjg.roll": lambda p, n: f"  roll {p['total']} ({ROLL_REASONS[p['reason']](p, n)})",
    "sjg.chosen": lambda p, n: f"{p['side']} has chosen",
    "sjg.granted": _granted,
    "sjg.deployed": lambda p, n: f"{p['side']} has deployed",
    "sjg.placement_taken_back": lambda p, n: f"{p['side']} takes back a placement",
    "sjg.taken_back": lambda p, n: f"{p['side']} takes back: {english(Event.from_json(p['what']), n)}",
    "sjg.turn_limit": lambda p, n: f"the game ends after {p['turns']} player-turns, the limit agreed",
    "sjg.turn": lambda p, n: f"— turn {p['turn']}: {p['side']} —",
    "sjg.phase_ended": lambda p, n: f"{p['side']} ends the {p['phase']} phase",
    "sjg.eliminated": lambda p, n: f"{p['unit']['side']} {n.one(p['unit'])} in {p['hex']} {LOSSES[p['why']]}",
    "sjg.item_dropped": lambda p, n: f"the {p['item']} lies in {p['hex']}",
    "sjg.won": lambda p, n: f"{p['side']} wins: the enemy Necromancer is destroyed (SJG 2.21)",
    "sjg.jewel_lost": lambda p, n: f"the {p['jewel']} Jewel is lost in the mist (SJG 7.3)",
    "sjg.miasma_converts": lambda p, n: f"the Miasma converts {p['side']}'s units in {p['hex']} (SJG 7.5)",
    "sjg.miasma_dissipates": lambda p, n: "every Jewel is found: the Miasma dissipates (SJG 8.4)",
    "sjg.moved": lambda p, n: (f"{p['side']} moves {n.many(p['units'])} {' '.join(p['path'])}"
                            + (" over the edge" if p.get("suicide") else "")),
    "sjg.item_taken": lambda p, n: f"{p['side']} {n.one(p['unit'])} takes the {p['item']}",
    "sjg.demon_attacks": lambda p, n: (f"the demon attacks {p['hex']}: {p['attack']} to {p['defence']}, "
                                    f"{p['column']} column, {_crt(p)}"),
    "sjg.demon_banished": lambda p, n: f"the Miasma demon is {BANISHED[p['why']](p, n)} (SJG 10.4)",
    "sjg.no_opportunity_left": lambda p, n: "no opportunity attack is left to make",
    "sjg.attacked_demon": lambda p, n: (f"{p['side']} attacks the demon in {p['hex']}: {p['attack']} to {p['defence']}, "
                                     f"{p['column']} column, {_crt(p)}"),
    "sjg.attacked": lambda p, n: (f"{p['side']} attacks {'+'.join(p['targets'])}: {p['attack']} to {p['defence']}, "
                               f"{p['column']} column, {_crt(p)}"),
    "sjg.boulders_dropped": lambda p, n: (f"{p['side']} drops boulders on {n.one(p['unit'])} in {p['hex']}: "
                                       f"{p['attack']} to {p['defence']}, {p['column']}, {_crt(p)}"),
    "sjg.displaced": lambda p, n: (f"{p['side']} displaces {n.many(p['units'])} from {p['hex']} to {p['to']} "
                                f"to make way (SJG 6.52)"),
    "sjg.retreated": _retreated,
    "sjg.advanced": lambda p, n: f"{p['side']} advances {n.many(p['units'])}",
    "sjg.conversion_tried": _converted,
    "sjg.searched": lambda p, n: (f"{p['side']} searches {p['hex']} with {p['points']} SP: needs {p['target']}, "
                               f"rolled {p['roll']}"),
    "sjg.jewel_found": lambda p, n: f"{p['side']} finds the {p['jewel']} Jewel in {p['hex']}!",
    "sjg.hex_empty": lambda p, n: f"{p['hex']} is empty; the Miasma will vanish from it",
    "sjg.demon_unleashed": lambda p, n: f"the Miasma counter in {p['hex']} shows the demon: it is unleashed (SJG 10.4)",
    "sjg.miasma_drifts": lambda p, n: f"the Miasma drifts to {p['centre']}",
    "sjg.jewel_taken": lambda p, n: (f"{p['side']}'s Necromancer takes the {p['jewel']} Jewel: "
                                  f"{p['effect'].replace('_', ' ')}"),
}



def _wrong_answer(p: Params) -> str:
    article = "an" if p["kind"][0] in "aeiou" else "a"
    answers = " or ".join(f"'{a}'" for a in p["accepts"])
    return f"{p['player']} now answers {article} {p['kind']} decision with {answers}, not '{p['wanted']}'"


def _bad_path(p: Params) -> str:
    """moves.move_problem's fault in one unit's path (hexwar.movement.path_fault)."""
    fault, a, b = p["fault"], p["a"], p["b"]
    if fault == "not_adjacent":
        why = f"{a} and {b} are not adjacent"
    elif fault == "blocked":
        why = f"cannot move from {a} into {b}: {BLOCKED[p['why']](a, b)}"
    elif fault == "too_dear":
        why = f"the path costs more than the {p['allowance']} movement points available"
    else:
        why = f"must stop on entering {b} (enemy zone of control)"
    return f"{label(p['unit'])}: {why}{CLIFF_HINT if p['cliff'] else ''}"


REFUSALS: dict[str, Callable[[Params], str]] = {
    # a rule checked by a helper module that reports its reason in words (`detail`)
    # 10.5 choices
    "sjg.refused.unknown_item": lambda p: f"{p['item']!r} is not an item of 10.51-10.58 ({', '.join(p['items'])})",
    "sjg.refused.power_on_item": lambda p: f"only an extra Jewel takes a power ('{p['item']}' does not)",
    "sjg.refused.jewel_needs_power": lambda p: ("an extra Jewel names its power from the Jewel Table (SJG 10.51): "
                                                f"extra_jewel:<{'|'.join(p['powers'])}>"),
    "sjg.refused.items_worth": lambda p: (f"choose items worth exactly {p['allowance']}, not {p['worth']} (SJG 10.5"
                                          + ("; a dragon counts as two, 10.54)" if p["dragon"] else ")")),
    "sjg.refused.counters_left": lambda p: f"only {p['left']} {p['item']} counter(s) are left to choose from (SJG 10.5)",
    # set-up (9.1, 9.2)
    "sjg.refused.off_map": lambda p: f"{p['hex']} is not a hex on the map",
    "sjg.refused.monolith": lambda p: f"{p['hex']} is a monolith; no unit may enter it (SJG 2.13)",
    "sjg.refused.stack_limit": lambda p: f"{p['hex']}: at most {p['limit']} units may stack (SJG 4.4)",
    "sjg.refused.mercenaries_mixed": lambda p: f"{p['hex']}: {MERCENARY_RULE}",
    "sjg.refused.not_in_forces": lambda p: f"a {p['kind']} is not part of this scenario's forces",
    "sjg.refused.enemy_there": lambda p: f"{p['hex']} is occupied by the enemy",
    "sjg.refused.deploy_exactly": lambda p: (f"deploy exactly {', '.join(f'{n} {k}s' for k, n in p['forces'].items())} "
                                             f"(SJG {'9.1' if p['scenario'] == 'standard' else '9.2'})"),
    "sjg.refused.necromancer_on_skull": lambda p: ("the Necromancer begins on his skull hex; deploy only his units "
                                                   "(SJG 9.1)"),
    "sjg.refused.deploy_near_necromancer": lambda p: (f"{', '.join(p['hexes'])}: units deploy within {p['radius']} "
                                                      "hexes of their Necromancer (SJG 9.1)"),
    "sjg.refused.place_necromancer": lambda p: "place your Necromancer too: one hex must list 'necromancer' (SJG 9.2)",
    "sjg.refused.black_on_plateau": lambda p: (f"{', '.join(p['hexes'])}: Black sets up on the large level-4 plateau "
                                               "(SJG 9.2)"),
    "sjg.refused.red_too_near": lambda p: (f"{', '.join(p['hexes'])}: no Red unit may be within {p['spacing']} hexes "
                                           "of a Black unit (SJG 9.2)"),
    "sjg.refused.none_left_to_place": lambda p: f"you have no {p['kind']} left to place",
    "sjg.refused.not_setting_up": lambda p: f"{p['side']} is not setting up now",
    "sjg.refused.unknown_formation": lambda p: f"there is no formation {p['formation']!r}: {', '.join(p['known'])}",
    # items taken in play (10.55-10.58)
    "sjg.refused.no_such_item": lambda p: f"there is no {p['item']} in this game",
    "sjg.refused.dragon_takes": lambda p: "a dragon may not carry a Jewel or item by itself (SJG 10.54)",
    "sjg.refused.already_holds": lambda p: f"{label(p['unit'])} already holds the {p['item']}",
    "sjg.refused.item_not_here": lambda p: f"the {p['item']} is not on the ground or with a friendly unit in {p['hex']}",
    # movement (4.0, 6.7, 8.2)
    "sjg.refused.path_too_short": lambda p: ("a move needs a path of at least two hexes (where the units are, then "
                                             "each hex entered)"),
    "sjg.refused.path_off_map": lambda p: "the path leaves the map",
    "sjg.refused.not_at_start": lambda p: f"every moving unit must stand in {p['hex']}, the path's first hex",
    "sjg.refused.locked_in_zoc": lambda p: ("a unit that begins its movement phase in an enemy zone of control may "
                                            "not move (SJG 4.3)"),
    "sjg.refused.suicide_undead_only": lambda p: "only undead units may throw themselves over a cliff (SJG 6.7)",
    "sjg.refused.suicide_down_cliff": lambda p: "a suicide move ends by going down over a cliff edge (SJG 6.7)",
    "sjg.refused.cliff_climbers_only": lambda p: ("only wraiths (a dragon and the wizard it carries, a wizard with the "
                                                  "Ring of Flight) may cross a cliff hexside (SJG 4.21, 10.54, 10.55)"),
    "sjg.refused.step_blocked": lambda p: f"cannot enter {p['b']}: {BLOCKED[p['why']](p['a'], p['b'])}",
    "sjg.refused.bad_path": _bad_path,
    "sjg.refused.suicide_from_zoc": lambda p: (f"{label(p['unit'])}: must stop on entering an enemy zone of control "
                                               "(SJG 4.3)"),
    "sjg.refused.dead_end_stack": lambda p: (f"{p['hex']} would hold {p['size']} units that can no longer move this "
                                             f"phase; at most {p['limit']} may stack at its end (SJG 4.4). Move them "
                                             "elsewhere, or 'undo' an earlier move"),
    "sjg.refused.dead_end_mercenaries": lambda p: (f"{p['hex']}: {MERCENARY_RULE}; those units could not part again "
                                                   "this phase"),
    "sjg.refused.wraiths_only": lambda p: "only wraiths move in the extra wraith movement phase (SJG 8.2)",
    "sjg.refused.wraith_one_hex": lambda p: "in the extra wraith phase a wraith moves one hex (SJG 8.2)",
    "sjg.refused.wraith_in_zoc": lambda p: "wraiths in an enemy zone of control may not move (SJG 8.2)",
    "sjg.refused.wraith_step": lambda p: f"the wraiths must stand in {p['hex']} and move to an adjacent hex",
    "sjg.refused.wraith_cliff": lambda p: ("a wraith may not cross a cliff in this phase, except down to its end "
                                           "(SJG 8.2)"),
    "sjg.refused.wraith_blocked": lambda p: f"cannot move into {p['hex']}",
    # ending a phase
    "sjg.refused.stacking_at_end": lambda p: "; ".join(lines(p["problems"])),
    "sjg.refused.stack_over_limit": lambda p: (f"{p['hex']} holds {p['size']} units; at most {p['limit']} may stack "
                                               "(SJG 4.4)"),
    "sjg.refused.must_attack": lambda p: ("enemy units in your zones of control must be attacked (SJG 6.21): "
                                          + ", ".join(p["hexes"])),
    # combat (6.2-6.23, 7.3, 10.4)
    "sjg.refused.no_attackers": lambda p: "an attack needs at least one attacking unit",
    "sjg.refused.attacker_twice": lambda p: "a unit may take part in an attack only once",
    "sjg.refused.targets_once": lambda p: "name each target hex once",
    "sjg.refused.boulders_alone": lambda p: ("boulder attacks may not be combined with direct or indirect combat "
                                             "(SJG 6.23)"),
    "sjg.refused.boulder_one_hex": lambda p: "a boulder attack falls on a single hex below the edge (SJG 6.23)",
    "sjg.refused.already_attacked": lambda p: f"{label(p['unit'])} has already attacked this turn (SJG 6.2)",
    "sjg.refused.attacks_from_miasma": lambda p: f"{label(p['unit'])} is in the Miasma and may not attack (SJG 7.3)",
    "sjg.refused.no_demon_there": lambda p: ("the Miasma demon is not there"
                                             + (f"; it is in {p['demon']}" if p["demon"] else "")),
    "sjg.refused.no_enemy_there": lambda p: f"there is no enemy unit in {p['hex']}",
    "sjg.refused.cannot_attack_directly": lambda p: (f"{label(p['unit'])} cannot attack {p['hex']} directly (the "
                                                     "target must be adjacent, not over a cliff; SJG 6.21)"),
    "sjg.refused.cannot_attack_indirectly": lambda p: (f"{label(p['unit'])} cannot attack {p['hex']} indirectly "
                                                       "(skeletons and Necromancers only; two hexes on the same or a "
                                                       "lower level with a clear line of sight, or an adjacent hex "
                                                       "above or below; SJG 6.22)"),
    "sjg.refused.not_above": lambda p: f"{label(p['unit'])} is not at a cliff edge above {p['hex']} (SJG 6.23)",
    "sjg.refused.immune_to_boulders": lambda p: "Necromancers and apprentices are immune to boulder attacks (SJG 6.23)",
    # conversion (5.2-5.4, 8.2, 10.52)
    "sjg.refused.nothing_to_convert": lambda p: f"there are no enemy units in {p['hex']}",
    "sjg.refused.near_enemy_necromancer": lambda p: ("the enemy Necromancer, units with him and units next to him may "
                                                     "not be converted (SJG 5.4)"),
    "sjg.refused.with_apprentice": lambda p: "units stacked with an apprentice may not be converted (SJG 10.52)",
    "sjg.refused.unconvertible": lambda p: (f"the stack in {p['hex']} holds a unit that cannot be converted "
                                            "(SJG 2.21, 10.53)"),
    "sjg.refused.no_free_attempt": lambda p: "you have no free conversion attempt left (SJG 8.2)",
    "sjg.refused.no_attempts_left": lambda p: "no conversion attempts left this turn (Conversion Track; SJG 5.2, 9.2)",
    "sjg.refused.bad_multiple": lambda p: "commit 1, 2, 3 or 4 times the stack's resistance ('multiple'; SJG 5.2)",
    "sjg.refused.cp_short": lambda p: (f"{p['multiple']} x {p['resistance']} = {p['cost']} CP, and you have {p['cp']} "
                                       "(SJG 5.2)"),
    "sjg.refused.options": lambda p: f"invalid game options: {p['problems']}",
    "sjg.refused.malformed": lambda p: f"malformed action: {p['problems']}",
    "sjg.refused.not_an_object": lambda p: "an action is a JSON object with a 'type'",
    "sjg.refused.wrong_side": lambda p: f"this action says side {p['said']!r}, but {p['player']!r} sends it",
    "sjg.refused.game_won": lambda p: f"the game is over: {p['winner']} has won",
    "sjg.refused.turn_limit": lambda p: f"the game is over: the turn limit ({p['turns']}) is reached",
    "sjg.refused.gm_process_only": lambda p: "the games master may only {'type': 'process'} (force the game on)",
    "sjg.refused.game_over": lambda p: "the game is over: there is nothing to force on",
    "sjg.refused.not_your_decision": lambda p: f"it is {p['player']}'s decision ({p['kind']}), not {p['side']}'s",
    "sjg.refused.no_conversions_left": lambda p: ("no conversion attempts left this turn (SJG 5.2, 8.2); "
                                                  "type 'end' to go on to combat"),
    "sjg.refused.nothing_to_search": lambda p: ("the Miasma cannot be searched now (none of your units stands in a "
                                                "Miasma hex not yet searched this turn, or no Jewel is left; "
                                                "SJG 7.41, 8.4); type 'end'"),
    "sjg.refused.wrong_answer": _wrong_answer,
    "sjg.refused.nothing_placed": lambda p: "nothing to take back: you have placed no unit yet",
    "sjg.refused.nothing_to_undo": lambda p: ("nothing to take back: undo reaches back to the start of the current "
                                              "phase, and never past a die roll or a secret revealed"),
    "sjg.refused.foreign_items": lambda p: f"you do not have the {', '.join(p['items'])}",
    "sjg.refused.no_holder": lambda p: (f"the {p['item']} goes to the Necromancer or to an apprentice you set up; "
                                        f"none is set up in {p['hex']}"),
    "sjg.refused.not_yours": lambda p: f"unit {p['unit']} is not one of yours",
    "sjg.refused.already_moved": lambda p: f"{label(p['unit'])} has already moved this phase",
    "sjg.refused.no_jewel_to_carry": lambda p: f"there is no Jewel {p['jewel']!r} in the start hex or on the path to carry",
    "sjg.refused.dragon_carries": lambda p: "a dragon by itself may not carry a Jewel (SJG 10.54)",
    "sjg.refused.opportunity_method": lambda p: ("opportunity attacks are indirect or boulder attacks on units that "
                                                 "ended a move (SJG 6.24)"),
    "sjg.refused.not_opportunity_target": lambda p: (f"{', '.join(p['hexes'])}: not open to an opportunity attack "
                                                     f"(units that ended their move there, each attacked once; SJG 6.24)"),
    "sjg.refused.lose_only_retreating": lambda p: f"you may lose only the retreating units: {p['units']}",
    "sjg.refused.losses_needed": lambda p: f"this result costs {p['need']} unit(s) from the stack in {p['hex']} (SJG 6.53)",
    "sjg.refused.no_jewel_in_retreat": lambda p: f"no Jewel {p['jewel']!r} with the retreating units",
    "sjg.refused.cliff_edge_only": lambda p: "a stack with a Jewel may go over an adjacent cliff edge only (SJG 6.52)",
    "sjg.refused.ring_only": lambda p: ("only the wearer of the Ring of Flight may retreat across a cliff "
                                        "(SJG 10.55, 6.52); lose the others or retreat another way"),
    "sjg.refused.no_displacement_needed": lambda p: "no displacement is needed for a retreat across a cliff",
    "sjg.refused.overstacked": lambda p: (f"{p['hex']} would hold more than {p['limit']} units, or mercenaries with "
                                          f"others (SJG 4.4, 10.53)"),
    "sjg.refused.retreat_where": lambda p: (f"say where the units retreat ('to'), or list them all under 'lose'; "
                                            f"open hexes: {', '.join(p['open'])}"),
    "sjg.refused.not_a_retreat": lambda p: (f"{p['hex']} is not a legal retreat (one hex farther from the victors, "
                                            f"no slope, no enemy zone; SJG 6.52); open: {', '.join(p['open'])}"),
    "sjg.refused.nobody_to_retreat": lambda p: "no units are left to retreat",
    "sjg.refused.displace_own_only": lambda p: f"only your units in {p['hex']} may be displaced",
    "sjg.refused.displace_from_zoc": lambda p: "units in an enemy zone of control may not be displaced (SJG 6.52)",
    "sjg.refused.displace_one_hex": lambda p: f"displaced units move one hex from {p['hex']}",
    "sjg.refused.displace_once": lambda p: "name each displaced unit once: a unit is displaced one hex (SJG 6.52)",
    "sjg.refused.displace_into": lambda p: f"units may not be displaced into {p['hex']} (SJG 6.52)",
    "sjg.refused.retreat_overstacks": lambda p: (f"{p['hex']} would hold {p['count']} units; displace some or lose "
                                                 f"units (SJG 4.4, 6.52)"),
    "sjg.refused.retreat_mercenaries": lambda p: f"{p['hex']}: {MERCENARY_RULE}; displace them or retreat elsewhere",
    "sjg.refused.not_an_advancer": lambda p: (f"unit {p['unit']} did not attack directly in this combat; "
                                              f"it may not advance (SJG 6.6)"),
    "sjg.refused.advance_where": lambda p: (f"{label(p['unit'])} may advance one hex into a hex the enemy vacated: "
                                            f"{', '.join(p['hexes'])}"),
    "sjg.refused.advance_overstacks": lambda p: f"at most {p['limit']} units may advance into a hex (SJG 4.4)",
    "sjg.refused.advance_mercenaries": lambda p: f"{p['hex']}: {MERCENARY_RULE}",
    "sjg.refused.dragon_searches": lambda p: "a dragon by itself may not search (SJG 10.54)",
    "sjg.refused.not_searchable": lambda p: (f"{p['hex']} cannot be searched now (your units in a Miasma hex, once a "
                                             f"turn, while Jewels remain; SJG 7.41, 8.4)"),
    "sjg.refused.no_search_points": lambda p: "these units have no search points",
}


def english(event: Event, names: Names = IDS) -> str:
    """The event or refusal in English; an unknown code is a bug, reported as such."""
    if event.code in EVENTS:
        return EVENTS[event.code](event.params, names)
    if event.code in REFUSALS:
        return REFUSALS[event.code](event.params)
    raise KeyError(f"no English wording for the event {event.code!r}")


def lines(events: Iterable[Event | Mapping[str, Any]], names: Names = IDS) -> list[str]:
    """Events (or their JSON, as a view carries them) as the lines of the game's log."""
    return [english(e if isinstance(e, Event) else Event.from_json(e), names) for e in events]


def page_lines(events: Iterable[Event | Mapping[str, Any]]) -> list[str]:
    """The log as a page shows it: units named by kind, as their counters are printed."""
    return lines(events, PEOPLE)


# Choices: a legal action as a person reads it (issue 24 finding 9; presentation/choices.py)
KIND_WORDS = {"necromancer": ("the Necromancer", "Necromancers"), "apprentice": ("an apprentice", "apprentices"),
              "dragon": ("a dragon", "dragons"), "wraith": ("a wraith", "wraiths"),
              "skeleton": ("a skeleton", "skeletons"), "zombie": ("a zombie", "zombies"),
              "mercenary": ("a mercenary", "mercenaries"), "unit": ("a unit", "units")}
POINT_WORDS = {"start:red": "Red's skull", "start:black": "Black's skull", "miasma:1-2": "Miasma point 1-2",
               "miasma:3-4": "Miasma point 3-4", "miasma:5-6": "Miasma point 5-6"}
ITEM_WORDS = {"apprentice": "an apprentice", "mercenaries": "a pair of mercenaries", "dragon": "a dragon",
              "ring": "the Ring of Flight", "crystal_ball": "the Crystal Ball", "sword": "the Sword",
              "bow": "the Bow"}
FROM = "from"   # a stack named by the hex it acts from
PHASE_WORDS = {"move": "movement", "wraith": "wraith movement", "opportunity": "opportunity attack",
               "combat": "combat", "convert": "conversion", "search": "search", "advance": "advance"}
# the page's status line: each phase (a decision kind) and side by name
PHASE_TITLES = {"choose": "choosing magic items", "deploy": "set-up", "move": "movement", "wraith": "wraith movement",
                "opportunity": "opportunity attack", "combat": "combat", "convert": "conversion", "search": "search",
                "advance": "advance after combat", "retreat": "retreat", "over": "game over"}
SIDE_NAMES = {"red": "Red", "black": "Black"}


def phase_titles() -> dict[str, str]:
    return dict(PHASE_TITLES)


def side_names() -> dict[str, str]:
    return dict(SIDE_NAMES)


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) < 2 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _units(counted: list[tuple[str, int]]) -> str:
    """'2 zombies and a wraith'."""
    return _and([KIND_WORDS[k][0] if n == 1 else f"{n} {KIND_WORDS[k][1]}"
                 for k, n in ((k if k in KIND_WORDS else "unit", n) for k, n in counted)]) or "no units"


def _kind(unit: Params) -> str:
    """'skeleton'; 'Necromancer': a unit by the kind printed on its counter."""
    return "Necromancer" if unit["kind"] == "necromancer" else \
        KIND_WORDS.get(unit["kind"], KIND_WORDS["unit"])[0].split(" ", 1)[1]


def _kinds(units: Sequence[Params]) -> str:
    return _units(choice_facts.count_kinds(str(u["kind"]) for u in units))


PEOPLE = Names(_kind, _kinds)


def _item(item: str) -> str:
    name, power = choice_facts.item_parts(item)
    return f"an extra Jewel ({power.replace('_', ' ')})" if power else ITEM_WORDS.get(name, name.replace("_", " "))


def _jewels(names: list[str]) -> str:
    return _and([f"the {j} Jewel" for j in names])


def chooser(view: SjgView, places: dict[str, str]) -> Callable[[Params], str]:
    """Words for the actions of a seat that sees `view` (its units indexed once, each
    group and hex worded once)."""
    say = choice_facts.speakers(view, places, POINT_WORDS, FROM, _units, _and)
    return lambda action: choice(action, view, say)


def choice(action: Params, view: SjgView, say: choice_facts.Speakers) -> str:
    """The action as a short English sentence: units by kind, hexes with their map names."""
    at, who, who_from = say.at, say.who, say.who_from
    kind = action.get("type")
    if kind == "place":
        return f"place {KIND_WORDS.get(action['kind'], KIND_WORDS['unit'])[0]} in {at(action['hex'])}"
    if kind == "deploy":
        counted, hexes = choice_facts.placed(action.get("placements", {}))
        return f"commit the set-up: {_units(counted)} in {hexes} hexes"
    if kind == "undo":
        return "take back the last action"
    if kind == "end":
        phase = PHASE_WORDS.get(str(view.get("phase")))
        return f"end the {phase} phase" if phase else "end this phase"
    if kind == "choose":
        return f"choose {_and([_item(i) for i in action['items']]) or 'no items'}"
    if kind == "take":
        return f"{who([action['unit']])} takes {_item(action['item'])}"
    if kind == "move":
        path = say.path(action["path"])
        carry = f", carrying {_jewels(action['jewels'])}" if action.get("jewels") else ""
        over = ", then over the cliff edge: lost (SJG 6.7)" if action.get("suicide") else ""
        return f"move {who(action['units'])} {path}{carry}{over}"
    if kind == "attack":
        where = _and([at(h) for h in action["targets"]])
        if action.get("demon"):
            where = f"the demon in {where}"
        how = [f"{who_from(action[k])} {word}" for k, word in (("direct", "directly"), ("indirect", "indirectly"),
                                                          ("boulder", "dropping boulders")) if action.get(k)]
        return f"attack {where}" + (f" with {_and(how)}" if how else " with every unit that may")
    if kind == "convert":
        terms = "free attempt at three times its resistance" if action.get("free") else \
            f"{action.get('multiple', 0)} × its resistance in Conversion Points"
        return f"try to convert the stack in {at(action['target'])} ({terms})"
    if kind == "retreat":
        return _retreat(action, at, who)
    if kind == "advance":
        moves = action.get("moves") or {}
        return ("advance " + _and([f"{who_from([u])} into {at(h)}" for u, h in moves.items()])) if moves \
            else "do not advance"
    if kind == "search":
        return f"search the Miasma in {at(action['hex'])}"
    return str(kind)


def _retreat(action: Params, at: Callable[[str], str], who: Callable[[list[Any]], str]) -> str:
    parts = [f"lose {who(action['lose'])}"] if action.get("lose") else []
    if action.get("to"):
        parts.append(f"retreat to {at(action['to'])}")
    if action.get("over_cliff"):
        parts.append(f"go over the cliff edge into {at(action['over_cliff'])}")
    for group in action.get("displace", []):
        parts.append(f"make way by moving {who(group['units'])} to {at(group['to'])}")
    if action.get("carry"):
        parts.append(f"carry {_jewels(action['carry'])}")
    return _and(parts) if parts else "retreat"
