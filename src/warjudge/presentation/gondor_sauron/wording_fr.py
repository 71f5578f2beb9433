"""Le libellé français des choix de Gondor & Sauron (issue 24, constat 9) : chaque action
légale dite comme un joueur la lit, les pions par leur nom et le code imprimé dessus. Le
pendant de `choice` de wording_en.py ; presentation/choices.py choisit la langue."""

from __future__ import annotations

from typing import Any, Callable

from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.presentation.gondor_sauron import choice_facts

Params = dict[str, Any]

# the troops (the last words of an id) and the peoples (its first), as French names them
TROOPS = {("archers",): "Archers", ("axemen",): "Haches", ("citadel", "guard"): "Garde de la Citadelle",
          ("knights",): "Chevaliers", ("spearmen",): "Lanciers", ("orc", "archers"): "Archers orques",
          ("orc", "spearmen"): "Lanciers orques", ("orc", "swordsmen"): "Épéistes orques",
          ("trolls",): "Trolls", ("wolf", "riders"): "Chevaucheurs de loups", ("infantry",): "Fantassins",
          ("catapult",): "Catapulte", ("siege", "tower"): "Tour de siège", ("ladders",): "Échelles"}
PEOPLES = {"gondor": "du Gondor", "mordor": "du Mordor", "elf": "elfes", "numenorean": "numénoréens"}
NAMES = {"lord-of-the-nazgul": "le Seigneur des Nazgûl", "mouth-of-sauron": "la Bouche de Sauron",
         "the-beast": "la Bête", "theoden": "Théoden", "dunedain": "Dúnedain", "rohirrim": "Rohirrim",
         "gil-galad": "Gil-galad", "cauldron": "Chaudron"}
SPELLS = {"break-darkness": "Briser les ténèbres", "stalemate-nazgul": "Tenir les Nazgûl en échec",
          "reveal-aragorn": "Révéler Aragorn", "fear": "Terreur", "freeze-leader": "Paralyser un Chef",
          "activate-grond": "Mettre Grond en branle", "sinister-visions": "Visions sinistres",
          "wrath-of-the-ringwraith": "Courroux du Spectre de l'Anneau",
          "total-eclipse-of-the-sun": "Éclipse totale du soleil", "summon-beast": "Invoquer la Bête"}
# the Phases of the Sequence of Play (SPI 3.0) by their letters
PHASES = {"A": "Mouvement initial des Chefs magiques", "B": "Siège des Forces de Sauron",
          "C": "Mouvement des Forces de Sauron", "D": "Combat des Forces de Sauron",
          "E": "Second mouvement des Chefs magiques", "F": "Mouvement de l'Occidentale",
          "G": "Combat de l'Occidentale", "H": "Ralliement commun"}


def phase_titles() -> dict[str, str]:
    return dict(PHASES)


def side_names() -> dict[str, str]:
    return {"westernesse": "Occidentale", "sauron": "Sauron"}


def piece(piece_id: str, printed: dict[str, str]) -> str:
    """« Chevaliers du Gondor 10 (CD4X) » : le nom du pion et le code imprimé dessus."""
    words, number = choice_facts.name_parts(piece_id)
    key = "-".join(words)
    if key in NAMES:
        name = NAMES[key]
    elif words and words[0] in PEOPLES and tuple(words[1:]) in TROOPS:
        name = f"{TROOPS[tuple(words[1:])]} {PEOPLES[words[0]]}"
    else:
        name = " ".join(w.capitalize() for w in words)
    code = printed.get(piece_id, "")
    return f"{name}{f' {number}' if number else ''}{f' ({code})' if code else ''}"


def _path(hexes: list[str]) -> str:
    return " → ".join(hexes)


def piece_names(view: GondorView) -> dict[str, str]:
    """Every piece the seat sees -> its printed name and code, for the page's prompts."""
    printed = choice_facts.codes(view)
    return {p: piece(p, printed) for p in choice_facts.piece_ids(view)}


def chooser(view: GondorView, _places: dict[str, str]) -> Callable[[Params], str]:
    """Words for the actions of a seat that sees `view` (its counters' codes read once)."""
    printed = choice_facts.codes(view)
    return lambda action: choice(action, printed)


def choice(action: Params, printed: dict[str, str]) -> str:
    """L'action en une courte phrase française."""
    def name(key: str) -> str:
        return piece(str(action[key]), printed)

    kind = action.get("type")
    words: dict[str, Callable[[], str]] = {
        "move": lambda: f"déplacer {name('piece')} en {action['to']}",
        "enter": lambda: f"faire entrer {name('piece')} sur la carte en {action['to']}",
        "split": lambda: f"scinder {name('unit')} : une partie va en {action['to']}",
        "form": lambda: f"former {', '.join(piece(u, printed) for u in action['units'])} en formation spéciale "
                        f"avec {name('leader')}",
        "cast": lambda: f"{name('leader')} lance le sort « {SPELLS.get(action['spell'], action['spell'])} »"
                        + (f" sur {name('target')}" if action.get("target") else ""),
        "bombard": lambda: f"{name('engine')} bombarde le côté d'hexagone {'–'.join(action['hexside'])}",
        "fire": lambda: f"{name('unit')} tire sur {name('target')}",
        "pour": lambda: f"verser {name('cauldron')} sur {name('target')}",
        "attack": lambda: f"{name('unit')} attaque {name('target')}",
        "duel": lambda: f"{name('leader')} provoque {name('target')} en duel",
        "rally": lambda: f"{name('leader')} rallie {name('unit')}",
        "advance": lambda: f"avancer {name('unit')}" + (f" en {action['to']}" if action.get("to") else ""),
        "evade": lambda: f"se replier avant le combat par {_path(action['path'])}",
        "retreat": lambda: f"retraiter par {_path(action['path'])}" + (
            f", en repoussant les amis qui s'y trouvent vers {_path([action['displace_to'], *action.get('then_to', [])])}"
            if action.get("displace_to") else ""),
        "decline": lambda: "ne pas repousser ses amis : l'unité en retraite est perdue",
        "stand": lambda: "tenir et combattre",
        "stay": lambda: "rester sur place (ne pas avancer)",
        "resolve": lambda: "livrer les attaques annoncées",
        "next": lambda: "passer à l'étape de combat suivante",
        "end": lambda: "finir cette phase",
    }
    say = words.get(str(kind))
    return say() if say else str(kind)


def cost(c: Params, view: GondorView) -> str:
    """Ce qu'une action coûte (issue 24 : aucun coup au coût caché), en français, d'après les
    faits que costs.py donne ; le `why` anglais y est le pendant."""
    printed, pieces = choice_facts.codes(view), c.get("units", [])
    if c["what"] == "unit-flipped":
        return f"{piece(pieces[0], printed)} ne fait pas retraite : le pion passe sur sa face affaiblie ({c['rule']})"
    if c["what"] == "units-lost":
        return f"{piece(pieces[0], printed)} ne repousse pas ses amis : le pion est éliminé à la place (SPI 7.61, 7.63)"
    if c["what"] == "units-unmoved":
        n = len(pieces)
        return (f"{n} pion{'s pourraient' if n > 1 else ' pourrait'} encore bouger ou entrer : finir la phase "
                f"{'les laisse où ils sont' if n > 1 else 'le laisse où il est'} ce tour-ci ({c['rule']})")
    return str(c["why"])
