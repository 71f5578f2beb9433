"""Checks every channel of every power's view of a phase against what the rules reveal
(EN/FR 3.2.1, 3.2.2 viii, 7.7 x, 7.8.1 vii, 7.8.2 vii): the order lines with their results
and reasons, the units, the dislodged units and their retreats, centre ownership and
counts, the text report in both languages and the map picture. Used by the bot-game fuzz
test, over hundreds of phases."""

from __future__ import annotations

import re

from warjudge.presentation.necromancer_diplomacy.render import picture_of_view
from warjudge.presentation.necromancer_diplomacy.report import report_text

HIDDEN = ("W", "N")


def _unit_of(order: str) -> tuple[str, str] | None:
    """(kind, province) of the unit an order line is about ('N MMo - SIt' -> ('N', 'MMo'))."""
    words = order.split()
    if len(words) >= 2 and words[0].lower() not in ("build", "construire", "activate", "activer", "waive",
                                                    "renoncer", "remove"):
        return re.sub(r"^\d+", "", words[0]).split("/")[0], words[1]
    return None


def secret_units(game, report) -> set[tuple[str, str, str]]:
    """(power, kind, province) of every unit a rule may hide from others after `report`."""
    state = report.after
    out = set()
    for province, pieces in state.position.items():
        for p in pieces:
            if p.component.kind in HIDDEN or (p.power == "SAURON" and p.component.kind in state.secret_beasts):
                out.add((p.power, p.component.kind, province))
    return out


def check_views(game, report) -> int:
    """Asserts every rule on every viewer's channels; returns the number of checks made."""
    checks = 0
    state = report.after
    gm = game.report_view(report, None)
    dislodged_gm = {(p, d["unit"]) for p, items in gm["dislodged"].items() for d in items}
    for viewer in game.powers:
        view = game.report_view(report, viewer)
        mentioned = " ".join(line["order"] for line in view["orders"])
        dislodged_at = {d["unit"].split()[-1] for items in view["dislodged"].values() for d in items}
        # dislodgements are public (EN 3.2.1 v): every one is listed, retreats only for their owner
        assert {(p, d["unit"]) for p, items in view["dislodged"].items() for d in items} == dislodged_gm, viewer
        for power, items in view["dislodged"].items():
            for d in items:
                assert ("retreats" in d) <= (power == viewer), (viewer, d)
        for line in view["orders"]:
            checks += 1
            if line["power"] == viewer:
                continue
            order, unit = line["order"], _unit_of(line["order"])
            # EN 7.8.2 vii: an Activation is never shown; EN 7.7 x: nor Saruman's opening
            assert not order.lower().startswith(("activate", "activer")), (viewer, line)
            assert not (report.phase.year == 2750 and line["power"] == "SARUMAN"), (viewer, line)
            if unit and unit[0] in HIDDEN and report.phase.kind == "M":
                # EN 3.2.1 ix: a void order of a hidden unit reveals nothing
                assert line["result"] != "void", (viewer, line)
                # EN 3.2.2 viii: after a failed first order the second is never revealed
                if "the first order failed" in line["reason"]:
                    assert len(re.findall(r" - |\bH\b|\bTenir\b", order)) <= 1, (viewer, line)
            # EN 3.2.1 viii: a support to a hidden unit: only the giver learns its result
            words = order.split()
            if len(words) >= 4 and words[2] in ("S", "Soutenir") and words[3] in HIDDEN:
                assert line["result"] == "unknown", (viewer, line)
        for power, units in view["units"].items():
            for text in units:
                checks += 1
                kind, province = text.split()[0].split("/")[0].lstrip("0123456789"), text.split()[-1]
                if power == viewer:
                    continue
                if kind in HIDDEN:
                    # a hidden unit is only seen where something visible in this report points
                    assert province in mentioned or province in dislodged_at or report.phase.kind == "A", \
                        (viewer, text, report.phase)
                if power == "SAURON":   # EN 7.8.2 vii: an unrevealed Activated army looks unactivated
                    assert not (kind == "A" and province in state.secret_armies), (viewer, text)
                    assert kind not in state.secret_beasts, (viewer, text)
        for power, centres in view["supply_centers"].items():
            checks += 1
            if viewer != "SAURON" and power == "SAURON":   # nor is its centre Sauron's
                assert not set(centres) & state.secret_armies, (viewer, centres)
        if viewer != "SAURON":
            assert view["centres"]["SAURON"] == gm["centres"]["SAURON"] - sum(
                1 for p in state.secret_armies if state.owners.get(p) == "SAURON"), viewer
        # the picture shows exactly the view: its units and its centre colours
        picture = picture_of_view(view)
        drawn = {(power, f"{designation} {province}") for province, items in picture.units.items()
                 for power, designation in items}
        assert drawn == {(power, text) for power, units in view["units"].items() for text in units}, viewer
        # the text report names no secret unit where it stands
        for lang in ("en", "fr"):
            text = report_text(game, report, viewer, lang)
            checks += 1
            for power, kind, province in secret_units(game, report):
                if power != viewer and f"{kind} {province}" not in " ".join(view["units"].get(power, [])):
                    assert not re.search(rf"\b{kind} {province}\b", _block(text, "Position:")), \
                        (viewer, lang, kind, province)
    return checks


def _block(text: str, heading: str) -> str:
    """The lines of one section of a text report."""
    return text.split(heading, 1)[1].split("\n\n", 1)[0] if heading in text else ""
