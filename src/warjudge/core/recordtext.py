"""A record's actions as its file writes them, kept from one save to the next: the play
server stores a game's whole record after every action, and serialising and hashing
every action again each time made a submission cost the length of the game. Actions never
change once appended (`core.log`), so each is written once: its compact text is kept and
the checksum's SHA-256 is fed as they come (the canonical content sorts "actions" first,
so the actions are a prefix of what the checksum covers)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from warjudge.core.log import Log

OPENING = b'{"actions":['   # the canonical content up to its first action (keys sorted)


def canonical_json(value: Any) -> str:
    """One text per JSON value (sorted keys, no spaces), what the checksum is taken over."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def compact_json(value: Any) -> str:
    """The file's own spelling of a value (keys in order, no spaces): the stored rows'."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def action_texts(action: dict[str, Any]) -> tuple[bytes, str]:
    """An action's canonical bytes (for the checksum) and its compact text (for the file)."""
    return canonical_json(action).encode("utf-8"), compact_json(action)


class ActionTexts:
    """The first `count` actions of a log (those ending at `marker`) as written."""

    __slots__ = ("marker", "count", "digest", "compact")

    def __init__(self) -> None:
        self.marker: object = None
        self.count = 0
        self.digest = hashlib.sha256(OPENING)
        self.compact: list[str] = []

    def caught_up(self, actions: Log[dict[str, Any]]) -> "ActionTexts":
        """These texts with the log's newer actions added (each written once), or written
        afresh if the log does not continue the one written (another copy's actions)."""
        new = actions.after(self.marker, self.count)
        texts = self if new is not None else ActionTexts()
        for action in new if new is not None else actions:
            canonical, compact = action_texts(action)
            texts.digest.update(b"," + canonical if texts.count else canonical)
            texts.compact.append(compact)
            texts.count += 1
        texts.marker = actions.marker()
        return texts

    @classmethod
    def written(cls, actions: Log[dict[str, Any]], canonical: list[str]) -> "ActionTexts":
        """The texts of a log just read from a file, from its actions' `canonical` texts
        (its checks wrote them), their compact texts written now."""
        texts = cls()
        texts.digest.update(",".join(canonical).encode("utf-8"))
        texts.compact = [compact_json(action) for action in actions]
        texts.count, texts.marker = len(texts.compact), actions.marker()
        return texts

    def checksum(self, header: dict[str, Any]) -> str:
        """The checksum of the content: these actions and the `header`'s fields (which all
        sort after "actions")."""
        digest = self.digest.copy()
        digest.update(b"]," + canonical_json(header).encode("utf-8")[1:])
        return "sha256:" + digest.hexdigest()

    def actions_json(self) -> str:
        return "[" + ",".join(self.compact) + "]"
