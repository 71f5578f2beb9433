"""The Diplomacy maps players recognise: provinces as filled regions tessellated from the
map's own positions, a check that the picture shows exactly the map file's adjacencies,
and the SVG of a view (issue 14)."""

from warjudge.presentation.diplomacy_map.check import check_map
from warjudge.presentation.diplomacy_map.render import render_map

__all__ = ["check_map", "render_map"]
