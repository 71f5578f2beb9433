"""Each game's board picture for the pages, named by its registration
(`core.games.GameInfo.board`, and `png` where the game has a PNG too): drawn from the
caller's own filtered view, and from the game only for its public map, so a picture holds
nothing its viewer may not see."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from warjudge.core.game import Game, View

if TYPE_CHECKING:
    from warjudge.diplomacy.view_types import DiplomacyView, NecromancerView
    from warjudge.hexwar.gondor_sauron.view_types import GondorView
    from warjudge.hexwar.sjg.view_types import SjgPicture, SjgView


def diplomacy(_game: Game, view: View, lang: str) -> str:
    """Provinces as filled regions, the last phase's orders as arrows with their results."""
    from warjudge.presentation.diplomacy_map import render_map

    seen = cast("DiplomacyView", view)   # the registry gives each renderer its own game's views
    last = seen["last_phase"]
    return render_map(seen["variant"] or "standard", seen, lang=lang, orders=[] if last is None else last["results"])


def necromancer_diplomacy(_game: Game, view: View, lang: str) -> str:
    """The variant's map from the one report this reader may see (the GM's when shown)."""
    from warjudge.presentation.diplomacy_map import render_map

    reports = cast("NecromancerView", view)["report"]
    shown = reports["GM"] if "GM" in reports else next(iter(reports.values()), None)
    if shown is None:   # no report this reader may read
        return render_map("necromancer", {}, lang=lang, orders=[])
    return render_map("necromancer", shown, lang=lang, orders=shown["orders"])


def sjg(game: Game, view: View, lang: str) -> str:
    """The battlefield as the terminal and the CLI draw it (`sjg.picture`), its words in `lang`."""
    from warjudge.presentation.sjg.render import render_svg

    return render_svg(_sjg_picture(game, view, lang))


def sjg_png(game: Game, view: View, lang: str) -> bytes:
    """The same battlefield as a PNG, drawn with Pillow (`sjg.render.png_bytes`)."""
    from warjudge.presentation.sjg.render import png_bytes

    return png_bytes(_sjg_picture(game, view, lang))


def _sjg_picture(game: Game, view: View, lang: str) -> "SjgPicture":
    from warjudge.presentation.sjg.picture import picture

    drawn = picture(game.public_map, cast("SjgView", view))   # the registry gives these renderers SJG views only
    drawn["lang"] = lang
    return drawn


def gondor_sauron(game: Game, view: View, lang: str) -> str:
    from warjudge.presentation.gondor_sauron.render import render_svg

    return render_svg(game.public_map, cast("GondorView", view), lang)


__all__ = ["diplomacy", "gondor_sauron", "necromancer_diplomacy", "sjg", "sjg_png"]
