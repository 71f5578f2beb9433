"""Issue 11 item 8: two 'game orders' at once on one file lost an order (18 of 60 rounds) or
failed with "cannot read orders". Several processes now enter orders for different powers
on one file, many rounds each, all at once: every accepted command's orders are in the
record, in the order the commands finished, and no command fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner
from tests.reliability.workers import commands_of, orders_for

from warjudge.cli import app
from warjudge.core.record import GameRecord

WORKERS = Path(__file__).with_name("workers.py")
POWERS = ("FRANCE", "ENGLAND", "GERMANY", "ITALY")
ROUNDS = 15


def test_concurrent_game_orders_lose_nothing(tmp_path):
    # issue 11 item 8: no accepted change lost, no spurious failure
    path = tmp_path / "g.json"
    assert CliRunner().invoke(app, ["diplomacy", "new", str(path)]).exit_code == 0
    procs = [subprocess.Popen([sys.executable, str(WORKERS), "orders", str(path), power, str(ROUNDS), "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for power in POWERS]
    Path(f"{path}.go").touch()
    outputs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outputs]
    lines = {power: out.splitlines() for power, (out, _) in zip(POWERS, outputs)}
    assert all(line.startswith("ok ") for power in POWERS for line in lines[power]), lines
    actions = GameRecord.load(path).actions
    assert sum(len(commands_of(actions, power)) for power in POWERS) == len(POWERS) * ROUNDS
    for power in POWERS:  # each power's orders, round after round, exactly as its commands gave them
        assert commands_of(actions, power) == [orders_for(power, i) for i in range(ROUNDS)]
