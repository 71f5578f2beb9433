"""The options every Diplomacy game shares, checked one way: a record is a file that
travels, so a wrong type is never read as something else ("false" is not a boolean),
and a bad option is refused with a reason code (`dip.option.*`), whichever game, the
registry or a record gave it (a record's loader turns the refusal into its RecordError)."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Refusal

LAST_YEAR = 9999
FLAGS = ("gm_adjudicates", "drafts")   # stored only when set: older records replay unchanged


def family_options(options: dict[str, Any], known: tuple[str, ...], first_year: int) -> dict[str, Any]:
    """The shared options as a record stores them (max_year; each flag only when set);
    a Refusal unless every option is one of `known` and the shared ones are well typed."""
    unknown = sorted(str(name)[:40] for name in options if name not in known)
    if unknown:
        raise Refusal("dip.option.unknown", unknown=unknown, known=list(known))
    out: dict[str, Any] = {}
    year = options.get("max_year")
    if year is not None:
        if type(year) is not int or not first_year <= year <= LAST_YEAR:
            raise Refusal("dip.option.max_year", value=repr(year)[:40], first=first_year, last=LAST_YEAR)
        out["max_year"] = year
    for flag in FLAGS:
        check_flag(flag, options.get(flag, False))
        if options.get(flag):
            out[flag] = True
    return out


def check_flag(name: str, value: Any) -> None:
    """A Refusal unless `value` is a boolean."""
    if type(value) is not bool:
        raise Refusal("dip.option.flag", option=name, value=repr(value)[:40])


def check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    """A Refusal unless `value` is one of `choices`."""
    if value not in choices:
        raise Refusal("dip.option.choice", option=name, value=repr(value)[:40], choices=list(choices))
