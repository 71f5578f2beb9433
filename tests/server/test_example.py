"""The example session of docs/server.md, run word for word with curl against a live
server (on the toy game, so it runs whatever real games are on the interface yet)."""

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
def test_the_documented_session_plays_a_round(tmp_path):
    with server(tmp_path, toy=True) as (base, _, _):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", _script()], capture_output=True, text=True,
                              env=os.environ | {"SERVER": base, "GAME": "toy-bids"}, timeout=120)
    assert done.returncode == 0, done.stderr + done.stdout
    lines = done.stdout.strip().splitlines()
    assert json.loads(lines[-1]) == {"version": 2, "to_act": ["north", "south"], "is_over": False}
    assert '"accepted":true' in lines[-4] and '"accepted":true' in lines[-3]
    assert {"from": "north", "to": ["south"], "text": "Shall we share the centre?"} in [
        json.loads(line) for line in lines if line.startswith('{"from"')]
