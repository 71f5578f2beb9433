"""The maps' provinces by their French names, for the board's tooltips on a page read in
French: the standard map's as the French edition names them, the Necromancer map's
English-worded places as Tolkien's French translation does (its Elvish and Mannish names,
Moria or Minas Tirith, are the same in both); and the maps' titles, which head the key. A
place or map named here in no language keeps the map's own name."""

from __future__ import annotations

FRENCH_STANDARD = {
    "adr": "Mer Adriatique", "aeg": "Mer Égée", "alb": "Albanie", "ank": "Ankara", "apu": "Apulie",
    "arm": "Arménie", "bal": "Mer Baltique", "bar": "Mer de Barents", "bel": "Belgique", "ber": "Berlin",
    "bla": "Mer Noire", "boh": "Bohême", "bot": "Golfe de Botnie", "bre": "Brest", "bud": "Budapest",
    "bul": "Bulgarie", "bur": "Bourgogne", "cly": "Clyde", "con": "Constantinople", "den": "Danemark",
    "eas": "Méditerranée orientale", "edi": "Édimbourg", "eng": "Manche", "fin": "Finlande", "gal": "Galicie",
    "gas": "Gascogne", "gol": "Golfe du Lion", "gre": "Grèce", "hel": "Baie d'Heligoland", "hol": "Hollande",
    "ion": "Mer Ionienne", "iri": "Mer d'Irlande", "kie": "Kiel", "lon": "Londres", "lvn": "Livonie",
    "lvp": "Liverpool", "mar": "Marseille", "mid": "Atlantique central", "mos": "Moscou", "mun": "Munich",
    "naf": "Afrique du Nord", "nap": "Naples", "nat": "Atlantique nord", "nrg": "Mer de Norvège",
    "nth": "Mer du Nord", "nwy": "Norvège", "par": "Paris", "pic": "Picardie", "pie": "Piémont",
    "por": "Portugal", "pru": "Prusse", "rom": "Rome", "ruh": "Ruhr", "rum": "Roumanie", "ser": "Serbie",
    "sev": "Sébastopol", "sil": "Silésie", "ska": "Skagerrak", "smy": "Smyrne", "spa": "Espagne",
    "stp": "Saint-Pétersbourg", "swe": "Suède", "syr": "Syrie", "tri": "Trieste", "tun": "Tunisie",
    "tus": "Toscane", "tyr": "Tyrol", "tys": "Mer Tyrrhénienne", "ukr": "Ukraine", "ven": "Venise",
    "vie": "Vienne", "wal": "Pays de Galles", "war": "Varsovie", "wes": "Méditerranée occidentale",
    "yor": "Yorkshire", "#0": "Suisse",
}
FRENCH_NECROMANCER = {
    "HPs": "Haut Col", "Hol": "Houssaye", "Dun": "Pays de Dun", "Gob": "Porte des Gobelins", "OFo": "Vieux Gué",
    "Gla": "Champs aux Iris", "Dim": "Vallée des Rigoles Sombres", "NEa": "Lisières du Nord (?)",
    "Gre": "Montagnes Grises", "Wit": "Lande Desséchée", "Iro": "Collines de Fer", "NCa": "Carnen du Nord",
    "Woo": "Royaume des Bois", "NMi": "Forêt Noire du Nord", "Mou": "Montagnes de la Forêt Noire",
    "EMi": "Forêt Noire orientale", "SMi": "Forêt Noire du Sud", "Bro": "Terres Brunes", "NRu": "Rhûn du Nord",
    "SoR": "Mer de Rhûn", "Gap": "Trouée du Rohan", "Wol": "le Plateau", "Hel": "Gouffre de Helm",
    "Wes": "Ouestfolde", "Eas": "Estfolde", "DrF": "Forêt de Drúadan", "BoB": "Baie de Belfalas",
    "GSe": "Grande Mer", "BUm": "Baie d'Umbar", "NoL": "Terres de Personne", "NIt": "Ithilien du Nord",
    "SIt": "Ithilien du Sud", "NNu": "Nurn du Nord", "SNu": "Nurn du Sud", "WKh": "Khand occidental (?)",
    "NrH": "Proche Harad", "FHa": "Harad Lointain", "Cit": "Cité des Corsaires",
}
NAMES = {("standard", "fr"): FRENCH_STANDARD, ("necromancer", "fr"): FRENCH_NECROMANCER}


TITLES = {("standard", "fr"): "Diplomatie standard",
          ("necromancer", "fr"): "Necromancer (Terre du Milieu), carte reconstituée"}


def map_title(map_id: str, title: str, lang: str) -> str:
    return TITLES.get((map_id, lang), title)


def place_name(map_id: str, place_id: str, name: str, lang: str) -> str:
    """How a tooltip names the place `place_id` (the map calls it `name`) in `lang`."""
    return NAMES.get((map_id, lang), {}).get(place_id, name)
