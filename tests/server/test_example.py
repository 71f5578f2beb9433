"""The example session of docs/server.md, run word for word with curl against a live
server, for a Diplomacy game and an SJG game."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from tests.server.live import ROOT, server


def _script() -> str:
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    return re.search(r"<!-- example-session -->\n```bash\n(.*?)```\n<!-- /example-session -->", text, re.S).group(1)


@pytest.mark.skipif(not (shutil.which("curl") and shutil.which("jq")), reason="the example needs curl and jq")
@pytest.mark.parametrize("game", ["diplomacy", "necromancer-sjg"])
def test_the_documented_session_plays_a_phase_to_its_deadline(tmp_path, game):
    """Issue 13's done-when: a Diplomacy game with bots in the other seats, and an SJG
    game played by two accounts, each phase adjudicated by the server at its deadline."""
    # The phase's clock runs from the game's creation: 15 s leave a loaded machine time to
    # reach ann's turn before the deadline.
    with server(tmp_path) as (base, _, _):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", _script()], capture_output=True, text=True,
                              env=os.environ | {"SERVER": base, "GAME": game, "PHASE_SECONDS": "15"}, timeout=180)
    assert done.returncode == 0, done.stderr + done.stdout
    lines = done.stdout.strip().splitlines()
    assert [json.loads(line)["text"] for line in lines if line.startswith('{"from"')] == ["Shall we share the centre?"]
    assert '"accepted":true' in lines[-5] and '"accepted":true' in lines[-4]     # ann's and bob's actions
    before, after = json.loads(lines[-2]), json.loads(lines[-1])
    assert not before["is_over"] and after["deadline"] is True
    assert after["version"] > before["version"]          # moved on at the deadline, nobody forcing it
