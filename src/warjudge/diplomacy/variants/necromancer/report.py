"""A Necromancer report as text, in English or French (the issue's "reports in either
language"): order lines in the chosen language's words, results, units and, after an
adjustment, centres and Victory Points. Built from a view, so it shows only what the
reader may see."""

from __future__ import annotations

from warjudge.core.errors import OrderError
from warjudge.diplomacy.variants.necromancer.adjustments import supply_centres, victory_points
from warjudge.diplomacy.variants.necromancer.orders import format_norder, parse_norder

WORDS = {
    "en": {"succeeds": "succeeds", "fails": "fails", "void": "void", "unknown": "unknown",
           "report": "Report", "for": "for", "units": "Units", "centres": "Supply centres and Victory Points",
           "winner": "wins the game"},
    "fr": {"succeeds": "réussit", "fails": "échoue", "void": "nul", "unknown": "inconnu",
           "report": "Compte-rendu", "for": "pour", "units": "Unités", "centres": "Centres et points de victoire",
           "winner": "remporte la partie"},
}


def translated(text: str, power: str, nmap, lang: str) -> str:
    """An order in the reader's language (as written if it cannot be read)."""
    try:
        return format_norder(parse_norder(text, power, nmap), lang)
    except OrderError:
        return text


def report_text(game, report, viewer: str | None, lang: str = "en") -> str:
    w = WORDS[lang]
    view = report.view(viewer)
    lines = [f"{w['report']} {view['phase']} {w['for']} {view['viewer']}"]
    for line in view["orders"]:
        order = translated(line["order"], line["power"], game.map, lang)
        reason = f" ({line['reason']})" if line["reason"] else ""
        lines.append(f"  {line['power']:<12} {order:<32} {w.get(line['result'], line['result'])}{reason}")
    lines.append(f"{w['units']}:")
    for power, units in view["units"].items():
        lines.append(f"  {power:<12} {', '.join(units)}")
    if report.phase.kind == "A" and report.state is not None:
        lines.append(f"{w['centres']}:")
        for power in game.powers:
            lines.append(f"  {power:<12} {supply_centres(game.map, report.state, power):>3} "
                         f"{victory_points(game.map, report.state, power):>3}")
        if report.state.winner:
            lines.append(f"{report.state.winner} {w['winner']}")
    return "\n".join(lines)
