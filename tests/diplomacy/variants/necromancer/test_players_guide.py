"""Every example of docs/necromancer-players-guide.md, run: each example document is
adjudicated and every key of the answer shown after it must match (issue 9 item 12)."""

import json
import re
from pathlib import Path

import pytest

from warjudge.diplomacy.interface import adjudicate_document

GUIDE = Path(__file__).resolve().parents[4] / "docs" / "necromancer-players-guide.md"
EXAMPLES = re.findall(r"<!-- example -->\s*```json\n(.*?)```.*?```json\n(.*?)```", GUIDE.read_text(encoding="utf-8"),
                      re.S)


def test_the_guide_has_its_examples():
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("document,expected", EXAMPLES)
def test_each_example_gives_what_the_guide_says(document, expected):  # EN/FR order notation
    out = adjudicate_document(json.loads(document))
    for key, value in json.loads(expected).items():
        assert out[key] == value, (key, out[key])
