"""A Necromancer report as text, in English or French (the issue's "reports in either
language"): order lines in the chosen language's words, results, units and, after an
adjustment, centres and Victory Points. Built from a view, so it shows only what the
reader may see."""

from __future__ import annotations

import re

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


# The judge's commonest reasons in French; any other reason is printed as it is.
FRENCH_REASONS = [
    (r"did not prevail in (\w+)", r"n'a pas pu entrer en \1"),
    (r"^cut$", "coupé"),
    (r"^dislodged$", "délogée"),
    (r"reduced to (\d+) \(EN 4\.2 vii\)", r"réduit à \1 (FR 4.2 ix)"),
    (r"attacked \(EN 3\.4 iii\)", "attaquée (FR 3.4 iii)"),
    (r"the first order failed; the second is void \(EN 3\.2\.2 viii\)",
     "le premier ordre a échoué ; le second est nul (FR 3.2.2 viii)"),
    (r"the second order did not prevail in (\w+)", r"le second ordre n'a pas pu entrer en \1"),
    (r"(\w+) saw a bounce this turn \(EN 3\.2\.2 vi\)", r"\1 a été le lieu d'un blocage ce tour (FR 3.2.2 vi)"),
    (r"(\w+) is not adjacent to (\w+)", r"\1 n'est pas adjacente à \2"),
    (r"(\w+) and (\w+) are separated by mountains \(EN 5\.2\)", r"\1 et \2 sont séparées par des montagnes (FR 5.2)"),
    (r"civil disorder", "désordre civil"),
    (r"another unit retreated to (\w+); both are destroyed.*", r"une autre Unité a fait retraite en \1 ; les deux sont détruites (FR 3.3 v)"),
    (r"unknown province '(.+)'", r"Province inconnue '\1'"),
    (r"only the supporting power learns this \(EN 3\.2\.1 viii\)",
     "seul le donneur du Soutien en est informé (FR 3.2.1 viii)"),
]


def reason_in(lang: str, reason: str) -> str:
    if lang != "fr":
        return reason
    for pattern, french in FRENCH_REASONS:
        if re.search(pattern, reason):
            return re.sub(pattern, french, reason)
    return reason


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
        reason = f" ({reason_in(lang, line['reason'])})" if line["reason"] else ""
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
