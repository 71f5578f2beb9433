"""Every reason the Necromancer judge gives, as a code and the names of its parameters
(issue 12: rules emit codes; presentation/necromancer_diplomacy/wording_en.py and
wording_fr.py word them). `because` refuses a code this registry does not hold, so the
wording tables' coverage test, which reads this registry, sees every code the rules use.

Parameter values are JSON: province and power ids, written units ('2A Pel'), numbers,
`what` (a part of an order: one of WHAT), `provinces` (a list of ids) and `reason` (a
nested reason, as Event.to_json gives it)."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event
from warjudge.core.json_types import EventJson

# the parts of an order the parser names when one is missing or malformed ({what})
WHAT = ("unit_to_build", "unit_to_activate", "unit_to_disband", "ordered_unit", "supported_unit", "led_unit",
        "support_destination", "retreat_destination", "destination", "unit")

CODES: dict[str, tuple[str, ...]] = {
    # the order parser (orders.py)
    "necdip.order.empty": (),
    "necdip.order.too_long": ("n",),
    "necdip.order.missing": ("what",),
    "necdip.order.unknown_province": ("token",),
    "necdip.order.bad_unit": ("what",),
    "necdip.order.trailing": ("rest",),
    "necdip.order.expected_step": (),
    "necdip.order.double_move_mu": (),
    "necdip.order.which_auxiliary": (),
    "necdip.order.not_understood": ("token",),
    # any phase: the written unit is not there
    "necdip.no_such_unit": ("power", "unit"),
    "necdip.occupied": ("province",),
    # checking Movement orders (movement.py)
    "necdip.move.adjustment_order": (),
    "necdip.move.retreat_order": (),
    "necdip.move.already_ordered": ("unit",),
    "necdip.move.not_yours": ("unit", "owner", "power"),
    "necdip.move.auxiliary_left_out": (),
    "necdip.move.mu_size": (),
    "necdip.move.wizard_at_sea": (),
    "necdip.move.overfull_mu": (),
    "necdip.move.one_order_per_destination": (),
    "necdip.move.nazgul_leaves": (),
    "necdip.move.nazgul_left": (),
    "necdip.move.double_movers": (),
    "necdip.move.second_same": (),
    "necdip.move.not_adjacent": ("dest", "src"),
    "necdip.move.mountains": ("src", "dest"),
    "necdip.move.nazgul_sea": (),
    "necdip.move.fleet_only_sea": (),
    "necdip.move.own_province": (),
    "necdip.move.no_multiple_units": ("power",),
    "necdip.move.personality_support": (),
    "necdip.move.eriador_support": (),
    "necdip.move.support_own_province": (),
    "necdip.move.support_itself": (),
    "necdip.move.cannot_support_there": ("unit", "dest"),
    "necdip.move.personality_build": (),
    "necdip.move.eriador_build": (),
    "necdip.move.fleet_coastal": (),
    "necdip.move.engine_land": (),
    "necdip.move.one_engine": (),
    "necdip.move.only_nazgul_leads": (),
    "necdip.move.lead_own_province": (),
    "necdip.move.no_unit_to_lead": ("power", "unit"),
    # Movement results and Double Movement
    "necdip.result.dislodged": (),
    "necdip.result.did_not_prevail": ("dest",),
    "necdip.result.unmatched_move": (),
    "necdip.result.unmatched_hold": (),
    "necdip.result.cut": (),
    "necdip.result.reduced": ("n",),
    "necdip.result.attacked": (),
    "necdip.result.and_dislodged": ("reason",),
    "necdip.result.support_hidden": (),
    "necdip.double.first_failed": (),
    "necdip.double.bounce": ("dest",),
    "necdip.double.impossible": ("reason",),
    "necdip.double.needs_auxiliary": (),
    "necdip.double.second_failed": ("dest",),
    # Retreats (retreats.py)
    "necdip.retreat.wizard_sea": (),
    "necdip.retreat.attacker_origin": ("dest",),
    "necdip.retreat.overrun": ("dest",),
    "necdip.retreat.standoff": ("dest",),
    "necdip.retreat.aligned": (),
    "necdip.retreat.wrong_phase": (),
    "necdip.retreat.no_dislodged": ("power", "province"),
    "necdip.retreat.already_ordered": (),
    "necdip.retreat.disbands": ("reason",),
    "necdip.retreat.no_order": (),
    "necdip.retreat.clash": ("dest",),
    "necdip.retreat.personality": ("dest",),
    # Adjustments (adjustments.py)
    "necdip.adjust.only_sauron": (),
    "necdip.adjust.one_activation": (),
    "necdip.adjust.opening": (),
    "necdip.adjust.no_build_to_waive": ("power",),
    "necdip.adjust.wrong_phase": (),
    "necdip.adjust.civil_disorder": (),
    "necdip.adjust.no_standing_army": ("province",),
    "necdip.adjust.activate_what": (),
    "necdip.adjust.beasts_once": (),
    "necdip.adjust.beasts_start": ("provinces",),
    "necdip.adjust.hidden_unit": (),
    "necdip.adjust.beasts_occupied": ("province",),
    "necdip.adjust.auxiliaries": (),
    "necdip.adjust.third_army_where": (),
    "necdip.adjust.one_third_army": (),
    "necdip.adjust.nazgul_rebuild": (),
    "necdip.adjust.never_built": (),
    "necdip.adjust.rohan_cavalry": (),
    "necdip.adjust.builds_left": ("power", "n"),
    "necdip.adjust.enemy_personality": (),
    "necdip.adjust.eriador_homes": (),
    "necdip.adjust.eriador_one": (),
    "necdip.adjust.wizard_at_sea": (),
    "necdip.adjust.wizard_saruman_unit": (),
    "necdip.adjust.wizard_home_centre": (),
    "necdip.adjust.not_home_centre": ("province", "power"),
    "necdip.adjust.no_sea_build": (),
    "necdip.adjust.one_unit_per_province": ("power",),
    "necdip.adjust.no_units_to_disband": ("power",),
    "necdip.adjust.disbands_only": ("power", "n"),
    "necdip.adjust.uncounted_disband": (),
    # refused actions (game.py)
    "necdip.act.no_order_to_retract": ("power", "order"),
    "necdip.act.owes_orders": ("power",),
    "necdip.act.bad_action": ("power", "action"),
    "necdip.act.order_text": ("n",),
    "necdip.act.not_legal": ("order", "power"),
    "necdip.act.already_ordered": ("unit", "order"),
    "necdip.act.nothing_there": ("province", "power"),
    "necdip.act.wrong_unit": ("given", "unit"),
    "necdip.act.no_such_order": ("order", "unit", "examples"),
    "necdip.act.gm_bad_action": ("action",),
}


def because(code: str, **params: Any) -> Event:
    """The reason `code` with its parameters (a code outside CODES is a programming error)."""
    if code not in CODES:
        raise KeyError(f"unregistered Necromancer reason {code!r}")
    return Event(code, params)


def nested(reason: Event | None) -> EventJson | None:
    """A reason as the parameter of another ('the second order is no longer possible: …')."""
    return None if reason is None else reason.to_json()
