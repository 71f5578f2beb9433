"""A standard Diplomacy game's report as text (`warjudge diplomacy process` and `show`):
a phase's results, reasons worded in the reader's language, then the position. Every
unit and centre is public in standard Diplomacy, so every viewer reads the same report."""

from __future__ import annotations

from warjudge.core.events import worded
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.report import PhaseReport
from warjudge.diplomacy.results import Dislodged


def phase_report(game: DiplomacyGame, viewer: str | None, lang: str, phase: str | None) -> str:
    """The report of `phase` (default: the last one) and the position now, read from the
    viewer's view (the interface: nothing in it is hidden)."""
    report = game.report_of(phase)
    lines = [] if report is None else results_lines(report, lang)
    out = game.outcome()
    if out is not None and out.reason == "victory" and report is game.report_of(None):
        lines.append(f"{out.winners[0]} wins.")
    now = game.view(viewer)   # the position, as the viewer's view holds it (all public)
    lines.append(f"Now {now['phase']}")
    units, centres = now["units"], now["supply_centers"]
    lines += [f"  {p:8} {', '.join(units[p])}" for p in game.powers]
    lines.append("Supply centres")
    lines += [f"  {p:8} {len(centres[p]):2d} centres, {len(units[p]):2d} units" for p in game.powers]
    return "\n".join(lines)


def results_lines(report: PhaseReport[Phase, GameState, Dislodged, None], lang: str) -> list[str]:
    """A phase's results, one line an order (the judge's defaults marked), and who was dislodged."""
    lines = [f"Results of {report.phase}"]
    for r in report.results:
        reason = "" if r.why is None else f" ({worded(r.why, lang)})"
        lines.append(f"  {r.power:8} {r.canonical + (' (default)' if r.default else ''):32} {r.result}{reason}")
    if report.dislodged:
        lines.append("Dislodged: " + ", ".join(f"{d.unit.power} {d.unit} (from {d.attacker_from})"
                                               for d in report.dislodged))
    return lines
