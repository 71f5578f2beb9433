"""A Necromancer report as text a GM can mail, in English or French: every heading, power
name, order word, result and reason in the reader's language. It is built only from
`views.player_view`, so a player's report holds only what that player may see; the GM's
report says at its top that it must never be forwarded.

A report gives: the orders and their results (units given no order are listed as such),
dislodged units with their legal retreats, standoffs, eliminations, losses (civil
disorder, disbands), the position, centre ownership province by province with each
power's count, the builds or disbands due, Victory Points after adjustments, and what
comes next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warjudge.core.events import Event, worded

if TYPE_CHECKING:
    from warjudge.diplomacy.report import PhaseReport
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase
    from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
    from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
    from warjudge.diplomacy.variants.necromancer.state import NecroState
    from warjudge.core.json_types import EventJson
    from warjudge.diplomacy.view_types import ReportView
    from warjudge.diplomacy.variants.necromancer.views import Reveal

WORDS = {
    "en": {"succeeds": "succeeds", "fails": "fails", "void": "void", "unknown": "unknown",
           "title": "Necromancer", "report_for": "report for", "gm": "the games master",
           "gm_warning": "GAMES MASTER'S COPY: it holds every secret order and position. Never forward it; "
                         "send each power its own report (warjudge diplomacy show --power).",
           "M": "Movement", "R": "Retreats", "A": "Adjustments", "orders": "Orders", "no_order": "no order",
           "dislodged": "Dislodged units", "from": "attacked from", "retreats": "may retreat to",
           "no_retreat": "no retreat open: it will be disbanded", "standoffs": "Standoffs",
           "eliminated": "Eliminated", "units": "Position", "none": "none",
           "centres": "Supply centres", "count": "{n} centre(s)", "unit_count": "{n} unit(s)",
           "builds": "builds {n}", "disbands": "must disband {n}", "even": "no adjustment",
           "points": "Victory Points", "eriador": "Eriador (home centre)", "wizard": "the Wizard",
           "winner": "{power} wins the game", "next": "Next", "over": "The game is over.",
           "STANDING": "Standing Armies", "TA": "TA"},
    "fr": {"succeeds": "réussit", "fails": "échoue", "void": "nul", "unknown": "inconnu",
           "title": "Le Nécromant", "report_for": "compte-rendu pour", "gm": "l'arbitre",
           "gm_warning": "EXEMPLAIRE DE L'ARBITRE : il contient tous les ordres et positions secrets. Ne le "
                         "transmettez jamais ; envoyez à chaque Puissance son propre compte-rendu "
                         "(warjudge diplomacy show --power).",
           "M": "Mouvements", "R": "Retraites", "A": "Ajustements", "orders": "Ordres", "no_order": "sans ordre",
           "dislodged": "Unités délogées", "from": "attaquée depuis", "retreats": "Retraites possibles",
           "no_retreat": "aucune Retraite possible : elle sera détruite", "standoffs": "Attaques repoussées",
           "eliminated": "Éliminées", "units": "Position", "none": "aucune",
           "centres": "Centres de ravitaillement", "count": "{n} CR", "unit_count": "{n} Unité(s)",
           "builds": "construit {n}", "disbands": "doit détruire {n}", "even": "pas d'ajustement",
           "points": "Points de victoire", "eriador": "Eriador (CD)", "wizard": "le Magicien",
           "winner": "{power} remporte la partie", "next": "Ensuite", "over": "La partie est terminée.",
           "STANDING": "Armées en attente", "TA": "TA"},
}
LANGS = tuple(WORDS)


def reason_in(lang: str, why: EventJson | None, names: dict[str, str] | None = None) -> str:
    """A report line's reason (its `why`: code and parameters) in the report's language,
    power ids printed as `names` gives them; '' when the line has none."""
    return "" if not why else worded(Event.from_json(why), lang, names)


def extra_centres(view: ReportView, power: str) -> list[str]:
    """The centres `power` counts that no province's owner gives it: Eriador's home centre
    while Eriador stands (EN 5.1 vi) and the Wizard (7.7 vi), whose count the view holds
    even while he is hidden from its reader (the view's count less the provinces owned)."""
    eriador = power in ("DWARVES", "ELVES") and view["eriador_alive"]
    wizard = power == "SARUMAN" and view["centres"][power] > len(view["supply_centers"].get(power, []))
    return ["eriador"] * eriador + ["wizard"] * wizard


def phase_name(phase: str, lang: str) -> str:
    """'TA2780M' -> 'TA 2780 Movement'."""
    return f"TA {phase[2:6]} {WORDS[lang][phase[-1]]}"


def phase_report(game: NecromancerDiplomacyGame, viewer: str | None, lang: str, phase: str | None) -> str:
    """The report of `phase` (default: the last one; before any, the opening position)
    as `viewer` (None: the GM) may read it: the registry's report printer (core/games.py)."""
    return report_text(game, game.report_of(phase), viewer, lang)


def report_text(game: NecromancerDiplomacyGame, report: PhaseReport[NPhase, NecroState, Dislodgement, Reveal],
                viewer: str | None, lang: str = "en") -> str:
    """The report `viewer` (None: the GM) may read, as text ready to mail: read through the
    family's verbs (`report_view`, the one visibility filter; `worded_order`) and the
    seats' names in the reader's language."""
    w, seats = WORDS[lang], game.seat_names(lang)
    view = game.report_view(report, viewer)

    def name(power: str) -> str:
        return w["STANDING"] if power == "STANDING" else seats.get(power, power)

    width = max(len(name(p)) for p in [*game.powers, "STANDING"]) + 2
    who = w["gm"] if viewer is None else name(viewer)
    lines = [f"{w['title']}: {phase_name(view['phase'], lang)}: {w['report_for']} {who}"]
    if viewer is None:
        lines.append(w["gm_warning"])
    lines += ["", f"{w['orders']}:"]
    rank = {p: k for k, p in enumerate(game.powers)}
    names = {p: name(p) for p in game.powers} if lang != "en" else None
    for line in sorted(view["orders"], key=lambda o: rank.get(o["power"], len(rank))):
        order = game.worded_order(line["power"], line["order"], lang)
        notes = [reason_in(lang, line["why"], names)] if line["why"] else []
        if line.get("default") and not line["why"]:
            notes.append(w["no_order"])
        note = f" ({'; '.join(notes)})" if notes else ""
        lines.append(f"  {name(line['power']):<{width}} {order:<30} {w.get(line['result'], line['result'])}{note}")
    if not view["orders"]:
        lines.append(f"  {w['none']}")
    if view["dislodged"]:
        lines += ["", f"{w['dislodged']}:"]
        for power, items in view["dislodged"].items():
            for d in items:
                text = f"  {name(power):<{width}} {d['unit']}, {w['from']} {d['attacker_from'] or '?'}"
                if "retreats" in d:
                    text += f"; {w['retreats']}: {', '.join(d['retreats'])}" if d["retreats"] else f"; {w['no_retreat']}"
                lines.append(text)
    if view["standoffs"]:
        lines += ["", f"{w['standoffs']}: {', '.join(view['standoffs'])}"]
    if view["eliminated"]:
        lines += ["", f"{w['eliminated']}: {', '.join(name(p) for p in view['eliminated'])}"]
    lines += ["", f"{w['units']}:"]
    for power, units in view["units"].items():
        lines.append(f"  {name(power):<{width}} {', '.join(units)}")
    lines += ["", f"{w['centres']}:"]
    for power in game.powers:
        owned = view["supply_centers"].get(power, [])
        extra = [w[key] for key in extra_centres(view, power)]
        facts = [w["count"].format(n=view["centres"][power]), w["unit_count"].format(n=view["unit_counts"][power])]
        if "adjustments" in view:
            delta = view["adjustments"][power]
            facts.append(w["builds"].format(n=delta) if delta > 0 else w["disbands"].format(n=-delta) if delta < 0
                         else w["even"])
        if "victory_points" in view:
            facts.append(f"{w['points']} {view['victory_points'][power]}")
        lines.append(f"  {name(power):<{width}} {', '.join(facts)}: {', '.join(owned + extra) or w['none']}")
    if view["winner"]:
        lines += ["", w["winner"].format(power=name(view["winner"]))]
    if game.is_over:
        lines.append(w["over"])
    elif not game.history or report is game.history[-1]:
        lines += ["", f"{w['next']}: {phase_name(view['next_phase'], lang)}"]
    return "\n".join(lines)
