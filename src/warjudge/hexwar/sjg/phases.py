"""The action types each phase's decision accepts, and the Miasma's placement table (7.2),
shared by the game and its phase modules."""

MIASMA_POINTS = {1: "miasma:1-2", 2: "miasma:1-2", 3: "miasma:3-4", 4: "miasma:3-4", 5: "miasma:5-6", 6: "miasma:5-6"}
DEPLOY_ACTIONS = ("deploy", "place")
PHASE_ACTIONS = {
    "choose": ("choose",), "deploy": ("deploy",), "move": ("move", "take", "end"), "opportunity": ("attack", "end"),
    "convert": ("convert", "end"), "combat": ("attack", "end"), "wraith": ("move", "end"),
    "search": ("search", "end"),
}
