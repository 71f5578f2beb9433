"""Le libellé français des choix de SJG Necromancer (issue 24, constat 9) : chaque action
légale dite comme un joueur la lit, les unités par genre (les pions montrent un genre, pas
un numéro), les hexagones avec leur nom sur la carte. Le pendant de `choice` de
wording_en.py ; presentation/choices.py choisit la langue."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from warjudge.core.events import Event
from warjudge.presentation.sjg import choice_facts
from warjudge.presentation.sjg.wording_en import PEOPLE, english

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.view_types import SjgView

Params = Mapping[str, Any]   # an event's facts, or a unit of a view

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
# la ligne d'état de la page : chaque phase (un genre de décision) et chaque camp par son nom
PHASE_TITLES = {"choose": "choix des objets magiques", "deploy": "déploiement", "move": "mouvement",
                "wraith": "mouvement des spectres", "opportunity": "attaque d'opportunité", "combat": "combat",
                "convert": "conversion", "search": "fouille", "advance": "avance après combat", "retreat": "retraite",
                "over": "partie terminée"}


def phase_titles() -> dict[str, str]:
    return dict(PHASE_TITLES)


def side_names() -> dict[str, str]:
    return dict(SIDES)


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


def chooser(view: SjgView, places: dict[str, str]) -> Callable[[Params], str]:
    """Words for the actions of a seat that sees `view` (its units indexed once, each
    group and hex worded once)."""
    say = choice_facts.speakers(view, places, POINT_WORDS, FROM, _units, _and)
    return lambda action: choice(action, view, say)


def choice(action: Params, view: SjgView, say: choice_facts.Speakers) -> str:
    """L'action en une courte phrase française."""
    at, who, who_from = say.at, say.who, say.who_from
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
        path = say.path(action["path"])
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


# Le journal de la partie (les résultats et leurs dés), pendant de wording_en.EVENTS : les
# unités nommées par genre, comme leurs pions sont imprimés (aucun pion ne porte de numéro).
SIDES = {"red": "Rouge", "black": "Noir"}


def _side(p: Params) -> str:
    return str(SIDES.get(p["side"], p["side"]))


def _kind(unit: Params) -> str:
    """'squelette' ; 'Nécromancien' : une unité par le genre imprimé sur son pion."""
    return "Nécromancien" if unit["kind"] == "necromancer" else \
        KIND_WORDS.get(unit["kind"], KIND_WORDS["unit"])[0].split(" ", 1)[1]


def _kinds(units: Sequence[Params]) -> str:
    return _units(choice_facts.count_kinds(str(u["kind"]) for u in units))


def _crt(p: Params) -> str:
    roll = "automatique" if p["roll"] is None else f"jet {p['roll']}{p['modifier']:+d}"
    return f"{roll} : {p['result']}"


def _odds(p: Params) -> str:
    return f"{p['attack']} contre {p['defence']}, colonne {p['column']}, {_crt(p)}"


ROLL_REASONS: dict[str, Callable[[Params], str]] = {
    "miasma_placement": lambda p: "placement du Miasme (7.2)",
    "first_player": lambda p: "pile ou face pour le premier joueur",
    "odd_counter": lambda p: "qui reçoit le pion impair, 10.5",
    "miasma_conversion": lambda p: f"conversion par le Miasme en {p['hex']}",
    "demon_target": lambda p: "la pile que le démon attaque",
    "demon_attack": lambda p: "l'attaque du démon",
    "boulders_on_demon": lambda p: "rochers sur le démon",
    "attack_on_demon": lambda p: "attaque du démon",
    "combat": lambda p: "combat",
    "boulder": lambda p: f"rocher sur {_kind(p['unit'])}",
    "conversion": lambda p: "conversion",
    "search": lambda p: "fouille",
    "jewel_there": lambda p: "un Joyau est-il là ?",
    "miasma_teleport": lambda p: "téléportation du Miasme (10.3)",
    "miasma_direction": lambda p: "direction du Miasme (10.2)",
    "jewel_power": lambda p: f"le pouvoir du Joyau {JEWEL_COLOURS.get(p['jewel'], p['jewel'])}",
}
LOSSES = {
    "cliff_suicide": "se jette du haut de la falaise (6.7)", "AE": "éliminé (AE)", "DE": "éliminé (DE)",
    "boulders": "écrasé par les rochers", "demon": "détruit par le démon", "no_retreat": "ne peut retraiter (SJG 6.52)",
    "retreat_minus": "perdu (retraite moins)", "retreat_loss": "perdu dans la retraite",
    "displaced_over_cliff": "poussé par-dessus une falaise", "dragon_flies": "s'envole (10.54)",
    "struggle": "détruit par la lutte de magie (5.2)",
}
BANISHED: dict[str, Callable[[Params], str]] = {
    "own_attack": lambda p: "détruit par sa propre attaque",
    "attacked": lambda p: f"détruit par {_side(p)}",
    "miasma_gone": lambda p: "parti avec le Miasme",
}
LOG_PHASES = {"move": "de mouvement", "wraith": "de mouvement des spectres", "opportunity": "d'attaque d'opportunité",
              "combat": "de combat", "convert": "de conversion", "search": "de fouille", "advance": "d'avance",
              "setup": "de déploiement", "items": "des objets", "demon": "du démon"}


def _jewel(p: Params) -> str:
    return f"le Joyau {JEWEL_COLOURS.get(p['jewel'], p['jewel'])}"


def _retreated(p: Params) -> str:
    to = f" en {p['to']}" if p.get("to") else ""
    lost = f", en perdant {p['lost']}" if p.get("lost") else ""
    return f"{_side(p)} retraite depuis {p['hex']}{to}{lost}"


CONVERSIONS = {"none": "sans effet", "converted": "convertie", "eliminated": "éliminée"}   # the Conversion Table's results


def _converted(p: Params) -> str:
    terms = ", gratuite" if p["free"] else f", {p['cost']} PC"
    return (f"{_side(p)} tente de convertir {p['target']} (résistance {p['resistance']}, x{p['multiple']}{terms}) : "
            f"{CONVERSIONS.get(p['result'], p['result'])}")


def _granted(p: Params) -> str:
    more = f" ; {p['short']} de plus à choisir parmi les pions restants" if p.get("short") else ""
    return f"{_side(p)} prend {', '.join(p['items']) or 'rien'}{more}"


EVENTS: dict[str, Callable[[Params], str]] = {
    "sjg.first_player": lambda p: f"{_side(p)} joue en premier",
    "sjg.items_to_choose": lambda p: "chaque camp choisit ses objets supplémentaires (SJG 10.5)",
    "sjg.roll": lambda p: f"  jet {p['total']} ({ROLL_REASONS[p['reason']](p)})",
    "sjg.chosen": lambda p: f"{_side(p)} a choisi",
    "sjg.granted": _granted,
    "sjg.deployed": lambda p: f"{_side(p)} a déployé ses unités",
    "sjg.placement_taken_back": lambda p: f"{_side(p)} reprend un placement",
    "sjg.taken_back": lambda p: f"{_side(p)} reprend : {french(p['what'])}",
    "sjg.turn_limit": lambda p: f"la partie s'achève après {p['turns']} tours de joueur, la limite convenue",
    "sjg.turn": lambda p: f"— tour {p['turn']} : {_side(p)} —",
    "sjg.phase_ended": lambda p: f"{_side(p)} termine la phase {LOG_PHASES.get(p['phase'], p['phase'])}",
    "sjg.eliminated": lambda p: (f"{_kind(p['unit'])} {SIDES.get(p['unit']['side'], '')} en {p['hex']} : "
                                 f"{LOSSES[p['why']]}"),
    "sjg.item_dropped": lambda p: f"{_item(p['item'])} gît en {p['hex']}",
    "sjg.won": lambda p: f"{_side(p)} gagne : le Nécromancien ennemi est détruit (SJG 2.21)",
    "sjg.jewel_lost": lambda p: f"{_jewel(p)} se perd dans la brume (SJG 7.3)",
    "sjg.miasma_converts": lambda p: f"le Miasme convertit les unités de {_side(p)} en {p['hex']} (SJG 7.5)",
    "sjg.miasma_dissipates": lambda p: "tous les Joyaux sont trouvés : le Miasme se dissipe (SJG 8.4)",
    "sjg.moved": lambda p: (f"{_side(p)} déplace {_kinds(p['units'])} {' '.join(p['path'])}"
                            + (" par-dessus la falaise" if p.get("suicide") else "")),
    "sjg.item_taken": lambda p: f"{_kind(p['unit'])} de {_side(p)} prend {_item(p['item'])}",
    "sjg.demon_attacks": lambda p: f"le démon attaque {p['hex']} : {_odds(p)}",
    "sjg.demon_banished": lambda p: f"le démon du Miasme est {BANISHED[p['why']](p)} (SJG 10.4)",
    "sjg.no_opportunity_left": lambda p: "il ne reste aucune attaque d'opportunité à faire",
    "sjg.attacked_demon": lambda p: f"{_side(p)} attaque le démon en {p['hex']} : {_odds(p)}",
    "sjg.attacked": lambda p: f"{_side(p)} attaque {'+'.join(p['targets'])} : {_odds(p)}",
    "sjg.boulders_dropped": lambda p: (f"{_side(p)} lance des rochers sur {_kind(p['unit'])} en {p['hex']} : "
                                       f"{_odds(p)}"),
    "sjg.displaced": lambda p: (f"{_side(p)} déplace {_kinds(p['units'])} de {p['hex']} en {p['to']} pour faire "
                                "place (SJG 6.52)"),
    "sjg.retreated": _retreated,
    "sjg.advanced": lambda p: f"{_side(p)} avance {_kinds(p['units'])}",
    "sjg.conversion_tried": _converted,
    "sjg.searched": lambda p: (f"{_side(p)} fouille {p['hex']} avec {p['points']} PF : il faut {p['target']}, "
                               f"obtenu {p['roll']}"),
    "sjg.jewel_found": lambda p: f"{_side(p)} trouve {_jewel(p)} en {p['hex']} !",
    "sjg.hex_empty": lambda p: f"{p['hex']} est vide ; le Miasme en disparaîtra",
    "sjg.demon_unleashed": lambda p: f"le pion de Miasme en {p['hex']} montre le démon : il est déchaîné (SJG 10.4)",
    "sjg.miasma_drifts": lambda p: f"le Miasme dérive vers {p['centre']}",
    "sjg.jewel_taken": lambda p: (f"le Nécromancien de {_side(p)} prend {_jewel(p)} : "
                                  f"{JEWEL_POWERS.get(p['effect'], p['effect'].replace('_', ' '))}"),
}


def french(event: Params) -> str:
    """Un événement (son JSON, comme une vue le porte) en français ; un refus, que seul le
    joueur qui l'a reçu voit, garde ses mots anglais."""
    code, params = event["code"], event.get("params", {})
    return EVENTS[code](params) if code in EVENTS else english(Event.from_json(event), PEOPLE)


def page_lines(events: Iterable[Params]) -> list[str]:
    """Le journal tel qu'une page le montre, en français."""
    return [french(e) for e in events]


def _de(text: str) -> str:
    """« de » before a French unit list: « d'un zombie », « du Nécromancien », « de 2 spectres »."""
    for article, joined in (("le ", "du "), ("un ", "d'un "), ("une ", "d'une ")):
        if text.startswith(article):
            return joined + text[len(article):]
    return f"de {text}"


def cost(c: Params, view: SjgView) -> str:
    """Ce qu'une action coûte (issue 24 : aucun coup au coût caché), en français, d'après les
    faits que costs.py donne ; le `why` anglais y est le pendant."""
    units = _units(choice_facts.kinds(choice_facts.index(view), c.get("units", [])))
    n, rule = len(c.get("units", [])), c["rule"]
    case = c.get("case") or c["what"]
    if case == "over-the-edge":
        into = f" en {c['hex']}" if "hex" in c else ""   # a grouped suicide's, into any hex below
        return f"{units} par-dessus le bord de la falaise{into} : perte totale ({rule})"
    if case == "beyond-result":
        need = c["need"]
        takes = f"prend {need} unité{'s' if need > 1 else ''}" if need else "ne prend aucune unité"
        return f"élimination {_de(units)} : le résultat {takes}, ce choix en perd {c['extra']} de plus ({rule})"
    if case == "displaced-over-the-edge":
        return f"{units} repoussé{'s' if n > 1 else ''} par-dessus le bord de la falaise : perte totale ({rule})"
    if case == "jewels-left":
        left = c["jewels"]
        return f"{_jewels(left)} reste{'nt' if len(left) > 1 else ''} en {c['hex']} ({rule})"
    if case == "units-unmoved":
        return (f"{n} unité{'s pourraient' if n > 1 else ' pourrait'} encore bouger : finir la phase "
                f"{'les laisse où elles sont' if n > 1 else 'la laisse où elle est'} ce tour-ci ({rule})")
    return str(c["why"])
