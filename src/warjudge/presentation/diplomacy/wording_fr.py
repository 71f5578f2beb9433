"""The French wording of the standard Diplomacy judge's reasons and refusals: code
(diplomacy/reasons.py) -> template, in the terms the French Necromancer tables use for
the same rules (Province, Attaque, Soutien, Convoi, Retraite, Construction, Destruction).
The server's French answers come through `french`."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.presentation.wording import Names, word

WHAT = {
    "province_to_build": "la Province où construire", "unit_to_disband": "l'Unité à détruire",
    "ordered_unit": "la Province de l'Unité qui reçoit l'ordre", "retreat_destination": "la destination de la Retraite",
    "destination": "la destination", "supported_unit": "l'Unité soutenue",
    "support_destination": "la destination de l'Attaque soutenue", "convoyed_army": "l'Armée convoyée",
    "convoy_destination": "la destination du Convoi",
}
KINDS = {"retreat": "de Retraite", "disband": "de Destruction", "build": "de Construction", "waive": "de Renoncement"}

TEMPLATES = {
    # the order parser
    "dip.order.empty": "ordre vide",
    "dip.order.missing": "il manque {what}",
    "dip.order.unknown_province": "Province inconnue {token}",
    "dip.order.no_coast": "{province} n'a pas de côte {token}",
    "dip.order.wrong_coast": "{province} n'a pas de côte {token} (ses côtes sont {coasts})",
    "dip.order.after_waive": "rien ne peut suivre « waive »",
    "dip.order.build_which": "précisez l'Unité à construire : « Build A par » ou « Build F bre »",
    "dip.order.build_which_after": "précisez l'Unité à construire : « Build A par » ou « A par B »",
    "dip.order.via_convoy": "il faut « via convoy »",
    "dip.order.support_form": "un Soutien s'écrit « S A par » (pour Tenir) ou « S A par - bur » (pour une Attaque)",
    "dip.order.convoy_form": "un Convoi s'écrit « F nth C A lon - bel »",
    "dip.order.not_understood": "{token} incompris ; les ordres s'écrivent « A par - bur », « F nth S A lon - bel », "
                                "« A mun H »",
    "dip.order.trailing": "{rest} inattendu à la fin de l'ordre",
    # is the order legal here?
    "dip.no_unit": "il n'y a pas d'Unité en {province}",
    "dip.not_your_unit": "l'Unité en {province} appartient à {owner}, pas à {power}",
    "dip.army_not_fleet": "il y a une Armée en {province}, pas une Flotte",
    "dip.fleet_not_army": "il y a une Flotte en {province}, pas une Armée",
    "dip.fleet_cannot_reach": "une Flotte en {location} ne peut pas atteindre {dest}",
    "dip.which_coast": "précisez la côte de {province} ({options})",
    "dip.movement_only": "les ordres {kind} ne sont pas permis en phase de Mouvement",
    "dip.own_province": "une Unité ne peut pas Attaquer sa propre Province",
    "dip.army_to_sea": "une Armée ne peut pas aller en mer ({province})",
    "dip.unreachable": "{dest} n'est pas adjacente à {src} et ne peut pas être atteinte par Convoi",
    "dip.armies_only_convoyed": "seules les Armées peuvent être convoyées",
    "dip.no_unit_to_support": "il n'y a pas d'Unité à Soutenir en {province}",
    "dip.support_itself": "une Unité ne peut pas se Soutenir elle-même",
    "dip.support_wrong_unit": "l'Unité en {province} est {unit}, pas {written}",
    "dip.cannot_support_hold": "{unit} ne peut pas aller en {province}, elle ne peut donc pas y Soutenir",
    "dip.support_own_province": "une Unité ne peut pas Soutenir une Attaque vers sa propre Province",
    "dip.cannot_support_move": "{unit} ne peut pas aller en {province}, elle ne peut donc pas y Soutenir une Attaque",
    "dip.convoy_fleets_at_sea": "seules les Flottes en mer peuvent Convoyer",
    "dip.no_army_to_convoy": "il n'y a pas d'Armée à Convoyer en {province}",
    "dip.convoy_coastal": "un Convoi va d'une Province côtière à une Province côtière",
    "dip.not_on_route": "{here} ne peut pas faire partie d'un Convoi de {src} vers {dest}",
    # Movement
    "dip.already_ordered": "l'Unité en {province} a déjà reçu un ordre",
    "dip.no_convoy_route": "pas de route de Convoi",
    "dip.did_not_prevail": "n'a pas pu entrer en {dest}",
    "dip.unmatched": "l'Unité soutenue ou convoyée n'a pas reçu l'ordre correspondant",
    "dip.dislodged": "délogée",
    "dip.cut": "coupé",
    "dip.and_dislodged": "{reason} (et l'Unité a été délogée)",
    "dip.no_convoy_fleets": "aucune Flotte ne se trouve là où elle pourrait Convoyer {src} - {dest}",
    # Retreats
    "dip.retreat_phase": "seuls les ordres de Retraite et de Destruction sont permis en phase de Retraite",
    "dip.retreat_convoyed": "une Retraite ne peut pas être convoyée",
    "dip.no_dislodged": "il n'y a pas d'Unité délogée en {province}",
    "dip.dislodged_not_yours": "l'Unité délogée en {province} appartient à {owner}",
    "dip.dislodged_is": "l'Unité délogée en {province} est {unit}",
    "dip.not_adjacent": "{dest} n'est pas adjacente à {src}",
    "dip.occupied": "{province} est occupée",
    "dip.attacker_origin": "une Unité ne peut pas faire Retraite vers la Province d'où venait son attaquant ({dest})",
    "dip.standoff": "{dest} est restée vide à la suite d'une attaque repoussée",
    "dip.disbands": "{reason} ; l'Unité est détruite",
    "dip.retreat_clash": "une autre Unité a fait Retraite dans la même Province ; les deux sont détruites",
    # Adjustments
    "dip.civil_disorder": "désordre civil : Destruction non ordonnée",
    "dip.no_builds": "{power} n'a pas de Construction à faire",
    "dip.builds_used": "{power} a déjà fait ses {n} Construction(s)",
    "dip.not_home": "{province} n'est pas un centre de ravitaillement d'origine de {power}",
    "dip.not_owned": "{power} ne possède pas {province}",
    "dip.army_at_sea": "une Armée ne peut pas être construite en mer",
    "dip.fleet_inland": "une Flotte ne peut pas être construite dans la Province intérieure {province}",
    "dip.build_coast": "précisez sur quelle côte de {province} construire la Flotte",
    "dip.no_disbands": "{power} n'a pas d'Unités à détruire",
    "dip.disbands_done": "{power} a déjà détruit les {n} Unité(s) requises",
    "dip.no_unit_to_disband": "il n'y a pas d'Unité à détruire en {province}",
    "dip.unit_belongs": "l'Unité en {province} appartient à {owner}",
    "dip.unit_is": "l'Unité en {province} est {unit}",
    "dip.adjustment_phase": "seuls les ordres de Construction, de Destruction et de Renoncement sont permis en phase "
                            "d'Ajustement",
    "dip.no_such_unit": "{power} n'a pas cette Unité en {province}",
    # refused actions
    "dip.act.not_object": "une action est un objet JSON avec un \"type\"",
    "dip.act.over": "la partie est terminée ({outcome})",
    "dip.act.nothing_to_order": "{power} n'a rien à ordonner en {phase}",
    "dip.act.unknown_player": "joueur inconnu {player!r} ; les Puissances sont {powers}",
    "dip.act.draw_survivors": "une nulle doit comprendre exactement les Puissances survivantes : {powers}",
    "dip.act.no_order_to_retract": "{power} n'a pas d'ordre {order!r} à retirer",
    "dip.act.owes_orders": "{power} n'a pas d'ordres facultatifs à refuser : tous ceux qui restent sont dus",
    "dip.act.bad_action": "{power} peut donner un ordre ({{\"type\": \"order\", \"order\": \"A par - bur\"}}) ou en "
                          "retirer un ({{\"type\": \"retract\", \"order\": \"A par - bur\"}}), pas {action}",
    "dip.act.gm_bad_action": "l'arbitre peut traiter la phase ('process') ou déclarer une nulle ('draw'), pas {action}",
    "dip.act.order_text": "un ordre est un texte d'au plus {n} caractères",
    "dip.act.unit_has_order": "l'Unité en {province} a déjà reçu un ordre (retirez-le d'abord)",
    "dip.act.not_legal": "{order} n'est pas un ordre permis maintenant",
    "dip.act.not_legal_like": "{order} n'est pas un ordre permis maintenant ; les ordres de l'Unité sont du type "
                              "{example!r}",
    # les options d'une nouvelle partie (diplomacy/options.py), l'un ou l'autre jeu de Diplomatie
    "dip.option.unknown": "option(s) inconnue(s) {unknown} ; les options sont {known}",
    "dip.option.max_year": "l'option 'max_year' vaut {value} : une année de {first} à {last}",
    "dip.option.flag": "l'option '{option}' vaut {value} : elle doit être true ou false",
    "dip.option.choice": "l'option '{option}' vaut {value} : elle doit être {choices}",
    "dip.option.map": "l'option 'map' doit être la carte elle-même (un objet) ; un enregistrement ne nomme jamais "
                      "un fichier à ouvrir (recommencez la partie avec --map FICHIER pour y ranger la carte)",
}

JOINERS = {"options": " ou ", "coasts": ", ", "powers": ", ", "unknown": ", ", "known": ", ", "choices": " ou "}


def french(event: Event, names: Names = None) -> str:
    """A Diplomacy reason in French (power ids printed as `names` gives them)."""
    return word(event, TEMPLATES, {"what": WHAT, "kind": KINDS}, JOINERS, names, french)
