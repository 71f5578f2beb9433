"""Events and refusals as data: what the rules report (or why they refuse an action) is a
code and JSON parameters, never a sentence. Wording happens at the edge, one table per
code family and language, each named by module path in its game's registration
(`core.games.GameInfo.reasons`), so rules never import presentation code and core names
no game's tables."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, cast

from warjudge.core.errors import IllegalAction, OrderError
from warjudge.core.json_types import EventJson
from warjudge.core.visibility import HIDDEN_FROM

# code family (the part of a code before its first dot) -> "module:function" giving English,
# filled by `register_wording` as games register
ENGLISH: dict[str, str] = {}
# the same for French: "module:function" taking (event, names), names the power names to print
FRENCH: dict[str, str] = {}
LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class Wording:
    """Where a game words the codes of its events and refusals ("<family>.…") for people,
    named in its registration (`core.games.GameInfo.reasons`) so a game added from outside
    warjudge is worded with no change here: `english`, "module:function" taking the event;
    `french`, "module:function" taking (event, names), None for English on French pages too."""

    family: str
    english: str
    french: str | None = None


def register_wording(wording: Wording) -> None:
    """Word `wording.family`'s codes with its tables; ValueError, nothing changed, if other
    tables word that family already."""
    for table, target in ((ENGLISH, wording.english), (FRENCH, wording.french)):
        if target is not None and table.get(wording.family, target) != target:
            raise ValueError(f"the code family {wording.family!r} is worded already by {table[wording.family]}")
    ENGLISH[wording.family] = wording.english
    if wording.french is not None:
        FRENCH[wording.family] = wording.french


@dataclass(frozen=True)
class Event:
    """One thing the rules report: `code` names it ("sjg.moved"), `params` are JSON
    values, `hidden_from` the players who may not learn of it (views drop it for them)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    hidden_from: tuple[str, ...] = ()

    def to_json(self) -> EventJson:
        out: EventJson = {"code": self.code, "params": self.params}
        if self.hidden_from:
            out["hidden_from"] = list(self.hidden_from)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        return cls(data["code"], dict(data.get("params", {})), tuple(data.get(HIDDEN_FROM, ())))


def english(event: Event) -> str:
    """The event in English, from its family's wording table (`plain` if the family has none)."""
    target = _target(ENGLISH, event)
    if target is None:
        return plain(event)
    return _table(target)(event)


def plain(event: Event) -> str:
    """A code no table words, readable as it is: its name after the family and its facts,
    `race.add {"player": "first"}` as "add (player: first)" (a game registered with no
    wording tables, docs/adding-a-game.md)."""
    name = event.code.split(".", 1)[-1].replace("_", " ").replace(".", " ")
    facts = ", ".join(f"{key}: {value if isinstance(value, str) else json.dumps(value)}"
                      for key, value in sorted(event.params.items()))
    return f"{name} ({facts})" if facts else name


def _target(table: dict[str, str], event: Event) -> str | None:
    """The table's "module:function" for the event's family. The built-in games register
    theirs as the registry loads: a code worded before then (a rules module used on its
    own) loads it first."""
    family = event.code.split(".", 1)[0]
    if family not in ENGLISH:
        importlib.import_module("warjudge.core.games")
    return table.get(family)


@lru_cache(maxsize=None)
def _table(target: str) -> Callable[..., str]:
    """The wording function a "module:function" names (imported once)."""
    module, name = target.split(":")
    return cast(Callable[..., str], getattr(importlib.import_module(module), name))


def worded(event: Event, lang: str = "en", names: dict[str, str] | None = None) -> str:
    """The event in `lang` ("en" or "fr"; `names`: how to print power ids, French only);
    English where the family has no table in that language."""
    target = _target(FRENCH, event) if lang == "fr" else None
    if target is None:
        return english(event)
    return _table(target)(event, names)


def localised(doc: Any, lang: str, names: dict[str, str] | None = None) -> Any:
    """A copy of a JSON view or answer whose every reason (an object with a `why`: code and
    parameters) has its `reason` worded in `lang`; the rest as it is."""
    if isinstance(doc, list):
        return [localised(item, lang, names) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out = {key: localised(value, lang, names) for key, value in doc.items()}
    why = doc.get("why")
    if isinstance(why, dict) and isinstance(why.get("code"), str):
        out["reason"] = worded(Event.from_json(why), lang, names)
    return out


def refusal_json(exc: Exception, lang: str = "en", names: dict[str, str] | None = None) -> dict[str, Any]:
    """How an answer reports a refused action: `reason` in `lang`, and `why` (code and
    parameters) when the refusal carries them."""
    event = getattr(exc, "event", None)
    if not isinstance(event, Event):
        return {"reason": str(exc)}
    return {"reason": worded(event, lang, names), "why": {"code": event.code, "params": event.params}}


class Refusal(IllegalAction):
    """An IllegalAction with its reason as data (`code`, `params`); its message is the
    reason in English, for callers that print it as it is."""

    def __init__(self, code: str, **params: Any):
        self.event = Event(code, params)
        super().__init__(english(self.event))

    @property
    def code(self) -> str:
        return self.event.code

    @property
    def params(self) -> dict[str, Any]:
        return self.event.params


class OrderRefusal(OrderError):
    """An OrderError with its reason as data: `event` is the code and parameters, `reason`
    the English wording (what callers of OrderError print)."""

    def __init__(self, text: str, code: str, **params: Any):
        self.event = Event(code, params)
        super().__init__(text, english(self.event))


__all__ = ["ENGLISH", "FRENCH", "LANGUAGES", "Event", "OrderRefusal", "Refusal", "english", "localised", "refusal_json",
           "worded"]
