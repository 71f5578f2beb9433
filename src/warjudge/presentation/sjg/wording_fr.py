"""Le libellé français des choix de SJG Necromancer (issue 24, constat 9) : chaque action
légale dite comme un joueur la lit, les unités par genre (les pions montrent un genre, pas
un numéro), les hexagones avec leur nom sur la carte. Le pendant de `choice` de
wording_en.py ; presentation/choices.py choisit la langue."""

from __future__ import annotations

from typing import Any, Callable

from warjudge.presentation.sjg import choice_facts

Params = dict[str, Any]

KIND_WORDS = {"necromancer": ("le Nécromancien", "Nécromanciens"), "apprentice": ("un apprenti", "apprentis"),
              "dragon": ("un dragon", "dragons"), "wraith": ("un spectre", "spectres"),
              "skeleton": ("un squelette", "squelettes"), "zombie": ("un zombie", "zombies"),
              "mercenary": ("un mercenaire", "mercenaires"), "unit": ("une unité", "unités")}
POINT_WORDS = {"start:red": "crâne de Rouge", "start:black": "crâne de Noir", "miasma:1-2": "point de Miasme 1-2",
               "miasma:3-4": "point de Miasme 3-4", "miasma:5-6": "point de Miasme 5-6"}
ITEM_WORDS = {"apprentice": "un apprenti", "mercenaries": "une paire de mercenaires", "dragon": "un dragon",
              "ring": "l'Anneau de vol", "crystal_ball": "la Boule de cristal", "sword": "l'Épée", "bow": "l'Arc"}
JEWEL_POWERS = {"two_free_conversions": "deux conversions gratuites", "one_free_conversion": "une conversion gratuite",
                "necromancer_movement": "mouvement du Nécromancien", "skeleton_strength": "force des squelettes",
                "conversion_points": "points de conversion", "zombie_movement": "mouvement des zombies",
                "wraith_movement_phase": "phase de mouvement des spectres",
                "necromancer_halved": "Nécromancien affaibli"}
JEWEL_COLOURS = {"red": "rouge", "green": "vert", "blue": "bleu", "amber": "ambre"}
FROM = "depuis"   # a stack named by the hex it acts from
PHASE_WORDS = {"move": "de mouvement", "wraith": "de mouvement des spectres", "opportunity": "d'attaque d'opportunité",
               "combat": "de combat", "convert": "de conversion", "search": "de fouille", "advance": "d'avance"}


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) < 2 else f"{', '.join(parts[:-1])} et {parts[-1]}"


def _units(counted: list[tuple[str, int]]) -> str:
    """'2 zombies et un spectre'."""
    return _and([KIND_WORDS[k][0] if n == 1 else f"{n} {KIND_WORDS[k][1]}"
                 for k, n in ((k if k in KIND_WORDS else "unit", n) for k, n in counted)]) or "aucune unité"


def _item(item: str) -> str:
    name, power = choice_facts.item_parts(item)
    if power:
        return f"un Joyau de plus ({JEWEL_POWERS.get(power, power.replace('_', ' '))})"
    return ITEM_WORDS.get(name, name.replace("_", " "))


def _jewels(names: list[str]) -> str:
    return _and([f"le Joyau {JEWEL_COLOURS.get(j, j)}" for j in names])


def chooser(view: Params, places: dict[str, str]) -> Callable[[Params], str]:
    """Words for the actions of a seat that sees `view` (its units indexed once)."""
    by_id, stands = choice_facts.index(view), choice_facts.hexes(view)
    return lambda action: choice(action, view, by_id, places, stands)


def choice(action: Params, view: Params, by_id: dict[str, str], places: dict[str, str],
           stands: dict[str, str]) -> str:
    """L'action en une courte phrase française."""
    def at(h: str) -> str:
        return f"{h} ({POINT_WORDS.get(places[h], places[h])})" if h in places else h

    def who(ids: list[Any]) -> str:
        return _units(choice_facts.kinds(by_id, ids))

    def who_from(ids: list[Any]) -> str:   # which stack acts: units of one kind in two hexes differ
        return _and([f"{_units(counted)} {FROM} {h}" if h else _units(counted)
                     for h, counted in choice_facts.by_hex(by_id, stands, ids)])

    kind = action.get("type")
    if kind == "place":
        return f"placer {KIND_WORDS.get(action['kind'], KIND_WORDS['unit'])[0]} en {at(action['hex'])}"
    if kind == "deploy":
        counted, hexes = choice_facts.placed(action.get("placements", {}))
        return f"valider le déploiement : {_units(counted)} sur {hexes} hexagones"
    if kind == "undo":
        return "reprendre la dernière action"
    if kind == "end":
        phase = PHASE_WORDS.get(str(view.get("phase")))
        return f"finir la phase {phase}" if phase else "finir cette phase"
    if kind == "choose":
        return f"choisir {_and([_item(i) for i in action['items']]) or 'aucun objet'}"
    if kind == "take":
        return f"{who([action['unit']])} prend {_item(action['item'])}"
    if kind == "move":
        path = " → ".join(at(h) for h in action["path"])
        carry = f", en emportant {_jewels(action['jewels'])}" if action.get("jewels") else ""
        over = ", puis par-dessus la falaise : perdus (SJG 6.7)" if action.get("suicide") else ""
        return f"déplacer {who(action['units'])} {path}{carry}{over}"
    if kind == "attack":
        where = _and([at(h) for h in action["targets"]])
        if action.get("demon"):
            where = f"le démon en {where}"
        how = [f"{who_from(action[k])} {word}" for k, word in (("direct", "au contact"), ("indirect", "à distance"),
                                                          ("boulder", "en lançant des rochers")) if action.get(k)]
        return f"attaquer {where}" + (f" avec {_and(how)}" if how else " avec toutes les unités qui le peuvent")
    if kind == "convert":
        terms = "tentative gratuite à trois fois sa résistance" if action.get("free") else \
            f"{action.get('multiple', 0)} × sa résistance en points de conversion"
        return f"tenter de convertir la pile en {at(action['target'])} ({terms})"
    if kind == "retreat":
        return _retreat(action, at, who)
    if kind == "advance":
        moves = action.get("moves") or {}
        return ("avancer " + _and([f"{who_from([u])} en {at(h)}" for u, h in moves.items()])) if moves \
            else "ne pas avancer"
    if kind == "search":
        return f"fouiller le Miasme en {at(action['hex'])}"
    return str(kind)


def _retreat(action: Params, at: Callable[[str], str], who: Callable[[list[Any]], str]) -> str:
    parts = [f"perdre {who(action['lose'])}"] if action.get("lose") else []
    if action.get("to"):
        parts.append(f"retraiter en {at(action['to'])}")
    if action.get("over_cliff"):
        parts.append(f"sauter de la falaise en {at(action['over_cliff'])}")
    for group in action.get("displace", []):
        parts.append(f"faire place en déplaçant {who(group['units'])} en {at(group['to'])}")
    if action.get("carry"):
        parts.append(f"emporter {_jewels(action['carry'])}")
    return _and(parts) if parts else "retraiter"
