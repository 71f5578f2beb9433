"""Each game's board picture for the pages, named by its registration
(`core.games.GameInfo.board`): drawn from the caller's own filtered view, and from the
game only for its public map, so a picture holds nothing its viewer may not see."""

from __future__ import annotations

from typing import Any

from warjudge.core.game import Game


def diplomacy(_game: Game, view: dict[str, Any], lang: str) -> str:
    """Provinces as filled regions, the last phase's orders as arrows with their results."""
    from warjudge.presentation.diplomacy_map import render_map

    last = view.get("last_phase") or {}
    return render_map(view.get("variant") or "standard", view, lang=lang, orders=last.get("results") or [])


def necromancer_diplomacy(_game: Game, view: dict[str, Any], lang: str) -> str:
    """The variant's map from the one report this reader may see (the GM's when shown)."""
    from warjudge.presentation.diplomacy_map import render_map

    reports = view["report"]
    shown = reports["GM"] if "GM" in reports else next(iter(reports.values()), {})
    return render_map("necromancer", shown, lang=lang, orders=shown.get("orders") or [])


def sjg(game: Game, view: dict[str, Any], lang: str) -> str:
    """The battlefield as the terminal and the CLI draw it (`sjg.picture`), its words in `lang`."""
    from warjudge.presentation.sjg.picture import picture
    from warjudge.presentation.sjg.render import render_svg

    return render_svg(picture(game.public_map, view) | {"lang": lang})


def gondor_sauron(game: Game, view: dict[str, Any], lang: str) -> str:
    from warjudge.presentation.gondor_sauron.render import render_svg

    return render_svg(game.public_map, view, lang)


__all__ = ["diplomacy", "gondor_sauron", "necromancer_diplomacy", "sjg"]
