"""Every reason the standard Diplomacy judge gives, as a code and the names of its
parameters (issue 12: rules emit codes; presentation/diplomacy/wording_en.py and
wording_fr.py word them). `because` refuses a code this registry does not hold, so the
wording tables' coverage test, which reads this registry, sees every code the rules use.

Parameter values are JSON: province ids and locations ('spa/nc'), power ids, units as
written ('A par'), numbers, `what` (a part of an order: one of WHAT), `kind` (an order
kind: one of KINDS), `options` and `coasts` (lists), `token`/`rest` (what the player
wrote) and `reason` (a nested reason, as Event.to_json gives it)."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event

WHAT = ("province_to_build", "unit_to_disband", "ordered_unit", "retreat_destination", "destination",
        "supported_unit", "support_destination", "convoyed_army", "convoy_destination")
KINDS = ("retreat", "disband", "build", "waive")   # orders a movement phase refuses

CODES: dict[str, tuple[str, ...]] = {
    # the order parser (orders.py)
    "dip.order.empty": (),
    "dip.order.missing": ("what",),
    "dip.order.unknown_province": ("token",),
    "dip.order.no_coast": ("province", "token"),
    "dip.order.wrong_coast": ("province", "token", "coasts"),
    "dip.order.after_waive": (),
    "dip.order.build_which": (),
    "dip.order.build_which_after": (),
    "dip.order.via_convoy": (),
    "dip.order.support_form": (),
    "dip.order.convoy_form": (),
    "dip.order.not_understood": ("token",),
    "dip.order.trailing": ("rest",),
    # is the order legal here? (legality.py)
    "dip.no_unit": ("province",),
    "dip.not_your_unit": ("province", "owner", "power"),
    "dip.army_not_fleet": ("province",),
    "dip.fleet_not_army": ("province",),
    "dip.fleet_cannot_reach": ("location", "dest"),
    "dip.which_coast": ("province", "options"),
    "dip.movement_only": ("kind",),
    "dip.own_province": (),
    "dip.army_to_sea": ("province",),
    "dip.unreachable": ("dest", "src"),
    "dip.armies_only_convoyed": (),
    "dip.no_unit_to_support": ("province",),
    "dip.support_itself": (),
    "dip.support_wrong_unit": ("province", "unit", "written"),
    "dip.cannot_support_hold": ("unit", "province"),
    "dip.support_own_province": (),
    "dip.cannot_support_move": ("unit", "province"),
    "dip.convoy_fleets_at_sea": (),
    "dip.no_army_to_convoy": ("province",),
    "dip.convoy_coastal": (),
    "dip.not_on_route": ("here", "src", "dest"),
    # Movement (movement.py)
    "dip.already_ordered": ("province",),
    "dip.no_convoy_route": (),
    "dip.did_not_prevail": ("dest",),
    "dip.unmatched": (),
    "dip.dislodged": (),
    "dip.cut": (),
    "dip.and_dislodged": ("reason",),
    "dip.no_convoy_fleets": ("src", "dest"),
    # Retreats (retreats.py)
    "dip.retreat_phase": (),
    "dip.retreat_convoyed": (),
    "dip.no_dislodged": ("province",),
    "dip.dislodged_not_yours": ("province", "owner"),
    "dip.dislodged_is": ("province", "unit"),
    "dip.not_adjacent": ("dest", "src"),
    "dip.occupied": ("province",),
    "dip.attacker_origin": ("dest",),
    "dip.standoff": ("dest",),
    "dip.disbands": ("reason",),
    "dip.retreat_clash": (),
    # Adjustments (adjustments.py)
    "dip.civil_disorder": (),
    "dip.no_builds": ("power",),
    "dip.builds_used": ("power", "n"),
    "dip.not_home": ("province", "power"),
    "dip.not_owned": ("power", "province"),
    "dip.army_at_sea": (),
    "dip.fleet_inland": ("province",),
    "dip.build_coast": ("province",),
    "dip.no_disbands": ("power",),
    "dip.disbands_done": ("power", "n"),
    "dip.no_unit_to_disband": ("province",),
    "dip.unit_belongs": ("province", "owner"),
    "dip.unit_is": ("province", "unit"),
    "dip.adjustment_phase": (),
    "dip.no_such_unit": ("power", "province"),
    # refused actions (game.py, actions.py)
    "dip.act.not_object": (),
    "dip.act.over": ("outcome",),
    "dip.act.nothing_to_order": ("power", "phase"),
    "dip.act.unknown_player": ("player", "powers"),
    "dip.act.draw_survivors": ("powers",),
    "dip.act.no_order_to_retract": ("power", "order"),
    "dip.act.owes_orders": ("power",),
    "dip.act.bad_action": ("power", "action"),
    "dip.act.gm_bad_action": ("action",),
    "dip.act.order_text": ("n",),
    "dip.act.unit_has_order": ("province",),
    "dip.act.not_legal": ("order",),
    "dip.act.not_legal_like": ("order", "example"),
    # a new game's options, either Diplomacy game (diplomacy/options.py)
    "dip.option.unknown": ("unknown", "known"),
    "dip.option.max_year": ("value", "first", "last"),
    "dip.option.flag": ("option", "value"),
    "dip.option.choice": ("option", "value", "choices"),
    "dip.option.map": (),
}


def because(code: str, **params: Any) -> Event:
    """The reason `code` with its parameters (a code outside CODES is a programming error)."""
    if code not in CODES:
        raise KeyError(f"unregistered Diplomacy reason {code!r}")
    return Event(code, params)
