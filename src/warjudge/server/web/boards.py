"""The board picture a page shows, drawn from the caller's own view (the server's one
filter), never from the game's state: a renderer sees only what the seat may see.

A renderer takes the game (for its public map only) and the filtered JSON view. Games
with no renderer here are played from their legal actions alone."""

from __future__ import annotations

from typing import Any, Callable

from warjudge.core.game import Game

Renderer = Callable[[Game, dict[str, Any], str], str]


def _diplomacy(map_id: str | None) -> Renderer:
    """Provinces as filled regions, the last phase's orders as arrows with their results."""
    def draw(_game: Game, view: dict[str, Any], lang: str) -> str:
        from warjudge.presentation.diplomacy_map import render_map

        if "report" in view:   # the Necromancer variant: the one report this reader may see
            reports = view["report"]
            shown = reports["GM"] if "GM" in reports else next(iter(reports.values()), {})
            return render_map(map_id or "necromancer", shown, lang=lang, orders=shown.get("orders") or [])
        last = view.get("last_phase") or {}
        return render_map(map_id or view.get("variant") or "standard", view, lang=lang,
                          orders=last.get("results") or [])
    return draw


def _sjg(game: Game, view: dict[str, Any], _lang: str) -> str:
    from warjudge.presentation.sjg.render import render_svg

    miasma = view.get("miasma") or {}
    # a secret set-up in progress (SJG 9.1) is in the view only for its own side: drawn for it
    drafts = [{"id": -1 - i, "kind": kind, "side": s["side"], "hex": h}
              for s in view.get("secrets", []) if s.get("kind") == "set-up"
              for i, (kind, h) in enumerate(s.get("placements", []))]
    picture = {"board": game.public_map,
               "turn": view.get("turn", 0), "phasing": view.get("phasing"), "phase": view.get("phase"),
               "units": view.get("units", []) + drafts, "jewels": view.get("jewels", []),
               "miasma": miasma.get("hexes", []) if isinstance(miasma, dict) else miasma,
               "sides": view.get("sides", {}), "pending": None, "winner": None}
    return render_svg(picture)


def _gondor_sauron(game: Game, view: dict[str, Any], _lang: str) -> str:
    from warjudge.presentation.gondor_sauron.render import render_svg

    return render_svg(game.public_map, view)


RENDERERS: dict[str, Renderer] = {"necromancer-sjg": _sjg, "gondor": _gondor_sauron, "sauron": _gondor_sauron, "diplomacy": _diplomacy(None),
                                  "necromancer-diplomacy": _diplomacy("necromancer")}
LANGUAGES = ("en", "fr")

# Which page plays a game: the Diplomacy family's order-writing page, else the
# decision-and-actions page (which draws the board when a renderer exists).
DIPLOMACY_PAGE = frozenset({"diplomacy", "necromancer-diplomacy"})


def page_kind(game_id: str) -> str:
    return "diplomacy" if game_id in DIPLOMACY_PAGE else "decisions"


def board_svg(game_id: str, game: Game, view: dict[str, Any], lang: str = "en") -> str | None:
    renderer = RENDERERS.get(game_id)
    return renderer(game, view, lang) if renderer else None
