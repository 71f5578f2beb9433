"""Le journal de Gondor & Sauron en français (les résultats et leurs dés), pendant de
log_en.py : les pions nommés comme ils sont imprimés, les lettres de tour expliquées."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from warjudge.hexwar.gondor_sauron.view_types import GondorView

from warjudge.presentation.gondor_sauron import choice_facts, wording_fr
from warjudge.presentation.gondor_sauron.log_en import named

Facts = dict[str, Any]

SIDES = {"gondor": "Gondor", "sauron": "Sauron"}


def _roll(f: Facts) -> str:
    """Un jet de mêlée, de tir ou d'huile (7.33) : les deux dés, puis, sur une perte, le dé
    contre le moral et son résultat."""
    if f.get("die") is None:
        return f"deux dés {f['dice']} : aucune perte"
    dice = f"deux dés {f['dice']}, " if f.get("dice") is not None else "pas de jet de pertes (fanatique), "
    result = f.get("result")
    return f"{dice}dé {f['die']} : {result if result and result != '-' else 'sans effet'}"


# pourquoi une unité est éliminée (SPI 7.42, 7.56, 8.46), dit après « est éliminé »
ELIMINATED = {"E": " par un résultat E (SPI 7.42)", "reduced": " : déjà réduit, il ne peut l'être à nouveau (SPI 7.42)",
              "no-reduced-side": " : il n'a pas de face réduite (SPI 7.42)",
              "half": " : une unité de sa formation est perdue (SPI 8.46)",
              "no-retreat": " : il n'a pas pu retraiter (SPI 7.56)"}
LAPSES = {"defender-eliminated": "il est éliminé", "defender-retreated": "il a retraité",
          "attacker-unable": "l'attaquant ne peut plus l'atteindre"}


def _path(hexes: list[str]) -> str:
    return " → ".join(hexes)


WORDS: dict[str, Callable[[Facts], str]] = {
    "move": lambda f: f"{f['piece']} va de {f['frm']} à {f['to']}",
    "enter": lambda f: f"{f['piece']} entre sur la carte en {f['to']}",
    "arrived": lambda f: f"les renforts ({f['group']}) arrivent",
    "reinforcement-roll": lambda f: f"renforts ({f['group']}) : dé {f['die']}",
    "allocated": lambda f: f"{', '.join(f['units'])} attaqueront {f['target']}, l'un après l'autre",
    "attack": lambda f: f"{f['unit']} attaque {f['target']} : {_roll(f)}",
    "attack-lapsed": lambda f: f"l'attaque de {f['unit']} sur {f['target']} tombe : {LAPSES.get(f['why'], f['why'])}",
    "stand": lambda f: f"{f['unit']} tient ferme",
    "fire": lambda f: f"{f['unit']} tire sur {f['target']} : {_roll(f)}",
    "pour": lambda f: f"{f['cauldron']} verse l'huile sur {f['target']} : {_roll(f)}",
    "duel": lambda f: f"{f['leader']} affronte {f['target']} en duel : différence {f['differential']}, "
                      f"dé {f['die']} : {f['result']}",
    "rally": lambda f: f"{f['leader']} rallie {f['unit']} : deux dés {f['dice']} : "
                       f"{'rallié' if f['rallied'] else 'pas rallié'}",
    "cast": lambda f: f"{f['leader']} lance « {wording_fr.SPELLS.get(f['spell'], f['spell'])} »"
                      + (f" sur {f['target']}" if f.get("target") else "")
                      + f" : deux dés {f['dice']} : {'réussi' if f['success'] else 'échoué'}",
    "bombard": lambda f: f"{f['engine']} bombarde {'–'.join(f['hexside'])} : deux dés {f['dice']} : "
                         f"{'brèche ouverte' if f['breached'] else 'le mur tient'}",
    "evade": lambda f: f"{f['unit']} retraite avant le combat par {_path(f['path'])} : dé {f['die']}"
                       + (", désorganisé" if f.get("disrupted") else ""),
    "retreat": lambda f: f"{f['unit']} retraite par {_path(f['path'])}",
    "advance": lambda f: f"{f['unit']} avance en {f['to']}",
    "displaced": lambda f: f"{f['unit']} est déplacé en {f['to']}",
    "declined": lambda f: f"{f['unit']} ne déplace pas ses amis et est perdu à la place",
    "flipped": lambda f: f"{f['unit']} est retourné sur sa face réduite",
    "eliminated": lambda f: f"{f['unit']} est éliminé{ELIMINATED.get(f.get('why', ''), '')} "
                            f"({f['value']} points de démoralisation)",
    "leader-share": lambda f: f"{f['leader']}, avec {f['unit']}, lance le dé pour partager son {f['result']} : "
                              f"dé {f['die']} : {'partagé' if f['shared'] else 'indemne'}",
    "leader-transferred": lambda f: f"{f['leader']} est transféré de {f['frm']} à {f['to']}",
    "leader-killed": lambda f: f"{f['leader']} est tué",
    "form": lambda f: f"{', '.join(f['units'])} forment une formation spéciale avec {f['leader']} en {f['hex']}",
    "demoralized": lambda f: f"{SIDES.get(f['side'], f['side'])} est démoralisé",
    "engine-destroyed": lambda f: f"{f['engine']} est détruit",
    "cauldron-taken": lambda f: f"{f['cauldron']} est pris : {'un leurre' if f['dummy'] else 'un vrai'}",
}


def line(event: Facts, printed: dict[str, str]) -> str:
    """« Tour 5, D (Combat des Forces de Sauron) · … »."""
    facts = named({k: v for k, v in event.items() if k not in ("turn", "phase", "event")}, printed, wording_fr.piece)
    say = WORDS.get(str(event.get("event")))
    text = say(facts) if say else f"{event.get('event')} : " + ", ".join(f"{k} {v}" for k, v in facts.items())
    code = event.get("phase")
    phase = f"{code} ({wording_fr.PHASES[code]})" if code in wording_fr.PHASES else f"phase {code}"
    return f"Tour {event.get('turn')}, {phase} · {text}"


def page_lines(view: GondorView, events: Iterable[Facts]) -> list[str]:
    printed = choice_facts.codes(view)
    return [line(e, printed) for e in events]
