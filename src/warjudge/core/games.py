"""The registry of games, and the one way to start, load and replay any of them.

`core` knows the built-in games only by the import path of their class, so it depends
on no game family; a game family (or a test) may `register` more.
"""

from __future__ import annotations

import importlib
import json
import secrets
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, cast

from warjudge.core.errors import IllegalAction, InputError, RecordError
from warjudge.core.events import Wording, register_wording
from warjudge.core.game import Game, View, provided
from warjudge.core.record import GameRecord, rebuilt
from warjudge.core.textinput import json_depth_problem
from warjudge.core.words import Words

SEED_BITS = 128
MAX_FILE_OPTION_BYTES = 128 * 1024   # a data file given as an option, as canonical JSON (the shipped ones: 4-20 KiB)
_LISTING: ContextVar[list[tuple[str, dict[str, Any]]] | None] = ContextVar("warjudge_listing", default=None)


def _named(target: str) -> Any:
    """What a "package.module:name" names (the registry knows games and their presenters
    only by such paths)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its id (also the record's `game` field), a title for people,
    where its class lives ("package.module:Class"), and record ids it also reads. What
    the game offers beyond the interface is declared by its class (`capabilities`).
    Its presenter: `board`, where the function drawing its board for the pages lives
    ("package.module:function", `(game, view, lang) -> SVG text`, reading the game only
    for its public map; None: played from its legal actions alone), `png`, where the function
    drawing the same board as a PNG lives (`(game, view, lang) -> PNG bytes`; None: the
    game's board is drawn as SVG only), and `page`, the page
    that plays it: "decisions" (choices from the legal actions) or "orders" (orders
    written, as in Diplomacy); `report`, where the function printing a phase's report for
    a games master's command line lives (`(game, viewer, lang, phase) -> text`, `viewer`
    None for the GM's copy, `phase` None for the last; None: the game has no such report);
    `reasons`, the tables that word its events' and refusals' codes in each language
    (`core.events.Wording`; None: shown as codes, or worded by another game's tables);
    `words`, where its title, seats and actions in each language live ("package.module:
    name" of a `core.words.Words`; None: the English title, the seats by id); `log`, where the function wording the game's log for the pages lives ("package.module:
    function", `(view, events, lang) -> lines`, from the reader's own view and its last
    events; a language it has no words in in English; None: the game's pages show no log)."""

    id: str
    title: str
    entry: str
    legacy_ids: tuple[str, ...] = ()
    board: str | None = None
    png: str | None = None
    page: str = "decisions"
    report: str | None = None
    reasons: Wording | None = None
    log: str | None = None
    words: str | None = None

    def game_class(self) -> Any:
        return _named(self.entry)

    def board_renderer(self) -> Callable[[Any, View, str], str] | None:
        return None if self.board is None else cast(Callable[[Any, View, str], str], _named(self.board))

    def png_renderer(self) -> Callable[[Any, View, str], bytes] | None:
        return None if self.png is None else cast(Callable[[Any, View, str], bytes], _named(self.png))

    def log_worder(self) -> Callable[[View, list[dict[str, Any]], str], list[str]] | None:
        return None if self.log is None else cast(Callable[[View, list[dict[str, Any]], str], list[str]], _named(self.log))

    def report_printer(self) -> Callable[[Any, str | None, str, str | None], str] | None:
        return None if self.report is None else cast(Callable[[Any, str | None, str, str | None], str],
                                                     _named(self.report))

    def game_words(self) -> Words:
        return Words() if self.words is None else cast(Words, _named(self.words))

    def capabilities(self) -> frozenset[str]:
        """The optional capabilities (core.game.CAPABILITIES) the game offers, as OpenSpiel's
        `GameType.provides_*`: a caller may rely on the others' defaults."""
        return provided(self.game_class())


@dataclass(frozen=True)
class Option:
    """One option a new game may be given, described for a form (the lobby) and checked
    before the game sees it (`check_options`). `kind`: "choice" (one of `choices`),
    "choices" (any of them, a list), "bool", "int" (from `minimum` to `maximum`),
    "counts" (an object giving some of `choices` such a whole number each), or "file"
    (a data file's content, a JSON object of at most `max_bytes` as canonical JSON, which
    the game then checks with the loader its command line uses for that file).
    A default of None means "not given": the game's own default applies. `label`: what a
    form calls it (default: its name in words, "Max turns"); `choice_labels`: what it calls
    each of `choices`, in their order (default: each in words, "miasma demon")."""

    name: str
    kind: str
    help: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_bytes: int | None = None
    label: str | None = None
    choice_labels: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        label = self.label or self.name.replace("_", " ").capitalize()
        words = list(self.choice_labels) or [str(c).replace("_", " ") for c in self.choices]
        return {"name": self.name, "label": label, "kind": self.kind, "help": self.help, "default": self.default,
                "choices": list(self.choices), "choice_labels": words, "minimum": self.minimum,
                "maximum": self.maximum, "max_bytes": self.max_bytes}

    def problem(self, value: Any) -> str | None:
        """Why `value` is not this option's, or None."""
        if self.kind == "bool" and type(value) is not bool:
            return f"{self.name}: true or false, not {value!r:.40}"
        if self.kind == "int" and (type(value) is not int or self.minimum is not None and value < self.minimum
                                   or self.maximum is not None and value > self.maximum):
            return f"{self.name}: a whole number from {self.minimum} to {self.maximum}, not {value!r:.40}"
        if self.kind == "choice" and value not in self.choices:
            return f"{self.name}: one of {', '.join(map(str, self.choices))}, not {value!r:.40}"
        if self.kind == "counts" and (not isinstance(value, dict) or any(
                k not in self.choices or type(n) is not int or self.minimum is not None and n < self.minimum
                or self.maximum is not None and n > self.maximum for k, n in value.items())):
            return (f"{self.name}: for each of {', '.join(map(str, self.choices))} a whole number from "
                    f"{self.minimum} to {self.maximum}, not {value!r:.60}")
        if self.kind == "choices" and (not isinstance(value, list) or any(v not in self.choices for v in value) or len(set(value)) != len(value)):
            return f"{self.name}: a list of different ones of {', '.join(map(str, self.choices))}, not {value!r:.60}"
        if self.kind == "file":
            return self._file_problem(value)
        return None

    def _file_problem(self, value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"{self.name}: the content of a data file (a JSON object), not {value!r:.40}"
        try:
            text = json.dumps(value, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            return f"{self.name}: not JSON data"
        deep = json_depth_problem(text)
        if deep:
            return f"{self.name}: {deep}"
        if self.max_bytes is not None and len(text.encode()) > self.max_bytes:
            return f"{self.name}: larger than {self.max_bytes // 1024} KiB as JSON"
        return None


_REGISTRY: dict[str, GameInfo] = {}


PAGES = ("decisions", "orders")   # the pages that play a game (GameInfo.page)


def register(info: GameInfo) -> None:
    taken = {i for g in _REGISTRY.values() if g.id != info.id for i in (g.id, *g.legacy_ids)}
    clash = taken & {info.id, *info.legacy_ids}
    if clash:
        raise ValueError(f"game id {sorted(clash)[0]!r} is already registered")
    if info.page not in PAGES:
        raise ValueError(f"a game's page is one of {', '.join(PAGES)}, not {info.page!r}")
    if info.reasons is not None:
        register_wording(info.reasons)
    _REGISTRY[info.id] = info


def unregister(game_id: str) -> None:
    _REGISTRY.pop(game_id, None)


def ids() -> list[str]:
    return list(_REGISTRY)


def info(game_id: str) -> GameInfo:
    for entry in _REGISTRY.values():
        if game_id == entry.id or game_id in entry.legacy_ids:
            return entry
    raise InputError(f"unknown game {game_id!r}; the games are: {', '.join(_REGISTRY)}")


def options(game_id: str) -> tuple[Option, ...]:
    """Every option a new game of `game_id` takes (its class's `option_descriptions()`;
    a game describing none takes none)."""
    return tuple(cast(type[Game], info(game_id).game_class()).option_descriptions())


def check_options(game_id: str, given: dict[str, Any]) -> None:
    """InputError naming every option the game does not describe and every described one
    given a value it cannot take."""
    described = options(game_id)
    names = {o.name for o in described}
    unknown = sorted(str(name)[:40] for name in given if name not in names)
    problems = [f"unknown option(s) {', '.join(unknown)}; {info(game_id).id} takes "
                f"{', '.join(sorted(names)) or 'no options'}"] if unknown else []
    problems += [p for o in described if o.name in given and (p := o.problem(given[o.name]))]
    if problems:
        raise InputError("; ".join(problems))


def fresh_seed() -> int:
    """A seed no player can guess or recover from the rolls they see (issue 10 item 3)."""
    return secrets.randbits(SEED_BITS)


def new(game_id: str, seed: int | None = None, **options: Any) -> Game:
    """A new game; every option is checked against the game's descriptions
    (`check_options`), then by the game itself."""
    check_options(game_id, options)
    cls = info(game_id).game_class()
    return cast(Game, cls.new(fresh_seed() if seed is None else seed, **options))


def load(record: GameRecord) -> Game:
    """The game a record describes: its class rebuilds the start from the header, then
    every action is replayed through `act`, the same path live play takes."""
    return cast(Game, rebuilt(record, info(record.game).game_class().from_record))


def replay(start: Game, entries: list[tuple[str, dict[str, Any]]]) -> Game:
    """Apply (player, action) pairs to a game at its start, in order; the first refused
    one becomes a RecordError naming its index. Every game's `from_record` ends here, so
    replay is one path, the one live play takes."""
    listing = _LISTING.get()
    if listing is not None:   # `entries` is asking: list them, play none
        listing.extend(entries)
        return start
    for index, (player, action) in enumerate(entries):
        try:
            start.act(player, action)
        except (IllegalAction, InputError) as exc:
            raise RecordError(f"action {index} ({action.get('type')}) cannot be replayed: {exc}") from None
    return start


def entries(record: GameRecord) -> list[tuple[str, dict[str, Any]]] | None:
    """The (player, action) pairs the record's game would `replay`, in order, without
    playing them: what a saved position replays to catch up with the record. None for a
    record its game replays another way (a legacy record)."""
    listing: list[tuple[str, dict[str, Any]]] = []
    token = _LISTING.set(listing)
    try:
        info(record.game).game_class().from_record(record)
    finally:
        _LISTING.reset(token)
    return listing if len(listing) == record.action_count() else None


_BOARDS = "warjudge.presentation.boards"   # the built-in games' board pictures
_LOGS = "warjudge.presentation.logs"       # the built-in hex games' logs in words
_WORDS = "warjudge.presentation.game_words"   # the built-in games' titles, seats and actions in words
_SAY = "warjudge.presentation"             # the built-in families' wording tables, by language
_GS_REASONS = Wording("gs", f"{_SAY}.gondor_sauron.wording_en:english")

for _info in (
    GameInfo("diplomacy", "Diplomacy (standard map, DATC-compliant judge)",
             "warjudge.diplomacy.game:DiplomacyGame", board=f"{_BOARDS}:diplomacy", page="orders",
             report="warjudge.presentation.diplomacy.report:phase_report",
             reasons=Wording("dip", f"{_SAY}.diplomacy.wording_en:english", f"{_SAY}.diplomacy.wording_fr:french"),
             words=f"{_WORDS}:DIPLOMACY"),
    GameInfo("necromancer-diplomacy", "Necromancer, the Middle-earth Diplomacy variant (editions 2000 and 2002)",
             "warjudge.diplomacy.variants.necromancer.game:NecromancerDiplomacyGame", ("necromancer",),
             board=f"{_BOARDS}:necromancer_diplomacy", page="orders",
             report="warjudge.presentation.necromancer_diplomacy.report:phase_report",
             reasons=Wording("necdip", f"{_SAY}.necromancer_diplomacy.wording_en:english",
                             f"{_SAY}.necromancer_diplomacy.wording_fr:french"),
             words=f"{_WORDS}:NECROMANCER_DIPLOMACY"),
    GameInfo("necromancer-sjg", "Necromancer (Steve Jackson Games, 1983), the two-player hex game",
             "warjudge.hexwar.sjg.game:SjgNecromancerGame", board=f"{_BOARDS}:sjg", png=f"{_BOARDS}:sjg_png",
             log=f"{_LOGS}:sjg",
             reasons=Wording("sjg", f"{_SAY}.sjg.wording_en:english"), words=f"{_WORDS}:SJG"),
    GameInfo("gondor", "Gondor (SPI, 1977): the siege of Minas Tirith, Standard Rules on reconstructed data",
             "warjudge.hexwar.gondor_sauron.game:GondorSauronGame", board=f"{_BOARDS}:gondor_sauron",
             log=f"{_LOGS}:gondor_sauron", reasons=_GS_REASONS, words=f"{_WORDS}:GONDOR"),
    GameInfo("sauron", "Sauron (SPI, 1977): the Last Alliance, Standard Rules on reconstructed data",
             "warjudge.hexwar.gondor_sauron.game:SauronGame", board=f"{_BOARDS}:gondor_sauron",
             log=f"{_LOGS}:gondor_sauron", reasons=_GS_REASONS, words=f"{_WORDS}:SAURON"),
):
    register(_info)

__all__ = ["GameInfo", "Option", "check_options", "entries", "fresh_seed", "ids", "info", "load", "new", "options", "register",
           "replay", "unregister"]
