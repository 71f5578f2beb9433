"""The English wording of the Necromancer Diplomacy judge's reasons: code (reasons.py) ->
template, in the English rulebook's numbering (EN v0.5; a few rules only the 2002 French
amendments have are cited as FR). Everything that prints a reason in English (the views'
`reason`, the report, the CLI, the server) comes through `english`."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.presentation.wording import Names, word

WHAT = {
    "unit_to_build": "the unit to build", "unit_to_activate": "the unit to activate",
    "unit_to_disband": "the unit to disband", "ordered_unit": "the ordered unit",
    "supported_unit": "the supported unit", "led_unit": "the led unit",
    "support_destination": "the supported move's destination", "retreat_destination": "the retreat destination",
    "destination": "the destination", "unit": "the unit",
}

TEMPLATES = {
    # the order parser
    "necdip.order.empty": "empty order",
    "necdip.order.too_long": "longer than {n} characters",
    "necdip.order.missing": "{what} is missing",
    "necdip.order.unknown_province": "unknown province {token}",
    "necdip.order.bad_unit": "{what}: write the unit like 'A Los' or '2A/1F Pel'",
    "necdip.order.trailing": "unexpected {rest} at the end",
    "necdip.order.expected_step": "expected a hold ('H') or a move ('- Prov')",
    "necdip.order.double_move_mu": "a Double Move cannot form a Multiple Unit",
    "necdip.order.which_auxiliary": "say which Auxiliary to build: F (Fleet) or E (Siege Engine)",
    "necdip.order.not_understood":
        "cannot understand {token}; orders look like 'A Los - SIt', 'A Pel S A Los - SIt', 'A Los H'",
    "necdip.no_such_unit": "{power} has no {unit}",
    "necdip.occupied": "{province} is occupied",
    # checking Movement orders
    "necdip.move.adjustment_order": "builds, disbands and Activations belong to an Adjustment phase",
    "necdip.move.retreat_order": "retreats and disbands belong to a Retreat or Adjustment phase",
    "necdip.move.already_ordered": "{unit} already has an order (the first one counts)",
    "necdip.move.not_yours": "{unit} is {owner}'s, not {power}'s",
    "necdip.move.auxiliary_left_out": "an Auxiliary the order left out is destroyed (FR 4.2 xviii)",
    "necdip.move.mu_size": "write the MU's size at departure and arrival, e.g. '2A Los - 2A SIt' (FR 4.2 vi)",
    "necdip.move.wizard_at_sea": "the Wizard goes to sea only aboard a Saruman A/F making the same move (EN 7.7 vii)",
    "necdip.move.overfull_mu": "more orders than Components: all of them are void (EN/FR 4.2 v)",
    "necdip.move.one_order_per_destination": "an MU's Components moving to one province need one order (FR 4.2 vii)",
    "necdip.move.nazgul_leaves": "the Nazgul leaves: this MU's orders are void unless they go with it (FR 7.8.1 x)",
    "necdip.move.nazgul_left": "the Nazgul left this Multiple Unit: extra units are destroyed (FR 7.8.1 ix)",
    "necdip.move.double_movers": "only Cavalry and the Nazgul have Double Movement (EN 7.6 ii, 7.8.1 iv)",
    "necdip.move.second_same": "the second order must move to another province or hold",
    "necdip.move.not_adjacent": "{dest} is not adjacent to {src}",
    "necdip.move.mountains": "{src} and {dest} are separated by mountains (EN 5.2)",
    "necdip.move.nazgul_sea": "the Nazgul may never enter a sea province (EN 7.8.1 vi)",
    "necdip.move.fleet_only_sea": "only units with a Fleet may go to sea (EN 4.3 iv)",
    "necdip.move.own_province": "a unit cannot move to its own province",
    "necdip.move.no_multiple_units": "{power} has no Multiple Units: order these units one by one (EN 4.2 i)",
    "necdip.move.personality_support": "a Personality cannot Support (EN 3.3 i)",
    "necdip.move.eriador_support": "units in Eriador cannot Support (EN 5.1 iii)",
    "necdip.move.support_own_province": "a unit cannot support a move into its own province",
    "necdip.move.support_itself":
        "a unit cannot support itself: only Components of one MU support each other (EN 4.2 viii)",
    "necdip.move.cannot_support_there": "{unit} cannot move to {dest}, so cannot support there",
    "necdip.move.personality_build": "a Personality cannot build Auxiliaries (EN 3.3 i)",
    "necdip.move.eriador_build": "units in Eriador cannot Build (EN 5.1 iii)",
    "necdip.move.fleet_coastal": "Fleets are built only in coastal provinces (EN 4.3 ii)",
    "necdip.move.engine_land": "Siege Engines are built only on land (EN 4.4 ii)",
    "necdip.move.one_engine": "only one Siege Engine may be in a province (EN 4.4 iii)",
    "necdip.move.only_nazgul_leads": "only the Nazgul Leads (EN 7.8.1 vii)",
    "necdip.move.lead_own_province": "the Nazgul Leads a unit in its own province (EN 7.8.1 vii)",
    "necdip.move.no_unit_to_lead": "{power} has no {unit} to Lead (EN 7.8.1 vii)",
    # Movement results and Double Movement
    "necdip.result.dislodged": "dislodged",
    "necdip.result.did_not_prevail": "did not prevail in {dest}",
    "necdip.result.unmatched_move": "the supported unit was not ordered to move there",
    "necdip.result.unmatched_hold": "the supported unit did not hold",
    "necdip.result.cut": "cut",
    "necdip.result.reduced": "reduced to {n} (EN 4.2 vii)",
    "necdip.result.attacked": "attacked (EN 3.4 iii)",
    "necdip.result.and_dislodged": "{reason}; dislodged",
    "necdip.result.support_hidden": "only the supporting power learns this (EN 3.2.1 viii)",
    "necdip.double.first_failed": "the first order failed; the second is void (EN 3.2.2 viii)",
    "necdip.double.bounce": "{dest} saw a bounce this turn (EN 3.2.2 vi)",
    "necdip.double.impossible": "the second order is no longer possible: {reason}",
    "necdip.double.needs_auxiliary": "the second order needs the Auxiliary it would lose: ignored (EN 7.6 v)",
    "necdip.double.second_failed": "the second order did not prevail in {dest}",
    # Retreats
    "necdip.retreat.wizard_sea": "the Wizard retreats to sea only from sea, to a Saruman A/F (EN 7.7 viii)",
    "necdip.retreat.attacker_origin": "a unit cannot retreat to the province its attacker came from ({dest})",
    "necdip.retreat.overrun": "the Cavalry that overran it went on to {dest} (EN 7.6 iii)",
    "necdip.retreat.standoff": "{dest} was left vacant by a standoff",
    "necdip.retreat.aligned": "no unit may retreat into an oppositely aligned province (EN 8.1 vii)",
    "necdip.retreat.wrong_phase": "only retreat and disband orders are allowed in a retreat phase",
    "necdip.retreat.no_dislodged": "{power} has no dislodged unit in {province}",
    "necdip.retreat.already_ordered": "this unit already has an order",
    "necdip.retreat.disbands": "{reason}; the unit disbands",
    "necdip.retreat.no_order": "no retreat order",
    "necdip.retreat.clash": "another unit retreated to {dest}; both are destroyed (EN 2.2.2 iv, FR 3.3 v)",
    "necdip.retreat.personality": "an enemy Personality in {dest} destroys the retreating unit (EN 3.3 iv)",
    # Adjustments
    "necdip.adjust.only_sauron": "only Sauron Activates (EN 7.8.2 iv)",
    "necdip.adjust.one_activation": "only one Activation in each Adjustment phase (EN 7.8.2 v)",
    "necdip.adjust.opening": "TA 2750 has only Sauron's Activation and Saruman's third army (EN 7.7 x)",
    "necdip.adjust.no_build_to_waive": "{power} has no build to waive",
    "necdip.adjust.wrong_phase": "only build, disband, waive and Activate orders in an Adjustment phase",
    "necdip.adjust.civil_disorder": "civil disorder",
    "necdip.adjust.no_standing_army": "there is no unactivated Standing Army in {province} (EN 7.8.2 i)",
    "necdip.adjust.activate_what": "Sauron Activates Standing Armies, the Spiders or the Dragons (EN 7.8.2 iv)",
    "necdip.adjust.beasts_once": "the Spiders and the Dragons are Activated once each (EN 7.8.2 v)",
    "necdip.adjust.beasts_start": "they start in {provinces} (EN 7.8.2 ii)",
    "necdip.adjust.hidden_unit":
        "a hidden unit is there: the Activation fails and cannot be tried again (EN 7.8.2 vi)",
    "necdip.adjust.beasts_occupied": "{province} is occupied; they may be Activated later (FR 7.8.2 v)",
    "necdip.adjust.auxiliaries": "Auxiliaries are built by units in a Movement phase, not in adjustments (EN 3.4 i)",
    "necdip.adjust.third_army_where": "Saruman's third army goes to Agr, Ene, Fan, Gap or Gld (EN 7.7 x)",
    "necdip.adjust.one_third_army": "Saruman places one third army",
    "necdip.adjust.nazgul_rebuild": "only Sauron rebuilds the Nazgul, when it is not in play (EN 7.8.1 ii)",
    "necdip.adjust.never_built": "these units are never built (EN 7.7 ix, 7.8.2 iii)",
    "necdip.adjust.rohan_cavalry": "Rohan builds one Cavalry a phase, in the Wold (EN 7.6 i)",
    "necdip.adjust.builds_left": "{power} has {n} build(s) left",
    "necdip.adjust.enemy_personality": "an enemy Personality occupies it; the new units are lost (EN 3.3 v)",
    "necdip.adjust.eriador_homes": "Eriador's home centres are the Dwarves' and the Elves' (EN 5.1 iv)",
    "necdip.adjust.eriador_one": "each Eriador home centre builds one unit a phase (EN 5.1 v)",
    "necdip.adjust.wizard_at_sea": "not on the Wizard at sea (EN 7.7 iv)",
    "necdip.adjust.wizard_saruman_unit": "the Wizard's province already holds a Saruman unit (EN 7.7 iv)",
    "necdip.adjust.wizard_home_centre": "the Wizard's province is another power's home centre (EN 7.7 iv)",
    "necdip.adjust.not_home_centre": "{province} is not a home centre {power} owns",
    "necdip.adjust.no_sea_build":
        "no unit can be built at sea: an Army without a Fleet cannot be there (EN 4.3 iv, 3.4 i)",
    "necdip.adjust.one_unit_per_province": "{power} builds one unit in a province (EN 4.2 i)",
    "necdip.adjust.no_units_to_disband": "{power} has no units to disband",
    "necdip.adjust.disbands_only": "{power} disbands only {n} more",
    "necdip.adjust.uncounted_disband":
        "the Nazgûl, the Wizard, the Spiders and the Dragons are not counted in adjustments: "
        "none of them is disbanded there (EN 3.3 vi, 7.8.2 iii)",
    # refused actions
    "necdip.act.no_order_to_retract": "{power} has no order {order!r} to take back",
    "necdip.act.owes_orders": "{power} still owes orders: only optional ones may be declined",
    "necdip.act.bad_action": "{power} may give an order ({{\"type\": \"order\", \"order\": \"A Los - SIt\"}}), take one "
                             "back ({{\"type\": \"retract\", \"order\": ...}}) or decline optional adjustments "
                             "({{\"type\": \"pass\"}}), not {action}",
    "necdip.act.order_text": "an order is a text of at most {n} characters",
    "necdip.act.already_ordered": "{unit} already has an order ({order}); retract it first to give another",
    "necdip.act.nothing_there": "{power} has no unit in {province} that can be ordered now",
    "necdip.act.wrong_unit": "the unit in that province is {unit}, not {given}",
    "necdip.act.no_such_order": "{unit} cannot be ordered {order} now (no such route, convoy or support); it may, e.g.: {examples}",
    "necdip.act.not_legal": "{order} is not a legal order for {power} now",
    "necdip.act.gm_bad_action":
        "the games master may enter a power's written 'orders', 'process' the phase or declare a 'draw', not {action}",
}


def english(event: Event, names: Names = None) -> str:
    """A Necromancer reason in English (power ids printed as they are unless `names`)."""
    return word(event, TEMPLATES, {"what": WHAT}, {"provinces": " or ", "examples": "; "}, names, english)
