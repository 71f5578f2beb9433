"""Processes that write one game file at the same time as others, for the lost-update and
kill -9 tests. Run as a script: each line it prints is a change that its command reported
saved (the exit status 0 the user would have seen).

    python workers.py orders PATH POWER ROUNDS START   'game orders' ROUNDS times, in process
    python workers.py append PATH                       locked appends until killed
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

# Legal S1901M orders: round i gives POWER the combination numbered i, so every saved
# 'orders' action says which command saved it.
CHOICES = {
    "FRANCE": (("A par H", "A par - bur", "A par - pic", "A par - gas"), ("A mar H", "A mar - bur", "A mar - pie"),
               ("F bre H", "F bre - mid", "F bre - eng", "F bre - pic")),
    "ENGLAND": (("F lon H", "F lon - nth", "F lon - eng"), ("F edi H", "F edi - nth", "F edi - nrg"),
                ("A lvp H", "A lvp - yor", "A lvp - wal", "A lvp - edi")),
    "GERMANY": (("A ber H", "A ber - kie", "A ber - pru", "A ber - sil"), ("A mun H", "A mun - bur", "A mun - ruh"),
                ("F kie H", "F kie - den", "F kie - hol")),
    "ITALY": (("A rom H", "A rom - apu", "A rom - tus"), ("A ven H", "A ven - tyr", "A ven - pie"),
              ("F nap H", "F nap - ion", "F nap - tys", "F nap - apu")),
}


def orders_for(power: str, index: int) -> list[str]:
    out = []
    for options in CHOICES[power]:
        out.append(options[index % len(options)])
        index //= len(options)
    return out


def commands_of(actions, power: str) -> list[list[str]]:
    """The order lists `power`'s 'game orders' commands saved, in order: each command is the
    retraction of the earlier orders, then one atomic order action per line (issue 12)."""
    out: list[list[str]] = []
    previous = None
    for a in actions:
        if a.get("player") != power:
            continue
        if a["type"] == "order":
            if previous != "order":
                out.append([])
            out[-1].append(a["order"])
        previous = a["type"]
    return out


def combinations(power: str) -> int:
    n = 1
    for options in CHOICES[power]:
        n *= len(options)
    return n


def run_orders(path: str, power: str, rounds: int, start: int) -> None:
    from typer.testing import CliRunner

    from warjudge.cli import app

    runner = CliRunner()
    go = Path(path + ".go")
    while not go.exists():   # all writers start together
        time.sleep(0.001)
    for index in range(start, start + rounds):
        result = runner.invoke(app, ["diplomacy", "orders", path, power], input="\n".join(orders_for(power, index)))
        print(f"{'ok' if result.exit_code == 0 else 'failed'} {index} {result.output.strip()!r}", flush=True)


def run_append(path: str) -> None:
    from warjudge.core.record import updating

    while True:
        with updating(path) as record:
            n = len(record.actions)
            record.append({"type": "add", "n": n})
        print(n, flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "orders":
        run_orders(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        run_append(sys.argv[2])
