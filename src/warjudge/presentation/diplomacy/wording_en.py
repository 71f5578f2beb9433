"""The English wording of the standard Diplomacy judge's reasons and refusals: code
(diplomacy/reasons.py) -> template. Everything that prints a standard game's reason in
English (the results' `reason`, the CLI, the server) comes through `english`."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.presentation.wording import Names, word

WHAT = {
    "province_to_build": "the province to build in", "unit_to_disband": "the unit to disband",
    "ordered_unit": "the ordered unit's province", "retreat_destination": "the retreat destination",
    "destination": "the destination", "supported_unit": "the supported unit",
    "support_destination": "the supported move's destination", "convoyed_army": "the convoyed army",
    "convoy_destination": "the convoy's destination",
}
KINDS = {"retreat": "retreat", "disband": "disband", "build": "build", "waive": "waive"}

TEMPLATES = {
    # the order parser
    "dip.order.empty": "empty order",
    "dip.order.missing": "{what} is missing",
    "dip.order.unknown_province": "unknown province {token}",
    "dip.order.no_coast": "{province} has no coast {token}",
    "dip.order.wrong_coast": "{province} has no coast {token} (its coasts are {coasts})",
    "dip.order.after_waive": "nothing may follow 'waive'",
    "dip.order.build_which": "say which unit to build: 'Build A par' or 'Build F bre'",
    "dip.order.build_which_after": "say which unit to build: 'Build A par' or 'A par B'",
    "dip.order.via_convoy": "expected 'via convoy'",
    "dip.order.support_form": "a support is 'S A par' (hold) or 'S A par - bur' (move)",
    "dip.order.convoy_form": "a convoy is 'F nth C A lon - bel'",
    "dip.order.not_understood": "cannot understand {token}; orders look like 'A par - bur', 'F nth S A lon - bel', "
                                "'A mun H'",
    "dip.order.trailing": "unexpected {rest} at the end",
    # is the order legal here?
    "dip.no_unit": "there is no unit in {province}",
    "dip.not_your_unit": "the unit in {province} belongs to {owner}, not {power}",
    "dip.army_not_fleet": "there is an army in {province}, not a fleet",
    "dip.fleet_not_army": "there is a fleet in {province}, not an army",
    "dip.fleet_cannot_reach": "a fleet in {location} cannot reach {dest}",
    "dip.which_coast": "say which coast of {province} ({options})",
    "dip.movement_only": "{kind} orders are not allowed in a movement phase",
    "dip.own_province": "a unit cannot move to its own province",
    "dip.army_to_sea": "an army cannot move to sea ({province})",
    "dip.unreachable": "{dest} is not adjacent to {src} and cannot be reached by convoy",
    "dip.armies_only_convoyed": "only armies can be convoyed",
    "dip.no_unit_to_support": "there is no unit in {province} to support",
    "dip.support_itself": "a unit cannot support itself",
    "dip.support_wrong_unit": "the unit in {province} is {unit}, not {written}",
    "dip.cannot_support_hold": "{unit} cannot move to {province}, so cannot support there",
    "dip.support_own_province": "a unit cannot support a move into its own province",
    "dip.cannot_support_move": "{unit} cannot move to {province}, so cannot support a move there",
    "dip.convoy_fleets_at_sea": "only fleets at sea can convoy",
    "dip.no_army_to_convoy": "there is no army in {province} to convoy",
    "dip.convoy_coastal": "convoys go from a coastal province to a coastal province",
    "dip.not_on_route": "{here} cannot be part of a convoy route from {src} to {dest}",
    # Movement
    "dip.already_ordered": "the unit in {province} already has an order",
    "dip.no_convoy_route": "no convoy route",
    "dip.did_not_prevail": "did not prevail in {dest}",
    "dip.unmatched": "the supported or convoyed unit was not given the matching order",
    "dip.dislodged": "dislodged",
    "dip.cut": "cut",
    "dip.and_dislodged": "{reason} (and the unit was dislodged)",
    "dip.no_convoy_fleets": "no fleets stand where they could convoy {src} - {dest}",
    # Retreats
    "dip.retreat_phase": "only retreat and disband orders are allowed in a retreat phase",
    "dip.retreat_convoyed": "a retreat cannot be convoyed",
    "dip.no_dislodged": "there is no dislodged unit in {province}",
    "dip.dislodged_not_yours": "the dislodged unit in {province} belongs to {owner}",
    "dip.dislodged_is": "the dislodged unit in {province} is {unit}",
    "dip.not_adjacent": "{dest} is not adjacent to {src}",
    "dip.occupied": "{province} is occupied",
    "dip.attacker_origin": "a unit cannot retreat to the province its attacker came from ({dest})",
    "dip.standoff": "{dest} was left vacant by a standoff",
    "dip.disbands": "{reason}; the unit disbands",
    "dip.retreat_clash": "another unit retreated to the same province; both disband",
    # Adjustments
    "dip.civil_disorder": "civil disorder: disband not ordered",
    "dip.no_builds": "{power} has no builds to make",
    "dip.builds_used": "{power} has already used all {n} build(s)",
    "dip.not_home": "{province} is not a home supply centre of {power}",
    "dip.not_owned": "{power} does not own {province}",
    "dip.army_at_sea": "an army cannot be built at sea",
    "dip.fleet_inland": "a fleet cannot be built in inland {province}",
    "dip.build_coast": "say which coast of {province} to build the fleet on",
    "dip.no_disbands": "{power} has no units to disband",
    "dip.disbands_done": "{power} has already disbanded all {n} unit(s) required",
    "dip.no_unit_to_disband": "there is no unit in {province} to disband",
    "dip.unit_belongs": "the unit in {province} belongs to {owner}",
    "dip.unit_is": "the unit in {province} is {unit}",
    "dip.adjustment_phase": "only build, disband and waive orders are allowed in an adjustment phase",
    "dip.no_such_unit": "{power} has no such unit in {province}",
    # refused actions
    "dip.act.not_object": "an action is a JSON object with a \"type\"",
    "dip.act.over": "the game is over ({outcome})",
    "dip.act.nothing_to_order": "{power} has nothing to order in {phase}",
    "dip.act.unknown_player": "unknown player {player!r}; the powers are {powers}",
    "dip.act.draw_survivors": "a draw must include exactly the surviving powers: {powers}",
    "dip.act.no_order_to_retract": "{power} has no order {order!r} to take back",
    "dip.act.owes_orders": "{power} has no optional orders to decline: every order left is owed",
    "dip.act.bad_action": "{power} may give an order ({{\"type\": \"order\", \"order\": \"A par - bur\"}}) or take one "
                          "back ({{\"type\": \"retract\", \"order\": \"A par - bur\"}}), not {action}",
    "dip.act.gm_bad_action": "the games master may 'process' the phase or declare a 'draw', not {action}",
    "dip.act.order_text": "an order is a text of at most {n} characters",
    "dip.act.unit_has_order": "the unit in {province} already has an order (take it back first)",
    "dip.act.not_legal": "{order} is not a legal order now",
    "dip.act.not_legal_like": "{order} is not a legal order now; the unit's orders are like {example!r}",
    # a new game's options (diplomacy/options.py), either Diplomacy game
    "dip.option.unknown": "unknown option(s) {unknown}; the options are {known}",
    "dip.option.max_year": "the option 'max_year' is {value}: a year from {first} to {last}",
    "dip.option.flag": "the option '{option}' is {value}: it must be true or false",
    "dip.option.choice": "the option '{option}' is {value}: it must be {choices}",
    "dip.option.map": "the option 'map' must be the map itself (an object); a record never names a file to open "
                      "(start the game again with --map FILE to store the map in it)",
}

JOINERS = {"options": " or ", "coasts": ", ", "powers": ", ", "unknown": ", ", "known": ", ", "choices": " or "}


def english(event: Event, names: Names = None) -> str:
    """A Diplomacy reason in English (power ids printed as they are unless `names`)."""
    return word(event, TEMPLATES, {"what": WHAT, "kind": KINDS}, JOINERS, names, english)
